import type { HomeItem, RecurringItem, ServiceTime, WeeklyService } from "~/content/church";
import { formatTime12 } from "./format";
import { translator, type Locale } from "./i18n";
import { WEEKDAY_ORDER, weekdayName } from "./locale-format";

export function isWeekly(service: ServiceTime): service is WeeklyService {
  return "day" in service;
}

/** "9:00-11:00 AM"; the start keeps its own AM/PM only when it differs ("11:00 AM-1:00 PM"). */
function clockRange(start: string, end: string | null): string {
  const from = formatTime12(start);
  if (!end) return from;
  const to = formatTime12(end);
  const [fromClock, fromHalf] = from.split(" ");
  return fromHalf === to.split(" ")[1] ? `${fromClock}-${to}` : `${from}-${to}`;
}

/**
 * "Sunday 9:00-11:00 AM", or the service's note; in Filipino "Linggo 9:00-11:00 AM" (the times
 * stay 12-hour; the note is the church's own text).
 */
export function serviceWhen(service: ServiceTime, locale: Locale = "en"): string {
  return isWeekly(service)
    ? `${weekdayName(service.day, locale)} ${clockRange(service.start, service.end)}`
    : service.note;
}

/** "every Sunday at 9:00 AM"; in Filipino "tuwing Linggo, 9:00 AM". */
export function serviceStartsAt(service: WeeklyService, locale: Locale = "en"): string {
  return translator(locale)("date.everyDayAt", {
    day: weekdayName(service.day, locale),
    time: formatTime12(service.start),
  });
}

/** "Worship Sunday 9:00-11:00 AM, Choir Wednesday 6:00-7:00 PM": the weekly services only. */
export function weeklyServicesText(services: readonly ServiceTime[], locale: Locale = "en"): string {
  return services
    .filter(isWeekly)
    .map((service) => `${service.name} ${serviceWhen(service, locale)}`)
    .join(", ");
}

/** schema.org opening hours, one entry per weekly service. */
export function openingHoursSpecification(services: readonly ServiceTime[]) {
  return services.filter(isWeekly).map((service) => ({
    "@type": "OpeningHoursSpecification",
    name: service.name,
    dayOfWeek: `https://schema.org/${service.day}`,
    opens: service.start,
    ...(service.end ? { closes: service.end } : {}),
  }));
}

/**
 * A home page item as shown: one with a day says "Every {day}" at the start of that day's first
 * weekly service (its own time only when no service meets that day); one without a day, its own
 * words.
 */
export function homeItemShown(
  item: HomeItem,
  services: readonly ServiceTime[],
  locale: Locale = "en",
): RecurringItem {
  const { title, description } = item;
  if (!item.day) return { title, date: item.date, time: item.time, description };
  const service = services.filter(isWeekly).find((weekly) => weekly.day === item.day);
  return {
    title,
    date: translator(locale)("date.everyDay", { day: weekdayName(item.day, locale) }),
    time: service ? formatTime12(service.start) : item.time,
    description,
  };
}

/**
 * A home item's date in `locale`: "Every Friday" (as content built in English words it) becomes
 * "Tuwing Biyernes", and `weekly` says the words are the site's own; any other date ("Monthly")
 * is the church's own text, kept as it is.
 */
export function homeItemDate(date: string, locale: Locale): { date: string; weekly: boolean } {
  const t = translator(locale);
  const english = translator("en");
  for (const day of WEEKDAY_ORDER) {
    const shown = t("date.everyDay", { day: weekdayName(day, locale) });
    if (date === shown || date === english("date.everyDay", { day })) return { date: shown, weekly: true };
  }
  return { date, weekly: false };
}
