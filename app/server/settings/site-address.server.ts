import { siteAddressSchema } from "~/schemas/site-address";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { officeSetting, saveOfficeSetting } from "../platform/office-settings.server";
import { services } from "../platform/services.server";
import { SITE_ADDRESS_SETTING, siteAddress, type SiteAddressSource } from "../platform/site-origin.server";

// The site's address as the office sets it in the browser (/members/settings/site-address and the
// first sign-in set-up). It makes the links in e-mails, the sitemap and link previews; PUBLIC_URL,
// when the server has it, still wins. The request's Host header never does: anyone can send one.

export interface SiteAddressView {
  /** The address links use now. */
  origin: string;
  source: SiteAddressSource;
  /** The address saved on the screen (shown in the field), if any. */
  saved: string | null;
  /** PUBLIC_URL, when the server's environment sets it (it wins over the saved one). */
  environment: string | null;
}

export function siteAddressView(): SiteAddressView {
  const { origin, source } = siteAddress();
  return {
    origin,
    source,
    saved: officeSetting<string>(SITE_ADDRESS_SETTING) ?? null,
    environment: source === "env" ? origin : null,
  };
}

/**
 * Checks and saves the site's address with its audit entry in one transaction; this server uses
 * it at once (others within a few seconds, when their worker reads the settings again). Answers
 * the origin saved and whether it changed anything.
 */
export async function saveSiteAddress(
  actor: Actor,
  typed: string,
): Promise<{ origin: string; changed: boolean }> {
  const parsed = siteAddressSchema.safeParse(typed);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message, 400, { field: "address" });
  const origin = parsed.data;
  const before = officeSetting<string>(SITE_ADDRESS_SETTING) ?? null;
  if (before === origin) return { origin, changed: false };
  await services().db.transaction(async (tx) => {
    await saveOfficeSetting(tx, SITE_ADDRESS_SETTING, origin);
    await logChange(tx, actor, "settings.site-address-changed", {
      subject: { type: "setting", id: SITE_ADDRESS_SETTING, label: "Site address" },
      details: { from: before, to: origin },
    });
  });
  return { origin, changed: true };
}
