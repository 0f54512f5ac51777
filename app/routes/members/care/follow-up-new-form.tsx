import { Plus } from "lucide-react";
import { Form } from "react-router";
import { Field, FormField, TextareaField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { CARE_LIMITS } from "~/schemas/care";
import { AssigneeField, type AssigneeOption } from "./care-fields";

// The "New follow-up" form: the person outside the registry (or the member chosen above), the
// reason, a workflow or an assignee and a due date, and a first note.

export const NEW_FOLLOW_UP_FIELDS = [
  "memberId",
  "name",
  "email",
  "mobile",
  "reason",
  "workflowId",
  "assigneeId",
  "dueOn",
  "note",
] as const;

export function NewFollowUpForm({
  member,
  workflows,
  assignees,
  defaults,
  answer,
}: {
  member: { id: string; name: string } | null;
  workflows: { id: string; name: string }[];
  assignees: AssigneeOption[];
  defaults: { assigneeId: string; dueOn: string };
  answer: ActionResult | undefined;
}) {
  const values: Record<string, string> = { ...defaults, ...answer?.values };
  const errors = answer?.ok === false ? (answer.fieldErrors ?? {}) : {};
  return (
    <StaffCard id="follow-up-heading" title="The follow-up">
      <Form method="post" className="grid gap-5">
        {member ? (
          <input type="hidden" name="memberId" value={member.id} />
        ) : (
          <fieldset className="grid gap-4 rounded-lg border border-border p-3 sm:p-4">
            <legend className="px-1 text-sm font-medium">Or someone outside the registry</legend>
            {errors.memberId ? <p className="text-sm text-destructive">{errors.memberId}</p> : null}
            <FormField
              id="name"
              name="name"
              label="Name"
              autoComplete="off"
              maxLength={CARE_LIMITS.name}
              defaultValue={values.name}
              error={errors.name}
            />
            <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
              <FormField
                id="email"
                name="email"
                type="email"
                label="E-mail"
                autoComplete="off"
                maxLength={CARE_LIMITS.email}
                defaultValue={values.email}
                error={errors.email}
                hint="An e-mail address or a mobile number, or both."
              />
              <FormField
                id="mobile"
                name="mobile"
                type="tel"
                label="Mobile"
                autoComplete="off"
                maxLength={CARE_LIMITS.mobile}
                defaultValue={values.mobile}
                error={errors.mobile}
              />
            </div>
          </fieldset>
        )}
        <FormField
          id="reason"
          name="reason"
          label="Reason"
          required
          maxLength={CARE_LIMITS.reason}
          defaultValue={values.reason}
          error={errors.reason}
          hint="Such as New visitor, Hospital visit or Bereavement. An open follow-up of the same person for the same reason takes your note instead."
        />
        <Field
          id="workflowId"
          label="Workflow"
          error={errors.workflowId}
          hint="A workflow brings its steps, each with its own due date and assignee. Without one, the follow-up has the due date and assignee below."
          control={(aria) => (
            <NativeSelect id="workflowId" name="workflowId" defaultValue={values.workflowId ?? ""} {...aria}>
              <option value="">No workflow</option>
              {workflows.map((workflow) => (
                <option key={workflow.id} value={workflow.id}>
                  {workflow.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <AssigneeField
            id="assigneeId"
            label="Who looks after it"
            assignees={assignees}
            value={values.assigneeId ?? ""}
            error={errors.assigneeId}
            hint="With a workflow: for its steps that name nobody."
          />
          <FormField
            id="dueOn"
            name="dueOn"
            type="date"
            label="Due on"
            defaultValue={values.dueOn}
            error={errors.dueOn}
            hint="Without a workflow. A workflow's steps set their own."
          />
        </div>
        <TextareaField
          id="note"
          name="note"
          label="First note (optional)"
          rows={4}
          maxLength={CARE_LIMITS.note}
          defaultValue={values.note}
          error={errors.note}
          hint="What happened, what they asked for. Only those who see follow-ups read it."
        />
        <Button type="submit" className="w-fit">
          <Plus aria-hidden="true" />
          Start the follow-up
        </Button>
      </Form>
    </StaffCard>
  );
}
