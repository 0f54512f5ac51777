import fsp from "node:fs/promises";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import {
  auditLog,
  eventRegistrations,
  events,
  formSubmissions,
  inboxItems,
  memberImports,
  members,
  ministryRegistrations,
  outboxEmails,
  visitors,
} from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { backupFolder, backupTimeOf } from "../platform/backup-schedule.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import { promoteFromWaitlist } from "./event-seats.server";
import { countsOf, gather, mobileCandidates, type PersonalDataKind } from "./personal-data.server";

// Erasing a person for good (privacy issue 23): what it would remove, the backups that keep it
// until they expire, and the erasure itself; what a person is: personal-data.server.ts.

/** A backup taken before now that still holds the person's data, and when it is removed. */
export interface HeldBackup {
  name: string;
  takenAt: string;
  expiresAt: string;
}

/** The backups in the backup folder taken before `now`, oldest first, with the day each expires. */
export async function backupsHoldingData(now: Date = new Date()): Promise<HeldBackup[]> {
  const { env } = services();
  let names: string[];
  try {
    names = await fsp.readdir(backupFolder());
  } catch {
    return []; // No backup was ever taken.
  }
  const keepMs = env.BACKUP_KEEP_DAYS * 24 * 3600_000;
  return names
    .flatMap((name) => {
      // Every backup in the folder: daily, manual, before a restore, uploaded, and the older folders.
      const takenAt = backupTimeOf(name)?.getTime();
      if (takenAt === undefined || Number.isNaN(takenAt) || takenAt > now.getTime()) return [];
      return [{ name, takenAt, expiresAt: takenAt + keepMs }];
    })
    .sort((a, b) => a.takenAt - b.takenAt)
    .map((backup) => ({
      name: backup.name,
      takenAt: new Date(backup.takenAt).toISOString(),
      expiresAt: new Date(backup.expiresAt).toISOString(),
    }));
}

export interface EraseSummary {
  id: string;
  name: string;
  /** Under "Recently deleted". */
  isDeleted: boolean;
  counts: Record<PersonalDataKind, number>;
  backups: HeldBackup[];
  keepDays: number;
}

/** What erasing the member would remove, and the backups that keep it until they expire. */
export async function eraseSummary(memberId: string, now: Date = new Date()): Promise<EraseSummary | null> {
  if (!isUuid(memberId)) return null;
  const found = await gather(services().db, memberId);
  if (!found) return null;
  return {
    id: memberId,
    name: fullName(found.member),
    isDeleted: found.member.deletedAt !== null,
    counts: countsOf(found),
    backups: await backupsHoldingData(now),
    keepDays: services().env.BACKUP_KEEP_DAYS,
  };
}

/**
 * Removes the member (live or under "Recently deleted") and everything linked to them, for good,
 * in one transaction, with the audit entries about them; one new entry says that an erasure
 * happened, by whom and how much it removed, without the person's name, e-mail or mobile.
 * Returns the name and the counts, or null when there is no such member.
 */
export async function erasePerson(
  memberId: string,
  actor: Actor,
): Promise<{ name: string; counts: Record<PersonalDataKind, number> } | null> {
  if (!isUuid(memberId)) return null;
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const origin = siteOrigin();
  const today = todayInChurchZone();
  return services().db.transaction(async (tx) => {
    const found = await gather(tx, memberId, { lock: true });
    if (!found) return null;
    const counts = countsOf(found);
    const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);

    // Only this transaction may take entries out of the append-only audit log (migration 0009).
    await tx.execute(sql`select set_config('app.erasing', 'on', true)`);
    if (found.auditEntries.length > 0)
      await tx.delete(auditLog).where(inArray(auditLog.id, ids(found.auditEntries)));
    await tx.execute(sql`select set_config('app.erasing', 'off', true)`);

    if (found.inboxItems.length > 0) {
      // Their replies go with them (on delete cascade).
      await tx.delete(inboxItems).where(inArray(inboxItems.id, ids(found.inboxItems)));
    }
    if (found.emails.length > 0)
      await tx.delete(outboxEmails).where(inArray(outboxEmails.id, ids(found.emails)));
    if (found.connectMessages.length > 0) {
      await tx.delete(visitors).where(inArray(visitors.id, ids(found.connectMessages)));
    }
    if (found.ministryRegistrations.length > 0) {
      await tx
        .delete(ministryRegistrations)
        .where(inArray(ministryRegistrations.id, ids(found.ministryRegistrations)));
    }
    if (found.eventRegistrations.length > 0) {
      // A seat they held at an event still to come goes to the first person on its waitlist.
      const heldSeats = [
        ...new Set(
          found.eventRegistrations
            .filter((row) => row.status === "confirmed" && row.eventId)
            .map((row) => row.eventId!),
        ),
      ];
      const upcoming =
        heldSeats.length === 0
          ? []
          : await tx
              .select({ id: events.id, capacity: events.capacity })
              .from(events)
              .where(and(inArray(events.id, heldSeats), gte(events.eventDate, today)))
              .for("update");
      await tx
        .delete(eventRegistrations)
        .where(inArray(eventRegistrations.id, ids(found.eventRegistrations)));
      for (const event of upcoming) await promoteFromWaitlist(tx, event, content, origin);
    }
    await dropFromImportDrafts(tx, found.member.email.trim().toLowerCase(), mobileCandidates(found.member));
    // Consents, update links and requests go with the member (on delete cascade).
    await tx.delete(formSubmissions).where(eq(formSubmissions.resultId, memberId));
    await tx.delete(members).where(eq(members.id, memberId));

    await logChange(tx, actor, "member.erased", {
      subject: { type: "member", id: memberId, label: ERASED_LABEL },
      details: { removed: counts },
    });
    return { name: fullName(found.member), counts };
  });
}

/**
 * Takes the person's rows out of spreadsheets still being imported (a draft keeps the file's cells
 * for up to a day): a row with their e-mail or mobile in any cell.
 */
async function dropFromImportDrafts(tx: Executor, email: string, mobiles: string[]) {
  const drafts = await tx
    .select({ id: memberImports.id, rows: memberImports.rows })
    .from(memberImports)
    .where(eq(memberImports.status, "draft"))
    .for("update");
  const theirs = (cell: string) =>
    (email !== "" && cell.trim().toLowerCase() === email) ||
    mobiles.includes(cell.replace(/\D/g, "").replace(/^0+/, ""));
  for (const draft of drafts) {
    const kept = draft.rows.filter((row) => !row.some((cell) => theirs(String(cell ?? ""))));
    if (kept.length === draft.rows.length) continue;
    await tx
      .update(memberImports)
      .set({ rows: kept, rowCount: kept.length })
      .where(eq(memberImports.id, draft.id));
  }
}

/** What the audit log calls an erased person: the id alone, never their name. */
export const ERASED_LABEL = "Erased person";
