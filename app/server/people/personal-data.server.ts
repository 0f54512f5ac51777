import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  auditLog,
  consents,
  eventRegistrations,
  inboxItems,
  inboxReplies,
  memberUpdateLinks,
  memberUpdateRequests,
  members,
  ministryRegistrations,
  outboxEmails,
  visitors,
} from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { loadMemberOptions, ministryAndRoleNames, mobileDigits } from "./members.server";

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

// Whether staff are to check the record as a possible duplicate is their note, not the person's
// data: it would tell the person that someone else in the registry has the same details.
const {
  searchText: _searchText,
  possibleDuplicate: _possibleDuplicate,
  ...memberColumns
} = getTableColumns(members);
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

type MemberRow = Omit<typeof members.$inferSelect, "searchText" | "possibleDuplicate">;

/** The ways a stored mobile may be written for this member, as digits without leading zeros. */
export function mobileCandidates(member: Pick<MemberRow, "countryCode" | "mobile">): string[] {
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
export async function gather(executor: Executor, memberId: string, options: { lock?: boolean } = {}) {
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

export function countsOf(found: Gathered): Record<PersonalDataKind, number> {
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
