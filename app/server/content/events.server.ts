import { asc, count, eq, gte } from "drizzle-orm";
import { eventRegistrations, events, type EventRow } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { services } from "../platform/services.server";

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

/** True for an id the events table could hold; anything else is answered without asking it. */
export function isEventId(value: string): boolean {
  return isUuid(value);
}

/** Events on `today` (YYYY-MM-DD, the church's date) or later, soonest first. */
export async function listUpcomingEvents(today: string): Promise<PublicEvent[]> {
  return services()
    .db.select(publicColumns)
    .from(events)
    .where(gte(events.eventDate, today))
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title));
}

export const EVENTS_PAGE_SIZE = 24;

/** One page of the upcoming events (soonest first), with where it sits among the pages. */
export async function listUpcomingEventsPage(today: string, askedPage: number, size = EVENTS_PAGE_SIZE) {
  const { db } = services();
  const upcoming = gte(events.eventDate, today);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(events).where(upcoming);
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select(publicColumns)
    .from(events)
    .where(upcoming)
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title), asc(events.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total, page: window.page, pages: window.pages };
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

export interface EventInput {
  title: string;
  eventDate: string;
  eventTime: string;
  eventEndTime: string | null;
  speaker: string | null;
  locationName: string;
  googleMapsUrl: string;
  description: string | null;
}

export interface StoredImage {
  url: string;
  objectName: string;
}

/** The staff list: every event, soonest first. */
export async function listEventsForStaff(): Promise<EventRow[]> {
  return services()
    .db.select()
    .from(events)
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title));
}

export async function getEventRow(id: string): Promise<EventRow | null> {
  if (!isEventId(id)) return null;
  const [row] = await services().db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

export async function createEvent(input: EventInput, image: StoredImage | null): Promise<EventRow> {
  const [row] = await services()
    .db.insert(events)
    .values({ ...input, imageUrl: image?.url ?? null, imageObjectPath: image?.objectName ?? null })
    .returning();
  return row!;
}

/**
 * Saves the event's fields, and its new picture when one was uploaded (the old picture's file is
 * removed afterwards). Null when the event no longer exists.
 */
export async function updateEvent(
  id: string,
  input: EventInput,
  image: StoredImage | null,
): Promise<EventRow | null> {
  if (!isEventId(id)) return null;
  const { db, storage } = services();
  const result = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!old) return null;
    const [row] = await tx
      .update(events)
      .set({ ...input, ...(image ? { imageUrl: image.url, imageObjectPath: image.objectName } : {}) })
      .where(eq(events.id, id))
      .returning();
    return { row: row!, oldObject: image ? old.imageObjectPath : null };
  });
  if (result?.oldObject) {
    await storage.delete(result.oldObject).catch((error: unknown) => {
      console.warn(`Could not remove the replaced event image ${result.oldObject}:`, error);
    });
  }
  return result?.row ?? null;
}

/** Deletes the event and its uploaded picture; registrations keep the event's title. */
export async function deleteEvent(id: string): Promise<"deleted" | "not_found"> {
  if (!isEventId(id)) return "not_found";
  const { db, storage } = services();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(events).where(eq(events.id, id)).returning();
    if (!row) return "not_found" as const;
    // Inside the transaction: if the file cannot be removed, the event stays as it was.
    if (row.imageObjectPath) await storage.delete(row.imageObjectPath);
    return "deleted" as const;
  });
}
