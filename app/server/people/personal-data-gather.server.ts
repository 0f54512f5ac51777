import { and, desc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
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
import { announcementDataOf } from "../announcements/announcement-personal-data.server";
import { rosterDataOf } from "../rosters/roster-personal-data.server";
import { GROUP_DATA_KINDS, GROUP_KIND_NAMES, groupDataOf } from "../groups/group-personal-data.server";
import {
  CARE_DATA_KINDS,
  CARE_KIND_NAMES,
  careAuditConditions,
  careDataOf,
  hasCareData,
} from "../care/care-personal-data.server";
import type { Executor } from "../platform/db.server";
import {
  mentionPattern,
  mobileVariants,
  normalEmail,
  possiblyTheirs,
  withAddress,
  emailLikeness,
} from "./person-matching.server";

// Privacy (issue 23): everything the site holds about one person, to hand it over (export) or to
// remove it for good (erase). A person is a member row and what hangs off it (consents, update
// links and requests), or, outside the registry, an e-mail address. What came in through the
// public forms (ministry sign-ups, event registrations, connect messages, with their inbox entries
// and replies, the e-mails sent to or about them and the audit entries about any of these) is
// theirs when it carries their e-mail address (any case, spaces trimmed).
//
// The identity rule (issue 33): two rows are never the same person only because they share a
// mobile number or a similar address. Such rows are *possible matches*: staff see them beside the
// export and the erasure and tick, one by one, those they have confirmed; none is included by
// default. A member's own download (from their update link) holds only their own record and what
// came in with the address the link was e-mailed to, and never a possible match.
// Members and their registrations are kept in the database only: no uploaded file belongs to one.

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
  "announcements",
  "unsubscribes",
  "savedLists",
  "rosterSeats",
  "rosterBlockouts",
  "rosterQualifications",
  ...GROUP_DATA_KINDS,
  ...CARE_DATA_KINDS,
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
  announcements: ["announcement sent to them", "announcements sent to them"],
  unsubscribes: ["unsubscribe from announcements", "unsubscribes from announcements"],
  savedLists: ["place on a saved list", "places on saved lists"],
  rosterSeats: ["date on a serving roster", "dates on serving rosters"],
  rosterBlockouts: ["time away from serving", "times away from serving"],
  rosterQualifications: ["serving position", "serving positions"],
  ...GROUP_KIND_NAMES,
  ...CARE_KIND_NAMES,
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

/** Whose data: a member (live or under "Recently deleted"), or someone outside the registry known by their e-mail. */
export type PersonKey = { memberId: string } | { email: string };

/** Where a row came in, as the inbox names it; a possible match is ticked as "{source}:{id}". */
export type MatchSource = "connect" | "ministry" | "event";

/** A row that may be the person's: the same mobile or a similar address, never their own address. */
export interface PossibleMatch {
  key: string;
  source: MatchSource;
  id: string;
  name: string;
  email: string;
  mobile: string;
  /** The ministry's slug or the event's title; null for a connect message. */
  about: string | null;
  createdAt: Date;
  sameMobile: boolean;
  similarEmail: boolean;
  /** Ticked by staff: included in the export or the erasure. */
  chosen: boolean;
}

export interface GatherOptions {
  /** Lock the member row (erasing). */
  lock?: boolean;
  /**
   * The member's own download: only what came in with `address`, the one their link was e-mailed
   * to (null for a link shown as a QR code: their own record only); no possible matches, and no
   * staff e-mail that merely names them.
   */
  ownCopy?: { address: string | null };
  /** The possible matches staff ticked ("connect:{id}"); any other key is ignored. */
  matches?: readonly string[];
}

/**
 * Every row about the person, read through `executor` (a transaction when erasing); null when
 * there is no such member, or nothing came in with the address.
 */
export async function gather(executor: Executor, key: PersonKey, options: GatherOptions = {}) {
  let member: MemberRow | null = null;
  if ("memberId" in key) {
    if (!isUuid(key.memberId)) return null;
    const query = executor.select(memberColumns).from(members).where(eq(members.id, key.memberId));
    member = (options.lock ? await query.for("update") : await query)[0] ?? null;
    if (!member) return null;
  }
  const ownCopy = options.ownCopy !== undefined;
  const addresses = [
    ...new Set(
      (ownCopy
        ? [options.ownCopy!.address ?? ""]
        : [member ? member.email : (key as { email: string }).email]
      )
        .map(normalEmail)
        .filter((address) => address.includes("@")),
    ),
  ];
  const memberId = member?.id ?? null;

  // One query after another: inside a transaction they share one connection.
  const memberConsents = memberId
    ? await executor.select().from(consents).where(eq(consents.memberId, memberId)).orderBy(consents.givenAt)
    : [];
  const updateLinks = memberId
    ? await executor
        .select(linkColumns)
        .from(memberUpdateLinks)
        .where(eq(memberUpdateLinks.memberId, memberId))
        .orderBy(memberUpdateLinks.createdAt)
    : [];
  const updateRequests = memberId
    ? await executor
        .select()
        .from(memberUpdateRequests)
        .where(eq(memberUpdateRequests.memberId, memberId))
        .orderBy(memberUpdateRequests.submittedAt)
    : [];
  const ministrySignUps = await executor
    .select()
    .from(ministryRegistrations)
    .where(withAddress(ministryRegistrations.email, addresses))
    .orderBy(ministryRegistrations.createdAt, ministryRegistrations.id);
  const eventSignUps = await executor
    .select()
    .from(eventRegistrations)
    .where(withAddress(eventRegistrations.email, addresses))
    .orderBy(eventRegistrations.createdAt, eventRegistrations.id);
  const connectMessages = await executor
    .select()
    .from(visitors)
    .where(withAddress(visitors.email, addresses))
    .orderBy(visitors.createdAt, visitors.id);
  const rowsWithAddress = ministrySignUps.length + eventSignUps.length + connectMessages.length;
  if (!member && rowsWithAddress === 0 && !(await hasCareData(executor, addresses))) return null;

  // Possible matches (staff only): the member's mobile, or the mobiles of the person's own rows.
  const possibleMatches: PossibleMatch[] = [];
  if (!ownCopy) {
    const mobiles = [
      ...new Set(
        member
          ? mobileVariants(member.mobile, member.countryCode)
          : [...ministrySignUps, ...eventSignUps, ...connectMessages].flatMap((row) =>
              mobileVariants(row.mobile),
            ),
      ),
    ];
    const chosen = new Set(options.matches ?? []);
    const likeness = new Set(addresses.map(emailLikeness));
    const asMatch = (
      source: MatchSource,
      row: { id: string; name: string; email: string; mobile: string; createdAt: Date },
      about: string | null,
    ): PossibleMatch => ({
      key: `${source}:${row.id}`,
      source,
      id: row.id,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      about,
      createdAt: row.createdAt,
      sameMobile: mobileVariants(row.mobile).some((digits) => mobiles.includes(digits)),
      similarEmail: likeness.has(emailLikeness(row.email)),
      chosen: chosen.has(`${source}:${row.id}`),
    });
    const otherMinistry = await executor
      .select()
      .from(ministryRegistrations)
      .where(possiblyTheirs(ministryRegistrations, addresses, mobiles))
      .orderBy(ministryRegistrations.createdAt, ministryRegistrations.id);
    const otherEvent = await executor
      .select()
      .from(eventRegistrations)
      .where(possiblyTheirs(eventRegistrations, addresses, mobiles))
      .orderBy(eventRegistrations.createdAt, eventRegistrations.id);
    const otherConnect = await executor
      .select()
      .from(visitors)
      .where(possiblyTheirs(visitors, addresses, mobiles))
      .orderBy(visitors.createdAt, visitors.id);
    possibleMatches.push(
      ...otherConnect.map((row) => asMatch("connect", row, null)),
      ...otherMinistry.map((row) => asMatch("ministry", row, row.ministrySlug)),
      ...otherEvent.map((row) => asMatch("event", row, row.eventTitle)),
    );
    const ticked = (source: MatchSource) => (row: { id: string }) => chosen.has(`${source}:${row.id}`);
    const byTime = <T extends { createdAt: Date; id: string }>(a: T, b: T) =>
      a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
    ministrySignUps.push(...otherMinistry.filter(ticked("ministry")));
    ministrySignUps.sort(byTime);
    eventSignUps.push(...otherEvent.filter(ticked("event")));
    eventSignUps.sort(byTime);
    connectMessages.push(...otherConnect.filter(ticked("connect")));
    connectMessages.sort(byTime);
  }

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

  // E-mails to the person's address (and to the addresses of the matches staff confirmed), and,
  // for staff, the notifications that name one of them. The member's own copy leaves those out:
  // a staff digest also carries other people's messages.
  const emailAddresses = ownCopy
    ? addresses
    : [
        ...new Set([
          ...addresses,
          ...[...ministrySignUps, ...eventSignUps, ...connectMessages]
            .map((row) => normalEmail(row.email))
            .filter((address) => address.includes("@")),
        ]),
      ];
  const emails =
    emailAddresses.length === 0
      ? []
      : await executor
          .select(outboxColumns)
          .from(outboxEmails)
          .where(
            or(
              inArray(sql`lower(trim(${outboxEmails.toAddress}))`, emailAddresses),
              ...(ownCopy
                ? []
                : emailAddresses.map(
                    (address) => sql`lower(${outboxEmails.textBody}) ~ ${mentionPattern(address)}`,
                  )),
            ),
          )
          .orderBy(outboxEmails.createdAt, outboxEmails.id);

  const announcementData = await announcementDataOf(executor, addresses, memberId);
  const rosterData = await rosterDataOf(executor, memberId);
  const groupData = await groupDataOf(executor, memberId, addresses);
  const careData = await careDataOf(executor, memberId, addresses);

  // Audit entries about the member, the person's address (exports of someone outside the
  // registry), their inbox entries, their registrations (check-ins) and care's rows about them.
  const registrationIds = eventSignUps.map((row) => row.id);
  const auditConditions = [
    memberId ? and(eq(auditLog.subjectType, "member"), eq(auditLog.subjectId, memberId)) : undefined,
    addresses.length > 0
      ? and(eq(auditLog.subjectType, "person"), inArray(sql`lower(${auditLog.subjectLabel})`, addresses))
      : undefined,
    itemIds.length > 0
      ? and(eq(auditLog.subjectType, "inbox"), inArray(auditLog.subjectId, itemIds))
      : undefined,
    registrationIds.length > 0
      ? inArray(sql`${auditLog.details} ->> 'registration'`, registrationIds)
      : undefined,
    ...careAuditConditions(careData),
  ].filter((condition) => condition !== undefined);
  const auditEntries =
    auditConditions.length === 0
      ? []
      : await executor
          .select()
          .from(auditLog)
          .where(or(...auditConditions))
          .orderBy(desc(auditLog.at), desc(auditLog.id));

  return {
    member,
    /** The person's own address(es): what their rows carry. */
    addresses,
    consents: memberConsents,
    updateLinks,
    updateRequests,
    ministryRegistrations: ministrySignUps,
    eventRegistrations: eventSignUps,
    connectMessages,
    inboxItems: items,
    inboxReplies: replies,
    emails,
    ...announcementData,
    ...rosterData,
    ...groupData,
    ...careData,
    auditEntries,
    possibleMatches,
  };
}

export type Gathered = NonNullable<Awaited<ReturnType<typeof gather>>>;

/** How many records of each kind: the member record counts one, every other kind its rows. */
export function countsOf(found: Gathered): Record<PersonalDataKind, number> {
  return Object.fromEntries(
    PERSONAL_DATA_KINDS.map((kind) => [
      kind,
      kind === "member" ? (found.member ? 1 : 0) : found[kind].length,
    ]),
  ) as Record<PersonalDataKind, number>;
}
