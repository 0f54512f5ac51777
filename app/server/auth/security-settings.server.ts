import type { StaffUser } from "./staff-user.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";

const REQUIRE_TWO_FACTOR_KEY = "security:require-two-factor";

/** Whether every staff account must sign in with an authenticator app (an admin's choice). */
export async function isTwoFactorRequired(): Promise<boolean> {
  return (await getSetting<boolean>(services().db, REQUIRE_TWO_FACTOR_KEY)) === true;
}

export async function setTwoFactorRequired(required: boolean, actor: StaffUser): Promise<void> {
  await services().db.transaction(async (tx) => {
    await setSetting(tx, REQUIRE_TWO_FACTOR_KEY, required);
    await logChange(tx, actor, required ? "settings.two-factor-required" : "settings.two-factor-optional", {
      subject: { type: "settings", label: "Two-factor sign-in" },
    });
  });
}
