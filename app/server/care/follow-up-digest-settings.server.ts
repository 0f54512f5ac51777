import { eq } from "drizzle-orm";
import { followUpDigests } from "../../../database/schema";
import type { StaffUser } from "../auth/guards.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";

// Each account's own daily e-mail of its follow-ups (issue 38): off until the person turns it on,
// at the hour they choose (Bahrain time). Saving leaves the day already sent alone, so moving the
// hour later on a day the digest went does not send a second one.

/** The hour a digest goes when the person has not chosen: 07:00 in Bahrain. */
export const DEFAULT_DIGEST_HOUR = 7;

export interface DigestSetting {
  enabled: boolean;
  hour: number;
}

/** The account's setting, or the default (off, 07:00) when it never saved one. */
export async function getDigestSetting(userId: string): Promise<DigestSetting> {
  const [row] = await services()
    .db.select({ enabled: followUpDigests.enabled, hour: followUpDigests.hour })
    .from(followUpDigests)
    .where(eq(followUpDigests.userId, userId));
  return row ?? { enabled: false, hour: DEFAULT_DIGEST_HOUR };
}

export async function saveDigestSetting(user: StaffUser, setting: DigestSetting): Promise<void> {
  await services().db.transaction(async (tx) => {
    await tx
      .insert(followUpDigests)
      .values({ userId: user.id, ...setting })
      .onConflictDoUpdate({ target: followUpDigests.userId, set: setting });
    await logChange(tx, user, "follow-up.digest-changed", {
      subject: { type: "staff", id: user.id, label: user.email },
      details: { ...setting },
    });
  });
}
