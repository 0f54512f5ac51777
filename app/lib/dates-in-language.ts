import type { ServiceTime } from "~/content/church";
import { localInputInChurchZone } from "./dates";
import { formatDate, formatTime12 } from "./format";
import { formatDateLong, WEEKDAY_ORDER, weekdayName } from "./locale-format";
import { translator, type Locale } from "./i18n";
import { isFrequency, weekdayPosition } from "./recurrence";
import { serviceWhen } from "./service-times";

// Dates and days as the public pages, the pages reached by a signed link and the e-mails to people
// write them, in the page's (or the person's) language (issue 39). English keeps the spec's formats exactly ("Friday, December
// 5, 2026"); Filipino takes its words from ICU ("Biyernes, Disyembre 5, 2026"). Times stay
// 12-hour in both.

/** "2026-12-05" -> "Saturday, December 5, 2026" / "Sabado, Disyembre 5, 2026". */
export function dateLongIn(locale: Locale, isoDate: string): string {
  return formatDateLong(isoDate.slice(0, 10), locale);
}

// Made once: a formatter per call costs ICU memory.
const filShort = new Intl.DateTimeFormat("fil", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "Sun 29 Nov 2026" / "Lin, Nob 29, 2026": a short date, as a list of choices shows it. */
export function dateShortIn(locale: Locale, isoDate: string): string {
  if (locale === "en") return formatDate(isoDate);
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  return filShort.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Friday, December 5, 2026, 3:30 PM" / "Biyernes, Disyembre 5, 2026, 3:30 PM". */
export function whenIn(locale: Locale, isoDate: string, time?: string | null): string {
  const day = dateLongIn(locale, isoDate);
  return time ? `${day}, ${formatTime12(time)}` : day;
}

/** A moment on the church's clock: "Thursday, December 3, 2026, 12:00 PM" in the language. */
export function momentIn(locale: Locale, moment: Date): string {
  const local = localInputInChurchZone(moment);
  return `${dateLongIn(locale, local.slice(0, 10))}, ${formatTime12(local.slice(11))}`;
}

const SUNDAY_FIRST = ["Sunday", ...WEEKDAY_ORDER.slice(0, 6)] as const;

/** A weekday's name (0 is Sunday) in the language: "Friday" / "Biyernes". */
export function weekdayIn(locale: Locale, weekday: number): string {
  return weekdayName(SUNDAY_FIRST[weekday] ?? "Sunday", locale);
}

/** A service's day and hours: "Sunday 9:00-11:00 AM" / "Linggo 9:00-11:00 AM"; a note as written. */
export function serviceWhenIn(locale: Locale, service: ServiceTime): string {
  return serviceWhen(service, locale);
}

/** "Every Friday", "Every month on the 5th", "Every month on the last Sunday" in the language. */
export function repeatsIn(
  locale: Locale,
  event: { repeatFrequency: string | null; repeatStartsOn: string | null },
): string | null {
  const { repeatFrequency: frequency, repeatStartsOn: startsOn } = event;
  if (!isFrequency(frequency) || !startsOn) return null;
  const t = translator(locale);
  const { weekday, position } = weekdayPosition(startsOn);
  if (frequency === "weekly") return t("events.repeatWeekly", { weekday: weekdayIn(locale, weekday) });
  if (frequency === "monthly-date")
    return t("events.repeatMonthlyDate", { day: Number(startsOn.slice(8, 10)) });
  return t("events.repeatMonthlyWeekday", {
    position: position === -1 ? "last" : String(position),
    weekday: weekdayIn(locale, weekday),
  });
}
