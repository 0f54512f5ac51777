import { desc, sql } from "drizzle-orm";
import { eventRegistrations, ministryRegistrations } from "../../../database/schema";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";

export interface RegistrationRow {
  id: string;
  group: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  date: string;
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
    date: row.createdAt.toISOString().slice(0, 10),
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
    date: row.createdAt.toISOString().slice(0, 10),
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

/** Rows grouped by ministry or event, groups in the order their newest registration came. */
export function groupRegistrations(rows: RegistrationRow[]) {
  const groups = new Map<string, RegistrationRow[]>();
  for (const row of rows) {
    const list = groups.get(row.group) ?? [];
    list.push(row);
    groups.set(row.group, list);
  }
  return [...groups].map(([name, items]) => ({ name, items }));
}
