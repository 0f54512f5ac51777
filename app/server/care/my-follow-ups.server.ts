import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { followUps } from "../../../database/schema";
import { isOverdue } from "~/lib/care";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { OPEN_STATUSES } from "./follow-ups.server";

// One account's own follow-ups (issue 38): the dashboard's "My follow-ups" and the daily digest
// read them here, in one query each (the dashboard stays fast): the open and waiting ones
// assigned to the account, by the day each is next due (a snooze moves it later).

export interface MyFollowUp {
  id: string;
  name: string;
  reason: string;
  /** The current step's title (the first not done), or null without a workflow. */
  step: string | null;
  /** The day it is next due: its due date, or the day it is snoozed to when that is later. */
  dueOn: string;
  overdue: boolean;
  /** Due on `today` itself (not overdue yet). */
  dueToday: boolean;
}

export interface MyFollowUps {
  rows: MyFollowUp[];
  /** How many there are in all (rows holds the first few). */
  total: number;
  overdue: number;
}

const f = followUps;
// greatest() passes over a null: the due date unless a snooze is later.
const effectiveDueSql = sql<string>`greatest(${f.dueOn}, ${f.snoozedUntil})::text`;

/**
 * The account's open follow-ups, soonest due first (then oldest): those snoozed past `today` are
 * left out; with `dueBy`, only those due by then (the digest: due today or overdue).
 */
export async function assignedFollowUps(
  executor: Executor,
  userId: string,
  today: string,
  options: { limit: number; dueBy?: string },
): Promise<MyFollowUps> {
  const rows = await executor
    .select({
      id: f.id,
      name: f.name,
      reason: f.reason,
      status: f.status,
      dueOn: f.dueOn,
      snoozedUntil: f.snoozedUntil,
      effectiveDue: effectiveDueSql,
      // Written out: in a select list the ORM names columns without their table, which a
      // subquery would read as its own.
      step: sql<string | null>`(select s.title from follow_up_steps s
        where s.follow_up_id = "follow_ups"."id" and s.done_at is null order by s.position limit 1)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where greatest(${f.dueOn}, ${f.snoozedUntil}) < ${today}::date) over ()`.mapWith(
          Number,
        ),
    })
    .from(f)
    .where(
      and(
        eq(f.assigneeId, userId),
        inArray(f.status, [...OPEN_STATUSES]),
        sql`coalesce(${f.snoozedUntil}, ${today}::date) <= ${today}::date`,
        options.dueBy ? sql`greatest(${f.dueOn}, ${f.snoozedUntil}) <= ${options.dueBy}::date` : undefined,
      ),
    )
    .orderBy(asc(effectiveDueSql), asc(f.createdAt), asc(f.id))
    .limit(options.limit);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      reason: row.reason,
      step: row.step,
      dueOn: row.effectiveDue,
      overdue: isOverdue(row, today),
      dueToday: row.effectiveDue === today,
    })),
    total: rows[0]?.total ?? 0,
    overdue: rows[0]?.overdue ?? 0,
  };
}

/** The dashboard's "My follow-ups": the first few of the account's open follow-ups. */
export const MY_FOLLOW_UPS_SHOWN = 8;

export function myFollowUps(userId: string, today: string): Promise<MyFollowUps> {
  return assignedFollowUps(services().db, userId, today, { limit: MY_FOLLOW_UPS_SHOWN });
}

/** How many of the account's follow-ups are due today or overdue: what its digest would list. */
export async function dueFollowUpCounts(userId: string, today: string) {
  const { total, overdue } = await assignedFollowUps(services().db, userId, today, {
    limit: 1,
    dueBy: today,
  });
  return { total, overdue };
}
