import { requireUser } from "~/server/auth/guards.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import {
  TREND_TABLE_TITLES,
  TREND_TABLES,
  trendTable,
  type TrendTableName,
} from "~/server/attendance/trend-tables.server";
import { TREND_RANGES, trendRange } from "~/server/attendance/trends.server";
import type { Route } from "./+types/trends-csv";

// The attendance trends' tables as CSV files (issue 37): the same rows as the page's tables, for
// the range chosen there. Each download is an entry in the audit log.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const name = params.table as TrendTableName;
  if (!TREND_TABLES.includes(name)) throw appErrorResponse(notFound("Unknown table"));
  const range = trendRange(new URL(request.url).searchParams.get("range"));
  const table = await trendTable(name, range);
  const title = TREND_TABLE_TITLES[name];
  const label = name === "groups" ? title : `${title}, ${TREND_RANGES[range].label}`;
  return csvResponse(
    name === "groups" ? "attendance-groups.csv" : `attendance-${name}-${range}.csv`,
    table.header,
    table.rows,
    (row) => row,
    exportAudit(
      user,
      "export.attendance-trends",
      { type: "attendance-trends", id: name, label },
      { table: name, range },
    ),
  );
}
