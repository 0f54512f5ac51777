import { and, asc, desc, eq, sql } from "drizzle-orm";
import { careWorkflows, followUpNotes, followUpSteps, followUps, members } from "../../../database/schema";
import { effectiveDue, isOverdue, type FollowUpStatus } from "~/lib/care";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { CARE_LIMITS, newFollowUpSchema } from "~/schemas/care";
import { AppError, notFound } from "../http/errors.server";
import { memberSearchCondition } from "../people/member-list-filter.server";
import type { Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { accountNames, checkAssignee, namesByEmail } from "./assignees.server";
import { startFollowUp } from "./follow-ups.server";

// A follow-up's card (issue 38): who it is about, why, its steps and notes, as the card screen
// shows it; and a follow-up started by hand from the "New follow-up" screen.

export const FOLLOW_UP_NOT_FOUND = "That follow-up could not be found. It may have been erased.";
const MEMBER_NOT_FOUND =
  "That member could not be found. They may have been deleted; please find them again.";

export type FollowUpRow = typeof followUps.$inferSelect;

export interface FollowUpStepView {
  id: string;
  position: number;
  title: string;
  dueOn: string;
  assigneeName: string | null;
  doneAt: Date | null;
  doneBy: string | null;
  /** The first step not done yet: the one to do now. */
  isCurrent: boolean;
}

export interface FollowUpCard {
  id: string;
  memberId: string | null;
  /** The member's profile can be opened (the member is in the registry and not deleted). */
  memberLinked: boolean;
  name: string;
  email: string;
  mobile: string;
  reason: string;
  source: string;
  workflowName: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  dueOn: string;
  due: string;
  snoozedUntil: string | null;
  status: FollowUpStatus;
  overdue: boolean;
  createdAt: Date;
  createdBy: string;
  closedAt: Date | null;
  steps: FollowUpStepView[];
  notes: { id: string; body: string; author: string; createdAt: Date }[];
}

/** A follow-up's row by id, or a 404 refusal (a forged id learns nothing). `lock` holds it for a change. */
export async function getFollowUp(
  followUpId: string,
  executor: Executor = services().db,
  lock = false,
): Promise<FollowUpRow> {
  if (!isUuid(followUpId)) throw notFound(FOLLOW_UP_NOT_FOUND);
  const query = executor.select().from(followUps).where(eq(followUps.id, followUpId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(FOLLOW_UP_NOT_FOUND);
  return row;
}

/**
 * Who wrote a note, did a step or started the follow-up, as the card names them: an account by its
 * name (when recorded by its address), the site's own moments in words.
 */
function authorInWords(author: string, names: Map<string, string>): string {
  if (author === "visitor") return "The website (a visitor)";
  if (author === "system" || author === "console") return "The website";
  return names.get(author) ?? author;
}

/** The card: the follow-up with its steps (in order) and its notes (newest first). */
export async function getFollowUpCard(
  followUpId: string,
  today = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<FollowUpCard> {
  const row = await getFollowUp(followUpId, executor);
  const [steps, notes, workflow, member] = await Promise.all([
    executor
      .select()
      .from(followUpSteps)
      .where(eq(followUpSteps.followUpId, row.id))
      .orderBy(asc(followUpSteps.position)),
    executor
      .select({
        id: followUpNotes.id,
        body: followUpNotes.body,
        author: followUpNotes.author,
        createdAt: followUpNotes.createdAt,
      })
      .from(followUpNotes)
      .where(eq(followUpNotes.followUpId, row.id))
      .orderBy(desc(followUpNotes.createdAt), desc(followUpNotes.id)),
    row.workflowId
      ? executor
          .select({ name: careWorkflows.name })
          .from(careWorkflows)
          .where(eq(careWorkflows.id, row.workflowId))
      : Promise.resolve([]),
    row.memberId
      ? executor
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.id, row.memberId), sql`${members.deletedAt} is null`))
      : Promise.resolve([]),
  ]);
  const [names, authors] = await Promise.all([
    accountNames(executor, [row.assigneeId, ...steps.map((step) => step.assigneeId)]),
    namesByEmail(executor, [
      row.createdBy,
      ...notes.map((note) => note.author),
      ...steps.map((step) => step.doneBy),
    ]),
  ]);
  const current = steps.find((step) => step.doneAt === null);
  return {
    id: row.id,
    memberId: row.memberId,
    memberLinked: member.length > 0,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    reason: row.reason,
    source: row.source,
    workflowName: workflow[0]?.name ?? null,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? (names.get(row.assigneeId) ?? null) : null,
    dueOn: row.dueOn,
    due: effectiveDue(row),
    snoozedUntil: row.snoozedUntil,
    status: row.status as FollowUpStatus,
    overdue: isOverdue(row, today),
    createdAt: row.createdAt,
    createdBy: authorInWords(row.createdBy, authors),
    closedAt: row.closedAt,
    steps: steps.map((step) => ({
      id: step.id,
      position: step.position,
      title: step.title,
      dueOn: step.dueOn,
      assigneeName: step.assigneeId ? (names.get(step.assigneeId) ?? null) : null,
      doneAt: step.doneAt,
      doneBy: step.doneBy ? authorInWords(step.doneBy, authors) : null,
      isCurrent: step.id === current?.id,
    })),
    notes: notes.map((note) => ({ ...note, author: authorInWords(note.author, authors) })),
  };
}

/** Live members of the registry matching a search (name, e-mail or mobile), to start one for. */
export async function findMembersToFollowUp(query: string, executor: Executor = services().db) {
  const search = memberSearchCondition(query);
  if (!search) return null;
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(members)
    .where(and(search, sql`${members.deletedAt} is null`))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: fullName(row), hint: row.email }));
}

