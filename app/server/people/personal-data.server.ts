import fsp from "node:fs/promises";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, desc, eq, getTableColumns, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  auditLog,
  consents,
  eventRegistrations,
  events,
  formSubmissions,
  inboxItems,
  inboxReplies,
  memberImports,
  memberUpdateLinks,
  memberUpdateRequests,
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
import { backupFolder } from "../platform/backup-schedule.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import { loadMemberOptions, ministryAndRoleNames, mobileDigits } from "./members.server";
import { promoteFromWaitlist } from "./event-seats.server";

// Privacy (issue 23): everything the site holds about one person, to hand it over (export) or to
// remove it for good (erase). A person is their member row and what hangs off it (consents,
// update links and requests), plus what came in through the public forms with the same e-mail
// (any case, spaces trimmed) or the same mobile (its digits): ministry sign-ups, event
// registrations and connect messages, their inbox entries and replies, the e-mails sent to them or
// about them, and the audit entries about any of these. Members and their registrations are kept
// in the database only: no uploaded file belongs to a member.

/** The kinds of record, in the order the screens and the file list them. */
export const PERSONAL_DATA_KINDS = [
  "member",
  "consents",
  "updateLinks",
  "updateRequests",
  "ministryRegistrations",
  "eventRegistrations",
  "connectMessages",
  "inboxItems",
  "inboxReplies",
  "emails",
  "auditEntries",
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** What each kind is called on the screens, one and many. */
export const KIND_NAMES: Record<PersonalDataKind, [string, string]> = {
  member: ["member record (with children and ministries)", "member records"],
  consents: ["consent", "consents"],
  updateLinks: ["update link", "update links"],
  updateRequests: ["update request", "update requests"],
  ministryRegistrations: ["ministry sign-up", "ministry sign-ups"],
  eventRegistrations: ["event registration", "event registrations"],
  connectMessages: ["connect message", "connect messages"],
  inboxItems: ["inbox entry", "inbox entries"],
  inboxReplies: ["reply from the inbox", "replies from the inbox"],
  emails: ["e-mail in the outbox", "e-mails in the outbox"],
  auditEntries: ["audit log entry about them", "audit log entries about them"],
};

/** "3 event registrations", "1 consent". */
export function countInWords(kind: PersonalDataKind, count: number): string {
  const [one, many] = KIND_NAMES[kind];
  return `${count} ${count === 1 ? one : many}`;
}

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);
const { tokenHash: _tokenHash, ...linkColumns } = getTableColumns(memberUpdateLinks);
const outboxColumns = {
  id: outboxEmails.id,
  kind: outboxEmails.kind,
  toAddress: outboxEmails.toAddress,
  subject: outboxEmails.subject,
  textBody: outboxEmails.textBody,
  status: outboxEmails.status,
  createdAt: outboxEmails.createdAt,
  sentAt: outboxEmails.sentAt,
};

type MemberRow = Omit<typeof members.$inferSelect, "searchText">;

/** The ways a stored mobile may be written for this member, as digits without leading zeros. */
function mobileCandidates(member: Pick<MemberRow, "countryCode" | "mobile">): string[] {
  const local = member.mobile.replace(/\D/g, "").replace(/^0+/, "");
  const country = member.countryCode.replace(/\D/g, "");
  const candidates = new Set([
    mobileDigits(member.countryCode, member.mobile).replace(/^0+/, ""),
    local,
    member.mobile.trim().startsWith("+") ? local : `${country}${local}`,
  ]);
  // Fewer than six digits would match strangers' numbers.
  return [...candidates].filter((digits) => digits.length >= 6);
}

