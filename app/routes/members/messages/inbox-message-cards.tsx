import { Archive, ArchiveRestore, CheckCheck, CircleDot, Send } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Form, Link, type FetcherWithComponents } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { TextareaField } from "~/components/form-field";
import { EmailStatusBadge, StatusBadge } from "~/components/inbox-badges";
import { OutboxNote } from "~/components/outbox-note";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { KIND_LABELS, type InboxStatus } from "~/lib/inbox";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { REPLY_LIMIT } from "~/schemas/inbox";
import type { InboxChange } from "~/server/messages/inbox.server";
import type { InboxMessagePage } from "./inbox-message-page.server";

// The cards of one inbox message's page: the message, its status, the contact, the replies.

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 break-words rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Text someone typed: their line breaks kept, never read as HTML; a long link breaks anywhere. */
function TypedText({ text, testId }: { text: string; testId?: string }) {
  return (
    <p data-testid={testId} className="whitespace-pre-wrap wrap-anywhere">
      {text}
    </p>
  );
}

export const linkClass = "font-medium text-primary underline underline-offset-4 wrap-anywhere";

const STATUS_BUTTONS: Record<InboxStatus, { change: InboxChange; label: string; icon: typeof Archive }[]> = {
  new: [
    { change: "handled", label: "Mark handled", icon: CheckCheck },
    { change: "archived", label: "Archive", icon: Archive },
  ],
  handled: [
    { change: "new", label: "Mark as new", icon: CircleDot },
    { change: "archived", label: "Archive", icon: Archive },
  ],
  archived: [{ change: "restored", label: "Move back to inbox", icon: ArchiveRestore }],
};

export function MessageCard({ item }: { item: InboxMessagePage }) {
  return (
    <Card id="message-heading" title={item.kind === "connect" ? "Message" : KIND_LABELS[item.kind]}>
      <div className="grid grid-cols-1 gap-3">
        {item.ministry ? (
          <p>
            Signed up for{" "}
            {item.ministry.exists ? (
              <Link to={`/ministries/${item.ministry.slug}`} className={linkClass}>
                {item.ministry.name}
              </Link>
            ) : (
              <strong>{item.ministry.name}</strong>
            )}
            .
          </p>
        ) : null}
        {item.event ? (
          <p>
            Registered for{" "}
            {item.event.id ? (
              <Link to={`/events/${item.event.id}`} className={linkClass}>
                {item.event.title}
              </Link>
            ) : (
              <>
                <strong>{item.event.title}</strong> (the event has since been removed)
              </>
            )}
            .
          </p>
        ) : null}
        {item.group ? (
          <p>
            Asked to join <strong data-testid="inbox-group-name">{item.group.name}</strong>. The group's
            leaders were e-mailed too.
          </p>
        ) : null}
        {item.message ? (
          <>
            {item.kind === "event" || item.kind === "group" ? (
              <p className="text-sm font-medium text-muted-foreground">Their message:</p>
            ) : null}
            <TypedText text={item.message} testId="inbox-message-text" />
          </>
        ) : item.kind === "event" ? (
          <p className="text-sm text-muted-foreground">No message came with the registration.</p>
        ) : null}
      </div>
    </Card>
  );
}

export function StatusCard({
  item,
  statusFetcher,
}: {
  item: InboxMessagePage;
  statusFetcher: FetcherWithComponents<ActionResult>;
}) {
  const statusBusy = statusFetcher.state !== "idle" ? statusFetcher.formData?.get("intent") : null;
  const handledWord = item.status === "archived" ? "Archived" : "Handled";
  return (
    <Card id="status-heading" title="Status">
      <div className="grid grid-cols-1 gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={item.status} />
          {item.handledBy && item.handledAt ? (
            <span className="min-w-0 text-sm text-muted-foreground wrap-anywhere" data-testid="inbox-handled">
              {handledWord} by {item.handledBy}, {item.handledAt}
            </span>
          ) : null}
        </p>
        <statusFetcher.Form method="post" className="flex flex-wrap gap-2">
          {STATUS_BUTTONS[item.status].map((button) => (
            <Button
              key={button.change}
              type="submit"
              name="intent"
              value={button.change}
              variant={button.change === "handled" ? "default" : "outline"}
              size="sm"
              disabled={statusBusy === button.change}
            >
              <button.icon aria-hidden="true" />
              {button.label}
            </Button>
          ))}
        </statusFetcher.Form>
      </div>
    </Card>
  );
}

export function ContactCard({ item }: { item: InboxMessagePage }) {
  return (
    <Card id="contact-heading" title="Contact">
      <dl className="grid grid-cols-1 gap-3 text-sm">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">E-mail</dt>
          <dd className="mt-0.5">
            {item.email ? (
              <a href={`mailto:${item.email}`} className={linkClass}>
                {item.email}
              </a>
            ) : (
              "None given"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Mobile</dt>
          <dd className="mt-0.5 flex flex-wrap gap-x-4 gap-y-1">
            <a href={item.telHref} className={linkClass}>
              {item.mobile}
            </a>
            <a href={item.whatsAppHref} target="_blank" rel="noopener noreferrer" className={linkClass}>
              WhatsApp<span className="sr-only"> {item.name} (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function RepliesCard({
  item,
  outbox,
  answer,
  replyRef,
}: {
  item: InboxMessagePage;
  outbox: { emailConfigured: boolean; waiting: number };
  answer: ActionResult | undefined;
  replyRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const isReplying = useIsSubmitting("reply");
  const replyError = answer?.ok === false ? answer.fieldErrors?.body : undefined;
  return (
    <Card id="replies-heading" title="Reply by e-mail">
      <div className="grid grid-cols-1 gap-4">
        {item.replies.length > 0 ? (
          <ol aria-label="Replies sent" className="grid grid-cols-1 gap-3">
            {item.replies.map((sent) => (
              <li
                key={sent.id}
                data-testid="inbox-reply"
                className="rounded-lg border border-border bg-muted/50 p-4"
              >
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                  <span className="min-w-0 wrap-anywhere">
                    <span className="font-semibold text-foreground">{sent.sentBy}</span>, {sent.sentAt}, to{" "}
                    {sent.toAddress}
                  </span>
                  {sent.emailStatus ? <EmailStatusBadge status={sent.emailStatus} /> : null}
                </p>
                <div className="mt-2 text-sm">
                  <TypedText text={sent.body} />
                </div>
              </li>
            ))}
          </ol>
        ) : null}

        {!outbox.emailConfigured ? <OutboxNote {...outbox} /> : null}

        {item.canReply ? (
          <Form method="post" className="grid grid-cols-1 gap-3" key={answer?.ok ? answer.at : "reply"}>
            <input type="hidden" name="intent" value="reply" />
            <TextareaField
              ref={replyRef}
              id="reply-body"
              name="body"
              label="Your reply"
              hint={`Sent to ${item.email}, with their ${item.message ? "message" : "details"} quoted below your reply.`}
              required
              maxLength={REPLY_LIMIT}
              rows={6}
              defaultValue={answer?.ok === false ? (answer.values?.body ?? "") : ""}
              error={replyError}
            />
            <Button type="submit" className="justify-self-start" disabled={isReplying}>
              <BusyIcon busy={isReplying} icon={Send} />
              Send reply
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="no-reply">
            This person left no e-mail address that a reply can be sent to. Call or message them instead.
          </p>
        )}
      </div>
    </Card>
  );
}
