import { asc, count, eq, gte } from "drizzle-orm";
import { events, type EventRow } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";

/** The fields an event's audit entry compares. */
const EVENT_AUDIT_FIELDS = [
  "title",
  "eventDate",
  "eventTime",
  "eventEndTime",
  "speaker",
  "locationName",
  "googleMapsUrl",
  "description",
  "imageUrl",
  "capacity",
  "registrationDeadline",
] as const;
import { services } from "../platform/services.server";
import { removeStoredFile } from "../platform/images.server";
import { promoteFromWaitlist } from "../people/registrations.server";
import { getSiteContent } from "../site/site-content.server";

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
  | "capacity"
  | "registrationDeadline"
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
  capacity: events.capacity,
  registrationDeadline: events.registrationDeadline,
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

export interface EventInput {
  title: string;
  eventDate: string;
  eventTime: string;
  eventEndTime: string | null;
  speaker: string | null;
  locationName: string;
  googleMapsUrl: string;
  description: string | null;
  capacity: number | null;
  registrationDeadline: Date | null;
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

export async function createEvent(
  input: EventInput,
  image: StoredImage | null,
  actor: Actor,
): Promise<EventRow> {
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...input, imageUrl: image?.url ?? null, imageObjectPath: image?.objectName ?? null })
      .returning();
    await logChange(tx, actor, "event.created", {
      subject: { type: "event", id: row!.id, label: row!.title },
      details: image ? { image: image.objectName } : {},
    });
    return row!;
  });
}

/**
 * Saves the event's fields, and its new picture when one was uploaded (the old picture's file is
 * removed afterwards). Null when the event no longer exists.
 */
export async function updateEvent(
  id: string,
  input: EventInput,
  image: StoredImage | null,
  actor: Actor,
  origin: string,
): Promise<EventRow | null> {
  if (!isEventId(id)) return null;
  const { db, storage } = services();
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const result = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!old) return null;
    const [row] = await tx
      .update(events)
      // An edited demo event is the church's own now: "Remove demo content" leaves it.
      .set({
        ...input,
        isDemo: false,
        ...(image ? { imageUrl: image.url, imageObjectPath: image.objectName } : {}),
      })
      .where(eq(events.id, id))
      .returning();
    // More seats than before: the waitlist moves up at once.
    await promoteFromWaitlist(tx, row!, content, origin);
    await logChange(tx, actor, "event.updated", {
      subject: { type: "event", id, label: row!.title },
      details: {
        changes: fieldChanges(old, row!, EVENT_AUDIT_FIELDS),
        ...(image ? { image: image.objectName } : {}),
      },
    });
    return { row: row!, oldObject: image ? old.imageObjectPath : null };
  });
  if (result?.oldObject) {
    await removeStoredFile(storage, result.oldObject).catch((error: unknown) => {
      console.warn(`Could not remove the replaced event image ${result.oldObject}:`, error);
    });
  }
  return result?.row ?? null;
}

/**
 * Deletes the event and its uploaded picture; registrations keep the event's title. True when it
 * was removed, false when there was none.
 */
export async function deleteEvent(id: string, actor: Actor): Promise<boolean> {
  if (!isEventId(id)) return false;
  const { db, storage } = services();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(events).where(eq(events.id, id)).returning();
    if (!row) return false;
    await logChange(tx, actor, "event.deleted", { subject: { type: "event", id, label: row.title } });
    // Inside the transaction: if the file cannot be removed, the event stays as it was.
    if (row.imageObjectPath) await removeStoredFile(storage, row.imageObjectPath);
    return true;
  });
  return deleted;
}
