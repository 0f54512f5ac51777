import { GROUP_KIND_LABELS } from "~/lib/groups";
import { groupAttendanceRates, type GroupAttendanceRate } from "../groups/attendance-rates.server";
import {
  firstTimeVisitors,
  weeklyAttendance,
  type FirstTimeRow,
  type TrendRange,
  type WeekRow,
} from "./trends.server";

// The trends' tables (issue 37), one builder each, used by the page and by its CSV files, so a
// table and its file always say the same: the header, then one row of cells per week or group.
// An empty cell is a week nobody counted.

export interface TrendTable {
  header: string[];
  rows: string[][];
}

export const TREND_TABLES = ["weekly", "first-time", "groups"] as const;
export type TrendTableName = (typeof TREND_TABLES)[number];

export const TREND_TABLE_TITLES: Record<TrendTableName, string> = {
  weekly: "Weekly attendance",
  "first-time": "First-time visitors",
  groups: "Group attendance rate",
};

const cell = (value: number | null) => (value === null ? "" : String(value));
const percent = (rate: number | null) => (rate === null ? "" : String(Math.round(rate * 100)));

export function weeklyTable(weeks: WeekRow[]): TrendTable {
  return {
    header: [
      "Week (service date)",
      "In person",
      "4-week average",
      "12-week average",
      "Same week last year",
      "Online",
    ],
    rows: weeks.map((w) => [
      w.week,
      cell(w.inPerson),
      cell(w.avg4),
      cell(w.avg12),
      cell(w.lastYear),
      cell(w.online),
    ]),
  };
}

export function firstTimeTable(weeks: FirstTimeRow[]): TrendTable {
  return {
    header: ["Week (service date)", "First-time visitors", "First check-ins", "Came back within 8 weeks"],
    rows: weeks.map((w) => [w.week, cell(w.firstTime), String(w.newcomers), String(w.cameBack)]),
  };
}

export function groupsTable(groups: GroupAttendanceRate[]): TrendTable {
  return {
    header: [
      "Group",
      "Kind",
      "Meetings (30 days)",
      "Rate % (30 days)",
      "Meetings (60 days)",
      "Rate % (60 days)",
      "Meetings (90 days)",
      "Rate % (90 days)",
    ],
    rows: groups.map((g) => [
      g.name,
      GROUP_KIND_LABELS[g.kind as keyof typeof GROUP_KIND_LABELS] ?? g.kind,
      String(g.meetings.d30),
      percent(g.rate.d30),
      String(g.meetings.d60),
      percent(g.rate.d60),
      String(g.meetings.d90),
      percent(g.rate.d90),
    ]),
  };
}

/** One table, read for its CSV file. */
export async function trendTable(
  name: TrendTableName,
  range: TrendRange,
  today?: string,
): Promise<TrendTable> {
  if (name === "weekly") return weeklyTable((await weeklyAttendance(range, today)).weeks);
  if (name === "first-time") return firstTimeTable(await firstTimeVisitors(range, today));
  return groupsTable(await groupAttendanceRates());
}
