import { and, asc, count, desc, eq, gte, ne, sql } from "drizzle-orm";
import { events, eventSeries, type EventRow } from "../../../database/schema";
import { DEFAULT_EVENT_IMAGE, eventImageSrc } from "~/lib/event-image";
import type { Locale } from "~/lib/i18n";
import { describeRepeat, isFrequency } from "~/lib/recurrence";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { textsIn, type TextsLanguage } from "./texts-in-language.server";

/** What the public pages show of an event (nothing internal such as the stored file path). */
export type PublicEvent = Pick<
  EventRow,
  | "id"
  | "title"
  | "eventDate"
  | "eventTime"
  | "eventEndTime"
  | "speaker"
  | "locationName"
  | "googleMapsUrl"
  | "description"
  | "titleFil"
  | "descriptionFil"
  | "imageUrl"
  | "imageFocusX"
  | "imageFocusY"
  | "capacity"
  | "registrationDeadline"
  | "seriesId"
  | "occurrenceDate"
  | "isSeriesException"
> & {
  /** The series' rule and reach, for a date of a repeating event (null for a one-off). */
  repeatFrequency: string | null;
  repeatStartsOn: string | null;
  /** Null for a series without an end date too; its dates are made up to `repeatMadeThrough`. */
  repeatUntil: string | null;
  repeatMadeThrough: string | null;
} & TextsLanguage;

const publicColumns = {
  id: events.id,
  title: events.title,
  eventDate: events.eventDate,
  eventTime: events.eventTime,
  eventEndTime: events.eventEndTime,
  speaker: events.speaker,
  locationName: events.locationName,
  googleMapsUrl: events.googleMapsUrl,
  description: events.description,
  titleFil: events.titleFil,
  descriptionFil: events.descriptionFil,
  imageUrl: events.imageUrl,
  imageFocusX: events.imageFocusX,
  imageFocusY: events.imageFocusY,
  capacity: events.capacity,
  registrationDeadline: events.registrationDeadline,
  seriesId: events.seriesId,
  occurrenceDate: events.occurrenceDate,
  isSeriesException: events.isSeriesException,
  repeatFrequency: eventSeries.frequency,
  repeatStartsOn: eventSeries.startsOn,
  repeatUntil: eventSeries.until,
  repeatMadeThrough: eventSeries.madeThrough,
};

type EventColumns = Omit<PublicEvent, keyof TextsLanguage>;

/**
 * The events as a page in `locale` shows them: their Filipino titles and descriptions where staff
 * wrote them (issue 39). Under a Filipino title, an event without its own picture keeps the fixed
 * one of its English title.
 */
async function eventsIn(rows: EventColumns[], locale: Locale): Promise<PublicEvent[]> {
  if (locale === "en") return rows.map((row) => textsIn(row, locale));
  const { titledEventImages } = await getSiteContent();
  return rows.map((row) => {
    const shown = textsIn(row, locale);
    if (shown.titleLang !== "en" && !row.imageUrl?.trim()) {
      const fixed = eventImageSrc(row, titledEventImages);
      if (fixed !== DEFAULT_EVENT_IMAGE) shown.imageUrl = fixed;
    }
    return shown;
  });
}

/** "Every Friday" for a date of a repeating event; null for a one-off. */
export function repeatsText(event: Pick<PublicEvent, "repeatFrequency" | "repeatStartsOn">): string | null {
  return isFrequency(event.repeatFrequency) && event.repeatStartsOn
    ? describeRepeat(event.repeatFrequency, event.repeatStartsOn)
    : null;
}

/**
 * Upcoming dates the lists show: every one-off event, and only the soonest upcoming date of each
 * repeating event (its page lists the later ones), so the Friday service is one card, not fifty.
 */
function isListed(today: string) {
  return and(
    gte(events.eventDate, today),
    sql`not exists (select 1 from ${events} as sooner where sooner.series_id = ${events.seriesId}
      and sooner.event_date >= ${today}
      and (sooner.event_date, sooner.event_time, sooner.id) < (${events.eventDate}, ${events.eventTime}, ${events.id}))`,
  );
}

