import { and, asc, eq, isNull } from "drizzle-orm";
import { followUpNotes, followUpSteps, followUps } from "../../../database/schema";
import { FOLLOW_UP_STATUS_LABELS, isOpenStatus } from "~/lib/care";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { assigneeSchema, dueSchema, noteSchema, snoozeSchema, statusSchema } from "~/schemas/care";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { accountNames, checkAssignee } from "./assignees.server";
import { checkDay, checked, getFollowUp, type FollowUpRow } from "./follow-up-cards.server";
import { followUpSubject } from "./follow-ups.server";

// Working on a follow-up (issue 38): mark its current step done, add a note, change its status,
// give it to someone else, move its due date, snooze it. Each change locks the follow-up's row
// first, so two people at once are served one after the other and the second sees the first's
// change; and each is written with its audit entry (never a note's text) in one transaction.

/** The person working: their id for the audit log, their name for notes and steps done. */
export interface CareWorker {
  id: string;
  email: string;
  name?: string;
}

const STEP_NOT_FOUND = "That step could not be found on this follow-up.";
const CLOSED = "This follow-up is closed. Set its status to Open to work on its steps again.";

const workerName = (worker: CareWorker) => worker.name?.trim() || worker.email;

/** Opens a change to a follow-up: its locked row, inside `tx`, or a 404 refusal. */
const lockFollowUp = (tx: Executor, followUpId: string) => getFollowUp(followUpId, tx, true);

async function audit(tx: Executor, worker: CareWorker, action: string, row: FollowUpRow, details = {}) {
  await logChange(tx, worker, action, {
    subject: followUpSubject(row),
    details: { followUp: row.id, reason: row.reason, ...details },
  });
}

const stepsOf = (tx: Executor, followUpId: string) =>
  tx
    .select()
    .from(followUpSteps)
    .where(eq(followUpSteps.followUpId, followUpId))
    .orderBy(asc(followUpSteps.position));

export interface StepDone {
  title: string;
  /** The step that is current now, or null when that was the last (the follow-up is done). */
  next: { title: string; dueOn: string } | null;
}

/**
 * Marks the current step (the first not done) done. The next step becomes current: the
 * follow-up is due on its day and goes to its assignee (or stays with the current one when the
 * step names nobody). The last step done closes the follow-up as done. A step someone else has
 * just marked done is refused with a message that says so.
 */
export async function completeStep(
  followUpId: string,
  stepId: string,
  worker: CareWorker,
): Promise<StepDone> {
  if (!isUuid(stepId)) throw notFound(STEP_NOT_FOUND);
  return services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    const steps = await stepsOf(tx, row.id);
    const step = steps.find((one) => one.id === stepId);
    if (!step) throw notFound(STEP_NOT_FOUND);
    if (step.doneAt) {
      throw new AppError(
        `“${step.title}” was already marked done by ${step.doneBy ?? "someone else"}.`,
        409,
        {
          title: "Already done",
        },
      );
    }
    if (!isOpenStatus(row.status)) throw new AppError(CLOSED, 409);
    const current = steps.find((one) => one.doneAt === null)!;
    if (current.id !== step.id) {
      throw new AppError(`Please mark “${current.title}” done first: the steps are done in order.`, 409);
    }
    // The lock serves two people one after the other; the guard keeps a step from being done twice.
    const [done] = await tx
      .update(followUpSteps)
      .set({ doneAt: new Date(), doneBy: workerName(worker) })
      .where(and(eq(followUpSteps.id, step.id), isNull(followUpSteps.doneAt)))
      .returning({ id: followUpSteps.id });
    if (!done) throw new AppError(`“${step.title}” was already marked done.`, 409, { title: "Already done" });
    const next = steps.find((one) => one.doneAt === null && one.id !== step.id) ?? null;
    // A next step that names nobody stays with whoever has the follow-up, and says so.
    const nextAssignee = next ? (next.assigneeId ?? row.assigneeId) : null;
    if (next && next.assigneeId === null && nextAssignee !== null) {
      await tx.update(followUpSteps).set({ assigneeId: nextAssignee }).where(eq(followUpSteps.id, next.id));
    }
    await tx
      .update(followUps)
      .set(
        next ? { dueOn: next.dueOn, assigneeId: nextAssignee } : { status: "done", closedAt: new Date() },
      )
      .where(eq(followUps.id, row.id));
    await audit(tx, worker, "follow-up.step-done", row, { step: step.title, closed: next === null });
    return { title: step.title, next: next ? { title: next.title, dueOn: next.dueOn } : null };
  });
}

