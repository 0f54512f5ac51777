import { and, count, desc, gte, sql } from "drizzle-orm";
import { eventRegistrations, ministryRegistrations, type RegistrationStatus } from "../../../database/schema";
import type { StatusTone } from "~/components/status-badge";
import { dayInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import type { Locale } from "~/lib/i18n";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { slugInScope, type MinistryScope } from "../auth/ministry-scope.server";
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

type RegistrationTable = typeof ministryRegistrations | typeof eventRegistrations;

/** What both lists read of a row, and where it stands in its list: created_at exactly as stored. */
const listedColumns = (t: RegistrationTable) => ({
  id: t.id,
  name: t.name,
  email: t.email,
  mobile: t.mobile,
  emailConsent: t.emailConsent,
  createdAt: t.createdAt,
  cursorAt: sql<string>`${t.createdAt}::text`,
});

/** A row of either list as read with listedColumns, with its day on the church's clock. */
const listedRow = (
  row: Pick<Listed, "id" | "name" | "email" | "mobile" | "emailConsent" | "createdAt" | "cursorAt">,
) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  date: dayInChurchZone(row.createdAt),
  createdAt: row.createdAt,
  emailConsent: row.emailConsent,
  cursorAt: row.cursorAt,
});

/** The rows after `after` in the lists' order: newest first, then by id. */
const afterRow = (t: RegistrationTable, after: Listed) =>
  sql`(${t.createdAt}, ${t.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`;

/**
 * Ministry sign-ups newest first (then by id, so sign-ups of the same moment keep one order); with
 * a `scope`, only those of its ministries.
 */
const ministryRegistrationsQuery = (scope?: MinistryScope) => async (after?: Listed, limit?: number) => {
  const t = ministryRegistrations;
  const query = services()
    .db.select({ ...listedColumns(t), ministrySlug: t.ministrySlug })
    .from(t)
    .where(and(slugInScope(t.ministrySlug, scope), after && afterRow(t, after)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .$dynamic();
  const [rows, { ministryBySlug }] = await Promise.all([
    limit ? query.limit(limit) : query,
    getSiteContent(),
  ]);
  return rows.map((row): Listed => ({
    ...listedRow(row),
    group: ministryBySlug(row.ministrySlug)?.name ?? row.ministrySlug,
    message: null,
  }));
};

/** Event registrations newest first (then by id), labelled with the event's title. */
async function eventRegistrationsQuery(after?: Listed, limit?: number): Promise<Listed[]> {
  const t = eventRegistrations;
  const query = services()
    .db.select({
      ...listedColumns(t),
      eventTitle: t.eventTitle,
      message: t.message,
      status: t.status,
      checkedInAt: t.checkedInAt,
    })
    .from(t)
    .where(after && afterRow(t, after))
    .orderBy(desc(t.createdAt), desc(t.id))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((row) => ({
    ...listedRow(row),
    group: row.eventTitle,
    message: row.message,
    status: row.status,
    checkedInAt: row.checkedInAt,
  }));
}

/**
 * Everyone who signed up for a ministry, newest first, labelled with the ministry's name; with a
 * `scope` (a role limited to ministries), only those of its ministries.
 */
export async function listMinistryRegistrations(scope?: MinistryScope): Promise<RegistrationRow[]> {
  return (await ministryRegistrationsQuery(scope)()).map(withoutCursor);
}

/** Everyone who registered for an event, newest first, labelled with the event's title. */
export async function listEventRegistrations(): Promise<RegistrationRow[]> {
  return (await eventRegistrationsQuery()).map(withoutCursor);
}

/** listMinistryRegistrations for a download: the same rows in the same order, read in batches. */
export function streamMinistryRegistrations(scope?: MinistryScope): Promise<AsyncIterable<RegistrationRow>> {
  return readInBatches(ministryRegistrationsQuery(scope));
}

export function streamEventRegistrations(): Promise<AsyncIterable<RegistrationRow>> {
  return readInBatches(eventRegistrationsQuery);
}

/** How many ministry sign-ups came in since `since` (with a `scope`, of its ministries only). */
export async function countMinistryRegistrations(scope: MinistryScope | undefined, since: Date) {
  const t = ministryRegistrations;
  const [row] = await services()
    .db.select({ total: count() })
    .from(t)
    .where(and(slugInScope(t.ministrySlug, scope), gte(t.createdAt, since)));
  return row?.total ?? 0;
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
  /** The language of the page they signed up on (issue 39): their confirmation's. */
  language?: Locale;
}

/**
 * Keeps a ministry sign-up from its public page, puts it in the staff inbox and queues its
 * e-mails, in one transaction. `origin` is the site's address, for the links in the e-mails.
 */
export async function saveMinistryRegistration(
  registration: NewMinistryRegistration,
  origin: string,
): Promise<void> {
  const language = registration.language ?? "en";
  const content = await getSiteContent(language);
  const ministry = content.ministryBySlug(registration.ministrySlug);
  await services().db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ministryRegistrations)
      .values({ ...registration, language })
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
        language,
      },
      content,
      origin,
    );
  });
}
