import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  eventRegistrations,
  events,
  ministryRegistrations,
  type RegistrationStatus,
} from "../../../database/schema";
import type { StatusTone } from "~/components/status-badge";
import { dayInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { isEventId, isRegistrationClosed } from "../content/events.server";
import { isUuid } from "~/lib/ids";
import type { Executor } from "../messages/outbox.server";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { recordInboxItem } from "../messages/inbox.server";
import { queueMessageEmails, queueSeatFreedEmail } from "../messages/message-emails.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";

export interface RegistrationRow {
  id: string;
  group: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  /** The day it came in on the church's clock, 'YYYY-MM-DD' (the CSV's Date column). */
  date: string;
  /** The moment it came in (the screens write it with formatDateTime). */
  createdAt: Date;
  /** An event registration's place: confirmed, waitlisted or cancelled (none for a ministry). */
  status?: RegistrationStatus;
  /** When the person was checked in at the event. */
  checkedInAt?: Date | null;
  /** They ticked "I would like to receive e-mails" on the form (privacy issue 23). */
  emailConsent: boolean;
}

/** A registration on the screens. */
export interface RegistrationView {
  id: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  /** When it came in, as formatDateTime writes it. */
  received: string;
  /** Anything but an ordinary confirmed registration: waitlisted, cancelled, arrived. */
  badge?: { label: string; tone: StatusTone };
}

function badgeOf(row: RegistrationRow): RegistrationView["badge"] {
  if (row.status === "cancelled") return { label: "Cancelled", tone: "neutral" };
  if (row.status === "waitlisted") return { label: "Waitlisted", tone: "waiting" };
  if (row.checkedInAt) return { label: "Arrived", tone: "good" };
  return undefined;
}

/** A row and where it stands in its list: created_at exactly as stored, to go on after it. */
type Listed = RegistrationRow & { cursorAt: string };

function withoutCursor({ cursorAt: _cursorAt, ...row }: Listed): RegistrationRow {
  return row;
}

/** Ministry sign-ups newest first (then by id, so sign-ups of the same moment keep one order). */
async function ministryRegistrationsQuery(after?: Listed, limit?: number): Promise<Listed[]> {
  const t = ministryRegistrations;
  const query = services()
    .db.select({
      id: t.id,
      ministrySlug: t.ministrySlug,
      name: t.name,
      email: t.email,
      mobile: t.mobile,
      emailConsent: t.emailConsent,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(after && sql`(${t.createdAt}, ${t.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`)
    .orderBy(desc(t.createdAt), desc(t.id))
    .$dynamic();
  const [rows, { ministryBySlug }] = await Promise.all([
    limit ? query.limit(limit) : query,
    getSiteContent(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    group: ministryBySlug(row.ministrySlug)?.name ?? row.ministrySlug,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    message: null,
    date: dayInChurchZone(row.createdAt),
    createdAt: row.createdAt,
    emailConsent: row.emailConsent,
    cursorAt: row.cursorAt,
  }));
}

/** Event registrations newest first (then by id), labelled with the event's title. */
async function eventRegistrationsQuery(after?: Listed, limit?: number): Promise<Listed[]> {
  const t = eventRegistrations;
  const query = services()
    .db.select({
      id: t.id,
      eventTitle: t.eventTitle,
      name: t.name,
      email: t.email,
      mobile: t.mobile,
      message: t.message,
      status: t.status,
      checkedInAt: t.checkedInAt,
      emailConsent: t.emailConsent,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(after && sql`(${t.createdAt}, ${t.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`)
    .orderBy(desc(t.createdAt), desc(t.id))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((row) => ({
    id: row.id,
    group: row.eventTitle,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    message: row.message,
    date: dayInChurchZone(row.createdAt),
    createdAt: row.createdAt,
    status: row.status,
    checkedInAt: row.checkedInAt,
    emailConsent: row.emailConsent,
    cursorAt: row.cursorAt,
  }));
}

/** Everyone who signed up for a ministry, newest first, labelled with the ministry's name. */
export async function listMinistryRegistrations(): Promise<RegistrationRow[]> {
  return (await ministryRegistrationsQuery()).map(withoutCursor);
}

/** Everyone who registered for an event, newest first, labelled with the event's title. */
export async function listEventRegistrations(): Promise<RegistrationRow[]> {
  return (await eventRegistrationsQuery()).map(withoutCursor);
}

/** listMinistryRegistrations for a download: the same rows in the same order, read in batches. */
export function streamMinistryRegistrations(): Promise<AsyncIterable<RegistrationRow>> {
  return readInBatches(ministryRegistrationsQuery);
}

export function streamEventRegistrations(): Promise<AsyncIterable<RegistrationRow>> {
  return readInBatches(eventRegistrationsQuery);
}

/**
 * Rows as the two registration screens show them: grouped by ministry or event, groups in the
 * order their newest registration came, each moment written the members area's way.
 */
export function registrationGroupsView(rows: RegistrationRow[]) {
  const groups = new Map<string, RegistrationView[]>();
  for (const row of rows) {
    const list = groups.get(row.group) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      message: row.message,
      received: formatDateTime(row.createdAt),
      badge: badgeOf(row),
    });
    groups.set(row.group, list);
  }
  return { total: rows.length, groups: [...groups].map(([name, items]) => ({ name, items })) };
}

// Sign-ups from the public pages: a ministry's join form and an event's registration form.

export interface NewMinistryRegistration {
  ministrySlug: string;
  name: string;
  email: string;
  mobile: string;
  /** Agreed to receive the church's e-mails (asked apart from the sign-up). */
  emailConsent?: boolean;
}

/** Someone signed up to a ministry from its public page. */
/**
 * Keeps a ministry sign-up, puts it in the staff inbox and queues its e-mails, in one transaction.
 * `origin` is the site's address, for the links in the e-mails.
 */
export async function saveMinistryRegistration(
  registration: NewMinistryRegistration,
  origin: string,
): Promise<void> {
  const content = await getSiteContent();
  const ministry = content.ministryBySlug(registration.ministrySlug);
  await services().db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ministryRegistrations)
      .values(registration)
      .returning({ id: ministryRegistrations.id, createdAt: ministryRegistrations.createdAt });
    await recordInboxItem(tx, "ministry", row!.id, row!.createdAt);
    const { name, email, mobile, ministrySlug } = registration;
    await queueMessageEmails(
      tx,
      {
        kind: "ministry",
        name,
        email,
        mobile,
        ministry: { slug: ministrySlug, name: ministry?.name ?? ministrySlug },
      },
      content,
      origin,
    );
  });
}

export interface EventRegistrant {
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  /** Agreed to receive the church's e-mails (asked apart from the registration). */
  emailConsent?: boolean;
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
  const content = await getSiteContent();
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
      })
      .returning({ id: eventRegistrations.id, createdAt: eventRegistrations.createdAt });
    await recordInboxItem(tx, "event", row!.id, row!.createdAt);
    await queueMessageEmails(
      tx,
      { kind: "event", ...registrant, event, registration: { id: row!.id, status } },
      content,
      origin,
    );
    return { ok: true, eventTitle: event.title, status } as const;
  });
}

/**
 * Gives free seats to the first people on the waitlist (in the order they registered) and tells
 * each by e-mail. Runs inside the transaction that freed the seats, with the event row locked.
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
