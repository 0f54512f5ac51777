import { desc, eq, sql } from "drizzle-orm";
import { eventRegistrations, events, ministryRegistrations } from "../../../database/schema";
import { dayInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { isEventId } from "../content/events.server";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { recordInboxItem } from "../messages/inbox.server";
import { queueMessageEmails } from "../messages/message-emails.server";
import { getSiteContent } from "../site/site-content.server";

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
  origin: string,
): Promise<RegistrationOutcome> {
  if (!isEventId(eventId)) return { ok: false, reason: "not-found" };
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        title: events.title,
        eventDate: events.eventDate,
        eventTime: events.eventTime,
        eventEndTime: events.eventEndTime,
        locationName: events.locationName,
        googleMapsUrl: events.googleMapsUrl,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .for("share")
      .limit(1);
    if (!event) return { ok: false, reason: "not-found" } as const;
    if (event.eventDate < today) return { ok: false, reason: "past" } as const;
    const [row] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        eventTitle: event.title,
        name: registrant.name,
        email: registrant.email,
        mobile: registrant.mobile,
        message: registrant.message,
      })
      .returning({ id: eventRegistrations.id, createdAt: eventRegistrations.createdAt });
    await recordInboxItem(tx, "event", row!.id, row!.createdAt);
    await queueMessageEmails(tx, { kind: "event", ...registrant, event }, content, origin);
    return { ok: true, eventTitle: event.title } as const;
  });
}
