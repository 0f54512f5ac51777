import { formatDate, formatDateLong, formatTime12 } from "./format";
import type { Locale } from "./i18n";

// Dates as a person's language writes them (issue 39), for the pages reached by a signed link and
// the e-mails to members and volunteers. English keeps the site's own formats word for word
// (format.ts); Filipino dates come from ICU's "fil" ("Linggo, Nobyembre 29, 2026"). Times stay
// 12-hour in both ("7:00 PM"). Date-only strings are read as UTC, so the day never shifts.

function utcDate(isoDate: string) {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

// Made once: a formatter per call costs ICU memory.
const filLong = new Intl.DateTimeFormat("fil", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});
const filShort = new Intl.DateTimeFormat("fil", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "Sunday, November 29, 2026" / "Linggo, Nobyembre 29, 2026". */
export function dateLongIn(locale: Locale, isoDate: string): string {
  return locale === "fil" ? filLong.format(utcDate(isoDate)) : formatDateLong(isoDate);
}

/** "Sun 29 Nov 2026" / "Lin, Nob 29, 2026": a short date, as a list of choices shows it. */
export function dateShortIn(locale: Locale, isoDate: string): string {
  return locale === "fil" ? filShort.format(utcDate(isoDate)) : formatDate(isoDate);
}

/** "Friday, December 5, 2026, 3:30 PM" / "Biyernes, Disyembre 5, 2026, 3:30 PM". */
export function whenIn(locale: Locale, isoDate: string, time?: string | null): string {
  const day = dateLongIn(locale, isoDate);
  return time ? `${day}, ${formatTime12(time)}` : day;
}
