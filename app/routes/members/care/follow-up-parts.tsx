import { Check, CircleCheck, MessageSquarePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FollowUpStatusBadge, OverdueBadge } from "~/components/follow-up-badges";
import { TextareaField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { FOLLOW_UP_SOURCE_LABELS } from "~/lib/care";
import { formatDate, formatDateTime } from "~/lib/format";
import { isDiallable, telHref } from "~/lib/tel";
import { cn } from "~/lib/utils";
import { CARE_LIMITS } from "~/schemas/care";
import type { FollowUpCard } from "~/server/care/follow-up-cards.server";

// The card's pieces that show the follow-up: who and why, its steps, its notes.

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere">{children}</dd>
    </div>
  );
}

export function AboutCard({ card }: { card: FollowUpCard }) {
  return (
    <StaffCard id="about-heading" title="About">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label="Person">
          {card.memberLinked ? (
            <a href={`/members/profile/${card.memberId}`} className={linkClass}>
              {card.name}
            </a>
          ) : (
            <>
              {card.name}
              <span className="block text-muted-foreground">
                {card.memberId ? "No longer in the registry" : "Not in the registry"}
              </span>
            </>
          )}
        </Fact>
        <Fact label="Status">
          <FollowUpStatusBadge status={card.status} />
          {card.closedAt ? (
            <span className="mt-1 block text-muted-foreground">Closed {formatDateTime(card.closedAt)}</span>
          ) : null}
        </Fact>
        <Fact label="E-mail">
          {card.email ? (
            <a href={`mailto:${card.email}`} className={cn(linkClass, "wrap-anywhere")}>
              {card.email}
            </a>
          ) : (
            "None given"
          )}
        </Fact>
        <Fact label="Mobile">
          {card.mobile && isDiallable(card.mobile) ? (
            <a href={telHref(card.mobile)} className={linkClass}>
              {card.mobile}
            </a>
          ) : (
            card.mobile || "None given"
          )}
        </Fact>
        <Fact label="Looked after by">{card.assigneeName ?? "Nobody yet"}</Fact>
        <Fact label="Due">
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="card-due">{formatDate(card.dueOn)}</span>
            {card.overdue ? <OverdueBadge /> : null}
          </span>
          {card.snoozedUntil ? (
            <span className="block text-muted-foreground" data-testid="snoozed">
              Snoozed until {formatDate(card.snoozedUntil)}
            </span>
          ) : null}
        </Fact>
        <Fact label="Started">
          {formatDateTime(card.createdAt)}
          <span className="block text-muted-foreground">
            {FOLLOW_UP_SOURCE_LABELS[card.source] ?? card.source}: {card.createdBy}
          </span>
        </Fact>
        <Fact label="Workflow">
          {card.workflowName ?? (card.steps.length > 0 ? "Deleted since" : "None")}
        </Fact>
      </dl>
    </StaffCard>
  );
}

export function StepsCard({ card, canWork }: { card: FollowUpCard; canWork: boolean }) {
  const isOpen = card.status === "open" || card.status === "waiting";
  return (
    <StaffCard
      id="steps-heading"
      title="Steps"
      description="Done in order: marking the current step done makes the next one current, with its own due date and assignee."
    >
      <ol className="grid gap-3" data-testid="steps">
        {card.steps.map((step) => (
          <li
            key={step.id}
            data-testid="step"
            data-current={step.isCurrent || undefined}
            className={cn(
              "flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 text-sm",
              step.isCurrent && isOpen ? "border-primary bg-primary/5" : "border-border",
            )}
          >
            <div className="min-w-0 flex-1 basis-48">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-navy">
                {step.doneAt ? (
                  <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                ) : null}
                <span className="min-w-0 wrap-anywhere">
                  {step.position}. {step.title}
                </span>
                {step.isCurrent && isOpen ? <StatusBadge tone="new">Now</StatusBadge> : null}
              </p>
              <p className="mt-0.5 wrap-anywhere text-muted-foreground">
                {step.doneAt
                  ? `Done ${formatDateTime(step.doneAt)}${step.doneBy ? ` by ${step.doneBy}` : ""}`
                  : `Due ${formatDate(step.dueOn)} · ${step.assigneeName ?? "Not assigned"}`}
              </p>
            </div>
            {canWork && step.isCurrent && isOpen ? (
              <Form method="post">
                <input type="hidden" name="stepId" value={step.id} />
                <Button type="submit" name="intent" value="step-done" size="sm">
                  <Check aria-hidden="true" />
                  Mark done<span className="sr-only">: {step.title}</span>
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </StaffCard>
  );
}

export function NotesCard({
  card,
  canWork,
  answer,
}: {
  card: FollowUpCard;
  canWork: boolean;
  answer: ActionResult | undefined;
}) {
  const refused = answer?.ok === false;
  return (
    <StaffCard id="notes-heading" title={`Notes (${card.notes.length})`}>
      <div className="grid gap-4">
        {canWork ? (
          <Form method="post" className="grid gap-3">
            <TextareaField
              id="body"
              name="body"
              label="A new note"
              rows={3}
              required
              maxLength={CARE_LIMITS.note}
              defaultValue={refused ? answer.values?.body : undefined}
              error={refused ? answer.fieldErrors?.body : undefined}
              hint="What was said, what comes next. Only those who see follow-ups read notes."
            />
            <Button type="submit" name="intent" value="note" variant="outline" className="w-fit">
              <MessageSquarePlus aria-hidden="true" />
              Add the note
            </Button>
          </Form>
        ) : null}
        {card.notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notes yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Notes, newest first" data-testid="notes">
            {card.notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-border p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(note.createdAt)} · <span className="wrap-anywhere">{note.author}</span>
                </p>
                <p className="mt-1 wrap-anywhere whitespace-pre-line">{note.body}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </StaffCard>
  );
}
