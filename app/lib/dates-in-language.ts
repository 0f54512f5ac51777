import type { ServiceTime } from "~/content/church";
import { localInputInChurchZone } from "./dates";
import { formatTime12 } from "./format";
import { formatDateLong, WEEKDAY_ORDER, weekdayName } from "./locale-format";
import { translator, type Locale } from "./i18n";
import { isFrequency, weekdayPosition } from "./recurrence";
import { serviceWhen } from "./service-times";

// Dates and days as the public forms' pages and their e-mails write them, in the page's (or the
// registrant's) language (issue 39). English keeps the spec's formats exactly ("Friday, December
// 5, 2026"); Filipino takes its words from ICU ("Biyernes, Disyembre 5, 2026"). Times stay
// 12-hour in both.

/** "2026-12-05" -> "Saturday, December 5, 2026" / "Sabado, Disyembre 5, 2026". */
export function dateLongIn(locale: Locale, isoDate: string): string {
  return formatDateLong(isoDate.slice(0, 10), locale);
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
