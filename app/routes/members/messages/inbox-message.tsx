import { Archive, ArchiveRestore, CheckCheck, CircleDot, Inbox, LoaderCircle, Send } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { TextareaField } from "~/components/form-field";
import { EmailStatusBadge, KindLabel, StatusBadge } from "~/components/inbox-badges";
import { OutboxNote } from "~/components/outbox-note";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import { firstErrors, type ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { KIND_LABELS, type InboxStatus } from "~/lib/inbox";
import { pageMeta } from "~/lib/meta";
import { countryCodeOf, telHref, whatsAppHref, withCountryCode } from "~/lib/tel";
import { showToast } from "~/lib/toast";
import { REPLY_LIMIT, replySchema } from "~/schemas/inbox";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  changeInboxStatus,
  getInboxItem,
  replyToInboxItem,
  type InboxChange,
} from "~/server/messages/inbox.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/inbox-message";

const texts = {
  notFound: "That message could not be found. It may have been removed.",
  loadFailed: "Error fetching the message",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const item = loaderData?.item;
  return pageMeta(matches, item ? `${KIND_LABELS[item.kind]} from ${item.name}` : "Message", "A message.");
}

/** The item as its page shows it: dates in the church's time, contact links ready. */
async function itemPage(id: string) {
  const [item, content] = await Promise.all([getInboxItem(id), getSiteContent()]);
  if (!item) return null;
  const international = withCountryCode(item.mobile, countryCodeOf(content.church.phone));
  return {
    id: item.id,
    kind: item.kind,
    status: item.status,
    name: item.name,
    email: item.email,
    mobile: item.mobile,
    message: item.message,
    ministry: item.ministry,
    event: item.event,
    canReply: item.canReply,
    receivedAt: formatDateTime(item.createdAt),
    handledBy: item.handledBy,
    handledAt: item.handledAt ? formatDateTime(item.handledAt) : null,
    telHref: telHref(item.mobile),
    whatsAppHref: whatsAppHref(international),
    replies: item.replies.map((sent) => ({
      id: sent.id,
      toAddress: sent.toAddress,
      body: sent.body,
      sentBy: sent.sentBy,
      sentAt: formatDateTime(sent.createdAt),
      emailStatus: sent.emailStatus,
    })),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "messages:read");
  const loaded = await loadOrEmpty(
    "an inbox message",
    async () => {
      const [item, outbox] = await Promise.all([itemPage(params.id), outboxStatus()]);
      return { item, outbox };
    },
    { item: null as Awaited<ReturnType<typeof itemPage>>, outbox: { emailConfigured: true, waiting: 0 } },
  );
  return loaded.data.loadFailed || loaded.data.item ? loaded : data(loaded.data, { status: 404 });
}

const CHANGES: Record<InboxChange, { toast: string; log: string }> = {
  handled: { toast: "Marked as handled", log: "Marking a message handled" },
  new: { toast: "Marked as new", log: "Marking a message new" },
  archived: { toast: "Archived", log: "Archiving a message" },
  restored: { toast: "Moved back to the inbox", log: "Moving a message back to the inbox" },
};
const isChange = (value: string): value is InboxChange => Object.hasOwn(CHANGES, value);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "messages:read");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "reply") return sendReply(params.id, form, user);
  if (!isChange(intent)) return refuse(400, { title: "Update failed", description: "Unknown request." });
  try {
    if (!(await changeInboxStatus(params.id, intent, user)))
      return refuse(404, { title: "Update failed", description: texts.notFound });
  } catch (error) {
    return refusalFor(error, {
      title: "Update failed",
      what: CHANGES[intent].log,
      fallback: "The message could not be updated. Please try again.",
    });
  }
  return reply({ title: CHANGES[intent].toast });
}

async function sendReply(id: string, form: FormData, user: StaffUser) {
  const title = "Reply not sent";
  const typed = form.get("body");
  const values = { body: typeof typed === "string" ? typed.slice(0, REPLY_LIMIT * 2) : "" };
  const parsed = replySchema.safeParse({ body: typeof typed === "string" ? typed : undefined });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title, description: fieldErrors.body ?? "Please check the reply." },
      { fieldErrors, values },
    );
  }
  try {
    await replyToInboxItem(id, parsed.data.body, user);
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Replying to a message",
      fallback: "The reply could not be saved. Please try again.",
      values,
    });
  }
  const { emailConfigured } = await outboxStatus();
  return reply({
    title: "Reply saved",
    description: emailConfigured
      ? "Your reply is on its way by e-mail."
      : "Your reply waits in the outbox until e-mail is set up.",
  });
}

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

