import { firstError, firstErrors } from "~/lib/action-result";
import { announcementPaceSchema, PACE_FIELD } from "~/schemas/announcement-pace";
import { announcementPace, PACE_SETTING } from "../announcements/announcement-sending.server";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";

// The pace of announcements as admins set it on the e-mail settings screen: the setting
// "announcements:per-second" that the worker reads each round (announcementPace), so a change
// applies to an announcement already being sent, on every server, within seconds.

export interface AnnouncementPaceView {
  /** The pace in effect, e-mails a second. */
  perSecond: number;
  /** Nothing (or nothing sensible) is stored: the default is in effect. */
  isDefault: boolean;
}

export async function announcementPaceView(): Promise<AnnouncementPaceView> {
  const { db } = services();
  const perSecond = await announcementPace(db);
  const stored = await getSetting<unknown>(db, PACE_SETTING);
  return { perSecond, isDefault: stored !== perSecond };
}

/**
 * Checks the pace typed (a whole number within the limits) and saves it with its audit entry in
 * one transaction; a refusal (AppError on the field) writes nothing. Answers the pace before and
 * after.
 */
export async function saveAnnouncementPace(
  actor: Actor,
  typed: string,
): Promise<{ from: number; to: number; changed: boolean }> {
  const parsed = announcementPaceSchema.safeParse({ [PACE_FIELD]: typed });
  if (!parsed.success) {
    throw new AppError(firstError(firstErrors(parsed.error.issues)) ?? "Please check the pace.", 400, {
      field: PACE_FIELD,
    });
  }
  const to = parsed.data[PACE_FIELD];
  return services().db.transaction(async (tx) => {
    const from = await announcementPace(tx);
    const stored = await getSetting<unknown>(tx, PACE_SETTING);
    if (stored === to) return { from, to, changed: false };
    await setSetting(tx, PACE_SETTING, to);
    await logChange(tx, actor, "settings.announcement-pace-changed", {
      subject: { type: "setting", id: PACE_SETTING, label: "Announcement pace" },
      details: { from, to },
    });
    return { from, to, changed: true };
  });
}
