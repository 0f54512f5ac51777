import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { eventRegistrations, events } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { followUpFirstCheckIn } from "../care/auto-follow-ups.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { registrationOfCheckInCode } from "./registration-links.server";

// The door on the day: who registered for an event, who has arrived, one tap to mark a person,
// and the QR code of a confirmation e-mail that names one registration. The first ever check-in of
// someone outside the registry starts (or adds to) their "New visitor" follow-up (issue 38).

export interface CheckInRow {
  id: string;
  name: string;
  email: string;
  mobile: string;
  status: "confirmed" | "waitlisted";
  checkedInAt: Date | null;
}

/** Everyone still registered for an event (confirmed first, then the waitlist), by name. */
export async function listForCheckIn(eventId: string): Promise<CheckInRow[]> {
  if (!isUuid(eventId)) return [];
  const t = eventRegistrations;
  const rows = await services()
    .db.select({
      id: t.id,
      name: t.name,
      email: t.email,
      mobile: t.mobile,
      status: t.status,
      checkedInAt: t.checkedInAt,
    })
    .from(t)
    .where(and(eq(t.eventId, eventId), sql`${t.status} <> 'cancelled'`))
    .orderBy(desc(sql`${t.status} = 'confirmed'`), asc(sql`lower(${t.name})`), asc(t.createdAt));
  return rows as CheckInRow[];
}

/**
 * Marks one registration of the event as arrived now (or, with `arrived` false, not arrived). Null
 * when the registration is not one of this event's.
 */
export async function setArrived(
  eventId: string,
  registrationId: string,
  arrived: boolean,
  actor: Actor,
): Promise<{ name: string; checkedInAt: Date | null } | null> {
  if (!isUuid(eventId) || !isUuid(registrationId)) return null;
  const r = eventRegistrations;
  return services().db.transaction(async (tx) => {
    // Whether they had arrived already: a second tap on "Arrived" is no new check-in.
    const [before] = await tx
      .select({ checkedInAt: r.checkedInAt })
      .from(r)
      .where(eq(r.id, registrationId))
      .for("update");
    const [row] = await tx
      .update(r)
      .set({ checkedInAt: arrived ? sql`coalesce(${r.checkedInAt}, now())` : null })
      .where(and(eq(r.id, registrationId), eq(r.eventId, eventId), sql`${r.status} <> 'cancelled'`))
      .returning({
        name: r.name,
        email: r.email,
        mobile: r.mobile,
        title: r.eventTitle,
        checkedInAt: r.checkedInAt,
      });
    if (!row) return null;
    await logChange(tx, actor, arrived ? "registration.checked-in" : "registration.check-in-undone", {
      subject: { type: "event", id: eventId, label: row.title },
      details: { registration: registrationId },
    });
    if (arrived && !before?.checkedInAt)
      await followUpFirstCheckIn(tx, registrationId, { ...row, eventTitle: row.title }, actor);
    return { name: row.name, checkedInAt: row.checkedInAt };
  });
}

/** What scanning a confirmation's QR code on an event's check-in page came to. */
export type CodeArrival =
  /** Checked in now. */
  | { outcome: "arrived"; id: string; name: string }
  /** Had arrived before: nothing written. */
  | { outcome: "already"; id: string; name: string; checkedInAt: Date }
  /** The code's signature is not ours (altered, made up, or not a check-in code at all). */
  | { outcome: "forged" }
  /** A registration for another event. */
  | { outcome: "other-event"; name: string; eventTitle: string }
  | { outcome: "cancelled"; name: string }
  /** Signed by us, but the registration is gone. */
  | { outcome: "gone" };

/**
 * Checks in the registration a scanned check-in code names, when its signature is ours and it is a
 * live registration of this event. Written and logged like a tap on "Arrived"; nothing is written
 * for any other outcome.
 */
export async function arriveByCode(eventId: string, code: string, actor: Actor): Promise<CodeArrival> {
  const registrationId = registrationOfCheckInCode(code);
  if (!registrationId) return { outcome: "forged" };
  if (!isUuid(eventId) || !isUuid(registrationId)) return { outcome: "gone" };
  const r = eventRegistrations;
  return services().db.transaction(async (tx): Promise<CodeArrival> => {
    const [row] = await tx
      .select({
        eventId: r.eventId,
        eventTitle: r.eventTitle,
        name: r.name,
        email: r.email,
        mobile: r.mobile,
        status: r.status,
        checkedInAt: r.checkedInAt,
      })
      .from(r)
      .where(eq(r.id, registrationId))
      .for("update");
    if (!row) return { outcome: "gone" };
    if (row.eventId !== eventId)
      return { outcome: "other-event", name: row.name, eventTitle: row.eventTitle };
    if (row.status === "cancelled") return { outcome: "cancelled", name: row.name };
    if (row.checkedInAt) {
      return { outcome: "already", id: registrationId, name: row.name, checkedInAt: row.checkedInAt };
    }
    await tx
      .update(r)
      .set({ checkedInAt: sql`now()` })
      .where(eq(r.id, registrationId));
    await logChange(tx, actor, "registration.checked-in", {
      subject: { type: "event", id: eventId, label: row.eventTitle },
      details: { registration: registrationId, by: "qr-code" },
    });
    await followUpFirstCheckIn(tx, registrationId, row, actor);
    return { outcome: "arrived", id: registrationId, name: row.name };
  });
}

export interface AttendanceRow {
  id: string;
  title: string;
  eventDate: string;
  capacity: number | null;
  confirmed: number;
  arrived: number;
}

/** Per event from `since` on, up to `until` when given (soonest first): seats taken and how many came. */
export async function attendanceByEvent(since: string, until?: string): Promise<AttendanceRow[]> {
  const r = eventRegistrations;
  return services()
    .db.select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      capacity: events.capacity,
      confirmed: count(sql`case when ${r.status} = 'confirmed' then 1 end`),
      arrived: count(sql`case when ${r.status} <> 'cancelled' then ${r.checkedInAt} end`),
    })
    .from(events)
    .leftJoin(r, eq(r.eventId, events.id))
    .where(and(gte(events.eventDate, since), until ? lte(events.eventDate, until) : undefined))
    .groupBy(events.id)
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title));
}
