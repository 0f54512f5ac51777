import { ScrollText } from "lucide-react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { AuditEntries } from "~/components/audit-entries";
import { ExportButton } from "~/components/export-button";
import { Field, FormField } from "~/components/form-field";
import { Pager } from "~/components/pager";
import { StatusMessage } from "~/components/status-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { Choice } from "~/content/member-options";
import {
  ACTION_GROUPS,
  auditSearch,
  isFiltered,
  NO_ACCOUNT,
  readAuditFilter,
  type ActionGroup,
} from "~/lib/audit-filter";
import type { AuditEntryView } from "~/lib/audit-format";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { cn } from "~/lib/utils";
import { auditFilterChoices, auditNames, entryView, listAuditEntries } from "~/server/audit/audit-log.server";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/audit-log";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Audit Log", "Who changed what in the members area, and when.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "audit:read");
  const { filter, errors } = readAuditFilter(new URL(request.url).searchParams);
  const empty = {
    filter,
    errors,
    choices: { people: [] as Choice[], members: [] as Choice[] },
    entries: [] as AuditEntryView[],
    total: 0,
    page: 1,
    pages: 1,
  };
  return loadOrEmpty(
    "the audit log",
    async () => {
      const [choices, names] = await Promise.all([auditFilterChoices(), auditNames()]);
      // A filter that cannot be right lists nothing rather than more than was asked for.
      if (Object.keys(errors).length > 0) return { ...empty, choices };
      const list = await listAuditEntries(filter, requestedPage(request));
      return { ...empty, choices, ...list, entries: list.rows.map((row) => entryView(row, names)) };
    },
    empty,
  );
}

function countOf(total: number) {
  return total === 1 ? "1 entry" : `${total} entries`;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, errors, choices, entries, total, page, pages, loadFailed } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const isLoading = navigation.state === "loading" && navigation.location?.pathname === "/members/audit";
  const hasErrors = Object.keys(errors).length > 0;
  const filtered = isFiltered(filter);

  useLoadFailedToast(loadFailed, "Error fetching the audit log");

  return (
    <AdminScreen
      title="Audit Log"
      description="Who did what in the members area, when, and from which address. Newest first."
      actions={
        <ExportButton
          href={`/members/audit/export${auditSearch(filter)}`}
          count={hasErrors ? 0 : total}
          label="Download CSV"
        />
      }
    >
      <div className="grid grid-cols-1 gap-4">
        <Form
          method="get"
          role="search"
          aria-label="Filter the audit log"
          // Without scripts the form's GET carries every field; with them the address keeps only
          // the filters chosen, so it reads well when bookmarked or sent to someone.
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = new URLSearchParams();
            for (const [name, value] of new FormData(event.currentTarget))
              if (typeof value === "string" && value) chosen.set(name, value);
            const query = chosen.toString();
            navigate(`/members/audit${query ? `?${query}` : ""}`);
          }}
          className="grid grid-cols-1 gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_9.5rem_9.5rem]"
        >
          <Field
            id="audit-person"
            label="Person"
            error={errors.person}
            control={(aria) => (
              <NativeSelect id="audit-person" name="person" defaultValue={filter.person} {...aria}>
                <option value="">Anyone</option>
                <option value={NO_ACCOUNT}>Visitors and the system (no account)</option>
                {choices.people.map((person) => (
                  <option key={person.value} value={person.value}>
                    {person.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Field
            id="audit-member"
            label="About member"
            error={errors.member}
            control={(aria) => (
              <NativeSelect id="audit-member" name="member" defaultValue={filter.member} {...aria}>
                <option value="">Any member, or none</option>
                {choices.members.map((member) => (
                  <option key={member.value} value={member.value}>
                    {member.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Field
            id="audit-action"
            label="What"
            error={errors.action}
            control={(aria) => (
              <NativeSelect id="audit-action" name="action" defaultValue={filter.action} {...aria}>
                <option value="">Everything</option>
                {(Object.keys(ACTION_GROUPS) as ActionGroup[]).map((group) => (
                  <option key={group} value={group}>
                    {ACTION_GROUPS[group].label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormField
            id="audit-from"
            name="from"
            type="date"
            label="From"
            defaultValue={filter.from}
            error={errors.from}
          />
          <FormField
            id="audit-to"
            name="to"
            type="date"
            label="To"
            defaultValue={filter.to}
            error={errors.to}
          />
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
            <Button type="submit">Show entries</Button>
            {filtered ? (
              <Link to="/members/audit" className={buttonVariants({ variant: "outline" })}>
                Clear filters
              </Link>
            ) : null}
            <p className="text-xs text-muted-foreground">Dates are Bahrain time.</p>
          </div>
        </Form>

        {/* A status, so a screen reader hears the count as the filters narrow the list. */}
        <p role="status" className="text-sm text-muted-foreground">
          {hasErrors
            ? "Please correct the filters above."
            : `${countOf(total)} ${filtered ? (total === 1 ? "matches" : "match") + " these filters" : "in the audit log"}.`}
        </p>

        {entries.length === 0 ? (
          loadFailed || hasErrors ? null : (
            <StatusMessage icon={ScrollText} title={filtered ? "Nothing found" : "No entries yet"}>
              {filtered
                ? "No entry matches these filters."
                : "Changes to members, exports, sign-ins and other staff actions appear here."}
            </StatusMessage>
          )
        ) : (
          <AuditEntries entries={entries} label="Audit entries" className={cn(isLoading && "opacity-60")} />
        )}

        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => `/members/audit${auditSearch(filter, target)}`}
          previousLabel="Newer"
          nextLabel="Older"
          className="mt-2"
        />
      </div>
    </AdminScreen>
  );
}
