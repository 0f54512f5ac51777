import { desc } from "drizzle-orm";
import { eventRegistrations, ministryRegistrations } from "../../database/schema";
import { getMinistry } from "~/content/ministries";
import { services } from "./services.server";

export interface RegistrationRow {
  id: string;
  group: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  date: string;
}

/** Everyone who signed up for a ministry, newest first, labelled with the ministry's name. */
export async function listMinistryRegistrations(): Promise<RegistrationRow[]> {
  const rows = await services()
    .db.select()
    .from(ministryRegistrations)
    .orderBy(desc(ministryRegistrations.createdAt), desc(ministryRegistrations.id));
  return rows.map((row) => ({
    id: row.id,
    group: getMinistry(row.ministrySlug)?.name ?? row.ministrySlug,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    message: null,
    date: row.createdAt.toISOString().slice(0, 10),
  }));
}

/** Everyone who registered for an event, newest first, labelled with the event's title. */
export async function listEventRegistrations(): Promise<RegistrationRow[]> {
  const rows = await services()
    .db.select()
    .from(eventRegistrations)
    .orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.id));
  return rows.map((row) => ({
    id: row.id,
    group: row.eventTitle,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    message: row.message,
    date: row.createdAt.toISOString().slice(0, 10),
  }));
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
