import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { careWorkflowSteps, careWorkflows, followUps } from "../../../database/schema";
import { CARE_TRIGGER_LABELS } from "~/lib/care";
import { isUuid } from "~/lib/ids";
import { parseWorkflowForm, type WorkflowInput } from "~/schemas/care-workflows";
import { AppError, notFound } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { isUniqueViolation } from "../platform/db-errors.server";
import { services } from "../platform/services.server";
import { accountNames, careAssignees, NOT_AN_ASSIGNEE } from "./assignees.server";
import { OPEN_STATUSES } from "./follow-ups.server";

// Follow-up workflows (issue 38): a named list of steps, each due some days after the follow-up
// starts and done by a default assignee; one may start automatically from a moment of the site
// (at most one workflow per moment). A follow-up copies the steps when it starts, so changing or
// deleting a workflow leaves the follow-ups already started alone.

export const WORKFLOW_NOT_FOUND = "That workflow could not be found. It may have been deleted.";
const SAME_NAME = "Another workflow already has that name. Please choose another.";
const TAKEN_JUST_NOW = "Another workflow was saved with this name or start a moment ago. Please look again.";

export type WorkflowRow = typeof careWorkflows.$inferSelect;

export interface WorkflowStepView {
  title: string;
  days: number;
  assigneeId: string | null;
  assigneeName: string | null;
}

export interface WorkflowView extends WorkflowRow {
  steps: WorkflowStepView[];
  /** Follow-ups started from it that are still open or waiting. */
  openFollowUps: number;
}

async function stepsOf(executor: Executor, workflowIds: string[]) {
  if (workflowIds.length === 0) return new Map<string, WorkflowStepView[]>();
  const rows = await executor
    .select()
    .from(careWorkflowSteps)
    .where(inArray(careWorkflowSteps.workflowId, workflowIds))
    .orderBy(asc(careWorkflowSteps.workflowId), asc(careWorkflowSteps.position));
  const names = await accountNames(
    executor,
    rows.map((row) => row.assigneeId),
  );
  const byWorkflow = new Map<string, WorkflowStepView[]>();
  for (const row of rows) {
    const list = byWorkflow.get(row.workflowId) ?? [];
    list.push({
      title: row.title,
      days: row.days,
      assigneeId: row.assigneeId,
      assigneeName: row.assigneeId ? (names.get(row.assigneeId) ?? null) : null,
    });
    byWorkflow.set(row.workflowId, list);
  }
  return byWorkflow;
}

async function openCounts(executor: Executor, workflowIds: string[]) {
  if (workflowIds.length === 0) return new Map<string, number>();
  const rows = await executor
    .select({ workflowId: followUps.workflowId, n: count() })
    .from(followUps)
    .where(and(inArray(followUps.workflowId, workflowIds), inArray(followUps.status, [...OPEN_STATUSES])))
    .groupBy(followUps.workflowId);
  return new Map(rows.map((row) => [row.workflowId!, row.n]));
}

/** Every workflow by name, with its steps and how many of its follow-ups are open. */
export async function listWorkflows(executor: Executor = services().db): Promise<WorkflowView[]> {
  const rows = await executor
    .select()
    .from(careWorkflows)
    .orderBy(asc(sql`lower(${careWorkflows.name})`));
  const ids = rows.map((row) => row.id);
  const [steps, open] = await Promise.all([stepsOf(executor, ids), openCounts(executor, ids)]);
  return rows.map((row) => ({
    ...row,
    steps: steps.get(row.id) ?? [],
    openFollowUps: open.get(row.id) ?? 0,
  }));
}

/** One workflow with its steps, or a 404 refusal. */
export async function getWorkflow(
  workflowId: string,
  executor: Executor = services().db,
): Promise<WorkflowView> {
  if (!isUuid(workflowId)) throw notFound(WORKFLOW_NOT_FOUND);
  const [row] = await executor.select().from(careWorkflows).where(eq(careWorkflows.id, workflowId));
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  const [steps, open] = await Promise.all([stepsOf(executor, [row.id]), openCounts(executor, [row.id])]);
  return { ...row, steps: steps.get(row.id) ?? [], openFollowUps: open.get(row.id) ?? 0 };
}

/** The workflows to choose from when starting a follow-up by hand. */
export async function workflowChoices(executor: Executor = services().db) {
  return executor
    .select({ id: careWorkflows.id, name: careWorkflows.name })
    .from(careWorkflows)
    .orderBy(asc(sql`lower(${careWorkflows.name})`));
}

