import { Check, Inbox, LoaderCircle, TriangleAlert, X } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { EMPTY_VALUE, valueInWords, type AuditNames } from "~/lib/audit-values";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { MEMBER_FIELDS, type MemberField } from "~/schemas/member-fields";
import { isOwnDetailField } from "~/schemas/own-details";
import { auditNames } from "~/server/audit/audit-log.server";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  registryConsentsWithdrawnByMembers,
  type RegistryConsentWithdrawn,
} from "~/server/people/consents.server";
import {
  decideUpdateChanges,
  listPendingUpdateRequests,
  type ChangeForReview,
  type RequestForReview,
} from "~/server/people/member-updates.server";
import type { Route } from "./+types/member-updates";

// The review queue of members' own changes (privacy issue 23): each request a member sent through
// their update link, field by field, with the value the record has and the one they sent. Staff
// accept or reject each change; an accepted one is saved through the member form's own save.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Members' Updates",
    "Changes members sent to their own details, waiting for review.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "members:write");
  return loadOrEmpty(
    "members' updates",
    async () => {
      const [requests, names, withdrawn] = await Promise.all([
        listPendingUpdateRequests(),
        auditNames(),
        registryConsentsWithdrawnByMembers(),
      ]);
      return { requests, names, withdrawn };
    },
    {
      requests: [] as RequestForReview[],
      names: { ministries: [], roles: [], sections: {} } as AuditNames,
      withdrawn: [] as RegistryConsentWithdrawn[],
    },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  const requestId = String(form.get("request") ?? "");
  const index = Number(form.get("index"));
  const confirmStale = form.get("confirmStale") === "yes";
  if (intent !== "accept" && intent !== "reject" && intent !== "accept-all") {
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  }
  if (intent !== "accept-all" && !Number.isInteger(index)) {
    return refuse(400, { title: "Not saved", description: "Unknown change." });
  }
  try {
    const outcome = await decideUpdateChanges(
      requestId,
      intent === "accept-all" ? null : [index],
      intent === "reject" ? "reject" : "accept",
      user,
      { confirmStale },
    );
    if (outcome.outcome === "not-found") {
      return refuse(404, {
        title: "Not saved",
        description:
          "That change was already decided, or the member is no longer in the list. The page now shows what waits.",
      });
    }
    if (outcome.outcome === "stale") {
      return refuse(409, {
        title: "Changed since",
        description: `Staff changed ${outcome.fields.map(fieldLabel).join(", ")} since the member sent this. Look at the value now and accept again if the member's is right.`,
      });
    }
    const what =
      outcome.accepted > 0
        ? `${outcome.accepted} change${outcome.accepted === 1 ? "" : "s"} saved to the member's record.`
        : "The change was rejected; the member's record stays as it was.";
    return reply({
      title: outcome.accepted > 0 ? "Accepted" : "Rejected",
      description: outcome.isDone ? `${what} Every change of this request is decided.` : what,
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      fallback: "The decision could not be saved. Please try again.",
      what: "Deciding a member's change",
    });
  }
}

function fieldOf(name: string): MemberField | undefined {
  return isOwnDetailField(name) ? MEMBER_FIELDS[name] : undefined;
}

function fieldLabel(name: string): string {
  if (name === "children") return "Children";
  if (name === "countryCode") return "Country code";
  return fieldOf(name)?.label ?? name;
}

/** A value as staff read it: children one per line, ministries by name, empty as "(empty)". */
function Value({ field, value, names }: { field: string; value: unknown; names: AuditNames }) {
  if (field === "children" && Array.isArray(value)) {
    if (value.length === 0) return <span className="text-muted-foreground">No children</span>;
    return (
      <ul className="grid gap-0.5">
        {value.map((child, index) => (
          <li key={index}>{valueInWords(child, undefined, names)}</li>
        ))}
      </ul>
    );
  }
  const words = valueInWords(value, fieldOf(field), names);
  return <span className={words === EMPTY_VALUE ? "text-muted-foreground" : undefined}>{words}</span>;
}

function useAnswerToast(fetcher: ReturnType<typeof useFetcher<ActionResult>>) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      showToast({ ...fetcher.data.toast, id: `member-update-${fetcher.data.at}` });
    }
  }, [fetcher.state, fetcher.data]);
}

