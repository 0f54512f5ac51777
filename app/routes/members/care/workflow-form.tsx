import { Field, FormField, TextareaField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { CARE_TRIGGER_LABELS } from "~/lib/care";
import { cn } from "~/lib/utils";
import { stepField, WORKFLOW_LIMITS } from "~/schemas/care-workflows";
import type { WorkflowView } from "~/server/care/workflows.server";
import type { AssigneeOption } from "./care-fields";

// A workflow's editor, for a new workflow and an existing one: its name, description, the moment
// it starts from, and a fixed number of step rows (blank ones are dropped when saved), so it works
// without scripts.

const ROWS = Array.from({ length: WORKFLOW_LIMITS.steps }, (_, index) => index + 1);

export type WorkflowValues = Record<string, string>;

export const NEW_WORKFLOW_VALUES: WorkflowValues = { name: "", description: "", trigger: "" };

/** The editor's fields from a form post, to check and to put back after a refusal. */
export function workflowFields(form: FormData): WorkflowValues {
  const names = [
    "name",
    "description",
    "trigger",
    ...ROWS.flatMap((row) => (["title", "days", "assignee"] as const).map((part) => stepField(row, part))),
  ];
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/** A stored workflow as the editor's values. */
export function workflowValues(workflow: WorkflowView): WorkflowValues {
  const values: WorkflowValues = {
    name: workflow.name,
    description: workflow.description,
    trigger: workflow.trigger ?? "",
  };
  workflow.steps.forEach((step, index) => {
    values[stepField(index + 1, "title")] = step.title;
    values[stepField(index + 1, "days")] = String(step.days);
    values[stepField(index + 1, "assignee")] = step.assigneeId ?? "";
  });
  return values;
}

function StepRow({
  row,
  values,
  errors,
  assignees,
  current,
}: {
  row: number;
  values: WorkflowValues;
  errors: Record<string, string>;
  assignees: AssigneeOption[];
  current: AssigneeOption | null;
}) {
  const ids = {
    title: stepField(row, "title"),
    days: stepField(row, "days"),
    assignee: stepField(row, "assignee"),
  };
  const error = errors[ids.title] ?? errors[ids.days] ?? errors[ids.assignee];
  const errorId = `step-${row}-error`;
  const aria = (id: string) => ({
    "aria-invalid": errors[id] ? (true as const) : undefined,
    "aria-describedby": errors[id] ? errorId : undefined,
  });
  const options =
    current && !assignees.some((one) => one.id === current.id) ? [...assignees, current] : assignees;
  const label = "text-xs font-medium sm:sr-only";
  return (
    // On a phone: the title on its own line, the days and who does it side by side below.
    <li className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2 border-t border-border pt-3 sm:grid-cols-[2rem_minmax(0,1fr)_5.5rem_minmax(0,12rem)] sm:items-start sm:border-0 sm:pt-0">
      <span
        className="hidden text-sm font-semibold text-muted-foreground sm:block sm:pt-3"
        aria-hidden="true"
      >
        {row}.
      </span>
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <label htmlFor={ids.title} className={label}>
          Step {row}
          <span className="sr-only">: title</span>
        </label>
        <Input
          id={ids.title}
          name={ids.title}
          maxLength={WORKFLOW_LIMITS.stepTitle}
          defaultValue={values[ids.title] ?? ""}
          {...aria(ids.title)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.days} className={label}>
          <span className="sr-only">Step {row}: </span>Days
        </label>
        <Input
          id={ids.days}
          name={ids.days}
          type="number"
          inputMode="numeric"
          min={WORKFLOW_LIMITS.days.min}
          max={WORKFLOW_LIMITS.days.max}
          defaultValue={values[ids.days] ?? ""}
          {...aria(ids.days)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.assignee} className={label}>
          <span className="sr-only">Step {row}: </span>Done by
        </label>
        <NativeSelect
          id={ids.assignee}
          name={ids.assignee}
          defaultValue={values[ids.assignee] ?? ""}
          {...aria(ids.assignee)}
        >
          <option value="">Whoever has it</option>
          {options.map((one) => (
            <option key={one.id} value={one.id}>
              {one.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error ? (
        <p id={errorId} className="col-span-2 text-sm text-destructive sm:col-start-2 sm:col-end-5">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export function WorkflowFields({
  values,
  errors = {},
  assignees,
  workflow,
}: {
  values: WorkflowValues;
  errors?: Record<string, string>;
  assignees: AssigneeOption[];
  /** The stored workflow, whose steps may name an account no longer in care. */
  workflow?: WorkflowView;
}) {
  return (
    <div className="grid gap-5">
      <FormField
        id="name"
        name="name"
        label="Name"
        required
        maxLength={WORKFLOW_LIMITS.name}
        defaultValue={values.name}
        error={errors.name}
        hint="Such as New visitor, Hospital visit or Bereavement."
      />
      <TextareaField
        id="description"
        name="description"
        label="Description"
        rows={2}
        maxLength={WORKFLOW_LIMITS.description}
        defaultValue={values.description}
        error={errors.description}
        hint="What it is for, in a few words, for whoever is given one."
      />
      <Field
        id="trigger"
        label="Starts automatically when"
        error={errors.trigger}
        hint="Each moment starts one workflow at most. Any workflow can also be chosen by hand."
        control={(aria) => (
          <NativeSelect id="trigger" name="trigger" defaultValue={values.trigger} {...aria}>
            <option value="">Only by hand</option>
            {Object.entries(CARE_TRIGGER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">Steps</legend>
        <p className="text-xs text-muted-foreground">
          In order, each due some days after the follow-up starts (0 to {WORKFLOW_LIMITS.days.max}). Leave the
          rows you do not need empty. Follow-ups already started keep the steps they had.
        </p>
        <div
          aria-hidden="true"
          className={cn(
            "hidden gap-2 text-xs font-medium text-muted-foreground sm:grid",
            "sm:grid-cols-[2rem_minmax(0,1fr)_5.5rem_minmax(0,12rem)]",
          )}
        >
          <span />
          <span>Title</span>
          <span>Days</span>
          <span>Done by</span>
        </div>
        <ol className="grid gap-3">
          {ROWS.map((row) => {
            const stored = workflow?.steps[row - 1];
            return (
              <StepRow
                key={row}
                row={row}
                values={values}
                errors={errors}
                assignees={assignees}
                current={
                  stored?.assigneeId
                    ? { id: stored.assigneeId, name: stored.assigneeName ?? "An account" }
                    : null
                }
              />
            );
          })}
        </ol>
      </fieldset>
    </div>
  );
}
