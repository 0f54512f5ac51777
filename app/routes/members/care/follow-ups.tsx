import { HeartHandshake, ListChecks, Mail, Plus } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FollowUpStatusBadge, OverdueBadge } from "~/components/follow-up-badges";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { Pager } from "~/components/pager";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { can } from "~/lib/permissions";
import { cn } from "~/lib/utils";
import { CARE_PATH, followUpPath, NEW_FOLLOW_UP, WORKFLOWS_PATH } from "~/schemas/care";
import { DIGEST_SETTINGS_PATH } from "~/schemas/follow-up-digest";
import {
  followUpSearch,
  readFollowUpQuery,
  STATUS_FILTERS,
  WHOSE_FILTERS,
  type FollowUpQuery,
} from "~/schemas/care-list";
import { requireUser } from "~/server/auth/guards.server";
import { listFollowUps, type FollowUpListRow } from "~/server/care/follow-up-list.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/follow-ups";

// Follow-ups (issue 38): the people to call, visit or welcome, the most pressing first (by the
// day each is next due; overdue ones flagged). The filters live in the address, so the list works
// without scripts: one's own by default for someone who works on follow-ups.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Follow-ups", "People to call, visit or welcome, the most pressing first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:read");
  const canWork = can(user, "care:write");
  const query = readFollowUpQuery(new URL(request.url).searchParams, canWork);
  const page = requestedPage(request);
  return loadOrEmpty(
    "the follow-ups",
    async () => ({ query, canWork, ...(await listFollowUps(query, user, page)) }),
    { query, canWork, rows: [] as FollowUpListRow[], total: 0, page: 1, pages: 1 },
  );
}

/** What the list shows, in words: "3 follow-ups, mine, open and waiting, matching “ana”". */
function summary(total: number, query: FollowUpQuery) {
  const count = `${total} ${total === 1 ? "follow-up" : "follow-ups"}`;
  const whose = { mine: "yours", unassigned: "not assigned", everyone: "everyone's" }[query.whose];
  const status = STATUS_FILTERS[query.status].label.toLowerCase();
  return `${count}, ${whose}, ${status}${query.q ? `, matching “${query.q}”` : ""}`;
}

function FollowUpItem({ row }: { row: FollowUpListRow }) {
  return (
    <li data-testid="follow-up-row">
      <Link
        to={followUpPath(row.id)}
        className={cn(
          "flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-l-4 px-4 py-3 transition-colors hover:bg-primary/5 sm:px-5",
          row.overdue ? "border-l-destructive" : "border-l-transparent",
        )}
      >
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-semibold wrap-anywhere text-navy">{row.name}</p>
          <p className="text-sm wrap-anywhere text-muted-foreground">{row.reason}</p>
          {row.step ? (
            <p className="mt-0.5 text-sm wrap-anywhere">
              <span className="text-muted-foreground">Now: </span>
              {row.step}
            </p>
          ) : null}
        </div>
        <div className="grid shrink-0 justify-items-start gap-1 text-sm sm:justify-items-end">
          <p className="flex flex-wrap items-center gap-2">
            {row.overdue ? <OverdueBadge /> : null}
            <FollowUpStatusBadge status={row.status} />
          </p>
          <p data-testid="follow-up-due">
            Due {formatDate(row.due)}
            {row.snoozedUntil && row.due === row.snoozedUntil ? (
              <span className="text-muted-foreground"> (snoozed)</span>
            ) : null}
          </p>
          <p className="wrap-anywhere text-muted-foreground">{row.assigneeName ?? "Not assigned"}</p>
        </div>
      </Link>
    </li>
  );
}

export default function FollowUps({ loaderData }: Route.ComponentProps) {
  const { query, canWork, rows, total, page, pages, loadFailed } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location?.pathname === CARE_PATH;
  useLoadFailedToast(loadFailed, "Error fetching the follow-ups");
  const filtered = query.q !== "" || query.status !== "open";
  return (
    <AdminScreen
      title="Follow-ups"
      description="People to call, visit or welcome, the most pressing first."
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to={WORKFLOWS_PATH} className={buttonVariants({ variant: "outline" })}>
            <ListChecks aria-hidden="true" />
            Workflows
          </Link>
          <Link to={DIGEST_SETTINGS_PATH} className={buttonVariants({ variant: "outline" })}>
            <Mail aria-hidden="true" />
            Daily e-mail
          </Link>
          {canWork ? (
            <Link to={`${CARE_PATH}/${NEW_FOLLOW_UP}`} className={buttonVariants()}>
              <Plus aria-hidden="true" />
              New follow-up
            </Link>
          ) : null}
        </div>
      }
    >
      <div className="grid gap-4">
        <Form
          method="get"
          role="search"
          aria-label="Filter follow-ups"
          className="grid gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_13rem_auto] lg:items-end"
          onChange={(event) => submit(event.currentTarget, { replace: true })}
        >
          <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
            <Label htmlFor="care-search">Name</Label>
            <SearchInput
              id="care-search"
              name="q"
              defaultValue={query.q}
              placeholder="Name or e-mail"
              maxLength={100}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="care-whose">Whose</Label>
            <NativeSelect id="care-whose" name="whose" defaultValue={query.whose}>
              {Object.entries(WHOSE_FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="care-status">Show</Label>
            <NativeSelect id="care-status" name="status" defaultValue={query.status}>
              {Object.entries(STATUS_FILTERS).map(([value, filter]) => (
                <option key={value} value={value}>
                  {filter.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <button type="submit" className={cn(buttonVariants({ variant: "outline" }), "sm:w-fit")}>
            Filter
          </button>
        </Form>

        {/* A status, so a screen reader hears the new count as the filters narrow the list. */}
        <p role="status" className="text-sm text-muted-foreground">
          {summary(total, query)}
        </p>

        {rows.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={HeartHandshake} title={filtered ? "Nothing found" : "Nothing to follow up"}>
              {filtered ? (
                "No follow-up matches these filters."
              ) : query.whose === "mine" ? (
                <>
                  None of the open follow-ups is yours.{" "}
                  <Link
                    to={`${CARE_PATH}${followUpSearch({ ...query, whose: "everyone" }, canWork)}`}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    See everyone&apos;s
                  </Link>
                </>
              ) : (
                "Follow-ups started by hand or by the site (a new visitor, a request to join a group, someone not seen lately) appear here."
              )}
            </StatusMessage>
          )
        ) : (
          <ul
            aria-label="Follow-ups"
            data-testid="follow-ups"
            className={cn(
              "divide-y divide-border overflow-hidden rounded-xl border border-border bg-background shadow-sm",
              isLoading && "opacity-60",
            )}
          >
            {rows.map((row) => (
              <FollowUpItem key={row.id} row={row} />
            ))}
          </ul>
        )}

        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => `${CARE_PATH}${followUpSearch(query, canWork, target)}`}
          className="mt-2"
        />
      </div>
    </AdminScreen>
  );
}