/** Adds a dated note; the audit log records that one was added, never what it says. */
export async function addNote(followUpId: string, fields: Record<string, string>, worker: CareWorker) {
  const { body } = checked(noteSchema.safeParse(fields));
  await services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    await tx.insert(followUpNotes).values({ followUpId: row.id, body, author: workerName(worker) });
    await audit(tx, worker, "follow-up.note-added", row);
  });
}

/**
 * Sets the status. Done and no response close it (closedAt is when); open and waiting reopen it.
 * Answers false when it already had that status.
 */
export async function setStatus(followUpId: string, fields: Record<string, string>, worker: CareWorker) {
  const { status } = checked(statusSchema.safeParse(fields));
  return services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    if (row.status === status) return false;
    const closedAt = isOpenStatus(status) ? null : (row.closedAt ?? new Date());
    await tx.update(followUps).set({ status, closedAt }).where(eq(followUps.id, row.id));
    await audit(tx, worker, "follow-up.status-changed", row, {
      from: FOLLOW_UP_STATUS_LABELS[row.status as keyof typeof FOLLOW_UP_STATUS_LABELS] ?? row.status,
      to: FOLLOW_UP_STATUS_LABELS[status],
    });
    return true;
  });
}

/** The step that is current now, if any. */
async function currentStepOf(tx: Executor, followUpId: string) {
  const [step] = await tx
    .select({ id: followUpSteps.id })
    .from(followUpSteps)
    .where(and(eq(followUpSteps.followUpId, followUpId), isNull(followUpSteps.doneAt)))
    .orderBy(asc(followUpSteps.position))
    .limit(1);
  return step ?? null;
}

/**
 * Gives the follow-up (and its current step) to another account that may work on follow-ups, or
 * to nobody. Answers the new assignee's name (null: nobody), or undefined when nothing changed.
 */
export async function reassign(followUpId: string, fields: Record<string, string>, worker: CareWorker) {
  const { assigneeId } = checked(assigneeSchema.safeParse(fields));
  return services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    if (row.assigneeId === assigneeId) return undefined;
    await checkAssignee(tx, assigneeId, "assigneeId");
    await tx.update(followUps).set({ assigneeId }).where(eq(followUps.id, row.id));
    const step = await currentStepOf(tx, row.id);
    if (step) await tx.update(followUpSteps).set({ assigneeId }).where(eq(followUpSteps.id, step.id));
    const names = await accountNames(tx, [row.assigneeId, assigneeId]);
    const name = (id: string | null) => (id ? (names.get(id) ?? "a deleted account") : "nobody");
    await audit(tx, worker, "follow-up.assigned", row, { from: name(row.assigneeId), to: name(assigneeId) });
    return assigneeId ? name(assigneeId) : null;
  });
}

/** Moves the due date (and the current step's). Answers false when it was already that day. */
export async function changeDue(
  followUpId: string,
  fields: Record<string, string>,
  worker: CareWorker,
  today = todayInChurchZone(),
) {
  const { dueOn } = checked(dueSchema.safeParse(fields));
  checkDay(dueOn, today, "dueOn");
  return services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    if (row.dueOn === dueOn) return false;
    await tx.update(followUps).set({ dueOn }).where(eq(followUps.id, row.id));
    const step = await currentStepOf(tx, row.id);
    if (step) await tx.update(followUpSteps).set({ dueOn }).where(eq(followUpSteps.id, step.id));
    await audit(tx, worker, "follow-up.due-changed", row, { from: row.dueOn, to: dueOn });
    return true;
  });
}

/** Snoozes it to a later day: out of the lists' way until then. Clearing the snooze is `until: null`. */
export async function snooze(
  followUpId: string,
  fields: Record<string, string> | null,
  worker: CareWorker,
  today = todayInChurchZone(),
) {
  let until: string | null = null;
  if (fields) {
    until = checked(snoozeSchema.safeParse(fields)).snoozedUntil;
    checkDay(until, today, "snoozedUntil");
    if (until === today) {
      throw new AppError("Please choose a day after today.", 400, { field: "snoozedUntil" });
    }
  }
  return services().db.transaction(async (tx) => {
    const row = await lockFollowUp(tx, followUpId);
    if (row.snoozedUntil === until) return false;
    await tx.update(followUps).set({ snoozedUntil: until }).where(eq(followUps.id, row.id));
    await audit(
      tx,
      worker,
      until ? "follow-up.snoozed" : "follow-up.snooze-cleared",
      row,
      until ? { until } : {},
    );
    return true;
  });
}
