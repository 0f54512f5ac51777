import { AdminScreen } from "~/components/admin-screen";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { groupRegistrations, listEventRegistrations } from "~/server/people/registrations.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/event-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Event Registrations", "Who registered for each event, newest first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "registrations:read");
  return loadOrEmpty(
    "registrations",
    async () => {
      const rows = await listEventRegistrations();
      return { total: rows.length, groups: groupRegistrations(rows) };
    },
    { total: 0, groups: [] as ReturnType<typeof groupRegistrations> },
  );
}

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen title="Event Registrations" description="Who registered for each event, newest first.">
      <RegistrationGroups
        groups={loaderData.groups}
        total={loaderData.total}
        loadFailed={loaderData.loadFailed}
        exportHref="/members/registrations/export/event"
        showMessage={true}
        emptyText="No one has registered for an event yet."
      />
    </AdminScreen>
  );
}
