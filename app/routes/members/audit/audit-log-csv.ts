import { readAuditFilter } from "~/lib/audit-filter";
import { todayInChurchZone } from "~/lib/dates";
import {
  AUDIT_CSV_HEADER,
  auditNames,
  entryCells,
  streamAuditEntries,
} from "~/server/audit/audit-log.server";
import { requireUser } from "~/server/auth/guards.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import type { Route } from "./+types/audit-log-csv";

// The audit log as a CSV, with the screen's filters (the same address query), every value whole.
// Taking it is itself an entry in the log.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "audit:read");
  const { filter, errors } = readAuditFilter(new URL(request.url).searchParams);
  const problem = Object.values(errors)[0];
  if (problem) throw appErrorResponse(new AppError(problem, 400));
  const [rows, names] = await Promise.all([streamAuditEntries(filter), auditNames()]);
  const filterUsed = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ""));
  return csvResponse(
    `audit_log_${todayInChurchZone()}.csv`,
    AUDIT_CSV_HEADER,
    rows,
    (row) => entryCells(row, names),
    exportAudit(
      user,
      "export.audit",
      { type: "report", id: "audit", label: "Audit Log" },
      { filter: filterUsed },
    ),
  );
}
