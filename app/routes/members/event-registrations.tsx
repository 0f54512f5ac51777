import { AdminScreen } from "~/components/admin-screen";
import { ExportButton } from "~/components/export-button";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { registrationGroupsView, listEventRegistrations } from "~/server/people/registrations.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/event-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Event Registrations", "Who registered for each event, newest first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "registrations:read");
  return loadOrEmpty("registrations", async () => registrationGroupsView(await listEventRegistrations()), {
    total: 0,
    groups: [] as ReturnType<typeof registrationGroupsView>["groups"],
  });
}

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      title="Event Registrations"
      description="Who registered for each event, newest first."
      actions={
        <ExportButton
          href="/members/registrations/export/event"
          count={loaderData.total}
          label="Export All"
        />
      }
    >
      <RegistrationGroups
        groups={loaderData.groups}
        total={loaderData.total}
        loadFailed={loaderData.loadFailed}
        showMessage={true}
        emptyText="No one has registered for an event yet."
      />
    </AdminScreen>
  );
}
