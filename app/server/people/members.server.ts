import { and, arrayContains, asc, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { members, visitors, type Member, type Visitor } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import {
  comingRound,
  DASHBOARD_BIRTHDAY_DAYS,
  monthDaysAhead,
  REPORT_WINDOW_DAYS,
  type Upcoming,
} from "~/lib/member-dates";
import { ministries } from "~/content/ministries";
import type { MemberInput } from "~/schemas/member";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";

export const MEMBERS_PAGE_SIZE = 25;

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  // Every word must match a name part, the e-mail or the mobile number ("ana cruz" finds Ana Cruz).
  // search_text holds those fields lower-cased; lower() on the word too makes this ilike.
  return and(...words.map((word) => sql`${members.searchText} like lower(${likePattern(word)})`));
}

const listColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  countryCode: members.countryCode,
  mobile: members.mobile,
  membershipStatus: members.membershipStatus,
};

export async function listMembers(options: { query?: string; page?: number; pageSize?: number }) {
  const { db } = services();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const where = searchCondition(options.query ?? "");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(members).where(where);
  const { page, pages, offset } = pageWindow(total, pageSize, options.page ?? 1);
  const rows = await db
    .select(listColumns)
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total, page, pages };
}

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);

export async function getMember(id: string): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select(memberColumns).from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

function columns(input: MemberInput) {
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    nickname: input.nickname,
    email: input.email,
    mobile: input.mobile,
    countryCode: input.countryCode,
    addressBh: input.addressBh,
    addressPh: input.addressPh,
    birthday: input.birthday,
    waterBaptismDate: input.waterBaptismDate,
    gender: input.gender,
    maritalStatus: input.maritalStatus,
    spouseName: input.spouseName,
    weddingAnniversary: input.weddingAnniversary,
    children: input.children.map((child) => ({
      name: child.name,
      birthday: child.birthday,
      gender: child.gender,
    })),
    bibleStudyGroup: input.bibleStudyGroup,
    saltGroupName: input.saltGroupName,
    ministryInvolvement: input.ministryInvolvement,
    ministryRole: input.ministryRole,
  };
}

/** A new member is always saved as active, with the position chosen (Member by default). */
export async function createMember(input: MemberInput): Promise<Member> {
  const [row] = await services()
    .db.insert(members)
    .values({ ...columns(input), churchPosition: input.churchPosition, membershipStatus: "active" })
    .returning(memberColumns);
  return row!;
}

export async function updateMember(id: string, input: MemberInput): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.update(members)
    .set({
      ...columns(input),
      churchPosition: input.churchPosition,
      membershipStatus: input.membershipStatus,
    })
    .where(eq(members.id, id))
    .returning(memberColumns);
  return row ?? null;
}

export async function deleteMember(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services().db.delete(members).where(eq(members.id, id)).returning({ id: members.id });
  return rows.length > 0;
}

/** The month and day ('MM-DD') of a date column, to compare with monthDaysAhead. */
function monthDayOf(column: AnyPgColumn) {
  return sql`to_char(${column}::timestamp, 'MM-DD')`;
}

/** monthDaysAhead as a table the database can join: upcoming(month_day, days_away). */
function upcomingTable(today: string, days: number) {
  const rows = monthDaysAhead(today, days).map(
    ({ monthDay, daysAway }) => sql`(${monthDay}::text, ${daysAway}::int)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as upcoming(month_day, days_away)`;
}

export async function dashboardStats(today: string) {
  const { db } = services();
  const monthDays = monthDaysAhead(today, DASHBOARD_BIRTHDAY_DAYS).map((w) => w.monthDay);
  const [[memberCounts], [visitorCount]] = await Promise.all([
    db
      .select({
        total: count(),
        upcomingBirthdays: sql<number>`count(*) filter (where ${monthDayOf(members.birthday)} in (${sql.join(
          monthDays.map((monthDay) => sql`${monthDay}`),
          sql`, `,
        )}))`.mapWith(Number),
      })
      .from(members),
    db.select({ n: count() }).from(visitors),
  ]);
  return {
    totalMembers: memberCounts?.total ?? 0,
    activeMinistries: ministries.length,
    upcomingBirthdays: memberCounts?.upcomingBirthdays ?? 0,
    newVisitors: visitorCount?.n ?? 0,
  };
}

const datedColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  countryCode: members.countryCode,
  mobile: members.mobile,
  birthday: members.birthday,
  spouseName: members.spouseName,
  weddingAnniversary: members.weddingAnniversary,
  /** created_at exactly as stored (microseconds, which a JavaScript Date would lose), to go on after. */
  cursorAt: sql<string>`${members.createdAt}::text`,
};
type DatedMember = SelectResultFields<typeof datedColumns>;

/**
 * Members whose date (birthday or wedding day) comes round within `days` days, soonest first,
 * then in the order they were registered. The database picks them, so only they are read.
 */
