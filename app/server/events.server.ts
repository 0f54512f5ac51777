import { asc, eq, gte } from "drizzle-orm";
import { eventRegistrations, events, type EventRow } from "../../database/schema";
import { services } from "./services.server";

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
  | "imageUrl"
>;

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
  imageUrl: events.imageUrl,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an id the events table could hold; anything else is answered without asking it. */
export function isEventId(value: string): boolean {
  return UUID.test(value);
}

/** Events on `today` (YYYY-MM-DD, the church's date) or later, soonest first. */
export async function listUpcomingEvents(today: string): Promise<PublicEvent[]> {
  return services()
    .db.select(publicColumns)
    .from(events)
    .where(gte(events.eventDate, today))
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title));
}

/** One event by its id; null for an unknown or malformed id. */
export async function getEvent(id: string): Promise<PublicEvent | null> {
  if (!isEventId(id)) return null;
  const [row] = await services().db.select(publicColumns).from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

export interface EventRegistrant {
  name: string;
  email: string;
  mobile: string;
  message: string | null;
}

export type RegistrationOutcome =
  { ok: true; eventTitle: string } | { ok: false; reason: "not-found" | "past" };

/**
 * Registers someone for an event that still exists and has not yet taken place (its date is
 * `today` or later). The title is copied from the event row, so the registration keeps it even if
 * the event is later deleted. The event row is locked while we write, so it cannot vanish between
 * the check and the insert.
 */
export async function registerForEvent(
  eventId: string,
  registrant: EventRegistrant,
  today: string,
): Promise<RegistrationOutcome> {
  if (!isEventId(eventId)) return { ok: false, reason: "not-found" };
  return services().db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, title: events.title, eventDate: events.eventDate })
      .from(events)
      .where(eq(events.id, eventId))
      .for("share")
      .limit(1);
    if (!event) return { ok: false, reason: "not-found" } as const;
    if (event.eventDate < today) return { ok: false, reason: "past" } as const;
    await tx.insert(eventRegistrations).values({
      eventId: event.id,
      eventTitle: event.title,
      name: registrant.name,
      email: registrant.email,
      mobile: registrant.mobile,
      message: registrant.message,
    });
    return { ok: true, eventTitle: event.title } as const;
  });
}

/** Upcoming or today: the date alone decides (an event later today is still open). */
export function isPastEvent(event: Pick<EventRow, "eventDate">, today: string): boolean {
  return event.eventDate < today;
}
