import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { AdminScreen } from "~/components/admin-screen";
import { EmailStatusBadge } from "~/components/inbox-badges";
import { StatusMessage } from "~/components/status-message";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { listUnsentEmails } from "~/server/messages/outbox.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import type { Route } from "./+types/outbox";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Waiting E-mails", "E-mails that wait to be sent, or could not be sent.");
}

const SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "messages:read");
  return loadOrEmpty(
    "the outbox",
    async () => {
      const [emails, status] = await Promise.all([listUnsentEmails(SHOWN), outboxStatus()]);
      return {
        ...status,
        emails: emails.map((email) => ({
          id: email.id,
          to: email.toAddress,
          subject: email.subject,
          status: email.status,
          attempts: email.attempts,
          lastError: email.lastError,
          createdAt: formatDateTime(email.createdAt),
          nextAttemptAt: formatDateTime(email.nextAttemptAt),
        })),
      };
    },
    { emailConfigured: true, waiting: 0, emails: [] },
  );
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("grid min-w-0 gap-0.5", className)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { emails, waiting, emailConfigured, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching e-mails");

  return (
    <AdminScreen
      title="Waiting E-mails"
      description="E-mails that wait to be sent, or could not be sent, newest first."
      backTo="/members/messages"
      backLabel="Back to Messages"
    >
      <div className="grid grid-cols-1 gap-4">
        <p role="status" className="text-sm text-muted-foreground">
          {emailConfigured
            ? `${waiting} waiting. The site sends them by itself and tries again after a failure.`
            : `E-mail is not set up, so ${waiting} ${waiting === 1 ? "e-mail waits" : "e-mails wait"} here. They are sent once the site is started with SMTP_URL and MAIL_FROM.`}
          {waiting > emails.length ? ` The newest ${emails.length} are shown.` : ""}
        </p>
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
                  <p className="min-w-0 break-words font-semibold text-navy">{email.subject}</p>
                  <EmailStatusBadge status={email.status} />
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <Detail label="To">{email.to}</Detail>
                  <Detail label="Queued">{email.createdAt}</Detail>
                  <Detail label="Attempts">{email.attempts}</Detail>
                  <Detail label={email.status === "failed" ? "Gave up" : "Next attempt"}>
                    {email.status === "failed"
                      ? "After the last attempt"
                      : emailConfigured
                        ? email.nextAttemptAt
                        : "Once e-mail is set up"}
                  </Detail>
                  {email.lastError ? (
                    <Detail label="Last error" className="sm:col-span-2 lg:col-span-4">
                      {email.lastError}
                    </Detail>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminScreen>
  );
}
