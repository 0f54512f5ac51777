import { XCircle } from "lucide-react";
import { Form, Link } from "react-router";
import type { RecipientStatus } from "../../../../database/schema";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { AnnouncementPageData } from "./announcement-page.server";
import { EmailPreview, WhatsAppPanel } from "./announcement-parts";

// An announcement being sent or sent (issue 35): to whom, how far it got, and each recipient's
// status (waiting, in the outbox, sent, failed with the mail server's answer, skipped and why).

const RECIPIENT_WORDS: Record<RecipientStatus, string> = {
  waiting: "Waiting",
  queued: "In the outbox",
  sent: "Sent",
  failed: "Failed",
  skipped: "Skipped",
};

const TONE: Record<RecipientStatus, string> = {
  waiting: "text-muted-foreground",
  queued: "text-primary",
  sent: "text-emerald-800",
  failed: "text-destructive",
  skipped: "text-muted-foreground",
};

type Announcement = NonNullable<AnnouncementPageData["announcement"]>;

function pageLink(id: string, status: RecipientStatus | null, page = 1) {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/members/announcements/${id}${text ? `?${text}` : ""}#recipients-heading`;
}

export function SendingReport({
  announcement,
  recipients,
  preview,
  whatsAppPeople,
}: {
  announcement: Announcement;
  recipients: AnnouncementPageData["recipients"];
  preview: AnnouncementPageData["preview"];
  whatsAppPeople: AnnouncementPageData["whatsAppPeople"];
}) {
  const counts = announcement.counts;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const when = [
    announcement.startedAt ? `Started ${announcement.startedAt}` : null,
    announcement.finishedAt ? `finished ${announcement.finishedAt}` : null,
  ].filter(Boolean);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <StaffCard id="delivery-heading" title="Delivery" description={when.join(", ") || undefined}>
          <p className="text-sm">
            <span className="font-medium">To:</span> {announcement.audienceWords}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="delivery-counts">
            {(Object.keys(RECIPIENT_WORDS) as RecipientStatus[]).map((status) => (
              <div key={status} className="rounded-lg border border-border px-3 py-2">
                <dt className="text-xs text-muted-foreground">{RECIPIENT_WORDS[status]}</dt>
                <dd className={cn("text-xl font-bold", TONE[status])}>
                  {counts[status].toLocaleString("en-US")}
                </dd>
              </div>
            ))}
          </dl>
          {announcement.status === "sending" ? (
            <Form method="post" className="mt-4">
              <Button
                type="submit"
                name="intent"
                value="cancel"
                variant="outline"
                size="sm"
                className="text-destructive"
              >
                <XCircle aria-hidden="true" />
                Stop sending
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                People still waiting are skipped; e-mails already in the outbox still go.
              </p>
            </Form>
          ) : null}
        </StaffCard>
        {recipients ? (
          <StaffCard id="recipients-heading" title={`Recipients (${total.toLocaleString("en-US")})`}>
            <nav aria-label="Show recipients" className="mb-3 flex flex-wrap gap-2 text-sm">
              {(
                [null, ...(Object.keys(RECIPIENT_WORDS) as RecipientStatus[])] as (RecipientStatus | null)[]
              ).map((status) => (
                <Link
                  key={status ?? "all"}
                  to={pageLink(announcement.id, status)}
                  aria-current={recipients.status === status ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-11 items-center rounded-full border border-border px-3",
                    recipients.status === status ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                >
                  {status ? `${RECIPIENT_WORDS[status]} (${counts[status]})` : "All"}
                </Link>
              ))}
            </nav>
            {recipients.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody here.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="recipients">
                {recipients.rows.map((row) => (
                  <li
                    key={row.id}
                    className="grid gap-0.5 py-2 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_8rem] sm:gap-3"
                  >
                    <span className="break-words font-medium">{row.name}</span>
                    <span className="text-muted-foreground [overflow-wrap:anywhere]">{row.email}</span>
                    <span className={cn("font-medium", TONE[row.status])}>{RECIPIENT_WORDS[row.status]}</span>
                    {row.error ? (
                      <span className="break-words text-xs text-muted-foreground sm:col-span-3">
                        {row.error}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {recipients.pages > 1 ? (
              <nav
                aria-label="Pages of recipients"
                className="mt-3 flex items-center justify-between gap-2 text-sm"
              >
                {recipients.page > 1 ? (
                  <Link
                    className="inline-flex min-h-11 items-center text-primary underline"
                    to={pageLink(announcement.id, recipients.status, recipients.page - 1)}
                  >
                    Previous
                  </Link>
                ) : (
                  <span />
                )}
                <span>
                  Page {recipients.page} of {recipients.pages}
                </span>
                {recipients.page < recipients.pages ? (
                  <Link
                    className="inline-flex min-h-11 items-center text-primary underline"
                    to={pageLink(announcement.id, recipients.status, recipients.page + 1)}
                  >
                    Next
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </StaffCard>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-6">
        <StaffCard id="sent-preview" title="The e-mail">
          <EmailPreview html={preview.html} />
        </StaffCard>
        <WhatsAppPanel whatsApp={preview.whatsApp} people={whatsAppPeople} />
      </div>
    </div>
  );
}
