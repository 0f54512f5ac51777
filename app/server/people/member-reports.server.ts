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
import type { MemberOptions } from "~/content/member-options";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import {
  loadMemberOptions,
  memberContactColumns,
  memberListColumns,
  ministryAndRoleNames,
} from "./members.server";
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

export async function dashboardStats(today: string) {
  const monthDays = monthDaysAhead(today, DASHBOARD_BIRTHDAY_DAYS).map((w) => w.monthDay);
  const [[memberCounts], newVisitors, { ministries }] = await Promise.all([
    services()
      .db.select({
        total: count(),
        upcomingBirthdays: sql<number>`count(*) filter (where ${monthDayOf(members.birthday)} in (${sql.join(
          monthDays.map((monthDay) => sql`${monthDay}`),
          sql`, `,
        )}))`.mapWith(Number),
      })
      .from(members),
    countVisitors(),
    getSiteContent(),
  ]);
  return {
    totalMembers: memberCounts?.total ?? 0,
    activeMinistries: ministries.length,
    upcomingBirthdays: memberCounts?.upcomingBirthdays ?? 0,
    newVisitors,
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
