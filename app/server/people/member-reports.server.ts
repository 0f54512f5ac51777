import { and, arrayContains, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { members } from "../../../database/schema";
import {
  comingRound,
  DASHBOARD_BIRTHDAY_DAYS,
  monthDaysAhead,
  REPORT_WINDOW_DAYS,
  type Upcoming,
} from "~/lib/member-dates";
import { MEMBERSHIP_STATUSES, type MemberOptions } from "~/content/member-options";
import { CHURCH_TIME_ZONE, startOfDayInChurchZone } from "~/lib/dates";
import { fullName } from "~/lib/names";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import {
  loadMemberOptions,
  memberContactColumns,
  memberListColumns,
  ministryAndRoleNames,
  notDeleted,
} from "./members.server";
import { membersOfMinistries } from "./member-scope.server";
import { countMinistryRegistrations } from "./registrations.server";
import { countVisitors } from "./visitors.server";

// What the dashboard and the reports read about members: figures, dates coming round, and the
// lists behind the CSV downloads.

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

/** How many upcoming birthdays and anniversaries the dashboard names (the reports list them all). */
export const DASHBOARD_NAMED_DATES = 3;

/**
 * The dashboard's figures about people: members (active of total, new this month), birthdays and
 * anniversaries of the next 7 days (with the first few named), ministries and visitors.
 */
export async function dashboardStats(today: string) {
  const [memberCounts, newVisitors, { ministries }, birthdays, anniversaries] = await Promise.all([
    memberFigures(today),
    countVisitors(),
    getSiteContent(),
    upcomingQuery("birthday", today, DASHBOARD_BIRTHDAY_DAYS)(undefined, DASHBOARD_NAMED_DATES),
    upcomingQuery("weddingAnniversary", today, DASHBOARD_BIRTHDAY_DAYS)(undefined, DASHBOARD_NAMED_DATES),
  ]);
  const named = (rows: Upcoming<DatedMember>[]) =>
    rows.map(({ item, date }) => ({ id: item.id, name: fullName(item), date }));
  return {
    totalMembers: memberCounts?.total ?? 0,
    activeMembers: memberCounts?.active ?? 0,
    newThisMonth: memberCounts?.newThisMonth ?? 0,
    activeMinistries: ministries.length,
    upcomingBirthdays: memberCounts?.upcomingBirthdays ?? 0,
    upcomingAnniversaries: memberCounts?.upcomingAnniversaries ?? 0,
    /** Registrations from the passcode form that looked like a member, for staff to check. */
    possibleDuplicates: memberCounts?.possibleDuplicates ?? 0,
    /** The first few of the upcoming birthdays and anniversaries, soonest first. */
    nextBirthdays: named(birthdays),
    nextAnniversaries: named(anniversaries),
    newVisitors,
  };
}

/** The dashboard's counts of live members (those matching `where`, when given). */
async function memberFigures(today: string, where?: SQL) {
  const isWithinWeek = (column: AnyPgColumn) =>
    sql`${monthDayOf(column)} in (${sql.join(
      monthDaysAhead(today, DASHBOARD_BIRTHDAY_DAYS).map((w) => sql`${w.monthDay}`),
      sql`, `,
    )})`;
  const thisMonth = monthsOf(today, 1)[0]!;
  const [row] = await services()
    .db.select({
      total: count(),
      active: sql<number>`count(*) filter (where ${members.membershipStatus} = 'active')`.mapWith(Number),
      newThisMonth:
        sql<number>`count(*) filter (where ${members.createdAt} >= ${thisMonth.from.toISOString()}::timestamptz and ${members.createdAt} < ${thisMonth.until.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      upcomingBirthdays: sql<number>`count(*) filter (where ${isWithinWeek(members.birthday)})`.mapWith(
        Number,
      ),
      upcomingAnniversaries:
        sql<number>`count(*) filter (where ${isWithinWeek(members.weddingAnniversary)})`.mapWith(Number),
      possibleDuplicates: sql<number>`count(*) filter (where ${members.possibleDuplicate})`.mapWith(Number),
    })
    .from(members)
    .where(and(notDeleted, where));
  return row;
}

/**
 * The dashboard's figures for a role limited to ministries: their people only (active of all,
 * new this month) and this month's sign-ups, nothing of the church as a whole.
 */
export async function ministryDashboardStats(today: string, scope: readonly string[]) {
  const thisMonth = monthsOf(today, 1)[0]!;
  const [counts, signUpsThisMonth] = await Promise.all([
    memberFigures(today, membersOfMinistries(scope)),
    countMinistryRegistrations(scope, thisMonth.from),
  ]);
  return {
    totalMembers: counts?.total ?? 0,
    activeMembers: counts?.active ?? 0,
    newThisMonth: counts?.newThisMonth ?? 0,
    signUpsThisMonth,
  };
}

const datedColumns = {
  ...memberContactColumns,
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
        and(
          notDeleted,
          after &&
            sql`(${daysAway}, ${members.createdAt}, ${members.id}) > (${after.daysAway}::int, ${after.item.cursorAt}::timestamptz, ${after.item.id}::uuid)`,
        ),
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
    .from(members)
    .where(notDeleted);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

const reportColumns = {
  ...memberListColumns,
  churchPosition: members.churchPosition,
  ministryInvolvement: members.ministryInvolvement,
  ministryRole: members.ministryRole,
};
type ReportMember = SelectResultFields<typeof reportColumns> & {
  ministryNames: string[];
  roleNames: string[];
};

/**
 * Members matching `where` by last name, then first name (then id, so every row has one place),
 * with the names of their ministries and roles as the reports and their downloads show them.
 */
function byNameQuery(where: SQL, options: MemberOptions) {
  return async (after?: ReportMember, limit?: number): Promise<ReportMember[]> => {
    const query = services()
      .db.select(reportColumns)
      .from(members)
      .where(
        and(
          where,
          notDeleted,
          after &&
            sql`(${members.lastName}, ${members.firstName}, ${members.id}) > (${after.lastName}, ${after.firstName}, ${after.id}::uuid)`,
        ),
      )
      .orderBy(members.lastName, members.firstName, members.id)
      .$dynamic();
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((row) => ({ ...row, ...ministryAndRoleNames(row, options) }));
  };
}

/** Active members by name, read in batches for the download. */
export async function streamActiveMembers() {
  return readInBatches(byNameQuery(eq(members.membershipStatus, "active"), await loadMemberOptions()));
}

/** The members of the ministry with this slug, by name. */
export async function membersInMinistry(slug: string) {
  return byNameQuery(arrayContains(members.ministryInvolvement, [slug]), await loadMemberOptions())();
}

export async function streamMembersInMinistry(slug: string) {
  return readInBatches(
    byNameQuery(arrayContains(members.ministryInvolvement, [slug]), await loadMemberOptions()),
  );
}

/** How many members serve in each ministry, in the ministry list's order. */
export async function ministryBreakdown() {
  const [rows, { ministries }] = await Promise.all([
    services()
      .db.select({ slug: sql<string>`unnest(${members.ministryInvolvement})`, n: count() })
      .from(members)
      .where(notDeleted)
      .groupBy(sql`1`),
    getSiteContent(),
  ]);
  const counts = new Map(rows.map((row) => [row.slug, Number(row.n)]));
  return ministries.map((ministry) => ({
    name: ministry.name,
    slug: ministry.slug,
    count: counts.get(ministry.slug) ?? 0,
  }));
}

// The reports' charts: members by status, by ministry (ministryBreakdown above) and new members
// per month.

/**
 * The `count` calendar months up to and including the month of `today`, oldest first, each with
 * the moments it begins and ends on the church's clock (a member registered at 00:30 on the 1st
 * in Bahrain belongs to that month, though it is still the previous month in UTC).
 */
function monthsOf(today: string, count: number) {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const monthStart = (index: number) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return date.toISOString().slice(0, 10);
  };
  return Array.from({ length: count }, (_, i) => {
    const first = monthStart(i - count + 1);
    return {
      month: first.slice(0, 7),
      from: startOfDayInChurchZone(first),
      until: startOfDayInChurchZone(monthStart(i - count + 2)),
    };
  });
}

/** How many members have each status: the four the edit form offers, then any other stored value. */
export async function membersByStatus() {
  const rows = await services()
    .db.select({ status: members.membershipStatus, count: count() })
    .from(members)
    .where(notDeleted)
    .groupBy(members.membershipStatus);
  const counts = new Map(rows.map((row) => [row.status, row.count]));
  const known = MEMBERSHIP_STATUSES.map(({ value, label }) => ({
    status: value as string,
    label,
    count: counts.get(value) ?? 0,
  }));
  const others = rows
    .filter((row) => !MEMBERSHIP_STATUSES.some((s) => s.value === row.status))
    .sort((a, b) => a.status.localeCompare(b.status))
    .map((row) => ({ status: row.status, label: row.status || "N/A", count: row.count }));
  return [...known, ...others];
}

/**
 * Members registered in each of the last `months` calendar months, the month of `today`
 * included, oldest first; months on the church's clock, and months without anyone included as 0.
 */
export async function newMembersPerMonth(today: string, months = 12) {
  const window = monthsOf(today, months);
  // The zone is written into the statement (it is our constant), so the grouped expression is
  // the selected one; as a parameter, each would get its own and PostgreSQL could not match them.
  const month = sql<string>`to_char(${members.createdAt} at time zone ${sql.raw(`'${CHURCH_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const rows = await services()
    .db.select({ month, count: count() })
    .from(members)
    .where(
      and(
        notDeleted,
        sql`${members.createdAt} >= ${window[0]!.from.toISOString()}::timestamptz`,
        sql`${members.createdAt} < ${window.at(-1)!.until.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(month);
  const counts = new Map(rows.map((row) => [row.month, row.count]));
  return window.map(({ month }) => ({ month, count: counts.get(month) ?? 0 }));
}
