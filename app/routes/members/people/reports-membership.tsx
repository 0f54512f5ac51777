import { Cake, Heart, Layers, type LucideIcon, TrendingUp, Users } from "lucide-react";
import type { ReactNode } from "react";
import { ExportButton } from "~/components/export-button";
import { BarChart } from "~/components/report-charts";
import { MembershipStatusBadge } from "~/components/status-badge";
import { formatDate, formatMonth } from "~/lib/format";
import { REPORT_WINDOW_DAYS } from "~/lib/member-dates";
import { ReportPanel, ReportTable } from "./report-panel";
import type { Route } from "./+types/reports";

type Membership = Pick<
  Route.ComponentProps["loaderData"],
  "birthdays" | "anniversaries" | "counts" | "breakdown" | "statuses" | "newMembers"
>;

const MEMBERS = { one: "member", many: "members" };
const NEW_MEMBERS = { one: "new member", many: "new members" };

const daysLabel = (days: number) => (days === 0 ? "Today" : days === 1 ? "Tomorrow" : `In ${days} days`);

/** The people whose day comes round in the report's window, with the export of the same list. */
function UpcomingDates({
  title,
  icon: Icon,
  report,
  headers,
  rows,
}: {
  title: string;
  icon: LucideIcon;
  report: "birthdays" | "anniversaries";
  headers: string[];
  rows: ReactNode[][];
}) {
  return (
    <ReportPanel
      title={title}
      icon={<Icon className="size-5 text-accent-text" aria-hidden="true" />}
      actions={<ExportButton href={`/members/reports/export/${report}`} count={rows.length} />}
    >
      <ReportTable
        label={title}
        headers={headers}
        empty={`No ${report} in the next ${REPORT_WINDOW_DAYS} days.`}
        rows={rows}
      />
    </ReportPanel>
  );
}

/** The registry's reports: the dates coming up, and the members by status, ministry and month. */
export function MembershipReports(reports: Membership) {
  const { birthdays, anniversaries, counts, breakdown, statuses, newMembers } = reports;
  const newMembersTotal = newMembers.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <UpcomingDates
        title="Upcoming Birthdays"
        icon={Cake}
        report="birthdays"
        headers={["Name", "Date", "When", "Turning"]}
        rows={birthdays.map((b) => [b.name, formatDate(b.date), daysLabel(b.daysAway), b.years])}
      />

      <UpcomingDates
        title="Upcoming Wedding Anniversaries"
        icon={Heart}
        report="anniversaries"
        headers={["Name", "Spouse", "Date", "When", "Years"]}
        rows={anniversaries.map((a) => [
          a.name,
          a.spouseName ?? "N/A",
          formatDate(a.date),
          daysLabel(a.daysAway),
          a.years,
        ])}
      />

      <ReportPanel
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
      </ReportPanel>

      <ReportPanel
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
      </ReportPanel>

      <ReportPanel
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
      </ReportPanel>
    </div>
  );
}
