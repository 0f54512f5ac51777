import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { BarChart } from "~/components/report-charts";
import { LineChart } from "~/components/line-chart";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { ATTENDANCE_PATH } from "~/schemas/headcount";
import { groupAttendanceRates } from "~/server/groups/attendance-rates.server";
import { firstTimeTable, groupsTable, weeklyTable } from "~/server/attendance/trend-tables.server";
import {
  firstTimeVisitors,
  TREND_RANGES,
  trendRange,
  weeklyAttendance,
} from "~/server/attendance/trends.server";
import { requireUser } from "~/server/auth/guards.server";
import { csvPath, RangeChooser, TrendSection, TrendTableView } from "./trend-parts";
import type { Route } from "./+types/trends";

// Attendance trends (issue 37), in the Reports section: weekly attendance with its 4- and 12-week
// averages and the same weeks last year; first-time visitors and who came back; each group's
// attendance rate over 30, 60 and 90 days. Each chart has its table (the same numbers, always on
// the page, for screen readers and without scripts) and a CSV file of that table.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Attendance trends",
    "Weekly attendance, first-time visitors and group attendance.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const range = trendRange(new URL(request.url).searchParams.get("range"));
  const [weekly, firstTime, groups] = await Promise.all([
    weeklyAttendance(range),
    firstTimeVisitors(range),
    groupAttendanceRates(),
  ]);
  return {
    range,
    ranges: Object.entries(TREND_RANGES).map(([key, value]) => ({ key, label: value.label })),
    main: weekly.main,
    weekly: weekly.weeks,
    weeklyTable: weeklyTable(weekly.weeks),
    firstTime,
    firstTimeTable: firstTimeTable(firstTime),
    groups: groups.map((g) => ({ name: g.name, rate30: g.rate.d30 })),
    groupsTable: groupsTable(groups),
    canEnter: can(user, "groups:write"),
  };
}

const last = <T,>(values: T[]) => values.at(-1);

export default function AttendanceTrends({ loaderData }: Route.ComponentProps) {
  const { range, ranges, main, weekly, firstTime, groups } = loaderData;
  const rangeLabel = ranges.find((r) => r.key === range)!.label;
  const labels = weekly.map((w) => w.week);
  const latest = last(weekly);
  const weeklySummary = latest
    ? `Line chart of weekly attendance over ${rangeLabel}, ${labels[0]} to ${latest.week}: in person, its 4-week and 12-week averages, the same weeks last year, and online. The last week, ${latest.week}: ${latest.inPerson ?? "not counted"} in person, 4-week average ${latest.avg4 ?? "none"}, 12-week average ${latest.avg12 ?? "none"}, last year ${latest.lastYear ?? "not counted"}, online ${latest.online ?? "not counted"}. Every number is in the table below.`
    : "No weekly service in the service times.";
  const totals = firstTime.reduce(
    (sum, w) => ({
      first: sum.first + (w.firstTime ?? 0),
      newcomers: sum.newcomers + w.newcomers,
      back: sum.back + w.cameBack,
    }),
    { first: 0, newcomers: 0, back: 0 },
  );
  return (
    <AdminScreen
      title="Attendance trends"
      description={`Weekly attendance of the ${main ?? "main service"}, first-time visitors, and how often each group's members come.`}
      backTo="/members/reports"
      backLabel="Back to Reports"
      actions={
        <Link to={ATTENDANCE_PATH} className={buttonVariants({ variant: "outline" })}>
          <ClipboardList aria-hidden="true" />
          Headcounts
        </Link>
      }
    >
      <div className="grid gap-6 [&>*]:min-w-0">
        <RangeChooser ranges={ranges} current={range} />
        <TrendSection
          id="weekly"
          title="Weekly attendance"
          description={`In person: the adults and children counted at the ${main ?? "main service"} each week (a week ends on its day). The averages are of the counted weeks among the last 4 and 12; last year is the week 52 weeks earlier. Online viewers are their own line.`}
          csv={{ href: csvPath("weekly", range), label: "Download weekly attendance (CSV)" }}
        >
          <LineChart
            testId="weekly-chart"
            summary={weeklySummary}
            labels={labels}
            series={[
              { label: "In person", values: weekly.map((w) => w.inPerson), color: "var(--color-primary)" },
              { label: "4-week average", values: weekly.map((w) => w.avg4), color: "#b45309" },
              { label: "12-week average", values: weekly.map((w) => w.avg12), color: "#047857" },
              {
                label: "Same week last year",
                values: weekly.map((w) => w.lastYear),
                color: "#64748b",
                dashed: true,
              },
              { label: "Online", values: weekly.map((w) => w.online), color: "#7c3aed", dashed: true },
            ]}
          />
          <TrendTableView caption="Weekly attendance" table={loaderData.weeklyTable} testId="weekly-table" />
        </TrendSection>
        <TrendSection
          id="first-time"
          title="First-time visitors"
          description="First-time visitors: as the ushers counted them at every service and event of the week. First check-ins: people (known by their e-mail address) whose first QR check-in at any event falls in the week. Came back: those of them who checked in again on a later day within 8 weeks after (recent weeks may still grow)."
          csv={{ href: csvPath("first-time", range), label: "Download first-time visitors (CSV)" }}
        >
          <LineChart
            testId="first-time-chart"
            summary={`Line chart of first-time visitors per week over ${rangeLabel}: ${totals.first} counted by ushers, ${totals.newcomers} first check-ins, of whom ${totals.back} came back within 8 weeks. Every number is in the table below.`}
            labels={firstTime.map((w) => w.week)}
            series={[
              {
                label: "First-time visitors",
                values: firstTime.map((w) => w.firstTime),
                color: "var(--color-primary)",
              },
              { label: "First check-ins", values: firstTime.map((w) => w.newcomers), color: "#b45309" },
              {
                label: "Came back within 8 weeks",
                values: firstTime.map((w) => w.cameBack),
                color: "#047857",
              },
            ]}
          />
          <TrendTableView
            caption="First-time visitors"
            table={loaderData.firstTimeTable}
            testId="first-time-table"
          />
        </TrendSection>
        <TrendSection
          id="groups"
          title="Group attendance rate"
          description="Of the members expected at a group's meetings in the last 30, 60 or 90 days (those in the group by the meeting's day), the share who came. Groups without a meeting in that time have no rate."
          csv={{ href: csvPath("groups", "all"), label: "Download group attendance (CSV)" }}
        >
          {groups.some((g) => g.rate30 !== null) ? (
            <BarChart
              testId="groups-chart"
              caption="Attendance rate in the last 30 days, by group"
              labelHeader="Group"
              valueHeader="Rate % (30 days)"
              unit={{ one: "percent", many: "percent" }}
              max={100}
              horizontal
              height={Math.max(160, 28 * groups.filter((g) => g.rate30 !== null).length)}
              bars={groups
                .filter((g) => g.rate30 !== null)
                .map((g) => ({ label: g.name, value: Math.round(g.rate30! * 100) }))}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              No group meeting was recorded in the last 30 days.
            </p>
          )}
          <TrendTableView
            caption="Group attendance rate"
            table={loaderData.groupsTable}
            testId="groups-table"
          />
        </TrendSection>
      </div>
    </AdminScreen>
  );
}
