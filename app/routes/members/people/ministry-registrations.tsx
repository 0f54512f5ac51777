import { AdminScreen } from "~/components/admin-screen";
import { ExportButton } from "~/components/export-button";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { ministryNames } from "~/server/site/ministry-names.server";
import { registrationGroupsView, listMinistryRegistrations } from "~/server/people/registrations.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/ministry-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Ministry Registrations", "Who signed up for each ministry, newest first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "registrations:read");
  // A role limited to ministries sees the sign-ups of its ministries only (and downloads only them).
  const scope = ministryScope(user);
  const reach = scope ? await ministryNames(scope) : null;
  return loadOrEmpty(
    "registrations",
    async () => ({ reach, ...registrationGroupsView(await listMinistryRegistrations(scope)) }),
    { reach, total: 0, groups: [] as ReturnType<typeof registrationGroupsView>["groups"] },
  );
}

export default function MinistryRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      title="Ministry Registrations"
      description={
        loaderData.reach === null
          ? "Who signed up for each ministry, newest first."
          : `Who signed up for ${loaderData.reach || "the ministries you look after"}, newest first.`
      }
      actions={
        <ExportButton
          href="/members/registrations/export/ministry"
          count={loaderData.total}
          label="Export All"
        />
      }
    >
      <RegistrationGroups
        groups={loaderData.groups}
        total={loaderData.total}
        loadFailed={loaderData.loadFailed}
        showMessage={false}
        emptyText="No one has signed up for a ministry yet."
      />
    </AdminScreen>
  );
}
