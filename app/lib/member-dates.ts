import { addDays } from "./dates";

/** The dashboard's "Upcoming Birthdays" looks a week ahead; the reports look 30 days ahead. */
export const DASHBOARD_BIRTHDAY_DAYS = 7;
export const REPORT_WINDOW_DAYS = 30;

// Birthdays, anniversaries and ages, on 'YYYY-MM-DD' strings with "today" taken in the church's
// time zone by the caller.

function parts(isoDate: string): [number, number, number] {
  return isoDate.split("-").map(Number) as [number, number, number];
}

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function toDayNumber(isoDate: string) {
  const [y, m, d] = parts(isoDate);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The same month and day in `year`; 29 February falls on the 28th in other years. */
function onYear(isoDate: string, year: number): string {
  const [, m, d] = parts(isoDate);
  const day = m === 2 && d === 29 && !isLeapYear(year) ? 28 : d;
  return `${year}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The next time this date comes round, today included: a date already past this year moves to next year. */
export function nextOccurrence(isoDate: string, today: string): string {
  const year = parts(today)[0];
  const thisYear = onYear(isoDate, year);
  return thisYear >= today ? thisYear : onYear(isoDate, year + 1);
}

export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

export interface Upcoming<T> {
  item: T;
  /** The date as it comes round next. */
  date: string;
  daysAway: number;
  /** How many years it will be on that day (age turning, years married). */
  years: number;
}

/**
 * Items whose date comes round within the next `days` days (today counts as 0, the last day of
 * the window as `days`), soonest first.
 */
export function upcomingDates<T>(
  items: T[],
  dateOf: (item: T) => string | null | undefined,
  today: string,
  days: number,
): Upcoming<T>[] {
  const result: Upcoming<T>[] = [];
  for (const item of items) {
    const original = dateOf(item);
    if (!original) continue;
    const upcoming = comingRound(item, original, today);
    if (upcoming.daysAway <= days) result.push(upcoming);
  }
  return result.sort((a, b) => a.daysAway - b.daysAway);
}

/** When `original` (a birthday, a wedding day) comes round next, from today. */
export function comingRound<T>(item: T, original: string, today: string): Upcoming<T> {
  const date = nextOccurrence(original, today);
  return { item, date, daysAway: daysBetween(today, date), years: parts(date)[0] - parts(original)[0] };
}

/**
 * Every month and day ('MM-DD') that comes round within the next `days` days, with how far away
 * it is: what a database needs to find the upcoming dates without reading every row. 29 February
 * comes round with the 28th in other years.
 */
export function monthDaysAhead(today: string, days: number): { monthDay: string; daysAway: number }[] {
  const result = new Map<string, number>();
  for (let daysAway = 0; daysAway <= days && result.size < 366; daysAway++) {
    const date = addDays(today, daysAway);
    const monthDay = date.slice(5);
    if (!result.has(monthDay)) result.set(monthDay, daysAway);
    if (monthDay === "02-28" && !isLeapYear(parts(date)[0]) && !result.has("02-29")) {
      result.set("02-29", daysAway);
    }
  }
  return [...result].map(([monthDay, daysAway]) => ({ monthDay, daysAway }));
}

/** Age in full years on `today`, or null when the birthday is in the future or missing. */
export function ageInYears(birthday: string | null | undefined, today: string): number | null {
  if (!birthday) return null;
  const [by, bm, bd] = parts(birthday);
  const [ty, tm, td] = parts(today);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age < 0 ? null : age;
}

export { addDays };
