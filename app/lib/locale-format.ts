import type { Weekday } from "~/content/church";
import {
  dateBadge as badgeInEnglish,
  formatDateLong as longInEnglish,
  formatDateUS as usInEnglish,
} from "./format";
import type { Locale } from "./i18n";

// The public pages' dates in the page's language (issue 39). English keeps the spec's US formats
// exactly (format.ts); Filipino takes ICU's own ("Sabado, Disyembre 5, 2026"). Times stay in
// 12-hour form in both languages ("7:00 PM"): use formatTime12 / formatTimeRange from format.ts.
// Date-only strings are read as UTC so the day never shifts with the server's time zone.

function utcDate(isoDate: string) {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

// Made once per process: a formatter per call costs ICU memory (lists call these per row).
const filipino = {
  long: new Intl.DateTimeFormat("fil", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }),
  medium: new Intl.DateTimeFormat("fil", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }),
  month: new Intl.DateTimeFormat("fil", { timeZone: "UTC", month: "short" }),
  weekday: new Intl.DateTimeFormat("fil", { timeZone: "UTC", weekday: "long" }),
};

/** "2026-11-29" -> "Sunday, November 29, 2026"; in Filipino "Linggo, Nobyembre 29, 2026". */
export function formatDateLong(isoDate: string, locale: Locale = "en"): string {
  return locale === "en" ? longInEnglish(isoDate) : filipino.long.format(utcDate(isoDate));
}

/** "2026-11-29" -> "November 29, 2026"; in Filipino "Nobyembre 29, 2026". */
export function formatDateUS(isoDate: string, locale: Locale = "en"): string {
  return locale === "en" ? usInEnglish(isoDate) : filipino.medium.format(utcDate(isoDate));
}

/** "2026-12-31" -> { day: "31", month: "Dec" } for date badges; in Filipino { month: "Dis" }. */
export function dateBadge(isoDate: string, locale: Locale = "en"): { day: string; month: string } {
  if (locale === "en") return badgeInEnglish(isoDate);
  const date = utcDate(isoDate);
  return { day: String(date.getUTCDate()), month: filipino.month.format(date) };
}

// 2026-11-23 is a Monday: the weekdays in the order the site lists them (Monday first).
export const WEEKDAY_ORDER: readonly Weekday[] = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
];

/** "Friday" -> "Friday"; in Filipino "Biyernes". A name that is no weekday is returned as it is. */
export function weekdayName(day: Weekday, locale: Locale = "en"): string {
  const index = WEEKDAY_ORDER.indexOf(day);
  if (locale === "en" || index < 0) return day;
  return filipino.weekday.format(new Date(Date.UTC(2026, 10, 23 + index)));
}
