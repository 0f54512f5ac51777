import { AlarmClockOff, BellRing, Save } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field, FormField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { FOLLOW_UP_STATUS_LABELS, FOLLOW_UP_STATUSES } from "~/lib/care";
import { formatDate } from "~/lib/format";
import type { FollowUpCard } from "~/server/care/follow-up-cards.server";
import { AssigneeField, type AssigneeOption } from "./care-fields";

// The card's changes: status, who looks after it, the due date, a snooze. Each a small form of its
// own, so one change never sends another's half-typed value.

function ChangeForm({ intent, label, children }: { intent: string; label: string; children: ReactNode }) {
  return (
    <Form method="post" className="grid gap-2">
      {children}
      <Button type="submit" name="intent" value={intent} variant="outline" className="w-fit">
        <Save aria-hidden="true" />
        {label}
      </Button>
    </Form>
  );
}

export function ChangesCard({
  card,
  assignees,
  answer,
  tomorrow,
}: {
  card: FollowUpCard;
  assignees: AssigneeOption[];
  answer: ActionResult | undefined;
  /** The first day a snooze may be (from the server, so the page reads the same when hydrated). */
  tomorrow: string;
}) {
  const errors = answer?.ok === false ? (answer.fieldErrors ?? {}) : {};
  return (
    <StaffCard id="changes-heading" title="Change">
      <div className="grid gap-5">
        <ChangeForm intent="status" label="Save status">
          <Field
            id="status"
            label="Status"
            error={errors.status}
            hint="Done and No response close it; Open and Waiting for them keep it in the lists."
            control={(aria) => (
              <NativeSelect id="status" name="status" defaultValue={card.status} {...aria}>
                {FOLLOW_UP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {FOLLOW_UP_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </ChangeForm>
        <ChangeForm intent="assign" label="Save assignee">
          <AssigneeField
            id="assigneeId"
            label="Looked after by"
            assignees={assignees}
            value={card.assigneeId ?? ""}
            current={
              card.assigneeId ? { id: card.assigneeId, name: card.assigneeName ?? "An account" } : null
            }
            error={errors.assigneeId}
            hint={card.steps.length > 0 ? "The current step goes to them too." : undefined}
          />
        </ChangeForm>
        <ChangeForm intent="due" label="Save due date">
          <FormField
            id="dueOn"
            name="dueOn"
            type="date"
            label="Due on"
            required
            defaultValue={card.dueOn}
            error={errors.dueOn}
            hint={card.steps.length > 0 ? "The current step's due date moves too." : undefined}
          />
        </ChangeForm>
        <div className="grid gap-2 border-t border-border pt-4">
          {card.snoozedUntil ? (
            <Form method="post" className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <BellRing className="mr-1 inline size-4 text-muted-foreground" aria-hidden="true" />
                Snoozed until <strong>{formatDate(card.snoozedUntil)}</strong>
              </p>
              <Button type="submit" name="intent" value="unsnooze" variant="outline" size="sm">
                <AlarmClockOff aria-hidden="true" />
                Clear snooze
              </Button>
            </Form>
          ) : null}
          <ChangeForm intent="snooze" label="Snooze">
            <FormField
              id="snoozedUntil"
              name="snoozedUntil"
              type="date"
              label={card.snoozedUntil ? "Snooze to another day" : "Snooze until"}
              required
              min={tomorrow}
              defaultValue={card.snoozedUntil ?? ""}
              error={errors.snoozedUntil}
              hint="Out of the way until then: it counts as due that day."
            />
          </ChangeForm>
        </div>
      </div>
    </StaffCard>
  );
}