const linkClass = "font-medium text-primary underline underline-offset-4 wrap-anywhere";

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

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, outbox, loadFailed } = loaderData;
  const navigation = useNavigation();
  const isReplying = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  // The status buttons answer through a fetcher, so a reply being written stays in its box.
  const statusFetcher = useFetcher<ActionResult>({ key: "inbox-status" });
  const statusBusy = statusFetcher.state !== "idle" ? statusFetcher.formData?.get("intent") : null;
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const replyError = actionData?.ok === false ? actionData.fieldErrors?.body : undefined;

  useEffect(() => {
    if (loadFailed)
      showToast({ title: texts.loadFailed, description: "Please reload the page.", variant: "destructive" });
  }, [loadFailed]);
  useEffect(() => {
    if (!actionData) return;
    showToast({ ...actionData.toast, id: `inbox-${actionData.at}` });
    if (actionData.fieldErrors?.body) replyRef.current?.focus();
  }, [actionData]);
  useEffect(() => {
    if (statusFetcher.state === "idle" && statusFetcher.data)
      showToast({ ...statusFetcher.data.toast, id: `inbox-status-${statusFetcher.data.at}` });
  }, [statusFetcher.state, statusFetcher.data]);

  if (!item) {
    return (
      <AdminScreen title="Message" backTo="/members/messages" backLabel="Back to Messages">
        {loadFailed ? null : (
          <StatusMessage icon={Inbox} title="Message not found">
            <p>{texts.notFound}</p>
            <Link to="/members/messages" className={`${linkClass} mt-4 inline-block`}>
              Back to Messages
            </Link>
          </StatusMessage>
        )}
      </AdminScreen>
    );
  }

  const handledWord = item.status === "archived" ? "Archived" : "Handled";
  return (
    <AdminScreen
      title={item.name}
      description={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <KindLabel kind={item.kind} />
          <span>Received {item.receivedAt}</span>
        </span>
      }
      backTo="/members/messages"
      backLabel="Back to Messages"
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
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
              {item.message ? (
                <>
                  {item.kind === "event" ? (
                    <p className="text-sm font-medium text-muted-foreground">Their message:</p>
                  ) : null}
                  <TypedText text={item.message} testId="inbox-message-text" />
                </>
              ) : item.kind === "event" ? (
                <p className="text-sm text-muted-foreground">No message came with the registration.</p>
              ) : null}
            </div>
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <Card id="status-heading" title="Status">
            <div className="grid grid-cols-1 gap-3">
              <p className="flex flex-wrap items-center gap-2">
                <StatusBadge status={item.status} />
                {item.handledBy && item.handledAt ? (
                  <span
                    className="min-w-0 text-sm text-muted-foreground wrap-anywhere"
                    data-testid="inbox-handled"
                  >
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

          <Card id="contact-heading" title="Contact">
            <dl className="grid grid-cols-1 gap-3 text-sm">
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  E-mail
                </dt>
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
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  Mobile
                </dt>
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
        </div>
        <div className="min-w-0 lg:col-span-2 lg:row-start-2">
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
                          <span className="font-semibold text-foreground">{sent.sentBy}</span>, {sent.sentAt},
                          to {sent.toAddress}
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
                <Form
                  method="post"
                  className="grid grid-cols-1 gap-3"
                  key={actionData?.ok ? actionData.at : "reply"}
                >
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
                    defaultValue={actionData?.ok === false ? (actionData.values?.body ?? "") : ""}
                    error={replyError}
                  />
                  <Button type="submit" className="justify-self-start" disabled={isReplying}>
                    {isReplying ? (
                      <LoaderCircle className="animate-spin" aria-hidden="true" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    Send reply
                  </Button>
                </Form>
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="no-reply">
                  This person left no e-mail address that a reply can be sent to. Call or message them
                  instead.
                </p>
              )}
            </div>
          </Card>
        </div>
      </div>
    </AdminScreen>
  );
}
