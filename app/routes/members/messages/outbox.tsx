import { MailCheck, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { HeldEmails } from "~/components/held-emails";
import { EmailStatusBadge } from "~/components/inbox-badges";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { emailKindLabel } from "~/lib/email-kinds";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { cn } from "~/lib/utils";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { answerHeldChoice, heldEmailsView, isHeldIntent } from "~/server/messages/held-choice.server";
import { discardEmail, resendEmail } from "~/server/messages/outbox-admin.server";
import { listUnsentEmails } from "~/server/messages/outbox.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import type { Route } from "./+types/outbox";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Waiting E-mails", "E-mails that wait to be sent, or could not be sent.");
}

const SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "messages:read");
  const canManageMail = can(user, "settings:manage");
  return loadOrEmpty(
    "the outbox",
    async () => {
      const [emails, status, held] = await Promise.all([
        listUnsentEmails(SHOWN),
        outboxStatus(),
        heldEmailsView(),
      ]);
      return {
        ...status,
        held,
        canManageMail,
        emails: emails.map((email) => ({
          id: email.id,
          kind: emailKindLabel(email.kind),
          to: email.toAddress,
          subject: email.subject,
          status: email.status,
          attempts: email.attempts,
          lastError: email.lastError,
          createdAt: formatDateTime(email.createdAt),
          nextAttemptAt: formatDateTime(email.nextAttemptAt),
          expiresAt: email.expiresAt ? formatDateTime(email.expiresAt) : null,
        })),
      };
    },
    { emailConfigured: true, waiting: 0, emails: [], held: { count: 0, kinds: [] }, canManageMail },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "messages:read");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isHeldIntent(intent)) return answerHeldChoice(intent, user);
  const id = String(form.get("id") ?? "");
  if ((intent !== "discard" && intent !== "resend") || !/^[0-9a-f-]{36}$/i.test(id))
    return refuse(400, { title: "Not done", description: "Unknown request." });
  try {
    if (intent === "discard") {
      await discardEmail(user, id);
      return reply({ title: "Discarded", description: "The e-mail will not be sent." });
    }
    await resendEmail(user, id);
    return reply({ title: "Sending again", description: "The e-mail waits to be sent once more." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not done",
      what: intent === "discard" ? "Discarding an e-mail" : "Sending an e-mail again",
      fallback: "That did not work. Please try again.",
    });
  }
}

const FETCHER = "outbox-email";

/** Sends a failed e-mail again (no question: it only puts it back in the queue). */
function ResendButton({ id, subject }: { id: string; subject: string }) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        <RotateCw aria-hidden="true" />
        <span>
          Send again<span className="sr-only">: {subject}</span>
        </span>
      </Button>
    </fetcher.Form>
  );
}

const CAN_DISCARD = new Set(["pending", "held", "failed"]);

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("grid min-w-0 gap-0.5", className)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

const NEXT_LABELS: Record<string, string> = {
  failed: "Gave up",
  held: "Sent",
  expired: "Not sent",
  discarded: "Sent",
};

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { emails, waiting, emailConfigured, held, canManageMail, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching e-mails");
  useDeleteToast(FETCHER);

  return (
    <AdminScreen
      title="Waiting E-mails"
      description="E-mails that wait to be sent, are held, or could not be sent, newest first, and those that expired or were discarded in the last two weeks."
      backTo="/members/messages"
      backLabel="Back to Messages"
    >
      <div className="grid grid-cols-1 gap-4">
        <p role="status" className="text-sm text-muted-foreground">
          {emailConfigured
            ? `${waiting} waiting. The site sends them by itself and tries again after a failure.`
            : `E-mail is not set up, so ${waiting} ${waiting === 1 ? "e-mail waits" : "e-mails wait"} here. `}
          {!emailConfigured ? (
            canManageMail ? (
              <Link
                to="/members/settings/email"
                className="font-medium text-primary underline underline-offset-4"
              >
                Set up e-mail
              </Link>
            ) : (
              "An administrator can set it up under Site settings."
            )
          ) : null}
          {waiting > emails.length ? ` The newest ${emails.length} are shown.` : ""}
        </p>
        <HeldEmails held={held} canChoose={canManageMail} />
        {emails.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={MailCheck} title="Nothing is waiting">
              Every e-mail has been sent.
            </StatusMessage>
          )
        ) : (
          <ul aria-label="Waiting e-mails" className="grid grid-cols-1 gap-3">
            {emails.map((email) => (
              <li
                key={email.id}
                data-testid="outbox-email"
                className="rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-semibold text-navy">{email.subject}</p>
                    <p className="text-xs text-muted-foreground">{email.kind}</p>
                  </div>
                  <EmailStatusBadge status={email.status} />
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <Detail label="To">{email.to}</Detail>
                  <Detail label="Queued">{email.createdAt}</Detail>
                  <Detail label="Attempts">{email.attempts}</Detail>
                  <Detail label={NEXT_LABELS[email.status] ?? "Next attempt"}>
                    {email.status === "failed"
                      ? "After the last attempt"
                      : email.status === "held"
                        ? "When an administrator chooses"
                        : email.status === "expired"
                          ? `Its time ran out${email.expiresAt ? ` (${email.expiresAt})` : ""}`
                          : email.status === "discarded"
                            ? "Never"
                            : emailConfigured
                              ? email.nextAttemptAt
                              : "Once e-mail is set up"}
                  </Detail>
                  {email.lastError ? (
                    <Detail label="The mail server's answer" className="sm:col-span-2 lg:col-span-4">
                      {email.lastError}
                    </Detail>
                  ) : null}
                </dl>
                {CAN_DISCARD.has(email.status) ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {email.status === "failed" ? (
                      <ResendButton id={email.id} subject={email.subject} />
                    ) : null}
                    <ConfirmDeleteButton
                      id={email.id}
                      intent="discard"
                      fetcherKey={FETCHER}
                      label={`Discard “${email.subject}”`}
                      title="Discard this e-mail?"
                      question={`“${email.subject}” to ${email.to} will never be sent.`}
                      confirmLabel="Discard"
                      text={
                        <>
                          Discard<span className="sr-only">: {email.subject}</span>
                        </>
                      }
                      className="h-8 px-3 text-sm"
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminScreen>
  );
}