/** A live member as a follow-up names them (their name, e-mail and mobile), or null. */
export async function memberToFollowUp(memberId: string, executor: Executor = services().db) {
  if (!isUuid(memberId)) return null;
  const [row] = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      countryCode: members.countryCode,
      mobile: members.mobile,
    })
    .from(members)
    .where(and(eq(members.id, memberId), sql`${members.deletedAt} is null`));
  if (!row) return null;
  return {
    id: row.id,
    name: fullName(row),
    email: row.email,
    mobile: row.mobile ? `${row.countryCode} ${row.mobile}` : "",
  };
}

type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/** A form checked by its schema, or its first problem as a refusal naming its field. */
export function checked<T>(parsed: Parsed<T>): T {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
}

/** A due date or snooze day: from today, and not more than a year ahead. */
export function checkDay(day: string, today: string, field: string) {
  if (day < today) throw new AppError("Please choose today or a later day.", 400, { field });
  if (day > addDays(today, CARE_LIMITS.daysAhead)) {
    throw new AppError("Please choose a day within the next year.", 400, { field });
  }
}

/**
 * Starts a follow-up by hand (source "manual"): with a workflow its steps are copied, else it has
 * the assignee and due date chosen. An open one for the same person and reason takes the note
 * instead (merged: true), as startFollowUp does for the site's own follow-ups.
 */
export async function startFollowUpByHand(
  fields: Record<string, string>,
  actor: Actor,
  today = todayInChurchZone(),
): Promise<{ id: string; merged: boolean }> {
  const input = checked(newFollowUpSchema.safeParse(fields));
  return services().db.transaction(async (tx) => {
    const member = input.memberId ? await memberToFollowUp(input.memberId, tx) : null;
    if (input.memberId && !member) throw new AppError(MEMBER_NOT_FOUND, 404, { field: "memberId" });
    if (input.workflowId) {
      const [workflow] = await tx
        .select({ id: careWorkflows.id })
        .from(careWorkflows)
        .where(eq(careWorkflows.id, input.workflowId));
      if (!workflow) {
        throw new AppError("That workflow could not be found. It may have been deleted.", 400, {
          field: "workflowId",
        });
      }
    }
    await checkAssignee(tx, input.assigneeId, "assigneeId");
    if (!input.workflowId && input.dueOn) checkDay(input.dueOn, today, "dueOn");
    return startFollowUp(
      tx,
      {
        memberId: member?.id ?? null,
        name: member?.name ?? input.name,
        email: member?.email ?? input.email,
        mobile: member?.mobile ?? input.mobile,
        reason: input.reason,
        source: "manual",
        workflowId: input.workflowId,
        assigneeId: input.assigneeId,
        dueOn: input.dueOn || undefined,
        note: input.note || undefined,
      },
      actor,
      today,
    );
  });
}
