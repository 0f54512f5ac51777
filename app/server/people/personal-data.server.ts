import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, desc, eq, getTableColumns, inArray, not, or, sql, type SQL } from "drizzle-orm";
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
import { labelsOf } from "~/content/member-options";
import { formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { loadMemberOptions, ministryAndRoleNames } from "./members.server";

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

/** Whose data: a member (live or under "Recently deleted"), or someone outside the registry known by their e-mail. */
export type PersonKey = { memberId: string } | { email: string };

/** An address as the person's rows are matched by it: trimmed, lower case. */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * What makes two addresses look alike: the dots and a "+tag" of the part before the @ aside, and
 * googlemail.com read as gmail.com ("ana.q+church@gmail.com" looks like "anaq@googlemail.com").
 * Alike is not the same: a row with a similar address is only a possible match.
 */
export function emailLikeness(address: string): string {
  const [local = "", domain = ""] = normalEmail(address).split("@");
  const plainDomain = domain === "googlemail.com" ? "gmail.com" : domain;
  return `${local.split("+")[0]!.replace(/\./g, "")}@${plainDomain}`;
}

/** emailLikeness in SQL, for a column. */
function likenessOf(column: AnyPgColumn): SQL {
  const address = sql`lower(trim(${column}))`;
  return sql`replace(split_part(split_part(${address}, '@', 1), '+', 1), '.', '') || '@' || replace(split_part(${address}, '@', 2), 'googlemail.com', 'gmail.com')`;
}

/**
 * The ways a mobile number may be written, as digits without leading zeros: "+973 3311 2233",
 * "00973 33112233" and "3311-2233" are one number (the church is in Bahrain: 973 in front or not).
 * `countryCode` is a member's (their mobile is stored without it). Fewer than six digits would
 * match strangers' numbers.
 */
export function mobileVariants(mobile: string, countryCode = ""): string[] {
  const local = mobile.replace(/\D/g, "").replace(/^0+/, "");
  const country = countryCode.replace(/\D/g, "");
  const variants = new Set([local]);
  if (country && !mobile.trim().startsWith("+") && !local.startsWith(country))
    variants.add(`${country}${local}`);
  if (local.startsWith("973") && local.length === 11) variants.add(local.slice(3));
  if (local.length === 8) variants.add(`973${local}`);
  return [...variants].filter((digits) => digits.length >= 6);
}

/** A column's mobile as digits without leading zeros, in SQL. */
function mobileOf(column: AnyPgColumn): SQL {
  return sql`ltrim(regexp_replace(${column}, '[^0-9]', '', 'g'), '0')`;
}

function withAddress(column: AnyPgColumn, addresses: string[]): SQL {
  return addresses.length > 0 ? inArray(sql`lower(trim(${column}))`, addresses) : sql`false`;
}

/** Rows that share a mobile or look alike in their address, without carrying the person's address. */
function possiblyTheirs(
  columns: { email: AnyPgColumn; mobile: AnyPgColumn },
  addresses: string[],
  mobiles: string[],
): SQL {
  const likeness = [...new Set(addresses.map(emailLikeness))];
  return and(
    addresses.length > 0 ? not(withAddress(columns.email, addresses)) : undefined,
    or(
      mobiles.length > 0 ? inArray(mobileOf(columns.mobile), mobiles) : sql`false`,
      likeness.length > 0 ? inArray(likenessOf(columns.email), likeness) : sql`false`,
    ),
  )!;
}

/**
 * A regular expression that finds the address as a whole in a text: "ana@example.org" is not
 * found in "diana@example.org" or "ana@example.org.uk".
 */
function mentionPattern(address: string): string {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9_.-]|\\.($|[^a-z0-9]))`;
}

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
  if (!member && ministrySignUps.length + eventSignUps.length + connectMessages.length === 0) return null;

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

  // Audit entries about the member, the person's address (exports of someone outside the
  // registry), their inbox entries and their registrations (check-ins).
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
    auditEntries,
    possibleMatches,
  };
}

export type Gathered = NonNullable<Awaited<ReturnType<typeof gather>>>;

export function countsOf(found: Gathered): Record<PersonalDataKind, number> {
  return {
    member: found.member ? 1 : 0,
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

/** How the screens and the file name the person: the member's name, or the address. */
export function personName(found: Pick<Gathered, "member" | "addresses">): string {
  return found.member ? fullName(found.member) : (found.addresses[0] ?? "");
}

/** The earliest moment anything about the person was stored (their first record). */
export function firstRecordAt(found: Gathered): Date | null {
  const times = [
    found.member?.createdAt,
    ...found.ministryRegistrations.map((row) => row.createdAt),
    ...found.eventRegistrations.map((row) => row.createdAt),
    ...found.connectMessages.map((row) => row.createdAt),
    ...found.inboxItems.map((row) => row.createdAt),
    ...found.emails.map((row) => row.createdAt),
  ]
    .filter((time): time is Date => time instanceof Date)
    .map((time) => time.getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * Everything held about the person, for the download; null when there is none. `ownCopy` is a
 * member's own download from their update link (see GatherOptions); `matches` the possible
 * matches staff ticked. The possible matches themselves are never in the file.
 */
export async function collectPersonalData(
  key: PersonKey,
  options: Pick<GatherOptions, "ownCopy" | "matches"> = {},
) {
  const [gathered, memberOptions] = await Promise.all([
    gather(services().db, key, options),
    loadMemberOptions(),
  ]);
  if (!gathered) return null;
  const { possibleMatches, ...found } = gathered;
  const member = found.member
    ? { ...found.member, ...ministryAndRoleNames(found.member, memberOptions) }
    : null;
  return {
    exportedAt: new Date().toISOString(),
    name: personName(found),
    ownCopy: options.ownCopy !== undefined,
    confirmedMatches: possibleMatches.filter((match) => match.chosen).length,
    ...found,
    member,
    counts: countsOf({ ...found, possibleMatches }),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof collectPersonalData>>>;

/** A possible match as the screens show it, with a box to tick. */
export interface MatchView {
  key: string;
  /** "Connect message", "Ministry sign-up: Amplify", "Event registration: Family Day". */
  what: string;
  name: string;
  email: string;
  mobile: string;
  when: string;
  /** "Same mobile", "Similar e-mail", or both. */
  why: string;
  chosen: boolean;
}

const SOURCE_NAMES: Record<MatchSource, string> = {
  connect: "Connect message",
  ministry: "Ministry sign-up",
  event: "Event registration",
};

/** The possible matches as the screens list them (ministries by their names). */
export async function describeMatches(matches: PossibleMatch[]): Promise<MatchView[]> {
  const { ministries } = await loadMemberOptions();
  return matches.map((match) => {
    const about =
      match.source === "ministry" && match.about
        ? (labelsOf([match.about], ministries)[0] ?? match.about)
        : match.about;
    return {
      key: match.key,
      what: about ? `${SOURCE_NAMES[match.source]}: ${about}` : SOURCE_NAMES[match.source],
      name: match.name,
      email: match.email,
      mobile: match.mobile,
      when: formatDateTime(match.createdAt),
      why: [match.sameMobile ? "Same mobile" : "", match.similarEmail ? "Similar e-mail" : ""]
        .filter(Boolean)
        .join(", "),
      chosen: match.chosen,
    };
  });
}

/** The ticked possible matches of a form or a query string: "connect:{id}" keys, at most 200. */
export function matchesOf(values: FormData | URLSearchParams): string[] {
  return values
    .getAll("match")
    .map(String)
    .filter((value) => /^(connect|ministry|event):[0-9a-f-]{36}$/i.test(value))
    .slice(0, 200);
}

/** What the person's export (or erasure) holds, as counts, and the possible matches to tick. */
export async function personalDataSummary(key: PersonKey, matches: readonly string[] = []) {
  const found = await gather(services().db, key, { matches });
  if (!found) return null;
  return {
    id: found.member?.id ?? null,
    name: personName(found),
    email: found.addresses[0] ?? "",
    isDeleted: found.member ? found.member.deletedAt !== null : false,
    counts: countsOf(found),
    possibleMatches: await describeMatches(found.possibleMatches),
  };
}

/** The kinds with at least one record, in words ("3 inbox entries"), for the screens' lists. */
export function countLines(counts: Record<PersonalDataKind, number>) {
  return PERSONAL_DATA_KINDS.filter((kind) => counts[kind] > 0).map((kind) => ({
    kind,
    text: countInWords(kind, counts[kind]),
  }));
}

/**
 * Taking a person's data out as a file, in the audit log: by staff (a member from their profile,
 * someone outside the registry by their address), or by the member with their update link.
 */
export async function recordExport(
  data: Pick<PersonalData, "member" | "name" | "addresses" | "confirmedMatches">,
  actor: Actor | "member",
  format: string,
) {
  const details = {
    format,
    ...(data.confirmedMatches > 0 ? { confirmedMatches: data.confirmedMatches } : {}),
    ...(actor === "member" ? { by: "the member" } : {}),
  };
  await logChange(
    services().db,
    actor === "member" ? "visitor" : actor,
    data.member ? "member.exported" : "person.exported",
    {
      subject: data.member
        ? { type: "member", id: data.member.id, label: data.name }
        : { type: "person", label: data.addresses[0] ?? null },
      details,
    },
  );
}

const MAX_FOUND = 50;

/** The members whose e-mail is this address (a family may share one), for the person's screens. */
export async function membersWithAddress(
  email: string,
): Promise<{ id: string; name: string; deleted: boolean }[]> {
  const rows = await services()
    .db.select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(sql`lower(trim(${members.email})) = ${normalEmail(email)}`)
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(MAX_FOUND);
  return rows.map((row) => ({ id: row.id, name: fullName(row), deleted: row.deletedAt !== null }));
}

// ---------------------------------------------------------------------------------------------
// Finding a person (members, connect messages, sign-ups and registrations) by e-mail or mobile
// ---------------------------------------------------------------------------------------------

export interface FoundAddress {
  email: string;
  names: string[];
  counts: { connectMessages: number; ministryRegistrations: number; eventRegistrations: number };
  lastAt: Date;
}

export interface FoundMember {
  id: string;
  name: string;
  email: string;
  mobile: string;
  deleted: boolean;
}

export type PeopleSearch =
  | { state: "empty" | "unclear" }
  | { state: "found"; by: "email" | "mobile"; members: FoundMember[]; addresses: FoundAddress[] };

/**
 * Everyone whose rows carry this e-mail (or a similar one) or this mobile: the members, and the
 * addresses that sent connect messages, sign-ups and registrations. Each address is a person of
 * its own: two addresses that share a mobile stay two people until staff say otherwise.
 */
export async function findPeople(query: string): Promise<PeopleSearch> {
  const text = query.trim();
  if (!text) return { state: "empty" };
  const byEmail = text.includes("@");
  const mobiles = byEmail ? [] : mobileVariants(text);
  if (!byEmail && (mobiles.length === 0 || /[a-z]/i.test(text))) return { state: "unclear" };
  const address = normalEmail(text);
  const likeness = emailLikeness(text);
  const matching = (columns: { email: AnyPgColumn; mobile: AnyPgColumn }) =>
    byEmail
      ? or(sql`lower(trim(${columns.email})) = ${address}`, sql`${likenessOf(columns.email)} = ${likeness}`)!
      : inArray(mobileOf(columns.mobile), mobiles);
  const { db } = services();
  const memberRows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      mobile: members.mobile,
      countryCode: members.countryCode,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(
      byEmail
        ? matching(members)
        : or(
            inArray(mobileOf(members.mobile), mobiles),
            inArray(
              sql`regexp_replace(${members.countryCode}, '[^0-9]', '', 'g') || ${mobileOf(members.mobile)}`,
              mobiles,
            ),
          ),
    )
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(MAX_FOUND);
  const rowsOf = async (
    table: typeof visitors | typeof ministryRegistrations | typeof eventRegistrations,
    kind: keyof FoundAddress["counts"],
  ) =>
    (
      await db
        .select({ email: table.email, name: table.name, createdAt: table.createdAt })
        .from(table)
        .where(matching(table))
        .orderBy(desc(table.createdAt))
        .limit(500)
    ).map((row) => ({ ...row, kind }));
  const rows = [
    ...(await rowsOf(visitors, "connectMessages")),
    ...(await rowsOf(ministryRegistrations, "ministryRegistrations")),
    ...(await rowsOf(eventRegistrations, "eventRegistrations")),
  ];
  const byAddress = new Map<string, FoundAddress>();
  for (const row of rows) {
    const email = normalEmail(row.email);
    const found = byAddress.get(email) ?? {
      email,
      names: [],
      counts: { connectMessages: 0, ministryRegistrations: 0, eventRegistrations: 0 },
      lastAt: row.createdAt,
    };
    if (!found.names.includes(row.name.trim())) found.names.push(row.name.trim());
    found.counts[row.kind] += 1;
    if (row.createdAt > found.lastAt) found.lastAt = row.createdAt;
    byAddress.set(email, found);
  }
  // The address searched for first, then the most recent.
  const addresses = [...byAddress.values()]
    .sort(
      (a, b) =>
        Number(b.email === address) - Number(a.email === address) || b.lastAt.getTime() - a.lastAt.getTime(),
    )
    .slice(0, MAX_FOUND);
  return {
    state: "found",
    by: byEmail ? "email" : "mobile",
    members: memberRows.map((row) => ({
      id: row.id,
      name: fullName(row),
      email: row.email,
      mobile: row.mobile,
      deleted: row.deletedAt !== null,
    })),
    addresses,
  };
}
