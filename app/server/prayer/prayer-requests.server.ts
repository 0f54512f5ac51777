import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { members, prayerRequests } from "../../../database/schema";
import type { PrayerVisibility } from "~/lib/care";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { pageWindow } from "~/lib/paging";
import { can, type Access } from "~/lib/permissions";
import type { PrayerList } from "~/schemas/prayer";
import { AppError, notFound } from "../http/errors.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { memberSearchCondition } from "../people/member-list-filter.server";

// Prayer requests (issue 38), read for the staff screens and the weekly digest. Who reads what is
// decided here, not on the screens: a pastor (pastoral:private) reads every request with its
// contacts; the prayer team (prayer:read) reads the team's and the shared ones by name only, and
// a private one is refused with 403 (it exists, but is not theirs to read).

export const PRAYER_NOT_FOUND = "That prayer request could not be found. It may have been deleted.";
export const PRAYER_PRIVATE =
  "This prayer request is private: only the pastors may read it. It needs “Prayer team: manage”, which your role does not give.";

export const PRAYER_PAGE_SIZE = 50;

/** Who is reading: the signed-in account's access. */
export interface PrayerReader {
  access: Access;
}

/** A request as a screen may show it to its reader. */
export interface PrayerRequestView {
  id: string;
  /** "" when they gave none. */
  name: string;
  request: string;
  visibility: PrayerVisibility;
  source: "form" | "staff";
  expiresOn: string;
  answeredAt: string | null;
  answerNote: string;
  createdAt: string;
  /** The staff account that recorded it ("" from the public form). */
  createdBy: string;
  /** For pastors only: null for the prayer team, so their screens never receive it. */
  contact: { email: string; mobile: string; wantsCall: boolean; memberId: string | null } | null;
}

type PrayerRow = typeof prayerRequests.$inferSelect;

export const mayReadPrivate = (reader: PrayerReader) => can(reader, "pastoral:private");

/** What the reader may see of the table: everything, or the team's and the shared requests. */
function readableBy(reader: PrayerReader): SQL | undefined {
  return mayReadPrivate(reader) ? undefined : inArray(prayerRequests.visibility, ["team", "shared"]);
}

/** Active: not answered and not expired (a request expires at the end of its day). */
function inList(list: PrayerList, today: string): SQL {
  if (list === "answered") return isNotNull(prayerRequests.answeredAt);
  const unanswered = isNull(prayerRequests.answeredAt);
  return list === "active"
    ? sql`${unanswered} and ${gte(prayerRequests.expiresOn, today)}`
    : sql`${unanswered} and ${lt(prayerRequests.expiresOn, today)}`;
}

export function prayerView(row: PrayerRow, reader: PrayerReader): PrayerRequestView {
  return {
    id: row.id,
    name: row.name,
    request: row.request,
    visibility: row.visibility as PrayerVisibility,
    source: row.source === "staff" ? "staff" : "form",
    expiresOn: row.expiresOn,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answerNote: row.answerNote,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    contact: mayReadPrivate(reader)
      ? { email: row.email, mobile: row.mobile, wantsCall: row.wantsCall, memberId: row.memberId }
      : null,
  };
}

/** One page of a list (active, answered or expired), newest first, with each list's count. */
export async function listPrayerRequests(
  reader: PrayerReader,
  list: PrayerList,
  askedPage: number,
  today: string,
  executor: Executor = services().db,
) {
  const readable = readableBy(reader);
  const [counted] = await executor
    .select({
      active: sql<number>`count(*) filter (where ${inList("active", today)})::int`,
      answered: sql<number>`count(*) filter (where ${inList("answered", today)})::int`,
      expired: sql<number>`count(*) filter (where ${inList("expired", today)})::int`,
    })
    .from(prayerRequests)
    .where(readable);
  const counts = counted ?? { active: 0, answered: 0, expired: 0 };
  const window = pageWindow(counts[list], PRAYER_PAGE_SIZE, askedPage);
  const rows = await executor
    .select()
    .from(prayerRequests)
    .where(and(readable, inList(list, today)))
    .orderBy(
      list === "answered" ? desc(prayerRequests.answeredAt) : desc(prayerRequests.createdAt),
      desc(prayerRequests.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  return {
    requests: rows.map((row) => prayerView(row, reader)),
    counts,
    page: window.page,
    pages: window.pages,
  };
}

/**
 * The row of a request the reader may read (locked for a change when `forUpdate`): a missing one
 * is 404, a private one 403 for anyone but a pastor.
 */
export async function readablePrayerRow(
  requestId: string,
  reader: PrayerReader,
  executor: Executor = services().db,
  options: { forUpdate?: boolean } = {},
): Promise<PrayerRow> {
  if (!isUuid(requestId)) throw notFound(PRAYER_NOT_FOUND);
  const query = executor.select().from(prayerRequests).where(eq(prayerRequests.id, requestId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(PRAYER_NOT_FOUND);
  if (row.visibility === "private" && !mayReadPrivate(reader)) throw new AppError(PRAYER_PRIVATE, 403);
  return row;
}

/** One request as its page shows it to the reader, with the member it is for (pastors only). */
export async function getPrayerRequest(requestId: string, reader: PrayerReader) {
  const row = await readablePrayerRow(requestId, reader);
  const view = prayerView(row, reader);
  const member = view.contact?.memberId ? await memberName(view.contact.memberId) : null;
  return { request: view, member };
}

async function memberName(memberId: string, executor: Executor = services().db) {
  const [row] = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(members)
    .where(and(eq(members.id, memberId), sql`${members.deletedAt} is null`))
    .limit(1);
  return row ? { id: row.id, name: fullName(row) } : null;
}

/** A live member of the registry, by id, for recording a request for them; null when gone. */
export const chosenMember = (memberId: string, executor: Executor = services().db) =>
  isUuid(memberId) ? memberName(memberId, executor) : Promise.resolve(null);

/** Live members matching a search (name, e-mail or mobile), to record a request for one. */
export async function membersToChoose(query: string, executor: Executor = services().db) {
  const search = memberSearchCondition(query);
  if (!search) return null;
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(members)
    .where(and(search, sql`${members.deletedAt} is null`))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: fullName(row) }));
}

/**
 * The words of the shared requests still being prayed for on `today` (not answered, not expired),
 * oldest first, for the weekly digest: the words only, never a name or a contact.
 */
export async function sharedPrayerTexts(
  today: string,
  executor: Executor = services().db,
): Promise<string[]> {
  const rows = await executor
    .select({ request: prayerRequests.request })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.visibility, "shared"), inList("active", today)))
    .orderBy(asc(prayerRequests.createdAt), asc(prayerRequests.id));
  return rows.map((row) => row.request);
}
