import { CalendarClock, CheckCheck, Eye, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormField, TextareaField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import { PRAYER_VISIBILITY_LABELS } from "~/lib/care";
import { formatDate, formatDateTime } from "~/lib/format";
import { telHref } from "~/lib/tel";
import { PRAYER_LIMITS, prayerPath } from "~/schemas/prayer";
import type { PrayerRequestView } from "~/server/prayer/prayer-requests.server";
import { fromWhom, linkClass, receivedWords, VisibilityChoices } from "./prayer-pieces";

// The cards of one prayer request's page: the request (with its contacts for a pastor), its
// answer, and the forms that change it. Plain forms: the page works without scripts.

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function RequestCard({
  request,
  member,
}: {
  request: PrayerRequestView;
  member: { id: string; name: string } | null;
}) {
  const { contact } = request;
  return (
    <StaffCard id="request-heading" title="The request">
      <div className="grid gap-4">
        <p className="whitespace-pre-line break-words" data-testid="prayer-text">
          {request.request}
        </p>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Detail label="From">
            {member ? (
              <Link to={`/members/profile/${member.id}`} className={linkClass} data-testid="prayer-member">
                {member.name}
              </Link>
            ) : (
              fromWhom(request)
            )}
          </Detail>
          <Detail label="Who may read it">{PRAYER_VISIBILITY_LABELS[request.visibility]}</Detail>
          <Detail label="Received">{receivedWords(request)}</Detail>
          <Detail label="Expires">{formatDate(request.expiresOn)}</Detail>
          {contact ? (
            <>
              <Detail label="E-mail">
                {contact.email ? (
                  <a href={`mailto:${contact.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                    {contact.email}
                  </a>
                ) : (
                  "None given"
                )}
              </Detail>
              <Detail label="Mobile">
                {contact.mobile ? (
                  <a href={telHref(contact.mobile)} className={linkClass}>
                    {contact.mobile}
                  </a>
                ) : (
                  "None given"
                )}
              </Detail>
              <Detail label="A call or a message">
                {contact.wantsCall ? "Asked for one (a follow-up was started)" : "Not asked for"}
              </Detail>
            </>
          ) : null}
        </dl>
      </div>
    </StaffCard>
  );
}

export function AnsweredCard({ request }: { request: PrayerRequestView }) {
  if (!request.answeredAt) return null;
  return (
    <StaffCard id="answered-heading" title="Answered">
      <p className="text-sm text-muted-foreground">Marked answered {formatDateTime(request.answeredAt)}.</p>
      {request.answerNote ? (
        <p className="mt-2 whitespace-pre-line break-words" data-testid="prayer-answer">
          {request.answerNote}
        </p>
      ) : null}
    </StaffCard>
  );
}

export function AnswerCard({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <StaffCard id="answer-heading" title="Mark answered">
      <Form method="post" className="grid gap-4">
        <TextareaField
          id="note"
          name="note"
          label="How it was answered (optional)"
          rows={3}
          maxLength={PRAYER_LIMITS.note}
          defaultValue={values.note ?? ""}
          error={errors.note}
          hint="Kept with the request; the audit log records only that it was answered."
        />
        <Button type="submit" name="intent" value="answer" className="w-fit">
          <CheckCheck aria-hidden="true" />
          Mark answered
        </Button>
      </Form>
    </StaffCard>
  );
}

export function ExpiryCard({
  expiresOn,
  today,
  error,
}: {
  expiresOn: string;
  today: string;
  error?: string;
}) {
  return (
    <StaffCard id="expiry-heading" title="Expiry">
      <Form method="post" className="grid gap-4">
        <FormField
          id="expiresOn"
          name="expiresOn"
          type="date"
          label="On the lists until"
          min={today}
          required
          defaultValue={expiresOn}
          error={error}
          hint="After this day it moves to Expired (and out of the weekly digest)."
        />
        <Button type="submit" name="intent" value="expiry" variant="outline" className="w-fit">
          <CalendarClock aria-hidden="true" />
          Change the expiry
        </Button>
      </Form>
    </StaffCard>
  );
}

export function VisibilityCard({ chosen, error }: { chosen: string; error?: string }) {
  return (
    <StaffCard id="visibility-heading" title="Who may read it">
      <Form method="post" className="grid gap-4">
        <VisibilityChoices chosen={chosen} error={error} legendHidden />
        <Button type="submit" name="intent" value="visibility" variant="outline" className="w-fit">
          <Eye aria-hidden="true" />
          Change who may read it
        </Button>
      </Form>
    </StaffCard>
  );
}

export function DeleteCard({ requestId, deleting }: { requestId: string; deleting: boolean }) {
  return (
    <StaffCard id="delete-heading" title="Delete the request">
      {deleting ? (
        <Form method="post" className="grid gap-3" data-testid="confirm-delete">
          <p className="text-sm">
            Delete this prayer request for good? A follow-up it started stays. This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="delete" variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete request
            </Button>
            <Link to={prayerPath(requestId)} className={buttonVariants({ variant: "outline" })}>
              Keep it
            </Link>
          </div>
        </Form>
      ) : (
        <Link
          to={`${prayerPath(requestId)}?delete`}
          className={buttonVariants({ variant: "outline", size: "sm", className: "w-fit text-destructive" })}
        >
          <Trash2 aria-hidden="true" />
          Delete request…
        </Link>
      )}
    </StaffCard>
  );
}
