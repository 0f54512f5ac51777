import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  eventRegistrations,
  events,
  groupJoinRequests,
  inboxItems,
  inboxReplies,
  ministryRegistrations,
  outboxEmails,
  visitors,
} from "../../../database/schema";
import { formatDateTime, textParagraphs } from "~/lib/format";
import type { InboxKind, InboxStatus } from "~/lib/inbox";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import type { StaffUser } from "../auth/guards.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { renderEmail, subjectLine, type EmailContent } from "./email-layout.server";
import { type Executor, isSendableAddress, queueEmail } from "./outbox.server";

// The staff inbox: every connect message, ministry sign-up and event registration, with what staff
// did about it. The message itself stays in its own table (visitors, ministry_registrations,
// event_registrations); the inbox row is written in the same transaction.

export type { InboxKind, InboxStatus };

/** Puts a message that just came in into the inbox, as new. */
export async function recordInboxItem(
  executor: Executor,
  kind: InboxKind,
  sourceId: string,
  createdAt: Date,
) {
  await executor.insert(inboxItems).values({ kind, sourceId, createdAt });
}

// Each inbox row is joined with its one source row; the kind says which table it is in, so at most
// one of the five joins finds a row. A row whose source was removed is left out of every list.
// An ask-to-join (issue 37) carries the group's name.
function inboxView(executor: Executor) {
  const v = visitors;
  const m = ministryRegistrations;
  const r = eventRegistrations;
  const g = groupJoinRequests;
  return executor
    .select({
      id: inboxItems.id,
      kind: inboxItems.kind,
      status: inboxItems.status,
      handledBy: inboxItems.handledBy,
      handledAt: inboxItems.handledAt,
      createdAt: inboxItems.createdAt,
      name: sql<string>`coalesce(${v.name}, ${m.name}, ${r.name}, ${g.name})`.as("name"),
      email: sql<string>`coalesce(${v.email}, ${m.email}, ${r.email}, ${g.email})`.as("email"),
      mobile: sql<string>`coalesce(${v.mobile}, ${m.mobile}, ${r.mobile}, ${g.mobile})`.as(
        "mobile",
      ),
      message: sql<string | null>`coalesce(${v.message}, ${r.message}, ${g.message})`.as(
        "message",
      ),
      ministrySlug: m.ministrySlug,
      eventTitle: r.eventTitle,
      eventId: r.eventId,
      groupName: g.groupName,
    })
    .from(inboxItems)
    .leftJoin(v, and(eq(inboxItems.kind, "connect"), eq(v.id, inboxItems.sourceId)))
    .leftJoin(m, and(eq(inboxItems.kind, "ministry"), eq(m.id, inboxItems.sourceId)))
    .leftJoin(r, and(eq(inboxItems.kind, "event"), eq(r.id, inboxItems.sourceId)))
    .leftJoin(g, and(eq(inboxItems.kind, "group"), eq(g.id, inboxItems.sourceId)))
    .where(sql`coalesce(${v.id}, ${m.id}, ${r.id}, ${g.id}) is not null`)
    .as("inbox_view");
}

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word must be found in the name, the e-mail, the mobile number or the message. */
function searchCondition(view: ReturnType<typeof inboxView>, query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const digits = word.replace(/[\s()+.-]/g, "");
      return or(
        ilike(view.name, likePattern(word)),
        ilike(view.email, likePattern(word)),
        ilike(view.mobile, likePattern(word)),
        ilike(view.message, likePattern(word)),
        // "33112233" finds "+973 3311-2233".
        /^\d{3,}$/.test(digits)
          ? sql`regexp_replace(${view.mobile}, '[^0-9]', '', 'g') like ${likePattern(digits)}`
          : undefined,
      );
    }),
  );
}

export interface InboxFilter {
  /** One kind, or every kind when absent. */
  kind?: InboxKind;
  /** The statuses to show (the inbox shows new and handled; archived ones on request). */
  statuses: readonly InboxStatus[];
  query?: string;
  page?: number;
}

export const INBOX_PAGE_SIZE = 30;

