import type { StaffUser } from "../auth/guards.server";
import { logChange, type FieldChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";
import { RETENTION_FIELDS, retentionOrDefaults, type RetentionSettings } from "~/schemas/retention";

// The retention settings (how long personal data is kept) and the last run of the daily retention
// job, both in the settings table.

const SETTINGS_KEY = "retention";
const LAST_RUN_KEY = "retention:last";

/** Rows the retention job removed, by kind. */
export interface RetentionCounts {
  visitors: number;
  ministryRegistrations: number;
  eventRegistrations: number;
  deletedMembers: number;
  /** Sent and failed e-mails (they repeat what people wrote), after the Connect messages' months. */
  outboxEmails?: number;
  /** Closed follow-ups with their steps and notes (issue 38; runs before it have none). */
  closedFollowUps?: number;
  /** Prayer requests past their time after they expired or were answered (issue 38). */
  prayerRequests?: number;
}

export interface RetentionRun {
  /** When the job ran (ISO time). */
  at: string;
  removed: RetentionCounts;
}

/** Field labels, as the audit log shows a change. */
const LABELS: Record<keyof RetentionSettings, string> = {
  visitorMonths: "Connect messages (months)",
  eventRegistrationMonths: "Event registrations (months after the event)",
  ministryRegistrationMonths: "Ministry sign-ups (months)",
  deletedMemberDays: "Deleted members restorable (days)",
  closedFollowUpMonths: "Closed follow-ups (months after they were closed)",
  prayerRequestMonths: "Prayer requests (months after they expired or were answered)",
};

/** The settings in force: the administrator's choice, or the defaults until one is saved. */
export async function getRetentionSettings(
  db: Pick<Executor, "select"> = services().db,
): Promise<RetentionSettings> {
  return retentionOrDefaults(await getSetting(db, SETTINGS_KEY));
}

/**
 * Saves new settings with an audit entry of what changed (from and to), in one transaction. False
 * when nothing changed (nothing written).
 */
export async function saveRetentionSettings(to: RetentionSettings, actor: StaffUser): Promise<boolean> {
  return services().db.transaction(async (tx) => {
    const from = await getRetentionSettings(tx);
    const changes: (FieldChange & { label: string })[] = RETENTION_FIELDS.filter(
      (field) => from[field] !== to[field],
    ).map((field) => ({ field, label: LABELS[field], from: from[field], to: to[field] }));
    if (changes.length === 0) return false;
    const value: RetentionSettings = { ...to };
    await setSetting(tx, SETTINGS_KEY, value);
    await logChange(tx, actor, "retention.changed", {
      subject: { type: "settings", label: "Data retention" },
      details: { from, to: value, changes },
    });
    return true;
  });
}

/** The retention job's last run, for the screen; undefined before the first. */
export async function lastRetentionRun(): Promise<RetentionRun | undefined> {
  return getSetting<RetentionRun>(services().db, LAST_RUN_KEY);
}

export async function recordRetentionRun(executor: Executor, run: RetentionRun): Promise<void> {
  await setSetting(executor, LAST_RUN_KEY, run);
}
