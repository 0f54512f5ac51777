import { Inbox } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { KindLabel } from "~/components/inbox-badges";
import { StatusMessage } from "~/components/status-message";
import { firstErrors, type ActionResult } from "~/lib/action-result";
import { KIND_LABELS } from "~/lib/inbox";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { REPLY_LIMIT, replySchema } from "~/schemas/inbox";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { changeInboxStatus, replyToInboxItem, type InboxChange } from "~/server/messages/inbox.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import type { Route } from "./+types/inbox-message";
import { ContactCard, linkClass, MessageCard, RepliesCard, StatusCard } from "./inbox-message-cards";
import { itemPage } from "./inbox-message-page.server";
import { useLoadFailedToast } from "~/components/load-failed-toast";

const texts = {
  notFound: "That message could not be found. It may have been removed.",
  loadFailed: "Error fetching the message",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const item = loaderData?.item;
  return pageMeta(matches, item ? `${KIND_LABELS[item.kind]} from ${item.name}` : "Message", "A message.");
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

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, outbox, loadFailed } = loaderData;
  // The status buttons answer through a fetcher, so a reply being written stays in its box.
  const statusFetcher = useFetcher<ActionResult>({ key: "inbox-status" });
  const replyRef = useRef<HTMLTextAreaElement>(null);

  useLoadFailedToast(loadFailed, texts.loadFailed);
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
          <MessageCard item={item} />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <StatusCard item={item} statusFetcher={statusFetcher} />
          <ContactCard item={item} />
        </div>
        <div className="min-w-0 lg:col-span-2 lg:row-start-2">
          <RepliesCard item={item} outbox={outbox} answer={actionData} replyRef={replyRef} />
        </div>
      </div>
    </AdminScreen>
  );
}
