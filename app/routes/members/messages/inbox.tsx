import { Inbox } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { KindLabel, StatusBadge } from "~/components/inbox-badges";
import { OutboxNote } from "~/components/outbox-note";
import { Pager } from "~/components/pager";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { inboxSearch, KIND_LABELS, readInboxQuery, STATUS_FILTERS, type InboxKind } from "~/lib/inbox";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { cn } from "~/lib/utils";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { countNewInboxItems, listInbox, type InboxListRow } from "~/server/messages/inbox.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import type { Route } from "./+types/inbox";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Messages", "Connect messages, ministry sign-ups and event registrations.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "messages:read");
  const query = readInboxQuery(new URL(request.url).searchParams);
  const page = requestedPage(request);
  const empty = {
    query,
    rows: [] as InboxListRow[],
    total: 0,
    page: 1,
    pages: 1,
    unread: 0,
    outbox: { emailConfigured: true, waiting: 0 },
  };
  return loadOrEmpty(
    "the inbox",
    async () => {
      const [list, unread, outbox] = await Promise.all([
        listInbox({
          kind: query.kind || undefined,
          statuses: STATUS_FILTERS[query.status].statuses,
          query: query.q,
          page,
        }),
        countNewInboxItems(),
        outboxStatus(),
      ]);
      return { query, ...list, unread, outbox };
    },
    empty,
  );
}

/** What the list shows, in words: "12 messages, new and handled, matching “ana”". */
function summary(total: number, query: ReturnType<typeof readInboxQuery>) {
  const what =
    query.kind === "group"
      ? "requests to join a group"
      : query.kind
        ? `${KIND_LABELS[query.kind].toLowerCase()}s`
        : "messages";
  const count =
    total === 1 ? `1 ${what.replace(/s$/, "").replace(/^requests/, "request")}` : `${total} ${what}`;
  const status = STATUS_FILTERS[query.status].label.toLowerCase();
  return `${count}, ${status}${query.q ? `, matching “${query.q}”` : ""}`;
}

function InboxRow({ row }: { row: InboxListRow }) {
  return (
    <li data-testid="inbox-row">
      <Link
        to={`/members/messages/${row.id}`}
        className={cn(
          "flex gap-3 border-l-4 px-4 py-3 transition-colors hover:bg-primary/5 sm:px-5",
          row.status === "new" ? "border-l-primary" : "border-l-transparent",
        )}
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <KindLabel kind={row.kind} />
            <span className="text-muted-foreground">{row.receivedAt}</span>
          </p>
          <p className={cn("mt-1 break-words text-navy", row.status === "new" ? "font-bold" : "font-medium")}>
            {row.name}
          </p>
          <p className="mt-0.5 line-clamp-2 break-words text-sm text-muted-foreground">{row.what}</p>
        </div>
        <StatusBadge status={row.status} className="self-start" />
      </Link>
    </li>
  );
}

export default function InboxScreen({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pages, unread, outbox, loadFailed } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location?.pathname === "/members/messages";

  useLoadFailedToast(loadFailed, "Error fetching messages");

  const filtered = query.q !== "" || query.kind !== "" || query.status !== "inbox";

  return (
    <AdminScreen
      title="Messages"
      description="Connect messages, ministry sign-ups and event registrations, newest first."
      actions={
        <p
          data-testid="inbox-unread"
          className={cn(
            "rounded-full px-3 py-1 text-sm font-semibold",
            unread > 0 ? "bg-primary text-primary-foreground" : "bg-background text-muted-foreground",
          )}
        >
          {unread} new
        </p>
      }
    >
      <div className="grid gap-4">
        <OutboxNote {...outbox} />

        <Form
          method="get"
          role="search"
          aria-label="Filter messages"
          className="grid gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_12rem_12rem_auto] sm:items-end"
          onChange={(event) => submit(event.currentTarget, { replace: true })}
        >
          <div className="grid gap-2">
            <Label htmlFor="inbox-search">Search</Label>
            <SearchInput
              id="inbox-search"
              name="q"
              defaultValue={query.q}
              placeholder="Name, e-mail, mobile or message"
              maxLength={100}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="inbox-type">Type</Label>
            <NativeSelect id="inbox-type" name="type" defaultValue={query.kind}>
              <option value="">All types</option>
              {(Object.keys(KIND_LABELS) as InboxKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="inbox-status">Show</Label>
            <NativeSelect id="inbox-status" name="status" defaultValue={query.status}>
              {Object.entries(STATUS_FILTERS).map(([value, filter]) => (
                <option key={value} value={value}>
                  {filter.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Filter
          </button>
        </Form>

        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {/* A status, so a screen reader hears the new count as the filters narrow the list. */}
          <p role="status" className="text-muted-foreground">
            {summary(total, query)}
          </p>
          {query.status === "inbox" ? (
            <Link
              to={`/members/messages${inboxSearch({ ...query, status: "archived" })}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              Show archived
            </Link>
          ) : (
            <Link
              to={`/members/messages${inboxSearch({ ...query, status: "inbox" })}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              Back to the inbox
            </Link>
          )}
        </div>

        {rows.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={Inbox} title={filtered ? "Nothing found" : "No messages yet"}>
              {filtered
                ? "No message matches these filters."
                : "Messages from the connect form, ministry sign-ups and event registrations appear here."}
            </StatusMessage>
          )
        ) : (
          <ul
            aria-label="Messages"
            className={cn(
              "divide-y divide-border overflow-hidden rounded-xl border border-border bg-background shadow-sm",
              isLoading && "opacity-60",
            )}
          >
            {rows.map((row) => (
              <InboxRow key={row.id} row={row} />
            ))}
          </ul>
        )}

        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => `/members/messages${inboxSearch(query, target)}`}
          className="mt-2"
        />
      </div>
    </AdminScreen>
  );
}
