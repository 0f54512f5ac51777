import type { ServiceTime, Weekday } from "~/content/church";
import { localInputInChurchZone } from "./dates";
import { formatDateLong, formatTime12 } from "./format";
import { translator, type Locale } from "./i18n";
import { isFrequency, weekdayPosition } from "./recurrence";
import { serviceWhen } from "./service-times";

// Dates and days as the public forms' pages and their e-mails write them, in the page's (or the
// registrant's) language (issue 39). English keeps the spec's formats exactly ("Friday, December
// 5, 2026"); Filipino takes its words from ICU ("Biyernes, Disyembre 5, 2026"). Times stay
// 12-hour in both.

const LONG: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
};
const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const id = `${locale} ${key}`;
  let made = formats.get(id);
  if (!made) formats.set(id, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

const utc = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** "2026-12-05" -> "Saturday, December 5, 2026" / "Sabado, Disyembre 5, 2026". */
export function dateLongIn(locale: Locale, isoDate: string): string {
  return locale === "en" ? formatDateLong(isoDate) : format(locale, LONG, "long").format(utc(isoDate));
}

/** A moment on the church's clock: "Thursday, December 3, 2026, 12:00 PM" in the language. */
export function momentIn(locale: Locale, moment: Date): string {
  const local = localInputInChurchZone(moment);
  return `${dateLongIn(locale, local.slice(0, 10))}, ${formatTime12(local.slice(11))}`;
}

// 2026-11-29 was a Sunday: the weekdays' names in a language, Sunday first.
const SUNDAY = Date.UTC(2026, 10, 29);

/** A weekday's name (0 is Sunday) in the language: "Friday" / "Biyernes". */
export function weekdayIn(locale: Locale, weekday: number): string {
  return format(locale, { timeZone: "UTC", weekday: "long" }, "weekday").format(
    new Date(SUNDAY + weekday * 86_400_000),
  );
}

const WEEKDAY_NUMBERS: Record<Weekday, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

/** A service's day and hours: "Sunday 9:00-11:00 AM" / "Linggo 9:00-11:00 AM"; a note as written. */
export function serviceWhenIn(locale: Locale, service: ServiceTime): string {
  const when = serviceWhen(service);
  if (locale === "en" || !("day" in service) || !service.day) return when;
  return weekdayIn(locale, WEEKDAY_NUMBERS[service.day]) + when.slice(service.day.length);
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
