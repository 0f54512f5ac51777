import { Eye, Pencil, Search, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { Pager } from "~/components/pager";
import { TableScroller } from "~/components/table-scroller";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { showToast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { deleteMember, listMembers } from "~/server/people/members.server";
import { fullName } from "~/lib/names";
import type { Route } from "./+types/member-list";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Membership List", "Find, view, edit and remove church members.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "members:read");
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = requestedPage(request);
  return loadOrEmpty("members", async () => ({ query, ...(await listMembers({ query, page })) }), {
    query,
    rows: [],
    total: 0,
    page: 1,
    pages: 1,
  });
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

export default function MembershipList({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pages, loadFailed } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const isSearching = navigation.state === "loading" && navigation.location?.pathname === "/members/details";
  useDeleteToast("delete-member");

  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching members",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

  const pageLink = (target: number) =>
    `?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(target) })}`;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/members" className="text-sm font-medium text-primary hover:underline">
            ← Back to Dashboard
          </Link>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy">Membership List</h1>
          {/* A status, so a screen reader hears the new count as the search narrows the list. */}
          <p className="mt-1 text-muted-foreground" role="status">
            {total} member{total === 1 ? "" : "s"}
            {query ? ` matching “${query}”` : ""}
          </p>
        </div>
        <Link to="/members/forms" className={buttonVariants()}>
          <UserPlus aria-hidden="true" />
          Add New Member
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        className="mt-6 flex gap-2"
        onChange={(event) => submit(event.currentTarget, { replace: true })}
      >
        <label htmlFor="member-search" className="sr-only">
          Search members by name, email or mobile
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="member-search"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Search by name, email or mobile"
            className="pl-9"
            maxLength={100}
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Search
        </button>
      </Form>

      <TableScroller
        label="Members"
        className={cn(
          "mt-6 rounded-xl border border-border bg-background shadow-sm",
          isSearching && "opacity-60",
        )}
      >
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Mobile
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-10 text-center text-muted-foreground">
                  No members found.
                </td>
              </tr>
            ) : (
              rows.map((member) => {
                const name = fullName(member);
                return (
                  <tr key={member.id} data-testid="member-row">
                    <td className="px-4 py-3 font-medium">{name}</td>
                    <td className="px-4 py-3 break-all">{member.email}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {member.countryCode} {member.mobile}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={cn(
                          "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
                          member.membershipStatus === "active"
                            ? "bg-success/10 text-success"
                            : "bg-destructive/10 text-destructive",
                        )}
                        data-testid="member-status"
                      >
                        {member.membershipStatus}
                      </span>
                    </td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={`/members/profile/${member.id}`}
                          className={buttonVariants({ variant: "ghost", size: "icon" })}
                          aria-label={`View ${name}`}
                          title="View"
                        >
                          <Eye aria-hidden="true" />
                        </Link>
                        <Link
                          to={`/members/edit/${member.id}`}
                          className={buttonVariants({ variant: "ghost", size: "icon" })}
                          aria-label={`Edit ${name}`}
                          title="Edit"
                        >
                          <Pencil aria-hidden="true" />
                        </Link>
                        <ConfirmDeleteButton
                          fetcherKey="delete-member"
                          id={member.id}
                          label={`Delete ${name}`}
                          question="Are you sure you want to delete this member?"
                        />
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </TableScroller>

      <Pager page={page} pages={pages} hrefFor={pageLink} className="mt-4" />
    </section>
  );
}
