import { AdminScreen } from "~/components/admin-screen";
import { UserPlus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useDeleteToast } from "~/components/confirm-dialog";
import { Pager } from "~/components/pager";
import { TableScroller } from "~/components/table-scroller";
import { buttonVariants } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { NativeSelect } from "~/components/ui/select";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { ColumnHeads } from "~/components/column-heads";
import { pageMeta } from "~/lib/meta";
import {
  memberListFilterLabels,
  memberListSearch,
  readMemberListFilter,
  showsContacted,
  type MemberListFilter,
} from "~/lib/member-list-filter";
import { requestedPage } from "~/lib/paging";
import { cn } from "~/lib/utils";
import { can } from "~/lib/permissions";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope } from "~/server/auth/ministry-scope.server";
import { ministryNames } from "~/server/site/ministry-names.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { deleteMember, listMembers } from "~/server/people/members.server";
import { lastContactedOn } from "~/server/care/pastoral-visits.server";
import { ContactedColumnChoice, MemberCard, MemberRow } from "./member-list-rows";
import type { Route } from "./+types/member-list";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Membership List", "Find, view, edit and remove church members.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:read");
  // A role limited to ministries lists only their people; no filter reaches past them.
  const scope = ministryScope(user);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const content = await getSiteContent();
  const ministries = content
    .ministriesByName()
    .filter((ministry) => inScope(scope, ministry.slug))
    .map(({ slug, name }) => ({ slug, name }));
  const { ministry, ...others } = readMemberListFilter(url.searchParams);
  // A ministry the person does not reach (or no such ministry) is left out, as an unknown status is.
  const filter: MemberListFilter = ministries.some((one) => one.slug === ministry)
    ? { ...others, ministry }
    : others;
  const page = requestedPage(request);
  // "Last contacted" (issue 38) is care's: offered to accounts that read it, and shown when chosen.
  const readsCare = can(user, "care:read");
  const contacted = readsCare && showsContacted(url.searchParams);
  const screen = {
    query,
    filter,
    ministries,
    readsCare,
    contacted,
    canWrite: can(user, "members:write"),
    /** The ministries a limited role reaches, named ("Amplify and ACTS Kids"); null for all. */
    reach: scope ? await ministryNames(scope) : null,
  };
  return loadOrEmpty(
    "members",
    async () => {
      const list = await listMembers({ query, page, filter, scope });
      // The page's members only: one grouped read of their visits (pastoral_visits_member_idx).
      const last = contacted ? await lastContactedOn(list.rows.map((row) => row.id)) : {};
      return {
        ...screen,
        ...list,
        rows: list.rows.map((row) => ({ ...row, lastContacted: last[row.id] ?? null })),
      };
    },
    { ...screen, rows: [], total: 0, page: 1, pages: 1 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  if (form.get("intent") !== "delete") {
    return refuse(400, { title: "Delete failed", description: "Unknown request." });
  }
  try {
    const deleted = await deleteMember(String(form.get("id") ?? ""), user);
    if (!deleted)
      return refuse(404, { title: "Delete failed", description: "That member no longer exists." });
  } catch (error) {
    return refusalFor(error, {
      title: "Delete failed",
      fallback: "The member could not be removed. Please try again.",
      what: "Deleting a member",
    });
  }
  return reply({ title: "Member Deleted", description: "The member has been removed." });
}

/** The list's order (listMembers), said on the screen. */
const LIST_ORDER = "Sorted by last name, then first name.";

/** The filters in use as chips; each one's × opens the list without it (search kept). */
function FilterChips({
  query,
  filter,
  contacted,
  ministryName,
}: {
  query: string;
  filter: MemberListFilter;
  contacted: boolean;
  ministryName: (slug: string) => string;
}) {
  const labels = memberListFilterLabels(filter, ministryName);
  if (labels.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filters">
      {labels.map(([name, label]) => {
        const { [name]: _removed, ...rest } = filter;
        return (
          <li key={name}>
            <Link
              to={`/members/details${memberListSearch({ query, filter: rest, contacted })}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 py-1 pl-3 pr-2 text-sm font-medium text-primary hover:bg-primary/20"
              aria-label={`Remove filter ${label}`}
            >
              {label}
              <X className="size-4" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Narrows the list to one ministry's people (on a phone, on a line of its own below the search). */
function MinistryChoice({
  ministries,
  chosen,
  isLimited,
}: {
  ministries: { slug: string; name: string }[];
  chosen?: string;
  isLimited: boolean;
}) {
  // Shows the filter in use when the address changes (a chip removed), keeping the focus.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (select.current) select.current.value = chosen ?? "";
  }, [chosen]);
  return (
    <div className="order-last w-full sm:order-none sm:w-56">
      <label htmlFor="member-ministry" className="sr-only">
        Ministry
      </label>
      <NativeSelect ref={select} id="member-ministry" name="ministry" defaultValue={chosen ?? ""}>
        <option value="">{isLimited ? "All my ministries" : "All ministries"}</option>
        {ministries.map((ministry) => (
          <option key={ministry.slug} value={ministry.slug}>
            {ministry.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export default function MembershipList({ loaderData }: Route.ComponentProps) {
  const {
    query,
    filter,
    rows,
    total,
    page,
    pages,
    loadFailed,
    ministries,
    canWrite,
    reach,
    readsCare,
    contacted,
  } = loaderData;
  const ministryName = (slug: string) => ministries.find((one) => one.slug === slug)?.name ?? slug;
  const submit = useSubmit();
  const navigation = useNavigation();
  const isSearching = navigation.state === "loading" && navigation.location?.pathname === "/members/details";
  const isFiltered = memberListFilterLabels(filter).length > 0;
  useDeleteToast("delete-member");

  useLoadFailedToast(loadFailed, "Error fetching members");

  const pageLink = (target: number) =>
    memberListSearch({ query, filter, page: target, contacted }) || "?page=1";

  return (
    <AdminScreen
      title="Membership List"
      description={
        // A status, so a screen reader hears the new count as the search narrows the list.
        <>
          <span role="status">
            {total} member{total === 1 ? "" : "s"}
            {reach ? ` of ${reach}` : ""}
            {isFiltered ? " (filtered)" : ""}
            {query ? ` matching “${query}”` : ""}
          </span>
          {total > 1 ? <span data-testid="list-order">. {LIST_ORDER}</span> : null}
        </>
      }
      actions={
        canWrite ? (
          <Link to="/members/forms" className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            Add New Member
          </Link>
        ) : undefined
      }
    >
      {reach === "" ? (
        <p
          className="mb-4 rounded-md border border-border bg-muted px-4 py-3 text-sm"
          data-testid="no-ministries"
        >
          Your account looks after no ministry yet, so no members are shown. An admin chooses its ministries
          on the Staff Accounts screen.
        </p>
      ) : null}
      <Form
        method="get"
        role="search"
        className="flex flex-wrap gap-2"
        onChange={(event) => submit(event.currentTarget, { replace: true })}
      >
        {/* The filters ride along with every search. */}
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        {filter.joined ? <input type="hidden" name="joined" value={filter.joined} /> : null}
        {filter.check ? <input type="hidden" name="check" value={filter.check} /> : null}
        {filter.ministry && ministries.length <= 1 ? (
          <input type="hidden" name="ministry" value={filter.ministry} />
        ) : null}
        <label htmlFor="member-search" className="sr-only">
          Search members by name, email or mobile
        </label>
        <SearchInput
          id="member-search"
          name="q"
          defaultValue={query}
          placeholder="Search by name, email or mobile"
          maxLength={100}
          wrapperClassName="min-w-0 flex-1 basis-48"
        />
        {ministries.length > 1 ? (
          <MinistryChoice ministries={ministries} chosen={filter.ministry} isLimited={reach !== null} />
        ) : null}
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Search
        </button>
        {readsCare ? <ContactedColumnChoice chosen={contacted} /> : null}
      </Form>
      <FilterChips query={query} filter={filter} contacted={contacted} ministryName={ministryName} />

      <div className={cn("mt-6", isSearching && "opacity-60")}>
        {/* Phones: one card per member, every action in reach. */}
        {rows.length > 0 ? (
          <ul className="grid gap-3 md:hidden" aria-label="Members">
            {rows.map((member) => (
              <MemberCard key={member.id} member={member} canWrite={canWrite} contacted={contacted} />
            ))}
          </ul>
        ) : null}

        {/* Wider screens: the spec's table; on phones too when it only says that nothing was found. */}
        <TableScroller
          label="Members"
          className={cn(
            "rounded-xl border border-border bg-background shadow-sm",
            rows.length > 0 && "hidden md:block",
          )}
        >
          <table className="w-full text-left text-sm">
            <thead
              className={cn(
                "bg-muted text-xs uppercase tracking-wide text-muted-foreground",
                rows.length === 0 && "hidden md:table-header-group",
              )}
            >
              <tr>
                <ColumnHeads
                  className="px-4 py-3"
                  names={["Name", "Email", "Mobile", "Status", ...(contacted ? ["Last contacted"] : [])]}
                />
                <ColumnHeads className="px-4 py-3 text-right" names={["Actions"]} />
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={contacted ? 6 : 5} className="px-4 py-10 text-center text-muted-foreground">
                    No members found.
                  </td>
                </tr>
              ) : (
                rows.map((member) => (
                  <MemberRow key={member.id} member={member} canWrite={canWrite} contacted={contacted} />
                ))
              )}
            </tbody>
          </table>
        </TableScroller>
      </div>

      <Pager page={page} pages={pages} hrefFor={pageLink} className="mt-4" />
    </AdminScreen>
  );
}
