import { HandHeart, LoaderCircle, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDeleteButton } from "~/components/confirm-dialog";
import { Field, FormField, TextareaField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { StatusBadge } from "~/components/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { FOLLOW_UP_STATUS_LABELS, VISIT_KIND_LABELS, VISIT_KINDS, type FollowUpStatus } from "~/lib/care";
import { formatDate } from "~/lib/format";
import { showToast } from "~/lib/toast";
import { VISIT_LIMITS, type VisitFields } from "~/schemas/visits";
import type { CareCard, VisitView } from "~/server/care/pastoral-visits.server";

// The member profile's "Pastoral care" card (issue 38), for accounts with care:read: when the
// member was last visited or called, their open follow-ups, the log of visits and calls (the
// private note only for pastors: the server sends it to no one else), and, with care:write, the
// form that logs one. The forms post to /members/profile/:id/visits, which checks care:write.

export type CareCardView = CareCard & { canWrite: boolean; visitor: string };

/** The card's heading id, and the anchor a GET of the visits address lands on. */
const CARD_ID = "pastoral-care";
const LOG_FETCHER = "log-visit";
const DELETE_FETCHER = "delete-visit";

const kindLabel = (visit: Pick<VisitView, "kind">) => VISIT_KIND_LABELS[visit.kind] ?? visit.kind;

export function MemberCareCard({
  care,
  memberId,
  name,
  today,
}: {
  care: CareCardView;
  memberId: string;
  name: string;
  today: string;
}) {
  const last = care.visits[0];
  const visitsAction = `/members/profile/${memberId}/visits`;
  const deleted = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  useEffect(() => {
    if (deleted.state === "idle" && deleted.data) {
      showToast({ ...deleted.data.toast, id: `${DELETE_FETCHER}-${deleted.data.at}` });
    }
  }, [deleted.state, deleted.data]);
  return (
    <StaffCard id={CARD_ID} title="Pastoral care">
      <div className="grid gap-6">
        <p className="flex items-start gap-2" data-testid="last-contacted">
          <HandHeart className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">
            {last ? (
              <>
                <span className="font-semibold">Last contacted:</span> {formatDate(last.visitedOn)} (
                {kindLabel(last)}, by {last.visitedBy})
              </>
            ) : (
              "No visit or call logged yet."
            )}
          </span>
        </p>

        <FollowUps care={care} memberId={memberId} />

        <section aria-labelledby="visits-heading" className="grid gap-3">
          <h3 id="visits-heading" className="text-base font-semibold text-navy">
            Visits and calls
          </h3>
          {care.visits.length === 0 ? (
            <p className="text-sm text-muted-foreground">None logged yet.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border" data-testid="visit-log">
              {care.visits.map((visit) => (
                <VisitItem
                  key={visit.id}
                  visit={visit}
                  name={name}
                  action={visitsAction}
                  canWrite={care.canWrite}
                  readsNotes={care.readsNotes}
                />
              ))}
            </ul>
          )}
          {care.total > care.visits.length ? (
            <p className="text-sm text-muted-foreground">
              The latest {care.visits.length} of {care.total} visits and calls.
            </p>
          ) : null}
        </section>

        {care.canWrite ? <LogVisitForm action={visitsAction} visitor={care.visitor} today={today} /> : null}
      </div>
    </StaffCard>
  );
}

function FollowUps({ care, memberId }: { care: CareCardView; memberId: string }) {
  return (
    <section aria-labelledby="member-follow-ups-heading" className="grid gap-3">
      <h3 id="member-follow-ups-heading" className="text-base font-semibold text-navy">
        Open follow-ups
      </h3>
      {care.followUps.length === 0 ? (
        <p className="text-sm text-muted-foreground">None open.</p>
      ) : (
        <ul className="grid gap-2" data-testid="member-follow-ups">
          {care.followUps.map((followUp) => (
            <li key={followUp.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Link
                to={`/members/care/${followUp.id}`}
                className="min-w-0 font-medium text-primary underline-offset-4 wrap-anywhere hover:underline"
              >
                {followUp.reason}
              </Link>
              <span className="text-muted-foreground">Due {formatDate(followUp.due)}</span>
              {followUp.overdue ? (
                <StatusBadge tone="bad">Overdue</StatusBadge>
              ) : followUp.status !== "open" ? (
                <StatusBadge tone="waiting">
                  {FOLLOW_UP_STATUS_LABELS[followUp.status as FollowUpStatus] ?? followUp.status}
                </StatusBadge>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {care.canWrite ? (
        <Link
          to={`/members/care/new?member=${memberId}`}
          className={buttonVariants({ variant: "outline", size: "sm", className: "w-fit" })}
        >
          <Plus aria-hidden="true" />
          Start a follow-up
        </Link>
      ) : null}
    </section>
  );
}

function VisitItem({
  visit,
  name,
  action,
  canWrite,
  readsNotes,
}: {
  visit: VisitView;
  name: string;
  action: string;
  canWrite: boolean;
  readsNotes: boolean;
}) {
  const what = `${kindLabel(visit)} on ${formatDate(visit.visitedOn)}`;
  return (
    <li className="flex items-start justify-between gap-3 p-3 text-sm" data-testid="visit">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="wrap-anywhere">
          <span className="font-semibold">{formatDate(visit.visitedOn)}</span> · {kindLabel(visit)} · by{" "}
          {visit.visitedBy}
        </p>
        {visit.privateNote !== null && visit.privateNote !== "" ? (
          <p
            className="whitespace-pre-line rounded-md bg-muted px-3 py-2 wrap-anywhere"
            data-testid="visit-note"
          >
            <span className="sr-only">Private note: </span>
            {visit.privateNote}
          </p>
        ) : visit.hasNote && !readsNotes ? (
          <p className="text-muted-foreground italic">Private note (pastors only)</p>
        ) : null}
      </div>
      {canWrite ? (
        <ConfirmDeleteButton
          id={visit.id}
          action={action}
          fetcherKey={DELETE_FETCHER}
          label={`Delete the ${what.toLowerCase()}`}
          title="Delete this visit or call?"
          question={`${what}, by ${visit.visitedBy}, leaves ${name}'s log for good.`}
          className="-my-2 shrink-0"
        />
      ) : null}
    </li>
  );
}

function LogVisitForm({ action, visitor, today }: { action: string; visitor: string; today: string }) {
  const fetcher = useFetcher<ActionResult>({ key: LOG_FETCHER });
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer) showToast({ ...answer.toast, id: `${LOG_FETCHER}-${answer.at}` });
  }, [fetcher.state, answer]);
  const refused = answer?.ok === false;
  const errors = refused ? (answer.fieldErrors ?? {}) : {};
  // After a refusal, what was typed; after a save (or at first), a fresh form.
  const values: VisitFields = refused
    ? { visitedOn: today, kind: "visit", visitedBy: visitor, privateNote: "", ...answer.values }
    : { visitedOn: today, kind: "visit", visitedBy: visitor, privateNote: "" };
  const busy = fetcher.state !== "idle";
  return (
    <details
      key={answer?.at ?? "first"}
      open={refused || undefined}
      className="group rounded-lg border border-border"
    >
      <summary className="cursor-pointer list-none px-4 py-3 font-semibold text-primary [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <Plus className="size-4 transition-transform group-open:rotate-45" aria-hidden="true" />
          Log a visit or call
        </span>
      </summary>
      <fetcher.Form
        method="post"
        action={action}
        className="grid gap-4 border-t border-border p-4"
        noValidate
      >
        <input type="hidden" name="intent" value="log" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="visit-date"
            name="visitedOn"
            type="date"
            label="Date"
            className="content-start"
            max={today}
            required
            defaultValue={values.visitedOn}
            error={errors.visitedOn}
          />
          <Field
            id="visit-kind"
            label="Kind"
            className="content-start"
            error={errors.kind}
            control={(aria) => (
              <NativeSelect id="visit-kind" name="kind" defaultValue={values.kind} {...aria}>
                {VISIT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {VISIT_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </div>
        <FormField
          id="visit-by"
          name="visitedBy"
          label="Who visited or called"
          hint="Names of those who went, e.g. “Ptr. Rey and Ate Joy”."
          maxLength={VISIT_LIMITS.visitedBy}
          required
          defaultValue={values.visitedBy}
          error={errors.visitedBy}
        />
        <TextareaField
          id="visit-note"
          name="privateNote"
          label="Private note (optional)"
          hint="Anyone who logs visits may write one; only pastors read it back here. It is part of the member's own data if they ask for a copy, and never in the audit log."
          maxLength={VISIT_LIMITS.privateNote}
          defaultValue={values.privateNote}
          error={errors.privateNote}
        />
        <Button type="submit" className="w-fit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          Log it
        </Button>
      </fetcher.Form>
    </details>
  );
}
