import { z } from "zod";
import { CARE_TRIGGER_LABELS } from "~/lib/care";
import { field, optionalId } from "./care";

// A follow-up workflow (issue 38) as its editor sends it: a name, a few words, the automatic moment
// it starts from (or none), and a fixed number of step rows, of which the blank ones are dropped,
// so the form works without scripts.

export const WORKFLOW_LIMITS = {
  name: 80,
  description: 600,
  stepTitle: 120,
  /** The rows the editor shows: enough for any workflow a church office keeps. */
  steps: 8,
  days: { min: 0, max: 365 },
} as const;

/** A step row's form fields: step-1-title, step-1-days, step-1-assignee, ... */
export const stepField = (row: number, part: "title" | "days" | "assignee") => `step-${row}-${part}`;

const { days } = WORKFLOW_LIMITS;

const stepSchema = (row: number) =>
  z.object({
    title: field()
      .refine((value) => value !== "", `Please give step ${row} a title, or clear its row.`)
      .refine(
        (value) => value.length <= WORKFLOW_LIMITS.stepTitle,
        `Please keep step ${row}'s title under ${WORKFLOW_LIMITS.stepTitle} characters.`,
      ),
    days: field()
      .refine(
        (value) => /^\d{1,3}$/.test(value) && Number(value) >= days.min && Number(value) <= days.max,
        `Please enter ${days.min} to ${days.max} days for step ${row}.`,
      )
      .transform(Number),
    assigneeId: optionalId(`Please choose who does step ${row} from the list.`),
  });

export type WorkflowStepInput = z.output<ReturnType<typeof stepSchema>>;

const workflowHead = z.object({
  name: z
    .string({ error: "Please enter the workflow's name." })
    .trim()
    .min(1, "Please enter the workflow's name.")
    .max(WORKFLOW_LIMITS.name, `Please keep the name under ${WORKFLOW_LIMITS.name} characters.`),
  description: field().refine(
    (value) => value.length <= WORKFLOW_LIMITS.description,
    `Please keep the description under ${WORKFLOW_LIMITS.description} characters.`,
  ),
  trigger: field()
    .refine(
      (value) => value === "" || Object.hasOwn(CARE_TRIGGER_LABELS, value),
      "Please choose when it starts from the list.",
    )
    .transform((value) => (value === "" ? null : value)),
});

export interface WorkflowInput extends z.output<typeof workflowHead> {
  steps: WorkflowStepInput[];
}

export type WorkflowFormIssue = { field: string; message: string };

/**
 * The editor's fields, checked: the workflow, and its step rows in order with the blank ones
 * (no title, no days, no one chosen) left out. Answers the first problem, naming its field.
 */
export function parseWorkflowForm(
  fields: Record<string, string>,
): { ok: true; input: WorkflowInput } | { ok: false; issue: WorkflowFormIssue } {
  const head = workflowHead.safeParse(fields);
  if (!head.success) {
    const issue = head.error.issues[0]!;
    return { ok: false, issue: { field: String(issue.path[0] ?? "name"), message: issue.message } };
  }
  const steps: WorkflowStepInput[] = [];
  for (let row = 1; row <= WORKFLOW_LIMITS.steps; row++) {
    const raw = {
      title: fields[stepField(row, "title")] ?? "",
      days: fields[stepField(row, "days")] ?? "",
      assigneeId: fields[stepField(row, "assignee")] ?? "",
    };
    if (!raw.title.trim() && !raw.days.trim() && !raw.assigneeId.trim()) continue;
    const step = stepSchema(row).safeParse(raw);
    if (!step.success) {
      const issue = step.error.issues[0]!;
      const part = issue.path[0] === "assigneeId" ? "assignee" : (issue.path[0] as "title" | "days");
      return { ok: false, issue: { field: stepField(row, part), message: issue.message } };
    }
    steps.push(step.data);
  }
  if (steps.length === 0) {
    return {
      ok: false,
      issue: { field: stepField(1, "title"), message: "Please give the workflow at least one step." },
    };
  }
  return { ok: true, input: { ...head.data, steps } };
}
