import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { eventRegistrations, events } from "../../../database/schema";
import type { Locale } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import { isEventId, isRegistrationClosed } from "../content/events.server";
import type { Executor } from "../messages/outbox.server";
import { services } from "../platform/services.server";
import { followUpRegistration } from "../care/auto-follow-ups.server";
import { recordInboxItem } from "../messages/inbox.server";
import { queueMessageEmails, queueSeatFreedEmail } from "../messages/message-emails.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";

// An event's seats: registering (a seat or the waitlist), cancelling, and giving freed seats away,
// each under the event row's lock (ADR 015).

export interface EventRegistrant {
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  /** Agreed to receive the church's e-mails (asked apart from the registration). */
  emailConsent?: boolean;
  /** The language of the page they registered on (issue 39): their e-mails' language. */
  language?: Locale;
}

export type RegistrationOutcome =
  | { ok: true; eventTitle: string; status: "confirmed" | "waitlisted" }
  | { ok: false; reason: "not-found" | "past" | "closed" };

const eventForRegistration = {
  id: events.id,
  title: events.title,
  eventDate: events.eventDate,
  eventTime: events.eventTime,
  eventEndTime: events.eventEndTime,
  locationName: events.locationName,
  googleMapsUrl: events.googleMapsUrl,
  capacity: events.capacity,
  registrationDeadline: events.registrationDeadline,
};

/** Registrations holding a seat at an event. */
async function confirmedCount(executor: Executor, eventId: string): Promise<number> {
  const [row] = await executor
    .select({ taken: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "confirmed")));
  return row?.taken ?? 0;
}

/** Seats taken and people waiting, per event (events with neither are left out). */
export async function seatCounts(
  eventIds: string[],
): Promise<Map<string, { taken: number; waiting: number }>> {
  const counts = new Map<string, { taken: number; waiting: number }>();
  if (eventIds.length === 0) return counts;
  const rows = await services()
    .db.select({ eventId: eventRegistrations.eventId, status: eventRegistrations.status, n: count() })
    .from(eventRegistrations)
    .where(and(inArray(eventRegistrations.eventId, eventIds), ne(eventRegistrations.status, "cancelled")))
    .groupBy(eventRegistrations.eventId, eventRegistrations.status);
  for (const row of rows) {
    const entry = counts.get(row.eventId!) ?? { taken: 0, waiting: 0 };
    if (row.status === "confirmed") entry.taken = row.n;
    else entry.waiting = row.n;
    counts.set(row.eventId!, entry);
  }
  return counts;
}

/**
 * Registers someone for an event that still exists, has not yet taken place (its date is `today`
 * or later) and whose registration has not closed. With a capacity, the registration takes a seat
 * while one is free and joins the waitlist otherwise. The event row is locked for the whole
 * transaction, so registrations for one event are counted one after another (on every server) and
 * never give away more seats than there are; the title is copied, so the registration keeps it
 * even if the event is later deleted.
 */
export async function registerForEvent(
  eventId: string,
  registrant: EventRegistrant,
  today: string,
  origin: string,
): Promise<RegistrationOutcome> {
  if (!isEventId(eventId)) return { ok: false, reason: "not-found" };
  const language = registrant.language ?? "en";
  const content = await getSiteContent(language);
  return services().db.transaction(async (tx) => {
    const [event] = await tx
      .select(eventForRegistration)
      .from(events)
      .where(eq(events.id, eventId))
      .for("update")
      .limit(1);
    if (!event) return { ok: false, reason: "not-found" } as const;
    if (event.eventDate < today) return { ok: false, reason: "past" } as const;
    if (isRegistrationClosed(event)) return { ok: false, reason: "closed" } as const;
    const status =
      event.capacity !== null && (await confirmedCount(tx, event.id)) >= event.capacity
        ? "waitlisted"
        : "confirmed";
    const [row] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        eventTitle: event.title,
        name: registrant.name,
        email: registrant.email,
        mobile: registrant.mobile,
        message: registrant.message,
        emailConsent: registrant.emailConsent ?? false,
        status,
        language,
      })
      .returning({ id: eventRegistrations.id, createdAt: eventRegistrations.createdAt });
    await recordInboxItem(tx, "event", row!.id, row!.createdAt);
    // Someone outside the registry is someone to welcome (issue 38).
    await followUpRegistration(tx, registrant, event);
    await queueMessageEmails(
      tx,
      { kind: "event", ...registrant, language, event, registration: { id: row!.id, status } },
      content,
      origin,
    );
    return { ok: true, eventTitle: event.title, status } as const;
  });
}

/**
 * Gives free seats to the first people on the waitlist (in the order they registered) and tells
 * each by e-mail, in the language they registered in. Runs inside the transaction that freed the
 * seats, with the event row locked.
 */
export async function promoteFromWaitlist(
  tx: Executor,
  event: { id: string; capacity: number | null },
  content: SiteContent,
  origin: string,
): Promise<number> {
  const waiting = eq(eventRegistrations.status, "waitlisted");
  const free =
    event.capacity === null ? Number.MAX_SAFE_INTEGER : event.capacity - (await confirmedCount(tx, event.id));
  if (free <= 0) return 0;
  const promoted = await tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), waiting))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
    .limit(Math.min(free, 10_000));
  if (promoted.length === 0) return 0;
  const rows = await tx
    .update(eventRegistrations)
    .set({ status: "confirmed" })
    .where(
      inArray(
        eventRegistrations.id,
        promoted.map((row) => row.id),
      ),
    )
    .returning();
  const [full] = await tx.select(eventForRegistration).from(events).where(eq(events.id, event.id));
  for (const row of rows) {
    await queueSeatFreedEmail(tx, { ...row, event: full! }, content, origin);
  }
  return rows.length;
}

export type CancelOutcome =
  { ok: true; eventTitle: string } | { ok: false; reason: "not-found" | "already-cancelled" };

/**
 * Cancels a registration from its confirmation's link. A seat it held goes to the first person on
 * the waitlist, in the same transaction.
 */
export async function cancelRegistration(registrationId: string, origin: string): Promise<CancelOutcome> {
  if (!isUuid(registrationId)) return { ok: false, reason: "not-found" };
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const [found] = await tx
      .select({ eventId: eventRegistrations.eventId })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registrationId));
    if (!found) return { ok: false, reason: "not-found" } as const;
    // The event first, then the registration: the order registering takes too.
    const [event] = found.eventId
      ? await tx
          .select({ id: events.id, capacity: events.capacity })
          .from(events)
          .where(eq(events.id, found.eventId))
          .for("update")
      : [];
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registrationId))
      .for("update");
    if (!registration) return { ok: false, reason: "not-found" } as const;
    if (registration.status === "cancelled") return { ok: false, reason: "already-cancelled" } as const;
    await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(eventRegistrations.id, registrationId));
    if (event && registration.status === "confirmed") await promoteFromWaitlist(tx, event, content, origin);
    return { ok: true, eventTitle: registration.eventTitle } as const;
  });
}

/** A registration as its cancel page shows it; null for none. */
export async function getRegistrationForCancel(registrationId: string) {
  if (!isUuid(registrationId)) return null;
  const [row] = await services()
    .db.select({
      id: eventRegistrations.id,
      eventId: eventRegistrations.eventId,
      eventTitle: eventRegistrations.eventTitle,
      name: eventRegistrations.name,
      status: eventRegistrations.status,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  return row ?? null;
}
