import { requireStaff } from "~/server/auth.server";
import { csvResponse } from "~/server/csv.server";
import { listEventRegistrations, listMinistryRegistrations } from "~/server/registrations.server";
import type { Route } from "./+types/registrations-export";

// 'Export All' of the two registration screens, through the same CSV module as the reports.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  if (params.kind === "ministry") {
    const rows = await listMinistryRegistrations();
    return csvResponse(
      "all_ministry_registrations.csv",
      ["Ministry", "Name", "Email", "Mobile", "Date"],
      rows.map((r) => [r.group, r.name, r.email, r.mobile, r.date]),
    );
  }
  if (params.kind === "event") {
    const rows = await listEventRegistrations();
    return csvResponse(
      "all_event_registrations.csv",
      ["Event", "Name", "Email", "Mobile", "Message", "Date"],
      rows.map((r) => [r.group, r.name, r.email, r.mobile, r.message, r.date]),
    );
  }
  throw new Response("Unknown export", { status: 404 });
}
