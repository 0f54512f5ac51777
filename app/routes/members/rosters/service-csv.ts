import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { getServicePlan } from "~/server/rosters/plans.server";
import { SERVICE_CSV_HEADER, serviceCsvRows } from "~/server/rosters/roster-views.server";
import type { Route } from "./+types/service-csv";

// One service's roster as a CSV (issue 36): the teams the person looks after, one row per seat.
// Taking it is an entry in the audit log.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  try {
    const plan = await getServicePlan(ministryScope(user), params.serviceId);
    const { service } = plan;
    return csvResponse(
      `roster_${service.serviceDate}.csv`,
      SERVICE_CSV_HEADER,
      serviceCsvRows(plan),
      (row) => row,
      exportAudit(
        user,
        "export.roster-service",
        { type: "roster-service", id: service.id, label: service.title },
        { date: service.serviceDate, service: service.title },
      ),
    );
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}
