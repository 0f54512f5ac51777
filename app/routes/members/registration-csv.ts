import { requireUser } from "~/server/auth/guards.server";
import { csvResponse } from "~/server/http/csv.server";
import { streamEventRegistrations, streamMinistryRegistrations } from "~/server/people/registrations.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import type { Route } from "./+types/registration-csv";

// 'Export All' of the two registration screens, through the same CSV module as the reports.
// Rows are read from the database in batches while the file streams out, never all at once.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "registrations:read");
  if (params.kind === "ministry") {
    const rows = await streamMinistryRegistrations();
    return csvResponse(
      "all_ministry_registrations.csv",
      ["Ministry", "Name", "Email", "Mobile", "Date"],
      rows,
      (r) => [r.group, r.name, r.email, r.mobile, r.date],
    );
  }
  if (params.kind === "event") {
    const rows = await streamEventRegistrations();
    return csvResponse(
      "all_event_registrations.csv",
      ["Event", "Name", "Email", "Mobile", "Message", "Date"],
      rows,
      (r) => [r.group, r.name, r.email, r.mobile, r.message, r.date],
    );
  }
  throw appErrorResponse(notFound("Unknown export"));
}
