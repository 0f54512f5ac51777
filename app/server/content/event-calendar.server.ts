import ical, { type ICalCalendar } from "ical-generator";
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

function addEvent(calendar: ICalCalendar, event: CalendarEvent, origin: string) {
  const page = `${origin}/events/${event.id}`;
  calendar.createEvent({
    id: `${event.id}@${new URL(origin).host}`,
    ...eventTimes(event),
    summary: event.title,
    location: event.locationName,
    url: page,
    description: [event.description, `${event.locationName}\n${event.googleMapsUrl}`, page]
      .filter(Boolean)
      .join("\n\n"),
  });
}

/** A calendar of the given events, e.g. every upcoming one for /events.ics. */
export function eventsCalendar(
  events: CalendarEvent[],
  content: Pick<SiteContent, "church">,
  origin: string,
): string {
  const calendar = newCalendar(content, `${content.church.name}: Events`);
  // Calendar apps check a subscription about every few hours; ask for once an hour.
  calendar.ttl(3600);
  for (const event of events) addEvent(calendar, event, origin);
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

export const CALENDAR_HEADERS = { "Content-Type": "text/calendar; charset=utf-8" };