/** The editor's fields, checked against the form's rules and against the other workflows. */
async function readWorkflow(
  tx: Executor,
  fields: Record<string, string>,
  exceptId: string | null,
): Promise<WorkflowInput> {
  const parsed = parseWorkflowForm(fields);
  if (!parsed.ok) throw new AppError(parsed.issue.message, 400, { field: parsed.issue.field });
  const input = parsed.input;
  const others = exceptId ? ne(careWorkflows.id, exceptId) : undefined;
  const [sameName] = await tx
    .select({ id: careWorkflows.id })
    .from(careWorkflows)
    .where(and(sql`lower(${careWorkflows.name}) = ${input.name.toLowerCase()}`, others));
  if (sameName) throw new AppError(SAME_NAME, 409, { field: "name" });
  if (input.trigger) {
    const [taken] = await tx
      .select({ name: careWorkflows.name })
      .from(careWorkflows)
      .where(and(eq(careWorkflows.trigger, input.trigger), others));
    if (taken) {
      throw new AppError(
        `“${taken.name}” already starts when: ${CARE_TRIGGER_LABELS[input.trigger]}. Only one workflow can start from each moment: choose “Only by hand” here, or change “${taken.name}” first.`,
        409,
        { field: "trigger" },
      );
    }
  }
  const allowed = new Set((await careAssignees(tx)).map((one) => one.id));
  input.steps.forEach((step, index) => {
    if (step.assigneeId && !allowed.has(step.assigneeId)) {
      throw new AppError(NOT_AN_ASSIGNEE, 400, { field: `step-${index + 1}-assignee` });
    }
  });
  return input;
}

function refuseTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(TAKEN_JUST_NOW, 409, { field: "name" });
  throw error;
}

async function writeSteps(tx: Executor, workflowId: string, input: WorkflowInput) {
  await tx.delete(careWorkflowSteps).where(eq(careWorkflowSteps.workflowId, workflowId));
  await tx.insert(careWorkflowSteps).values(
    input.steps.map((step, index) => ({
      workflowId,
      position: index + 1,
      title: step.title,
      days: step.days,
      assigneeId: step.assigneeId,
    })),
  );
}

const subject = (row: { id: string; name: string }) => ({ type: "workflow", id: row.id, label: row.name });
/** "Welcome call (2 days, Grace); Coffee with a pastor (30 days)": the steps as the audit log shows them. */
const stepsInWords = (steps: { title: string; days: number; assigneeName: string | null }[]) =>
  steps
    .map(
      (step) =>
        `${step.title} (${step.days} ${step.days === 1 ? "day" : "days"}${step.assigneeName ? `, ${step.assigneeName}` : ""})`,
    )
    .join("; ");

export async function createWorkflow(fields: Record<string, string>, actor: Actor): Promise<WorkflowRow> {
  return services()
    .db.transaction(async (tx) => {
      const input = await readWorkflow(tx, fields, null);
      const [row] = await tx
        .insert(careWorkflows)
        .values({ name: input.name, description: input.description, trigger: input.trigger })
        .returning();
      await writeSteps(tx, row!.id, input);
      await logChange(tx, actor, "workflow.created", {
        subject: subject(row!),
        details: { steps: input.steps.length, trigger: input.trigger },
      });
      return row!;
    })
    .catch(refuseTaken);
}

export async function updateWorkflow(
  workflowId: string,
  fields: Record<string, string>,
  actor: Actor,
): Promise<WorkflowRow> {
  return services()
    .db.transaction(async (tx) => {
      const before = await getWorkflow(workflowId, tx);
      const input = await readWorkflow(tx, fields, before.id);
      const [row] = await tx
        .update(careWorkflows)
        .set({ name: input.name, description: input.description, trigger: input.trigger })
        .where(eq(careWorkflows.id, before.id))
        .returning();
      await writeSteps(tx, before.id, input);
      const names = await accountNames(
        tx,
        input.steps.map((step) => step.assigneeId),
      );
      const after = input.steps.map((step) => ({
        ...step,
        assigneeName: step.assigneeId ? (names.get(step.assigneeId) ?? null) : null,
      }));
      const changes = [
        { field: "name", label: "Name", from: before.name, to: input.name },
        { field: "description", label: "Description", from: before.description, to: input.description },
        {
          field: "trigger",
          label: "Starts automatically when",
          from: before.trigger ? CARE_TRIGGER_LABELS[before.trigger] : "Only by hand",
          to: input.trigger ? CARE_TRIGGER_LABELS[input.trigger] : "Only by hand",
        },
        { field: "steps", label: "Steps", from: stepsInWords(before.steps), to: stepsInWords(after) },
      ].filter((change) => change.from !== change.to);
      if (changes.length > 0) {
        await logChange(tx, actor, "workflow.changed", {
          subject: subject(row!),
          details: { changes },
        });
      }
      return row!;
    })
    .catch(refuseTaken);
}

/**
 * Deletes a workflow. Its follow-ups keep their copied steps (their workflow is set to none by the
 * database). Answers how many open follow-ups had been started from it.
 */
export async function deleteWorkflow(workflowId: string, actor: Actor): Promise<number> {
  return services().db.transaction(async (tx) => {
    const workflow = await getWorkflow(workflowId, tx);
    await tx.delete(careWorkflows).where(eq(careWorkflows.id, workflow.id));
    await logChange(tx, actor, "workflow.deleted", {
      subject: subject(workflow),
      details: { steps: workflow.steps.length, openFollowUps: workflow.openFollowUps },
    });
    return workflow.openFollowUps;
  });
}
