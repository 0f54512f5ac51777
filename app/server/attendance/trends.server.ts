import { and, gte, lte, sql } from "drizzle-orm";
import type { WeeklyService } from "~/content/church";
import { headcounts } from "../../../database/schema";
import { addDays, CHURCH_TIME_ZONE, todayInChurchZone } from "~/lib/dates";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { pastServiceDates, weeklyServices } from "./headcounts.server";

// The attendance trends (issue 37). A week ends on the main weekly service's day (the first weekly
// service of the service times) and is named by that date.
// - Weekly attendance: the main service's in-person count (adults + children) of the week, its
//   online viewers apart; the 4- and 12-week moving averages (of the weeks in that span that were
//   counted); the same week last year (52 weeks earlier).
// - First-time visitors: the week's first-time visitors of every headcount (services and events);
//   and from QR check-ins, the people (by e-mail, in lower case) whose first check-in ever falls
//   in the week, and how many of them checked in again, on a later day, within 8 weeks after.

export const TREND_RANGES = {
  "12w": { label: "12 weeks", weeks: 12 },
  "6m": { label: "6 months", weeks: 26 },
  "1y": { label: "1 year", weeks: 52 },
  "3y": { label: "3 years", weeks: 156 },
} as const;
export type TrendRange = keyof typeof TREND_RANGES;
export const DEFAULT_RANGE: TrendRange = "12w";

export function trendRange(value: string | null): TrendRange {
  return value && value in TREND_RANGES ? (value as TrendRange) : DEFAULT_RANGE;
}

export const CAME_BACK_DAYS = 56;

export interface WeekRow {
  /** The main service's date that ends the week. */
  week: string;
  inPerson: number | null;
  online: number | null;
  avg4: number | null;
  avg12: number | null;
  /** The in-person count of the week 52 weeks earlier. */
  lastYear: number | null;
}

export interface FirstTimeRow {
  week: string;
  firstTime: number | null;
  newcomers: number;
  cameBack: number;
}

/** The week a date belongs to: the main service's date on or after it. */
export function weekOf(date: string, serviceDay: number): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, (serviceDay - day + 7) % 7);
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The mean of the values that are numbers, rounded to one decimal; null when none is. */
export function meanOf(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
}

/** The weeks of a range, oldest first, ending with the last main service up to today. */
function weeksOf(main: WeeklyService, today: string, count: number): string[] {
  return pastServiceDates(main, today, count).reverse();
}

/**
 * Weekly attendance over the range: in person, online, the moving averages and last year. One
 * query reads the main service's counts from 52 weeks before the range to its end.
 */
export async function weeklyAttendance(
  range: TrendRange,
  today = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<{ main: string | null; weeks: WeekRow[] }> {
  const main = (await weeklyServices())[0];
  if (!main) return { main: null, weeks: [] };
  const weeks = weeksOf(main, today, TREND_RANGES[range].weeks);
  const from = addDays(weeks[0]!, -7 * 52 - 6);
  const serviceDay = DAYS.indexOf(main.day);
  const rows = await executor
    .select({
      date: headcounts.serviceDate,
      inPerson: sql<number>`(${headcounts.adults} + ${headcounts.children})::int`,
      online: headcounts.online,
    })
    .from(headcounts)
    .where(
      and(
        gte(headcounts.serviceDate, from),
        lte(headcounts.serviceDate, weeks.at(-1)!),
        sql`${headcounts.serviceName} = ${main.name}`,
      ),
    );
  const inPerson = new Map<string, number>();
  const online = new Map<string, number>();
  for (const row of rows) {
    const week = weekOf(row.date, serviceDay);
    inPerson.set(week, (inPerson.get(week) ?? 0) + row.inPerson);
    online.set(week, (online.get(week) ?? 0) + row.online);
  }
  const back = (week: string, n: number) =>
    Array.from({ length: n }, (_, i) => inPerson.get(addDays(week, -7 * i)) ?? null);
  return {
    main: main.name,
    weeks: weeks.map((week) => ({
      week,
      inPerson: inPerson.get(week) ?? null,
      online: online.get(week) ?? null,
      avg4: meanOf(back(week, 4)),
      avg12: meanOf(back(week, 12)),
      lastYear: inPerson.get(addDays(week, -7 * 52)) ?? null,
    })),
  };
}

/** First-time visitors per week (headcounts), and newcomers by check-in with how many came back. */
export async function firstTimeVisitors(
  range: TrendRange,
  today = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<FirstTimeRow[]> {
  const main = (await weeklyServices())[0];
  if (!main) return [];
  const weeks = weeksOf(main, today, TREND_RANGES[range].weeks);
  const from = addDays(weeks[0]!, -6);
  const to = weeks.at(-1)!;
  const serviceDay = DAYS.indexOf(main.day);
  const [counted, firsts] = await Promise.all([
    executor
      .select({ date: headcounts.serviceDate, firstTime: headcounts.firstTime })
      .from(headcounts)
      .where(and(gte(headcounts.serviceDate, from), lte(headcounts.serviceDate, to))),
    executor.execute(sql`
      with checks as (
        select lower(email) as person, (checked_in_at at time zone ${CHURCH_TIME_ZONE})::date as day
        from event_registrations
        where checked_in_at is not null and status <> 'cancelled'
      ),
      firsts as (select person, min(day) as first_day from checks group by person)
      select f.first_day::text as first_day,
        exists (
          select 1 from checks c
          where c.person = f.person and c.day > f.first_day and c.day <= f.first_day + ${CAME_BACK_DAYS}::int
        ) as came_back
      from firsts f
      where f.first_day >= ${from}::date and f.first_day <= ${to}::date
    `),
  ]);
  const byWeek = new Map(
    weeks.map((week) => [week, { firstTime: null as number | null, newcomers: 0, cameBack: 0 }]),
  );
  for (const row of counted) {
    const entry = byWeek.get(weekOf(row.date, serviceDay));
    if (entry) entry.firstTime = (entry.firstTime ?? 0) + row.firstTime;
  }
  const firstRows = (firsts as unknown as { rows: { first_day: string; came_back: boolean }[] }).rows ?? [];
  for (const row of firstRows) {
    const entry = byWeek.get(weekOf(row.first_day, serviceDay));
    if (!entry) continue;
    entry.newcomers += 1;
    if (row.came_back) entry.cameBack += 1;
  }
  return weeks.map((week) => ({ week, ...byWeek.get(week)! }));
}

/** The last main service's in-person count and the 4-week average, for the dashboard. */
export async function attendanceGlance(today = todayInChurchZone()) {
  const { main, weeks } = await weeklyAttendance("12w", today);
  // Today's service before it is counted (it may not have begun) gives way to the one before.
  const last = weeks.findLast((week) => week.inPerson !== null || week.week < today) ?? null;
  return { main, week: last?.week ?? null, inPerson: last?.inPerson ?? null, avg4: last?.avg4 ?? null };
}