export interface InboxListRow {
  id: string;
  kind: InboxKind;
  status: InboxStatus;
  name: string;
  /** The first words of the message, the ministry's name or the event's title. */
  what: string;
  /** When it came in, as the church office reads it. */
  receivedAt: string;
}

/** The first words of a message, on one line. */
function firstWords(text: string, length = 120) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

/** One page of the inbox, newest first. */
export async function listInbox(filter: InboxFilter, pageSize = INBOX_PAGE_SIZE) {
  const { db } = services();
  const view = inboxView(db);
  const where = and(
    filter.kind ? eq(view.kind, filter.kind) : undefined,
    inArray(view.status, [...filter.statuses]),
    searchCondition(view, filter.query ?? ""),
  );
  const [counted] = await db.select({ total: count() }).from(view).where(where);
  const total = counted?.total ?? 0;
  const window = pageWindow(total, pageSize, filter.page ?? 1);
  const [rows, content] = await Promise.all([
    db
      .select({
        id: view.id,
        kind: view.kind,
        status: view.status,
        createdAt: view.createdAt,
        name: view.name,
        message: sql<string | null>`left(${view.message}, 200)`,
        ministrySlug: view.ministrySlug,
        eventTitle: view.eventTitle,
        groupName: view.groupName,
      })
      .from(view)
      .where(where)
      .orderBy(desc(view.createdAt), desc(view.id))
      .limit(window.limit)
      .offset(window.offset),
    getSiteContent(),
  ]);
  const list: InboxListRow[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as InboxKind,
    status: row.status as InboxStatus,
    name: row.name,
    what:
      row.kind === "ministry"
        ? (content.ministryBySlug(row.ministrySlug)?.name ?? row.ministrySlug ?? "")
        : row.kind === "event"
          ? (row.eventTitle ?? "")
          : row.kind === "group"
            ? firstWords(`${row.groupName ?? ""}${row.message ? `: ${row.message}` : ""}`)
            : firstWords(row.message ?? ""),
    receivedAt: formatDateTime(row.createdAt),
  }));
  return { rows: list, total, page: window.page, pages: window.pages };
}

/** How many messages no one has looked after yet: the badge on the dashboard and the inbox. */
export async function countNewInboxItems(): Promise<number> {
  const { db } = services();
  const view = inboxView(db);
  const [row] = await db.select({ n: count() }).from(view).where(eq(view.status, "new"));
  return row?.n ?? 0;
}

/** One inbox item with everything its page shows, or null when there is none with this id. */
async function readInboxItem(executor: Executor, id: string) {
  if (!isUuid(id)) return null;
  const view = inboxView(executor);
  const [row] = await executor
    .select({
      id: view.id,
      kind: view.kind,
      status: view.status,
      handledBy: view.handledBy,
      handledAt: view.handledAt,
      createdAt: view.createdAt,
      name: view.name,
      email: view.email,
      mobile: view.mobile,
      message: view.message,
      ministrySlug: view.ministrySlug,
      eventTitle: view.eventTitle,
      groupName: view.groupName,
      // The event's id only while the event still exists.
      eventId: events.id,
    })
    .from(view)
    .leftJoin(events, eq(events.id, view.eventId))
    .where(eq(view.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, kind: row.kind as InboxKind, status: row.status as InboxStatus };
}

type StoredItem = NonNullable<Awaited<ReturnType<typeof readInboxItem>>>;

/** Whether a reply can be sent to this address (the outbox's own rule). */
export const canReplyTo = isSendableAddress;

/** An inbox item as its page shows it, with the replies sent so far (oldest first). */
export async function getInboxItem(id: string) {
  const { db } = services();
  const item = await readInboxItem(db, id);
  if (!item) return null;
  const [replies, content] = await Promise.all([
    db
      .select({
        id: inboxReplies.id,
        toAddress: inboxReplies.toAddress,
        body: inboxReplies.body,
        sentBy: inboxReplies.sentBy,
        createdAt: inboxReplies.createdAt,
        emailStatus: outboxEmails.status,
      })
      .from(inboxReplies)
      .leftJoin(outboxEmails, eq(outboxEmails.id, inboxReplies.outboxId))
      .where(eq(inboxReplies.itemId, item.id))
      .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id)),
    getSiteContent(),
  ]);
  const ministry = item.kind === "ministry" ? content.ministryBySlug(item.ministrySlug) : undefined;
  return {
    ...item,
    ministry: item.ministrySlug
      ? { slug: item.ministrySlug, name: ministry?.name ?? item.ministrySlug, exists: !!ministry }
      : null,
    event: item.kind === "event" ? { id: item.eventId, title: item.eventTitle ?? "" } : null,
    group: item.kind === "group" ? { name: item.groupName ?? "" } : null,
    canReply: canReplyTo(item.email),
    replies,
  };
}

