import { AdminScreen } from "~/components/admin-screen";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/server/auth/auth.server";
import { groupRegistrations, listEventRegistrations } from "~/server/people/registrations.server";
import type { Route } from "./+types/event-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Event Registrations", "Who registered for each event, newest first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  try {
    const rows = await listEventRegistrations();
    return { failed: false, total: rows.length, groups: groupRegistrations(rows) };
  } catch (error) {
    console.error("Reading registrations failed:", error);
    return { failed: true, total: 0, groups: [] };
  }
}

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen title="Event Registrations" description="Who registered for each event, newest first.">
      <RegistrationGroups
        groups={loaderData.groups}
        total={loaderData.total}
        failed={loaderData.failed}
        exportHref="/members/registrations/export/event"
        showMessage={true}
        emptyText="No one has registered for an event yet."
      />
    </AdminScreen>
  );
}
