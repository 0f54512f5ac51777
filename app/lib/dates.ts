// Date-only values travel as 'YYYY-MM-DD' strings and are computed in UTC arithmetic, so no
// local time zone can move them by a day.

export const CHURCH_TIME_ZONE = "Asia/Bahrain";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Today's date where the church is. Bahrain has no daylight saving, but compute in its zone anyway
 * so a server in another zone gets the same "today".
 */
export function todayInChurchZone(now: Date = new Date()): string {
  return dayInChurchZone(now);
}

/** The date a moment falls on where the church is: a sign-up at 01:30 in Bahrain is that day's. */
export function dayInChurchZone(moment: Date): string {
  return churchDayFormat.format(moment);
}

// One formatter for every call: making one per row (an export of thousands of rows) costs ICU
// memory the process keeps.
const churchDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: CHURCH_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The same day `months` months later (earlier when negative); a day the month does not have becomes
 * its last (2026-03-31 minus one month is 2026-02-28).
 */
export function addMonths(isoDate: string, months: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday, for a YYYY-MM-DD date. */
export function dayOfWeek(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The date and time a moment shows on a clock in `timeZone`, as its parts. */
function clockIn(moment: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}:${part("second")}`,
  };
}

/**
 * The moment a day begins where the church is, for "from" and "to" filters on timestamps. Computed
 * from the zone's offset on that day rather than a fixed +03:00, so the rule lives in one place.
 */
export function startOfDayInChurchZone(isoDate: string): Date {
  if (!isIsoDate(isoDate)) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  const utcMidnight = new Date(`${isoDate}T00:00:00Z`);
  const { date, time } = clockIn(utcMidnight, CHURCH_TIME_ZONE);
  const offset = new Date(`${date}T${time}Z`).getTime() - utcMidnight.getTime();
  return new Date(utcMidnight.getTime() - offset);
}

/** "2026-11-23 15:05:12": a moment on the church's clock, sortable, for files. */
export function timestampInChurchZone(moment: Date): string {
  const { date, time } = clockIn(moment, CHURCH_TIME_ZONE);
  return `${date} ${time}`;
}

/** The moment `HH:MM` strikes on a day where the church is. */
export function momentInChurchZone(isoDate: string, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(startOfDayInChurchZone(isoDate).getTime() + (hours * 60 + minutes) * 60_000);
}

/** A moment as a `datetime-local` field holds it on the church's clock: "2026-11-23T15:05". */
export function localInputInChurchZone(moment: Date): string {
  const { date, time } = clockIn(moment, CHURCH_TIME_ZONE);
  return `${date}T${time.slice(0, 5)}`;
}
