import { and, asc, count, eq, gte } from "drizzle-orm";
import { eventRegistrations, events } from "../../../database/schema";
import { services } from "../platform/services.server";

/** How many upcoming events the dashboard names (the events screen lists them all). */
export const DASHBOARD_EVENTS = 3;

/**
 * The next events (today, the church's date, or later; soonest first), each with how many people
 * hold a seat at it, and how many upcoming events there are in all.
 */
export async function upcomingEventsWithRegistrations(today: string, limit = DASHBOARD_EVENTS) {
  const { db } = services();
  const upcoming = gte(events.eventDate, today);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(events).where(upcoming),
    db
      .select({
        id: events.id,
        title: events.title,
        eventDate: events.eventDate,
        eventTime: events.eventTime,
        registrations: count(eventRegistrations.id),
      })
      .from(events)
      // Seats taken: people on the waitlist or who cancelled are not coming.
      .leftJoin(
        eventRegistrations,
        and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.status, "confirmed")),
      )
      .where(upcoming)
      .groupBy(events.id)
      .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title), asc(events.id))
      .limit(limit),
  ]);
  return { total, events: rows };
}
