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
import { dayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { AppError } from "../platform/app-error.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { backupFolder, backupTimeOf } from "../platform/backup-schedule.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import {
  linkedAccountRefusal,
  staffAccountOfMember,
  type MemberStaffAccount,
} from "../auth/member-staff-account.server";
import { forgetAnnouncementAddresses } from "../announcements/forget-addresses.server";
import { forgetRosterLinks } from "../rosters/roster-links.server";
import { forgetGroupData } from "../groups/group-personal-data.server";
import { forgetCareData } from "../care/care-personal-data.server";
import { promoteFromWaitlist } from "./event-seats.server";
import {
  countLines,
  countsOf,
  describeMatches,
  firstRecordAt,
  gather,
  normalEmail,
  personName,
  type PersonalDataKind,
  type PersonKey,
  type MatchView,
} from "./personal-data.server";

// Erasing a person for good (privacy issue 23): what it would remove, the possible matches staff
// may add one by one, the backups that keep it until they expire, and the erasure itself; what a
// person is: personal-data.server.ts.

/** A backup taken before now that still holds the person's data, and when it is removed. */
export interface HeldBackup {
  name: string;
  takenAt: string;
  expiresAt: string;
}

/**
 * The backups in the backup folder taken before `now` that can hold the person's data: those taken
 * at or after `since`, their first record (a backup taken before they were registered holds
 * nothing of them). Oldest first, with the day each expires.
 */
export async function backupsHoldingData(
  now: Date = new Date(),
  since: Date | null = null,
): Promise<HeldBackup[]> {
  const { env } = services();
  let names: string[];
  try {
    names = await fsp.readdir(backupFolder());
  } catch {
    return []; // No backup was ever taken.
  }
  const keepMs = env.BACKUP_KEEP_DAYS * 24 * 3600_000;
  // A backup's name gives its time to the second: one named in the second of the first record may hold it.
  const from = since === null ? -Infinity : Math.floor(since.getTime() / 1000) * 1000;
  return names
    .flatMap((name) => {
      // Every backup in the folder: daily, manual, before a restore, uploaded, and the older folders.
      const takenAt = backupTimeOf(name)?.getTime();
      if (takenAt === undefined || Number.isNaN(takenAt) || takenAt > now.getTime() || takenAt < from)
        return [];
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
  /** The member's id, or null for someone outside the registry. */
  id: string | null;
  /** The member's name, or the person's address. */
  name: string;
  /** The person's address (the member's e-mail, or the one they are known by). */
  email: string;
  /** Under "Recently deleted". */
  isDeleted: boolean;
  /** What erasing removes: what is surely theirs and the possible matches ticked. */
  counts: Record<PersonalDataKind, number>;
  /** Rows that only share a mobile or a similar address: erased only when ticked. */
  possibleMatches: MatchView[];
  backups: HeldBackup[];
  keepDays: number;
  /** The member's staff account: while it exists, the member cannot be erased. */
  staffAccount: MemberStaffAccount | null;
}

/**
 * What erasing the person would remove, the possible matches staff may tick, and the backups that
 * keep their data until they expire.
 */
export async function eraseSummary(
  key: PersonKey,
  now: Date = new Date(),
  matches: readonly string[] = [],
): Promise<EraseSummary | null> {
  const found = await gather(services().db, key, { matches });
  if (!found) return null;
  return {
    id: found.member?.id ?? null,
    name: personName(found),
    email: found.addresses[0] ?? "",
    isDeleted: found.member ? found.member.deletedAt !== null : false,
    counts: countsOf(found),
    possibleMatches: await describeMatches(found.possibleMatches),
    backups: await backupsHoldingData(now, firstRecordAt(found)),
    keepDays: services().env.BACKUP_KEEP_DAYS,
    staffAccount: found.member ? await staffAccountOfMember(found.member.id) : null,
  };
}

/** The summary as the erase screens show it: the removals in words, the backups' dates. */
export function eraseView(summary: EraseSummary) {
  return {
    ...summary,
    removals: countLines(summary.counts),
    backups: summary.backups.map((backup) => ({
      name: backup.name,
      takenAt: formatDateTime(backup.takenAt),
      expires: formatDate(dayInChurchZone(new Date(backup.expiresAt))),
    })),
  };
}

/**
 * Removes the person, for good, in one transaction: the member (live or under "Recently deleted")
 * or, for someone outside the registry, what came in with their address; everything linked to it,
 * the possible matches staff ticked (`matches`), and the audit entries about them. One new entry
 * says that an erasure happened, by whom and how much it removed, without the person's name,
 * e-mail or mobile. Returns the name and the counts, or null when there is nothing to erase.
 */
export async function erasePerson(
  key: PersonKey,
  actor: Actor,
  matches: readonly string[] = [],
): Promise<{ name: string; counts: Record<PersonalDataKind, number> } | null> {
  if ("memberId" in key && !isUuid(key.memberId)) return null;
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const origin = siteOrigin();
  const today = todayInChurchZone();
  return services().db.transaction(async (tx) => {
    const found = await gather(tx, key, { lock: true, matches });
    if (!found) return null;
    // A person with a staff account keeps their record until the account is removed (issue 34).
    const account = found.member ? await staffAccountOfMember(found.member.id, tx) : null;
    if (account) throw new AppError(linkedAccountRefusal(personName(found), account), 409);
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
    // Their rows in a spreadsheet still being imported: those with their address (or the address
    // of a match staff confirmed); a row that only shares a mobile may be someone else's.
    const theirAddresses = [
      ...new Set([
        ...found.addresses,
        ...[...found.ministryRegistrations, ...found.eventRegistrations, ...found.connectMessages].map(
          (row) => normalEmail(row.email),
        ),
      ]),
    ];
    await dropFromImportDrafts(tx, theirAddresses);
    // Who the church's announcements went to, their unsubscribe links and their unsubscribe.
    await forgetAnnouncementAddresses(tx, theirAddresses);
    // Their requests to join a group, and their leader's links.
    await forgetGroupData(tx, found, found.member?.id ?? null);
    // The follow-ups about them, with their steps and notes (issue 38).
    await forgetCareData(tx, found);
    if (found.member) {
      // Their serving-roster links stop working; their seats, days away and positions go with
      // the member (on delete cascade), like consents, update links and requests.
      await forgetRosterLinks(tx, found.member.id);
      await tx.delete(formSubmissions).where(eq(formSubmissions.resultId, found.member.id));
      await tx.delete(members).where(eq(members.id, found.member.id));
    }

    const confirmedMatches = found.possibleMatches.filter((match) => match.chosen).length;
    await logChange(tx, actor, found.member ? "member.erased" : "person.erased", {
      subject: found.member
        ? { type: "member", id: found.member.id, label: ERASED_LABEL }
        : { type: "person", label: ERASED_LABEL },
      details: { removed: counts, ...(confirmedMatches > 0 ? { confirmedMatches } : {}) },
    });
    return { name: personName(found), counts };
  });
}

/**
 * Takes the person's rows out of spreadsheets still being imported (a draft keeps the file's cells
 * for up to a day): a row with one of their addresses in any cell.
 */
async function dropFromImportDrafts(tx: Executor, addresses: string[]) {
  const theirs = new Set(addresses.filter((address) => address.includes("@")));
  if (theirs.size === 0) return;
  const drafts = await tx
    .select({ id: memberImports.id, rows: memberImports.rows })
    .from(memberImports)
    .where(eq(memberImports.status, "draft"))
    .for("update");
  for (const draft of drafts) {
    const kept = draft.rows.filter((row) => !row.some((cell) => theirs.has(normalEmail(String(cell ?? "")))));
    if (kept.length === draft.rows.length) continue;
    await tx
      .update(memberImports)
      .set({ rows: kept, rowCount: kept.length })
      .where(eq(memberImports.id, draft.id));
  }
}

/** What the audit log calls an erased person: the id alone, never their name. */
export const ERASED_LABEL = "Erased person";