/** True for an id the events table could hold; anything else is answered without asking it. */
export function isEventId(value: string): boolean {
  return isUuid(value);
}

/**
 * Events on `today` (YYYY-MM-DD, the church's date) or later, every date of a series, soonest
 * first, with their texts in `locale`.
 */
export async function listUpcomingEvents(today: string, locale: Locale = "en"): Promise<PublicEvent[]> {
  const rows = await services()
    .db.select(publicColumns)
    .from(events)
    .leftJoin(eventSeries, eq(events.seriesId, eventSeries.id))
    .where(gte(events.eventDate, today))
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title));
  return eventsIn(rows, locale);
}

/** The later upcoming dates of a repeating event, after `event`, soonest first. */
export async function laterDatesOf(
  event: Pick<EventRow, "id" | "seriesId" | "eventDate">,
  today: string,
  limit = 8,
): Promise<Pick<EventRow, "id" | "eventDate" | "eventTime">[]> {
  if (!event.seriesId) return [];
  return services()
    .db.select({ id: events.id, eventDate: events.eventDate, eventTime: events.eventTime })
    .from(events)
    .where(
      and(
        eq(events.seriesId, event.seriesId),
        ne(events.id, event.id),
        gte(events.eventDate, event.eventDate > today ? event.eventDate : today),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.id))
    .limit(limit);
}

export const EVENTS_PAGE_SIZE = 24;

/** One page of the upcoming events (soonest first) in `locale`, with where it sits among the pages. */
export async function listUpcomingEventsPage(
  today: string,
  askedPage: number,
  locale: Locale = "en",
  size = EVENTS_PAGE_SIZE,
) {
  const { db } = services();
  const upcoming = isListed(today);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(events).where(upcoming);
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select(publicColumns)
    .from(events)
    .leftJoin(eventSeries, eq(events.seriesId, eventSeries.id))
    .where(upcoming)
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title), asc(events.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows: await eventsIn(rows, locale), total, page: window.page, pages: window.pages };
}

/** One event by its id, its texts in `locale`; null for an unknown or malformed id. */
export async function getEvent(id: string, locale: Locale = "en"): Promise<PublicEvent | null> {
  if (!isEventId(id)) return null;
  const [row] = await services()
    .db.select(publicColumns)
    .from(events)
    .leftJoin(eventSeries, eq(events.seriesId, eventSeries.id))
    .where(eq(events.id, id))
    .limit(1);
  return row ? ((await eventsIn([row], locale))[0] ?? null) : null;
}

/** Whether registration has closed: the deadline has passed (the date alone decides otherwise). */
export function isRegistrationClosed(
  event: Pick<EventRow, "registrationDeadline">,
  now: Date = new Date(),
): boolean {
  return event.registrationDeadline !== null && event.registrationDeadline.getTime() <= now.getTime();
}

/** Upcoming or today: the date alone decides (an event later today is still open). */
export function isPastEvent(event: Pick<EventRow, "eventDate">, today: string): boolean {
  return event.eventDate < today;
}

/** The staff list: every event, the latest date and time first (then by id, so each keeps its place); a
 * repeating one says so ("Every Friday, no end date"). */
export async function listEventsForStaff(): Promise<(EventRow & { repeats: string | null })[]> {
  const rows = await services()
    .db.select({
      event: events,
      repeatFrequency: eventSeries.frequency,
      repeatStartsOn: eventSeries.startsOn,
      repeatUntil: eventSeries.until,
    })
    .from(events)
    .leftJoin(eventSeries, eq(events.seriesId, eventSeries.id))
    .orderBy(desc(events.eventDate), desc(events.eventTime), desc(events.id));
  return rows.map(({ event, repeatUntil, ...rule }) => {
    const repeats = repeatsText(rule);
    return { ...event, repeats: repeats && !repeatUntil ? `${repeats}, no end date` : repeats };
  });
}

export async function getEventRow(id: string): Promise<EventRow | null> {
  if (!isEventId(id)) return null;
  const [row] = await services().db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}