/** The same e-mail (any case, trimmed) or mobile (digits, leading zeros aside) as the member. */
function samePerson(
  columns: { email: AnyPgColumn; mobile: AnyPgColumn },
  email: string,
  mobiles: string[],
): SQL {
  const byEmail = email ? sql`lower(trim(${columns.email})) = ${email}` : sql`false`;
  const byMobile =
    mobiles.length > 0
      ? inArray(sql`ltrim(regexp_replace(${columns.mobile}, '[^0-9]', '', 'g'), '0')`, mobiles)
      : sql`false`;
  return or(byEmail, byMobile)!;
}

/**
 * A regular expression that finds the address as a whole in a text: "ana@example.org" is not
 * found in "diana@example.org" or "ana@example.org.uk".
 */
function mentionPattern(address: string): string {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9_.-]|\\.($|[^a-z0-9]))`;
}

/** Every row about the person, read through `executor` (a transaction when erasing). */
async function gather(executor: Executor, memberId: string, options: { lock?: boolean } = {}) {
  const query = executor.select(memberColumns).from(members).where(eq(members.id, memberId));
  const [member] = options.lock ? await query.for("update") : await query;
  if (!member) return null;
  const email = member.email.trim().toLowerCase();
  const mobiles = mobileCandidates(member);

  // One query after another: inside a transaction they share one connection.
  const memberConsents = await executor
    .select()
    .from(consents)
    .where(eq(consents.memberId, memberId))
    .orderBy(consents.givenAt);
  const updateLinks = await executor
    .select(linkColumns)
    .from(memberUpdateLinks)
    .where(eq(memberUpdateLinks.memberId, memberId))
    .orderBy(memberUpdateLinks.createdAt);
  const updateRequests = await executor
    .select()
    .from(memberUpdateRequests)
    .where(eq(memberUpdateRequests.memberId, memberId))
    .orderBy(memberUpdateRequests.submittedAt);
  const ministrySignUps = await executor
    .select()
    .from(ministryRegistrations)
    .where(samePerson(ministryRegistrations, email, mobiles))
    .orderBy(ministryRegistrations.createdAt, ministryRegistrations.id);
  const eventSignUps = await executor
    .select()
    .from(eventRegistrations)
    .where(samePerson(eventRegistrations, email, mobiles))
    .orderBy(eventRegistrations.createdAt, eventRegistrations.id);
  const connectMessages = await executor
    .select()
    .from(visitors)
    .where(samePerson(visitors, email, mobiles))
    .orderBy(visitors.createdAt, visitors.id);

  const sources = [
    ...connectMessages.map((row) => ({ kind: "connect", id: row.id })),
    ...ministrySignUps.map((row) => ({ kind: "ministry", id: row.id })),
    ...eventSignUps.map((row) => ({ kind: "event", id: row.id })),
  ];
  const items =
    sources.length === 0
      ? []
      : await executor
          .select()
          .from(inboxItems)
          .where(or(...sources.map((s) => and(eq(inboxItems.kind, s.kind), eq(inboxItems.sourceId, s.id)))))
          .orderBy(inboxItems.createdAt, inboxItems.id);
  const itemIds = items.map((item) => item.id);
  const replies =
    itemIds.length === 0
      ? []
      : await executor
          .select()
          .from(inboxReplies)
          .where(inArray(inboxReplies.itemId, itemIds))
          .orderBy(inboxReplies.createdAt, inboxReplies.id);

  // E-mails to any address the person used, and staff notifications that name their address.
  const addresses = [
    ...new Set(
      [email, ...ministrySignUps, ...eventSignUps, ...connectMessages].map((row) =>
        (typeof row === "string" ? row : row.email).trim().toLowerCase(),
      ),
    ),
  ].filter((address) => address.includes("@"));
  const emails =
    addresses.length === 0
      ? []
      : await executor
          .select(outboxColumns)
          .from(outboxEmails)
          .where(
            or(
              inArray(sql`lower(trim(${outboxEmails.toAddress}))`, addresses),
              ...addresses.map(
                (address) => sql`lower(${outboxEmails.textBody}) ~ ${mentionPattern(address)}`,
              ),
            ),
          )
          .orderBy(outboxEmails.createdAt, outboxEmails.id);

  // Audit entries about the member, their inbox entries and their registrations (check-ins).
  const registrationIds = eventSignUps.map((row) => row.id);
  const auditEntries = await executor
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.subjectType, "member"), eq(auditLog.subjectId, memberId)),
        itemIds.length > 0
          ? and(eq(auditLog.subjectType, "inbox"), inArray(auditLog.subjectId, itemIds))
          : undefined,
        registrationIds.length > 0
          ? inArray(sql`${auditLog.details} ->> 'registration'`, registrationIds)
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id));

  return {
    member,
    consents: memberConsents,
    updateLinks,
    updateRequests,
    ministryRegistrations: ministrySignUps,
    eventRegistrations: eventSignUps,
    connectMessages,
    inboxItems: items,
    inboxReplies: replies,
    emails,
    auditEntries,
  };
}

type Gathered = NonNullable<Awaited<ReturnType<typeof gather>>>;

/** Whether an e-mail went to one of the addresses the person used (rather than naming them). */
function sentToThePerson(found: Gathered) {
  const own = (address: string) => address.trim().toLowerCase();
  const addresses = new Set(
    [
      found.member.email,
      ...found.ministryRegistrations.map((row) => row.email),
      ...found.eventRegistrations.map((row) => row.email),
      ...found.connectMessages.map((row) => row.email),
    ].map(own),
  );
  return (email: Gathered["emails"][number]) => addresses.has(own(email.toAddress));
}

function countsOf(found: Gathered): Record<PersonalDataKind, number> {
  return {
    member: 1,
    consents: found.consents.length,
    updateLinks: found.updateLinks.length,
    updateRequests: found.updateRequests.length,
    ministryRegistrations: found.ministryRegistrations.length,
    eventRegistrations: found.eventRegistrations.length,
    connectMessages: found.connectMessages.length,
    inboxItems: found.inboxItems.length,
    inboxReplies: found.inboxReplies.length,
    emails: found.emails.length,
    auditEntries: found.auditEntries.length,
  };
}

/**
 * Everything held about the member (deleted or not), for the download; null when there is none.
 * `ownCopy` is the member's own download from their update link: it leaves out the staff
 * notifications that name their address, since those (a daily digest) also carry other people's
 * messages; the e-mails sent to the person stay.
 */
export async function collectPersonalData(memberId: string, { ownCopy = false } = {}) {
  if (!isUuid(memberId)) return null;
  const [gathered, options] = await Promise.all([gather(services().db, memberId), loadMemberOptions()]);
  if (!gathered) return null;
  const found = ownCopy
    ? { ...gathered, emails: gathered.emails.filter(sentToThePerson(gathered)) }
    : gathered;
  const names = ministryAndRoleNames(found.member, options);
  return {
    exportedAt: new Date().toISOString(),
    name: fullName(found.member),
    ...found,
    member: { ...found.member, ministryNames: names.ministryNames, roleNames: names.roleNames },
    counts: countsOf(found),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof collectPersonalData>>>;

/** A backup taken before now that still holds the person's data, and when it is removed. */
export interface HeldBackup {
  name: string;
  takenAt: string;
  expiresAt: string;
}

const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/;

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
      const match = BACKUP_NAME.exec(name);
      if (!match) return [];
      const [, y, mo, d, h, mi, s] = match;
      const takenAt = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
      if (Number.isNaN(takenAt) || takenAt > now.getTime()) return [];
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

/**
 * Taking a member's data out as a file, in the audit log: by staff from the profile, or by the
 * member with their update link.
 */
export async function recordExport(memberId: string, name: string, actor: Actor | "member", format: string) {
  await logChange(services().db, actor === "member" ? "visitor" : actor, "member.exported", {
    subject: { type: "member", id: memberId, label: name },
    details: { format, ...(actor === "member" ? { by: "the member" } : {}) },
  });
}
