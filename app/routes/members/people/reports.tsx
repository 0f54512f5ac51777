import { AdminScreen } from "~/components/admin-screen";
import { Cake, ClipboardCheck, Heart, Layers, TrendingUp, Users } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { ExportButton } from "~/components/export-button";
import { BarChart } from "~/components/report-charts";
import { MembershipStatusBadge } from "~/components/status-badge";
import { TableScroller } from "~/components/table-scroller";
import { NativeSelect } from "~/components/ui/select";
import { choiceFor } from "~/content/member-options";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime, formatMonth } from "~/lib/format";
import { REPORT_WINDOW_DAYS } from "~/lib/member-dates";
import { Pager } from "~/components/pager";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  membersByStatus,
  membersInMinistry,
  membershipCounts,
  ministryBreakdown,
  newMembersPerMonth,
  upcomingAnniversaries,
  upcomingBirthdays,
} from "~/server/people/member-reports.server";
import { loadMemberOptions } from "~/server/people/members.server";
import { listVisitorsPage } from "~/server/people/visitors.server";
import { attendanceByEvent } from "~/server/people/check-in.server";
import { fullName } from "~/lib/names";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/reports";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Reports",
    "Birthdays, anniversaries, membership and ministry reports with CSV exports.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "reports:read");
  const today = todayInChurchZone();
  const url = new URL(request.url);
  const options = await loadMemberOptions();
  // The filter names a ministry by its name, as the select shows it; a slug is understood too.
  const chosen = choiceFor(url.searchParams.get("ministry") ?? "", options.ministries);
  const ministry = chosen?.label ?? "";
  const ministrySlug = chosen?.value ?? "";
  const ministryNames = options.ministries.map((choice) => choice.label);
  const visitorsPage = requestedPage(request, "visitors");
  const person = (m: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    email: string;
    countryCode: string;
    mobile: string;
  }) => ({
    name: fullName(m),
    email: m.email,
    mobile: `${m.countryCode} ${m.mobile}`,
  });
  return loadOrEmpty(
    "reports",
    async () => {
      const [
        birthdays,
        anniversaries,
        counts,
        breakdown,
        statuses,
        newMembers,
        visitors,
        ministryMembers,
        attendance,
      ] = await Promise.all([
        upcomingBirthdays(today),
        upcomingAnniversaries(today),
        membershipCounts(),
        ministryBreakdown(),
        membersByStatus(),
        newMembersPerMonth(today),
        listVisitorsPage(visitorsPage),
        chosen ? membersInMinistry(chosen.value) : Promise.resolve([]),
        attendanceByEvent(addDays(today, -ATTENDANCE_REPORT_DAYS), today),
      ]);
      return {
        ministry,
        ministrySlug,
        ministryNames,
        birthdays: birthdays.map(({ item, date, daysAway, years }) => ({
          id: item.id,
          ...person(item),
          date,
          daysAway,
          years,
        })),
        anniversaries: anniversaries.map(({ item, date, daysAway, years }) => ({
          id: item.id,
          ...person(item),
          spouseName: item.spouseName,
          date,
          daysAway,
          years,
        })),
        counts,
        breakdown,
        statuses,
        newMembers,
        visitors: visitors.rows.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
        visitorPages: { page: visitors.page, pages: visitors.pages, total: visitors.total },
        ministryMembers: ministryMembers.map((m) => ({
          id: m.id,
          ...person(m),
          roles: m.roleNames.join(", "),
        })),
        // The events that have taken place, the latest first, with who registered and who came.
        attendance: attendance
          .filter((row) => row.confirmed > 0 || row.arrived > 0)
          .reverse()
          .map(({ id, title, eventDate, confirmed, arrived }) => ({
            id,
            title,
            eventDate,
            confirmed,
            arrived,
          })),
      };
    },
    {
      ministry,
      ministrySlug,
      ministryNames,
      birthdays: [],
      anniversaries: [],
      counts: { total: 0, active: 0 },
      breakdown: [] as Awaited<ReturnType<typeof ministryBreakdown>>,
      statuses: [] as Awaited<ReturnType<typeof membersByStatus>>,
      newMembers: [] as Awaited<ReturnType<typeof newMembersPerMonth>>,
      visitors: [],
      visitorPages: { page: 1, pages: 1, total: 0 },
      ministryMembers: [],
      attendance: [] as {
        id: string;
        title: string;
        eventDate: string;
        confirmed: number;
        arrived: number;
      }[],
    },
  );
}

