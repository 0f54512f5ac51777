// Repeating events: the dates a series falls on, the words that describe it and the iCalendar
// rule (RFC 5545) that calendars expand to the same dates. One module for the form's preview,
// the server that makes one row per date, and the calendar feed, so the three never disagree.
import { addDays, dayOfWeek, isIsoDate } from "./dates";
import { formatDateLong } from "./format";

export const FREQUENCIES = ["weekly", "monthly-date", "monthly-weekday"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);
}

/** The furthest a series may reach: two years of dates, made at once (104 weekly rows at most). */
export const MAX_SERIES_DAYS = 731;

/**
 * How far ahead a series without an end date has its dates: a year, kept a year ahead by the
 * daily job (a weekly Bible study goes on).
 */
export const OPEN_SERIES_DAYS = 365;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
const ORDINALS = ["", "first", "second", "third", "fourth"];

function parts(isoDate: string): [number, number, number] {
  return isoDate.split("-").map(Number) as [number, number, number];
}

function isoOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Which of its month's weekdays a date is: 1 to 4 for the first to the fourth, -1 for a fifth
 * (written "the last", so the series still falls in months that have only four).
 */
export function weekdayPosition(isoDate: string): { weekday: number; position: number } {
  const day = parts(isoDate)[2];
  const nth = Math.ceil(day / 7);
  return { weekday: dayOfWeek(isoDate), position: nth === 5 ? -1 : nth };
}

/** The date of the `position`-th `weekday` of a month (-1 for the last one). */
function nthWeekday(year: number, month: number, weekday: number, position: number): string {
  if (position === -1) {
    const last = daysInMonth(year, month);
    const lastWeekday = dayOfWeek(isoOf(year, month, last));
    return isoOf(year, month, last - ((lastWeekday - weekday + 7) % 7));
  }
  const firstWeekday = dayOfWeek(isoOf(year, month, 1));
  return isoOf(year, month, 1 + ((weekday - firstWeekday + 7) % 7) + (position - 1) * 7);
}

/**
 * Every date of a series from `startsOn` to `until` (both included), in order. `startsOn` is always
 * the first. A monthly series on the 31st skips the months without one, as calendars do.
 */
export function seriesDates(frequency: Frequency, startsOn: string, until: string): string[] {
  if (!isIsoDate(startsOn) || !isIsoDate(until) || until < startsOn)
    return isIsoDate(startsOn) ? [startsOn] : [];
  const dates: string[] = [];
  if (frequency === "weekly") {
    for (let date = startsOn; date <= until; date = addDays(date, 7)) dates.push(date);
    return dates;
  }
  const [startYear, startMonth, startDay] = parts(startsOn);
  const { weekday, position } = weekdayPosition(startsOn);
  for (let index = 0; ; index++) {
    const year = startYear + Math.floor((startMonth - 1 + index) / 12);
    const month = ((startMonth - 1 + index) % 12) + 1;
    if (isoOf(year, month, 1) > until) break;
    let date: string | null;
    if (frequency === "monthly-date") {
      date = startDay <= daysInMonth(year, month) ? isoOf(year, month, startDay) : null;
    } else {
      date = nthWeekday(year, month, weekday, position);
    }
    if (date && date >= startsOn && date <= until) dates.push(date);
  }
  return dates;
}

/** "Every Friday", "Every month on the 31st", "Every month on the last Saturday". */
export function describeRepeat(frequency: Frequency, startsOn: string): string {
  const { weekday, position } = weekdayPosition(startsOn);
  if (frequency === "weekly") return `Every ${WEEKDAYS[weekday]}`;
  if (frequency === "monthly-date") return `Every month on the ${ordinalDay(parts(startsOn)[2])}`;
  return `Every month on the ${position === -1 ? "last" : ORDINALS[position]} ${WEEKDAYS[weekday]}`;
}

function ordinalDay(day: number): string {
  const suffixes: Record<number, string> = { 1: "st", 2: "nd", 3: "rd" };
  const suffix = day >= 11 && day <= 13 ? "th" : (suffixes[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** The parts of an RRULE other than UNTIL, for a series whose dates include `startsOn`. */
export function ruleParts(
  frequency: Frequency,
  startsOn: string,
): { freq: "WEEKLY" | "MONTHLY"; byDay?: string; byMonthDay?: number; bySetPos?: number } {
  const { weekday, position } = weekdayPosition(startsOn);
  if (frequency === "weekly") return { freq: "WEEKLY", byDay: RRULE_DAYS[weekday] };
  if (frequency === "monthly-date") return { freq: "MONTHLY", byMonthDay: parts(startsOn)[2] };
  return { freq: "MONTHLY", byDay: RRULE_DAYS[weekday], bySetPos: position };
}

/** "Every Friday, 5 dates until Friday, December 25, 2026": what a new series will make. */
export function repeatSummary(frequency: Frequency, startsOn: string, until: string): string {
  const dates = seriesDates(frequency, startsOn, until);
  const last = dates.at(-1) ?? startsOn;
  return `${describeRepeat(frequency, startsOn)}, ${dates.length} ${dates.length === 1 ? "date" : "dates"} until ${formatDateLong(last)}`;
}

/** "Every Friday, with no end date": what a new series without a last date will make. */
export function openRepeatSummary(frequency: Frequency, startsOn: string): string {
  return `${describeRepeat(frequency, startsOn)}, with no end date (dates are kept a year ahead)`;
}
