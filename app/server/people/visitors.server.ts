import { count, desc, getTableColumns, sql } from "drizzle-orm";
import { visitors, type Visitor } from "../../../database/schema";
import type { Locale } from "~/lib/i18n";
import { pageWindow } from "~/lib/paging";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { followUpConnectMessage } from "../care/auto-follow-ups.server";
import { recordInboxItem } from "../messages/inbox.server";
import { queueMessageEmails } from "../messages/message-emails.server";
import { getSiteContent } from "../site/site-content.server";

export interface VisitorMessage {
  name: string;
  mobile: string;
  email: string;
  message: string;
  /** The language of the page it was sent from (issue 39): its confirmation is written in it. */
  language?: Locale;
}

/**
 * Keeps a message sent through the connect form, puts it in the staff inbox, starts a "New
 * visitor" follow-up when the sender is new, and queues its e-mails (the visitor's confirmation,
 * the staff notifications), all in one transaction.
 * `origin` is the site's address, for the links in the e-mails.
 */
export async function saveVisitorMessage(visitor: VisitorMessage, origin: string): Promise<void> {
  const language = visitor.language ?? "en";
  const content = await getSiteContent(language);
  await services().db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitors)
      .values({
        name: visitor.name,
        mobile: visitor.mobile,
        email: visitor.email,
        message: visitor.message,
        language,
      })
      .returning({ id: visitors.id, createdAt: visitors.createdAt });
    await recordInboxItem(tx, "connect", row!.id, row!.createdAt);
    await followUpConnectMessage(tx, row!.id, visitor);
    const { name, mobile, email, message } = visitor;
    await queueMessageEmails(
      tx,
      { kind: "connect", name, mobile, email, message, language },
      content,
      origin,
    );
  });
}

type VisitorRow = Visitor & { cursorAt: string };

/** Visitors newest first (then by id, so rows sent at the same moment keep one order). */
async function visitorsQuery(after?: VisitorRow, limit?: number): Promise<VisitorRow[]> {
  const query = services()
    .db.select({ ...getTableColumns(visitors), cursorAt: sql<string>`${visitors.createdAt}::text` })
    .from(visitors)
    .where(
      after &&
        sql`(${visitors.createdAt}, ${visitors.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
    )
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .$dynamic();
  return limit ? query.limit(limit) : query;
}

export async function listVisitors(): Promise<Visitor[]> {
  return (await visitorsQuery()).map(({ cursorAt: _cursorAt, ...visitor }) => visitor);
}

export async function countVisitors(): Promise<number> {
  const [row] = await services().db.select({ n: count() }).from(visitors);
  return row?.n ?? 0;
}

export const VISITORS_PAGE_SIZE = 50;

/** One page of the visitors, newest first, for the reports screen (the CSV has them all). */
export async function listVisitorsPage(askedPage: number, size = VISITORS_PAGE_SIZE) {
  const { db } = services();
  const total = await countVisitors();
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select()
    .from(visitors)
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total, page: window.page, pages: window.pages };
}

export function streamVisitors() {
  return readInBatches(visitorsQuery);
}