function upcomingQuery(column: "birthday" | "weddingAnniversary", today: string, days: number) {
  const daysAway = sql<number>`upcoming.days_away`;
  return async (after?: Upcoming<DatedMember>, limit?: number): Promise<Upcoming<DatedMember>[]> => {
    const query = services()
      .db.select(datedColumns)
      .from(members)
      .innerJoin(upcomingTable(today, days), sql`upcoming.month_day = ${monthDayOf(members[column])}`)
      .where(
        after &&
          sql`(${daysAway}, ${members.createdAt}, ${members.id}) > (${after.daysAway}::int, ${after.item.cursorAt}::timestamptz, ${after.item.id}::uuid)`,
      )
      .orderBy(daysAway, asc(members.createdAt), asc(members.id))
      .$dynamic();
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((item) => comingRound(item, item[column]!, today));
  };
}

export async function upcomingBirthdays(today: string, days = REPORT_WINDOW_DAYS) {
  return upcomingQuery("birthday", today, days)();
}

export async function upcomingAnniversaries(today: string, days = REPORT_WINDOW_DAYS) {
  return upcomingQuery("weddingAnniversary", today, days)();
}

/** upcomingBirthdays for a download: the same rows in the same order, read in batches. */
export function streamUpcomingBirthdays(today: string, days = REPORT_WINDOW_DAYS) {
  return readInBatches(upcomingQuery("birthday", today, days));
}

export function streamUpcomingAnniversaries(today: string, days = REPORT_WINDOW_DAYS) {
  return readInBatches(upcomingQuery("weddingAnniversary", today, days));
}

export async function membershipCounts() {
  const [row] = await services()
    .db.select({
      total: count(),
      active: sql<number>`count(*) filter (where ${members.membershipStatus} = 'active')`.mapWith(Number),
    })
    .from(members);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

const reportColumns = {
  ...listColumns,
  churchPosition: members.churchPosition,
  ministryInvolvement: members.ministryInvolvement,
  ministryRole: members.ministryRole,
};
type ReportMember = SelectResultFields<typeof reportColumns>;

/** Members matching `where` by last name, then first name (then id, so every row has one place). */
function byNameQuery(where: SQL) {
  return async (after?: ReportMember, limit?: number): Promise<ReportMember[]> => {
    const query = services()
      .db.select(reportColumns)
      .from(members)
      .where(
        and(
          where,
          after &&
            sql`(${members.lastName}, ${members.firstName}, ${members.id}) > (${after.lastName}, ${after.firstName}, ${after.id}::uuid)`,
        ),
      )
      .orderBy(members.lastName, members.firstName, members.id)
      .$dynamic();
    return limit ? query.limit(limit) : query;
  };
}

/** Active members by name, read in batches for the download. */
export function streamActiveMembers() {
  return readInBatches(byNameQuery(eq(members.membershipStatus, "active")));
}

export async function membersInMinistry(name: string) {
  return byNameQuery(arrayContains(members.ministryInvolvement, [name]))();
}

export function streamMembersInMinistry(name: string) {
  return readInBatches(byNameQuery(arrayContains(members.ministryInvolvement, [name])));
}

/** How many members serve in each ministry, in the ministry list's order. */
export async function ministryBreakdown() {
  const rows = await services()
    .db.select({ name: sql<string>`unnest(${members.ministryInvolvement})`, n: count() })
    .from(members)
    .groupBy(sql`1`);
  const counts = new Map(rows.map((row) => [row.name, Number(row.n)]));
  return ministries.map((ministry) => ({
    name: ministry.name,
    slug: ministry.slug,
    count: counts.get(ministry.name) ?? 0,
  }));
}

type VisitorRow = Visitor & { cursorAt: string };

/** Visitors newest first (then by id, so rows sent at the same moment keep one order). */
async function visitorsQuery(after?: VisitorRow, limit?: number): Promise<VisitorRow[]> {
  const query = services()
    .db.select({ ...getTableColumns(visitors), cursorAt: sql<string>`${visitors.createdAt}::text` })
    .from(visitors)
    .where(
      after &&
        sql`(${visitors.createdAt}, ${visitors.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
    )
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .$dynamic();
  return limit ? query.limit(limit) : query;
}

export async function listVisitors(): Promise<Visitor[]> {
  return (await visitorsQuery()).map(({ cursorAt: _cursorAt, ...visitor }) => visitor);
}

export const VISITORS_PAGE_SIZE = 50;

/** One page of the visitors, newest first, for the reports screen (the CSV has them all). */
export async function listVisitorsPage(askedPage: number, size = VISITORS_PAGE_SIZE) {
  const { db } = services();
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(visitors);
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select()
    .from(visitors)
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total, page: window.page, pages: window.pages };
}

export function streamVisitors() {
  return readInBatches(visitorsQuery);
}
