import { requirePermission, requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import { streamEventRegistrations, streamMinistryRegistrations } from "~/server/people/registrations.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import { timestampInChurchZone } from "~/lib/dates";
import type { Route } from "./+types/registration-csv";

// 'Export All' of the two registration screens, through the same CSV module as the reports.
// Rows are read from the database in batches while the file streams out, never all at once; each
// download is recorded in the audit log with who took it and how many rows.
/** "E-mails OK": whether they agreed on the form to receive the church's e-mails (issue 23). */
const yesNo = (consent: boolean) => (consent ? "Yes" : "No");

export async function loader({ request, params }: Route.LoaderArgs) {
  // Ministry sign-ups and event registrations are two permissions: the kind decides which.
  const user = await requireUser(request, ["registrations:read", "event-registrations:read"]);
  const scope = ministryScope(user);
  const audited = (kind: "ministry" | "event", title: string) =>
    exportAudit(
      user,
      "export.registrations",
      { type: "report", id: `${kind}-registrations`, label: title },
      // A limited role's download holds its ministries' sign-ups only; the log says which.
      kind === "ministry" && scope ? { kind, ministries: scope } : { kind },
    );
  if (params.kind === "ministry") {
    requirePermission(user, "registrations:read");
    // A role limited to ministries downloads the sign-ups of its ministries only.
    const rows = await streamMinistryRegistrations(scope);
    return csvResponse(
      // Named for what it holds: a limited role's file is of its ministries, not "all".
      scope
        ? `${[...scope].sort().join("_") || "no"}_ministry_registrations.csv`
        : "all_ministry_registrations.csv",
      ["Ministry", "Name", "Email", "Mobile", "Date", "E-mails OK"],
      rows,
      (r) => [r.group, r.name, r.email, r.mobile, r.date, yesNo(r.emailConsent)],
      audited("ministry", scope ? "Ministry Registrations of own ministries" : "All Ministry Registrations"),
    );
  }
  if (params.kind === "event") {
    requirePermission(user, "event-registrations:read");
    const rows = await streamEventRegistrations();
    return csvResponse(
      "all_event_registrations.csv",
      ["Event", "Name", "Email", "Mobile", "Message", "Date", "Status", "Arrived", "E-mails OK"],
      rows,
      (r) => [
        r.group,
        r.name,
        r.email,
        r.mobile,
        r.message,
        r.date,
        r.status ?? "",
        r.checkedInAt ? timestampInChurchZone(r.checkedInAt) : "",
        yesNo(r.emailConsent),
      ],
      audited("event", "All Event Registrations"),
    );
  }
  throw appErrorResponse(notFound("Unknown export"));
}