/** What a staff member can do to an item from its page. */
export type InboxChange = "handled" | "new" | "archived" | "restored";

/**
 * Marks an item handled or new, archives it or moves it back to the inbox (as handled), recording
 * who did it and when. Returns false when there is no such item.
 */
export async function changeInboxStatus(id: string, change: InboxChange, actor: StaffUser) {
  if (!isUuid(id)) return false;
  const now = new Date();
  const values =
    change === "new"
      ? { status: "new", handledBy: null, handledAt: null }
      : { status: change === "restored" ? "handled" : change, handledBy: actor.name, handledAt: now };
  return services().db.transaction(async (tx) => {
    const updated = await tx
      .update(inboxItems)
      .set(values)
      .where(eq(inboxItems.id, id))
      .returning({ id: inboxItems.id, kind: inboxItems.kind });
    if (updated.length === 0) return false;
    await logChange(tx, actor, `inbox.${change}`, {
      subject: { type: "inbox", id, label: updated[0]!.kind },
    });
    return true;
  });
}

export const REPLY_KIND = "reply";

/** The reply e-mail: the staff member's text, then what the person sent, quoted. */
export function replyEmail(item: StoredItem, body: string, content: SiteContent): EmailContent {
  const church = content.church.name;
  const about =
    item.kind === "ministry"
      ? `your sign-up for ${content.ministryBySlug(item.ministrySlug)?.name ?? item.ministrySlug}`
      : item.kind === "event"
        ? `your registration for ${item.eventTitle}`
        : item.kind === "group"
          ? `your request to join ${item.groupName}`
          : `your message to ${church}`;
  const quote = (text: string) =>
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n");
  const original = item.message?.trim()
      ? [`On ${formatDateTime(item.createdAt)}, you wrote:`, quote(item.message.trim())]
      : [];
  return renderEmail(content, `Re: ${about}`, {
    // A name is one line wherever it is shown.
    heading: `Hello ${subjectLine(item.name)},`,
    paragraphs: [...textParagraphs(body), ...original],
  });
}

/**
 * Queues a reply by e-mail to the person who sent the item, records it with the item and marks the
 * item handled (an archived one stays archived), all in one transaction.
 */
export async function replyToInboxItem(id: string, body: string, actor: StaffUser): Promise<void> {
  const content = await getSiteContent();
  await services().db.transaction(async (tx) => {
    const item = await readInboxItem(tx, id);
    if (!item) throw notFound("That message could not be found.");
    if (!canReplyTo(item.email))
      throw new AppError("This person left no e-mail address that a reply can be sent to.", 400);
    const outboxId = await queueEmail(tx, {
      kind: REPLY_KIND,
      to: item.email,
      ...replyEmail(item, body, content),
    });
    await tx.insert(inboxReplies).values({
      itemId: item.id,
      toAddress: item.email,
      body,
      sentBy: actor.name,
      outboxId,
    });
    await tx
      .update(inboxItems)
      .set({
        status: sql`case when ${inboxItems.status} = 'archived' then 'archived' else 'handled' end`,
        handledBy: actor.name,
        handledAt: new Date(),
      })
      .where(eq(inboxItems.id, item.id));
    await logChange(tx, actor, "inbox.replied", {
      subject: { type: "inbox", id, label: item.name },
      details: { to: item.email },
    });
  });
}