/** How far back the event attendance report reaches. */
const ATTENDANCE_REPORT_DAYS = 365;

const MEMBERS = { one: "member", many: "members" };
const NEW_MEMBERS = { one: "new member", many: "new members" };

function Panel({
  title,
  icon,
  actions,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "min-w-0 scroll-mt-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6",
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-navy">
          {icon}
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Table({
  headers,
  rows,
  empty,
  label,
}: {
  headers: string[];
  rows: ReactNode[][];
  empty: string;
  label: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <TableScroller label={`${label}, table`}>
      <table className="w-full min-w-[520px] text-left text-sm" aria-label={label}>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-3 py-2 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const {
    loadFailed,
    ministry,
    ministrySlug,
    ministryNames,
    birthdays,
    anniversaries,
    counts,
    breakdown,
    visitors,
    visitorPages,
    ministryMembers,
    statuses,
    newMembers,
    attendance,
  } = loaderData;
  const newMembersTotal = newMembers.reduce((sum, row) => sum + row.count, 0);
  const submit = useSubmit();

  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching reports",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

  const daysLabel = (days: number) => (days === 0 ? "Today" : days === 1 ? "Tomorrow" : `In ${days} days`);

  return (
    <AdminScreen
      title="Reports"
      description={`Upcoming dates look ${REPORT_WINDOW_DAYS} days ahead from today.`}
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel
          title="Upcoming Birthdays"
          icon={<Cake className="size-5 text-accent-text" aria-hidden="true" />}
          actions={<ExportButton href="/members/reports/export/birthdays" count={birthdays.length} />}
        >
          <Table
            label="Upcoming Birthdays"
            headers={["Name", "Date", "When", "Turning"]}
            empty={`No birthdays in the next ${REPORT_WINDOW_DAYS} days.`}
            rows={birthdays.map((b) => [b.name, formatDate(b.date), daysLabel(b.daysAway), b.years])}
          />
        </Panel>

        <Panel
          title="Upcoming Wedding Anniversaries"
          icon={<Heart className="size-5 text-accent-text" aria-hidden="true" />}
          actions={<ExportButton href="/members/reports/export/anniversaries" count={anniversaries.length} />}
        >
          <Table
            label="Upcoming Wedding Anniversaries"
            headers={["Name", "Spouse", "Date", "When", "Years"]}
            empty={`No anniversaries in the next ${REPORT_WINDOW_DAYS} days.`}
            rows={anniversaries.map((a) => [
              a.name,
              a.spouseName ?? "N/A",
              formatDate(a.date),
              daysLabel(a.daysAway),
              a.years,
            ])}
          />
        </Panel>

        <Panel
          title="Active Members"
          icon={<Users className="size-5 text-accent-text" aria-hidden="true" />}
          actions={<ExportButton href="/members/reports/export/active_members" count={counts.active} />}
        >
          <p className="text-4xl font-bold text-navy" data-testid="active-count">
            {counts.active}{" "}
            <span className="text-lg font-medium text-muted-foreground">
              of {counts.total} members are active
            </span>
          </p>
          <h3 id="members-by-status" className="mt-6 font-semibold text-navy">
            Members by Status
          </h3>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-labelledby="members-by-status">
            {statuses.map((row) => (
              <li key={row.status} className="flex items-center gap-1.5">
                <MembershipStatusBadge status={row.status} />
                <span className="font-semibold tabular-nums" data-testid={`status-count-${row.status}`}>
                  {row.count}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <BarChart
              caption="Members by status"
              testId="chart-members-by-status"
              labelHeader="Status"
              valueHeader="Members"
              unit={MEMBERS}
              height={200}
              bars={statuses.map((row) => ({
                label: row.label,
                value: row.count,
                color: row.status === "active" ? "var(--color-success)" : "var(--color-destructive)",
              }))}
            />
          </div>
        </Panel>

        <Panel
          title="Ministry Involvement"
          icon={<Layers className="size-5 text-accent-text" aria-hidden="true" />}
        >
          <BarChart
            caption="Members by ministry"
            testId="chart-members-by-ministry"
            labelHeader="Ministry"
            valueHeader="Members"
            unit={MEMBERS}
            horizontal
            height={Math.max(200, breakdown.length * 26 + 40)}
            bars={breakdown.map((row) => ({ label: row.name, value: row.count }))}
          />
        </Panel>

        <Panel
          title="New Members per Month"
          icon={<TrendingUp className="size-5 text-accent-text" aria-hidden="true" />}
          className="lg:col-span-2"
        >
          <p className="-mt-2 mb-3 text-sm text-muted-foreground">
            {newMembersTotal} registered in the last 12 months
            {newMembers.length > 0
              ? ` (${formatMonth(newMembers[0]!.month)} to ${formatMonth(newMembers.at(-1)!.month)})`
              : ""}
            .
          </p>
          <BarChart
            caption="New members per month"
            testId="chart-new-members"
            labelHeader="Month"
            valueHeader="New members"
            unit={NEW_MEMBERS}
            height={260}
            bars={newMembers.map((row) => ({ label: formatMonth(row.month), value: row.count }))}
          />
        </Panel>
      </div>

      <div className="mt-6 grid gap-6">
        <Panel
          title="Members by Ministry"
          actions={
            ministry ? (
              <ExportButton
                href={`/members/reports/export/ministry?${new URLSearchParams({ slug: ministrySlug })}`}
                count={ministryMembers.length}
              />
            ) : null
          }
        >
          <Form
            method="get"
            className="flex max-w-md items-end gap-2"
            onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
          >
            <div className="grid flex-1 gap-2">
              <label htmlFor="ministry-filter" className="text-sm font-medium">
                Ministry
              </label>
              <NativeSelect id="ministry-filter" name="ministry" defaultValue={ministry}>
                <option value="">Choose a ministry</option>
                {ministryNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <noscript>
              <button type="submit" className="h-11 rounded-md border border-input px-4">
                Show
              </button>
            </noscript>
          </Form>
          {ministry ? (
            <div className="mt-4">
              <Table
                label={`Members of ${ministry}`}
                headers={["Name", "Email", "Mobile", "Ministry Role"]}
                empty={`No members in ${ministry} yet.`}
                rows={ministryMembers.map((m) => [m.name, m.email, m.mobile, m.roles || "N/A"])}
              />
            </div>
          ) : null}
        </Panel>

        <Panel
          title="Event Attendance"
          icon={<ClipboardCheck className="size-5" aria-hidden="true" />}
          actions={
            <ExportButton
              href="/members/registrations/export/event"
              count={attendance.length}
              label="Registrations CSV"
            />
          }
        >
          <p className="mb-3 text-sm text-muted-foreground">
            Events of the last 12 months, the latest first: who registered and who was checked in at the door.
          </p>
          <Table
            label="Event Attendance"
            headers={["Event", "Date", "Registered", "Arrived", "Came"]}
            empty="No event of the last 12 months had registrations."
            rows={attendance.map((row) => [
              <a
                key="e"
                href={`/members/events/${row.id}/check-in`}
                className="font-medium text-navy underline"
              >
                {row.title}
              </a>,
              <span key="d" className="whitespace-nowrap">
                {formatDate(row.eventDate)}
              </span>,
              row.confirmed,
              row.arrived,
              row.confirmed > 0 ? `${Math.round((row.arrived / row.confirmed) * 100)}%` : "-",
            ])}
          />
        </Panel>

        <Panel
          title="Visitors"
          actions={<ExportButton href="/members/reports/export/visitors" count={visitorPages.total} />}
        >
          <Table
            label="Visitors"
            headers={["Name", "Mobile", "Email", "Message", "Date"]}
            empty="No visitors yet."
            rows={visitors.map((v) => [
              v.name,
              v.mobile,
              v.email,
              <span key="m" className="block max-w-md whitespace-pre-wrap break-words">
                {v.message}
              </span>,
              <span key="d" className="whitespace-nowrap">
                {formatDateTime(v.createdAt)}
              </span>,
            ])}
          />
          {/* Fifty at a time, newest first; the CSV export has every visitor. */}
          <Pager
            page={visitorPages.page}
            pages={visitorPages.pages}
            hrefFor={(target) =>
              `?${new URLSearchParams({ ...(ministry ? { ministry } : {}), visitors: String(target) })}`
            }
            previousLabel="Newer visitors"
            nextLabel="Older visitors"
            className="mt-4"
          />
        </Panel>
      </div>
    </AdminScreen>
  );
}
