import ical, {
  ICalEventRepeatingFreq,
  ICalWeekday,
  type ICalCalendar,
  type ICalEventData,
} from "ical-generator";
import { isFrequency, ruleParts, seriesDates } from "~/lib/recurrence";
import { CHURCH_TIME_ZONE, momentInChurchZone } from "~/lib/dates";
import type { SiteContent } from "../site/site-content.server";

// Events as iCalendar (RFC 5545), for the feed calendars subscribe to, one event's download and
// the file a confirmation e-mail carries. Times are written as instants (UTC): every calendar
// shows them on its own clock, and the church's zone is named for calendars that group by it.

/** What a calendar entry is made of. */
export interface CalendarEvent {
  id: string;
  title: string;
  eventDate: string;
  eventTime: string;
  eventEndTime: string | null;
  locationName: string;
  googleMapsUrl: string;
  description?: string | null;
}

/** Events without an end time are entered as two hours long. */
const DEFAULT_LENGTH_MS = 2 * 3600_000;

/** When an event starts and ends, as instants. */
export function eventTimes(event: CalendarEvent): { start: Date; end: Date } {
  const start = momentInChurchZone(event.eventDate, event.eventTime);
  const end = event.eventEndTime
    ? momentInChurchZone(event.eventDate, event.eventEndTime)
    : new Date(start.getTime() + DEFAULT_LENGTH_MS);
  return { start, end };
}

function newCalendar(content: Pick<SiteContent, "church">, name: string): ICalCalendar {
  const calendar = ical({
    name,
    prodId: { company: content.church.name, product: "website" },
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: CHURCH_TIME_ZONE }]);
  return calendar;
}

function addEvent(
  calendar: ICalCalendar,
  event: CalendarEvent,
  origin: string,
  repeat: Partial<ICalEventData> = {},
) {
  const page = `${origin}/events/${event.id}`;
  calendar.createEvent({
    id: `${event.id}@${new URL(origin).host}`,
    ...repeat,
    ...eventTimes(event),
    summary: event.title,
    location: event.locationName,
    url: page,
    description: [event.description, `${event.locationName}\n${event.googleMapsUrl}`, page]
      .filter(Boolean)
      .join("\n\n"),
  });
}

/** An event of the feed, with its place in a repeating series when it has one. */
export interface FeedEvent extends CalendarEvent {
  seriesId: string | null;
  occurrenceDate: string | null;
  isSeriesException: boolean;
  repeatFrequency: string | null;
  repeatStartsOn: string | null;
  /** Null for a series without an end date: its rule has no UNTIL. */
  repeatUntil: string | null;
  /** The last date of the series that has its row (the rule's later dates are still to come). */
  repeatMadeThrough: string | null;
}

/**
 * The dates of one series as calendars expect them (RFC 5545): one entry with the rule (RRULE),
 * the rule's dates that were removed left out (EXDATE), and each date changed on its own as an
 * entry of the same UID that replaces that date (RECURRENCE-ID). The rule starts at the first date
 * that still follows it; a changed date before that stands as an entry of its own.
 */
function addSeries(calendar: ICalCalendar, dates: FeedEvent[], origin: string) {
  const [first] = dates;
  const frequency = first?.repeatFrequency;
  const master = dates.find((event) => !event.isSeriesException && event.eventDate === event.occurrenceDate);
  // A series without an end date: its rule goes on, and only dates that have their rows can have
  // been removed.
  const reach = first?.repeatUntil ?? first?.repeatMadeThrough;
  if (!first || !isFrequency(frequency) || !first.repeatStartsOn || !reach || !master) {
    for (const event of dates) addEvent(calendar, event, origin);
    return;
  }
  const from = master.occurrenceDate!;
  const ruleDates = seriesDates(frequency, first.repeatStartsOn, reach).filter((date) => date >= from);
  const held = new Map(dates.map((event) => [event.occurrenceDate, event]));
  const instant = (date: string) => momentInChurchZone(date, master.eventTime);
  const rule = ruleParts(frequency, first.repeatStartsOn);
  const uid = `series-${first.seriesId}@${new URL(origin).host}`;
  // The rule's dates no row holds any more: removed (a date moved away still has its row).
  const removed = ruleDates.filter((date) => !held.has(date));
  addEvent(calendar, master, origin, {
    id: uid,
    repeating: {
      freq: ICalEventRepeatingFreq[rule.freq],
      ...(rule.byDay ? { byDay: ICalWeekday[rule.byDay as keyof typeof ICalWeekday] } : {}),
      ...(rule.byMonthDay ? { byMonthDay: rule.byMonthDay } : {}),
      ...(rule.bySetPos ? { bySetPos: rule.bySetPos } : {}),
      ...(first.repeatUntil ? { until: momentInChurchZone(first.repeatUntil, "23:59") } : {}),
      ...(removed.length > 0 ? { exclude: removed.map(instant) } : {}),
    },
  });
  for (const event of dates) {
    if (event === master || !event.isSeriesException) continue;
    if (event.occurrenceDate && ruleDates.includes(event.occurrenceDate)) {
      addEvent(calendar, event, origin, { id: uid, recurrenceId: instant(event.occurrenceDate) });
    } else {
      addEvent(calendar, event, origin);
    }
  }
}

/**
 * A calendar of the given events, e.g. every upcoming one for /events.ics: a repeating event as
 * one entry with its rule, so a calendar shows it as such.
 */
export function eventsCalendar(
  events: (CalendarEvent | FeedEvent)[],
  content: Pick<SiteContent, "church">,
  origin: string,
): string {
  const calendar = newCalendar(content, `${content.church.name}: Events`);
  // Calendar apps check a subscription about every few hours; ask for once an hour.
  calendar.ttl(3600);
  const series = new Map<string, FeedEvent[]>();
  for (const event of events) {
    const seriesId = "seriesId" in event ? event.seriesId : null;
    if (seriesId) series.set(seriesId, [...(series.get(seriesId) ?? []), event as FeedEvent]);
    else addEvent(calendar, event, origin);
  }
  for (const dates of series.values()) {
    dates.sort((a, b) => (a.occurrenceDate ?? a.eventDate).localeCompare(b.occurrenceDate ?? b.eventDate));
    addSeries(calendar, dates, origin);
  }
  return calendar.toString();
}

/** One event as a calendar file that calendar apps import. */
export function eventCalendar(
  event: CalendarEvent,
  content: Pick<SiteContent, "church">,
  origin: string,
): string {
  const calendar = newCalendar(content, content.church.name);
  addEvent(calendar, event, origin);
  return calendar.toString();
}

/** "Add to Google Calendar": a link that opens Google Calendar with the event filled in. */
export function googleCalendarLink(event: CalendarEvent, origin: string): string {
  const { start, end } = eventTimes(event);
  const stamp = (moment: Date) =>
    moment
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${stamp(start)}/${stamp(end)}`,
    ctz: CHURCH_TIME_ZONE,
    location: event.locationName,
    details: `${origin}/events/${event.id}`,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/**
 * The ways to subscribe to /events.ics: `webcal://` (phones and desktop calendars open it as a
 * subscription, not a download) and Google Calendar's add-by-address page for it.
 */
export function feedSubscriptionLinks(origin: string): { webcal: string; googleCalendar: string } {
  const webcal = `${origin.replace(/^https?:/, "webcal:")}/events.ics`;
  return { webcal, googleCalendar: `https://calendar.google.com/calendar/r?cid=${webcal}` };
}

export const CALENDAR_HEADERS = { "Content-Type": "text/calendar; charset=utf-8" };
