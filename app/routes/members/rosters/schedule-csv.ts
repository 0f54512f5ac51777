import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { SCHEDULE_CSV_HEADER, scheduleCsvRows } from "~/server/rosters/roster-views.server";
import { loadSchedule, scheduleRange } from "~/server/rosters/schedule.server";
import type { Route } from "./+types/schedule-csv";

// A team's schedule as a CSV (issue 36): the screen's range (the same ?from=&weeks=), one row per
// seat. Taking it is an entry in the audit log.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  const range = scheduleRange(new URL(request.url).searchParams);
  try {
    const grid = await loadSchedule(ministryScope(user), params.teamId, range);
    const name =
      grid.team.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "team";
    return csvResponse(
      `${name}_schedule_${range.from}.csv`,
      SCHEDULE_CSV_HEADER,
      scheduleCsvRows(grid),
      (row) => row,
      exportAudit(
        user,
        "export.roster-schedule",
        { type: "roster-team", id: grid.team.id, label: grid.team.name },
        { from: range.from, to: range.to },
      ),
    );
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}