function ChangeRow({
  request,
  change,
  names,
}: {
  request: RequestForReview;
  change: ChangeForReview;
  names: AuditNames;
}) {
  const fetcher = useFetcher<ActionResult>();
  useAnswerToast(fetcher);
  const busy = fetcher.state !== "idle";
  const label = fieldLabel(change.field);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" data-testid="update-change">
      <p className="font-semibold text-navy">{label}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Was</dt>
          <dd className="wrap-anywhere">
            <Value field={change.field} value={change.from} names={names} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Member sent</dt>
          <dd className="wrap-anywhere font-medium">
            <Value field={change.field} value={change.to} names={names} />
          </dd>
        </div>
      </dl>
      {change.isStale ? (
        <div
          className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="note"
          data-testid="stale-warning"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p>Staff changed this since the member sent it. Accepting replaces what the record has now:</p>
            <div className="mt-1 wrap-anywhere font-medium">
              <Value field={change.field} value={change.current} names={names} />
            </div>
          </div>
        </div>
      ) : null}
      {change.status === "pending" ? (
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="request" value={request.id} />
          <input type="hidden" name="index" value={change.index} />
          {change.isStale ? <input type="hidden" name="confirmStale" value="yes" /> : null}
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            {busy && fetcher.formData?.get("intent") === "accept" ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            {change.isStale ? "Accept anyway" : "Accept"}
            <span className="sr-only"> {label}</span>
          </Button>
          <Button type="submit" name="intent" value="reject" variant="outline" disabled={busy}>
            <X aria-hidden="true" />
            Reject<span className="sr-only"> {label}</span>
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="change-decided">
          {change.status === "accepted" ? "Accepted" : "Rejected"}
          {change.decidedBy ? ` by ${change.decidedBy}` : ""}
        </p>
      )}
    </li>
  );
}

function RequestCard({ request, names }: { request: RequestForReview; names: AuditNames }) {
  const fetcher = useFetcher<ActionResult>();
  useAnswerToast(fetcher);
  const staleCount = request.changes.filter((change) => change.isStale).length;
  const headingId = `request-${request.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6"
      data-testid="update-request"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold text-navy">
            <Link to={`/members/profile/${request.memberId}`} className="underline-offset-4 hover:underline">
              {request.memberName}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            Sent <time dateTime={request.submittedAt}>{formatDateTime(request.submittedAt)}</time> ·{" "}
            {request.pending} of {request.changes.length} change{request.changes.length === 1 ? "" : "s"} to
            decide
          </p>
        </div>
        {request.pending > 1 ? (
          <fetcher.Form method="post">
            <input type="hidden" name="request" value={request.id} />
            {staleCount > 0 ? <input type="hidden" name="confirmStale" value="yes" /> : null}
            <Button
              type="submit"
              name="intent"
              value="accept-all"
              variant="outline"
              disabled={fetcher.state !== "idle"}
            >
              <Check aria-hidden="true" />
              Accept all<span className="sr-only"> changes of {request.memberName}</span>
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
      {staleCount > 0 && request.pending > 1 ? (
        <p className="mt-2 text-sm text-amber-900">
          Accept all also replaces {staleCount === 1 ? "one field" : `${staleCount} fields`} staff changed
          since.
        </p>
      ) : null}
      <ol className="mt-4 grid gap-3">
        {request.changes.map((change) => (
          <ChangeRow key={change.index} request={request} change={change} names={names} />
        ))}
      </ol>
    </section>
  );
}

/** Members who withdrew their consent to the registry with their update link: erase, or ask again. */
function WithdrawnConsents({ withdrawn }: { withdrawn: RegistryConsentWithdrawn[] }) {
  return (
    <section
      aria-labelledby="withdrawn-heading"
      className="min-w-0 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
      data-testid="withdrawn-consents"
    >
      <h2 id="withdrawn-heading" className="text-lg font-semibold">
        Consent to the registry withdrawn
      </h2>
      <p className="mt-1 text-sm">
        These members withdrew their consent with their update link. Erase their record from their profile, or
        record their consent again there if they give it.
      </p>
      <ul className="mt-3 grid gap-2">
        {withdrawn.map((entry) => (
          <li key={entry.memberId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link
              to={`/members/profile/${entry.memberId}`}
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              {entry.memberName}
            </Link>
            <span>
              withdrew on <time dateTime={entry.withdrawnAt}>{formatDateTime(entry.withdrawnAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MemberUpdates({ loaderData }: Route.ComponentProps) {
  const { requests, names, withdrawn, loadFailed } = loaderData;
  return (
    <AdminScreen
      title="Members' Updates"
      description="Changes members sent to their own details through an update link. Accept what is right; only accepted changes reach the record."
      backTo="/members/details"
      backLabel="Back to List"
    >
      {loadFailed ? (
        <StatusMessage icon={TriangleAlert} tone="error" title="The updates could not be loaded">
          Please reload the page.
        </StatusMessage>
      ) : (
        <div className="grid gap-6">
          {withdrawn.length > 0 ? <WithdrawnConsents withdrawn={withdrawn} /> : null}
          {requests.length === 0 ? (
            <StatusMessage icon={Inbox} title="Nothing waits for review" testId="no-updates">
              Send a member an update link from their profile; what they send shows here.
            </StatusMessage>
          ) : (
            requests.map((request) => <RequestCard key={request.id} request={request} names={names} />)
          )}
        </div>
      )}
    </AdminScreen>
  );
}
