import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  eventRegistrations,
  events,
  followUps,
  inboxItems,
  ministryRegistrations,
  outboxEmails,
  prayerRequests,
  visitors,
} from "../../../database/schema";
import { addMonths, startOfDayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { purgeExpiredMembers } from "../people/deleted-members.server";
import { claimDailySlot, dueSlot } from "../platform/backup-schedule.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import {
  getRetentionSettings,
  recordRetentionRun,
  type RetentionCounts,
  type RetentionRun,
} from "./retention-settings.server";
import { loggableError } from "../platform/db-errors.server";

// The daily retention job: removes the personal data that is past the time the retention settings
// give, and records how many rows it removed (an audit entry and the settings row the screen
// reads). Run like the daily backup: every server's worker looks once a minute, and the day is
// claimed in the database first, so with several servers only one runs it. RETENTION_HOUR (Bahrain
// time) says when, or "off".
//
// - Connect messages (visitors), with their inbox items and the replies sent from them: N months
//   after they came in.
// - Ministry sign-ups, with their inbox items: N months after they came in.
// - Event registrations, with their inbox items: N months after the event's date; a registration
//   whose event was deleted, N months after it came in.
// - Deleted members: N days after deletion (they were restorable until then).
// - Closed follow-ups (done, no response), with their steps and notes: N months after they were
//   closed. Open and waiting ones stay, however old.
// - Prayer requests: N months after they expired or were answered, whichever came first.

const CLAIM_KEY = "retention:through";
/** Rows removed per transaction: a large first clean-up never holds the database for long. */
const BATCH = 500;

/** The first day that is kept: data from before it (in the church's zone) is past its time. */
function firstKeptDay(now: Date, months: number): string {
  return addMonths(todayInChurchZone(now), -months);
}

/**
 * Deletes the rows of `table` that `where` picks, in batches, each with the inbox items of `kind`
 * that point at them (replies go with their item). The number removed.
 */
async function removeInBatches(
  table: PgTable & { id: PgColumn },
  where: SQL,
  kind: string | null,
): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await services().db.transaction(async (tx) => {
      const due = tx.select({ id: table.id }).from(table).where(where).limit(BATCH);
      const rows = await tx.delete(table).where(inArray(table.id, due)).returning({ id: table.id });
      const ids = rows.map((row) => row.id as string);
      if (kind && ids.length > 0) {
        await tx.delete(inboxItems).where(and(eq(inboxItems.kind, kind), inArray(inboxItems.sourceId, ids)));
      }
      return ids.length;
    });
    total += removed;
    if (removed < BATCH) return total;
  }
}

/**
 * Removes everything past its time at `now`, records the counts (audit entry 'retention.ran' and
 * the last run for the screen), and returns them. Runs whenever it is called: the schedule is
 * runScheduledRetention's.
 */
export async function runRetention(now: Date = new Date(), actor: Actor = "system"): Promise<RetentionRun> {
  const keep = await getRetentionSettings();

  const visitorsBefore = startOfDayInChurchZone(firstKeptDay(now, keep.visitorMonths));
  const ministryBefore = startOfDayInChurchZone(firstKeptDay(now, keep.ministryRegistrationMonths));
  const eventDayBefore = firstKeptDay(now, keep.eventRegistrationMonths);
  const eventBefore = startOfDayInChurchZone(eventDayBefore);
  const followUpsBefore = startOfDayInChurchZone(firstKeptDay(now, keep.closedFollowUpMonths));
  const prayerDayBefore = firstKeptDay(now, keep.prayerRequestMonths);
  const prayerBefore = startOfDayInChurchZone(prayerDayBefore);

  const removed: RetentionCounts = {
    visitors: await removeInBatches(visitors, lt(visitors.createdAt, visitorsBefore), "connect"),
    ministryRegistrations: await removeInBatches(
      ministryRegistrations,
      lt(ministryRegistrations.createdAt, ministryBefore),
      "ministry",
    ),
    eventRegistrations: await removeInBatches(
      eventRegistrations,
      or(
        and(isNull(eventRegistrations.eventId), lt(eventRegistrations.createdAt, eventBefore)),
        and(
          isNotNull(eventRegistrations.eventId),
          sql`exists (select 1 from ${events} where ${events.id} = ${eventRegistrations.eventId} and ${events.eventDate} < ${eventDayBefore})`,
        ),
      )!,
      "event",
    ),
    deletedMembers: await purgeExpiredMembers(now, keep.deletedMemberDays),
    // The e-mails the site sent (confirmations, replies, notifications) repeat what people wrote:
    // they go with the Connect messages' months. One still waiting to be sent stays.
    outboxEmails: await removeInBatches(
      outboxEmails,
      and(
        inArray(outboxEmails.status, ["sent", "failed", "expired", "discarded"]),
        lt(outboxEmails.createdAt, visitorsBefore),
      )!,
      null,
    ),
    // Their steps and notes go with them (on delete cascade).
    closedFollowUps: await removeInBatches(
      followUps,
      and(
        inArray(followUps.status, ["done", "no-response"]),
        lt(sql`coalesce(${followUps.closedAt}, ${followUps.updatedAt})`, followUpsBefore),
      )!,
      null,
    ),
    prayerRequests: await removeInBatches(
      prayerRequests,
      or(lt(prayerRequests.expiresOn, prayerDayBefore), lt(prayerRequests.answeredAt, prayerBefore))!,
      null,
    ),
  };

  const run: RetentionRun = { at: now.toISOString(), removed };
  await services().db.transaction(async (tx) => {
    await recordRetentionRun(tx, run);
    await logChange(tx, actor, "retention.ran", {
      subject: { type: "settings", label: "Data retention" },
      details: { ...removed },
    });
  });
  return run;
}

/**
 * Runs the retention job due at `now` unless it ran already that day (here or on another server).
 * Returns what it removed, or null when nothing was due.
 */
export async function runScheduledRetention(now: Date = new Date()): Promise<RetentionRun | null> {
  const { env } = services();
  if (env.RETENTION_HOUR === "off") return null;
  const slot = dueSlot(now, env.RETENTION_HOUR).toISOString();
  if (!(await claimDailySlot(CLAIM_KEY, slot))) return null;
  try {
    return await runRetention(now);
  } catch (error) {
    console.error("The daily retention clean-up failed:", loggableError(error));
    return null;
  }
}
