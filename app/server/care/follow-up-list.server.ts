import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { followUps, users } from "../../../database/schema";
import { effectiveDue, isOverdue, type FollowUpStatus } from "~/lib/care";
import { todayInChurchZone } from "~/lib/dates";
import { pageWindow } from "~/lib/paging";
import { FOLLOW_UPS_PAGE_SIZE, STATUS_FILTERS, type FollowUpQuery } from "~/schemas/care-list";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// The follow-ups list (issue 38): filtered by whose and which statuses, searched by name, and
// sorted by the day each is next due (a snooze moves it later), so the most pressing come first.

export interface FollowUpListRow {
  id: string;
  name: string;
  memberId: string | null;
  reason: string;
  /** The title of the current step (the first not done), when it has steps left. */
  step: string | null;
  assigneeName: string | null;
  dueOn: string;
  snoozedUntil: string | null;
  /** The day it is next due: its due date, or the snooze when that is later. */
  due: string;
  status: FollowUpStatus;
  overdue: boolean;
}

/** LIKE treats % and _ as wildcards; a search for them should find them. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function nameSearch(query: string) {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  // Every word in the name or the e-mail address ("ana cruz" finds Ana Maria Cruz).
  return and(
    ...words.map((word) => {
      const pattern = likePattern(word.toLowerCase());
      return or(
        sql`lower(${followUps.name}) like ${pattern}`,
        sql`lower(${followUps.email}) like ${pattern}`,
      );
    }),
  );
}

// Written out with the table's name: inside the subquery, a bare "id" would be the step's own.
const currentStep = sql<string | null>`(select s.title from follow_up_steps s
  where s.follow_up_id = "follow_ups"."id" and s.done_at is null order by s.position limit 1)`;

const dueOrder = sql`greatest(${followUps.dueOn}, ${followUps.snoozedUntil})`;

/** One page of follow-ups for the list, and how many match in all. */
export async function listFollowUps(
  query: FollowUpQuery,
  viewer: { id: string },
  page = 1,
  today = todayInChurchZone(),
  executor: Executor = services().db,
) {
  const where = and(
    inArray(followUps.status, [...STATUS_FILTERS[query.status].statuses]),
    query.whose === "mine"
      ? eq(followUps.assigneeId, viewer.id)
      : query.whose === "unassigned"
        ? isNull(followUps.assigneeId)
        : undefined,
    nameSearch(query.q),
  );
  const [counted] = await executor.select({ total: count() }).from(followUps).where(where);
  const total = counted?.total ?? 0;
  const window = pageWindow(total, FOLLOW_UPS_PAGE_SIZE, page);
  const rows = await executor
    .select({
      id: followUps.id,
      name: followUps.name,
      memberId: followUps.memberId,
      reason: followUps.reason,
      step: currentStep,
      assigneeName: users.name,
      assigneeEmail: users.email,
      dueOn: followUps.dueOn,
      snoozedUntil: followUps.snoozedUntil,
      status: followUps.status,
    })
    .from(followUps)
    .leftJoin(users, eq(users.id, followUps.assigneeId))
    .where(where)
    .orderBy(asc(dueOrder), asc(followUps.createdAt), asc(followUps.id))
    .limit(window.limit)
    .offset(window.offset);
  const list: FollowUpListRow[] = rows.map(({ assigneeName, assigneeEmail, ...row }) => ({
    ...row,
    status: row.status as FollowUpStatus,
    assigneeName: assigneeName?.trim() || assigneeEmail || null,
    due: effectiveDue(row),
    overdue: isOverdue(row, today),
  }));
  return { rows: list, total, page: window.page, pages: window.pages };
}
