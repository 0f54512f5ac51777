import { AdminScreen } from "~/components/admin-screen";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/server/auth/auth.server";
import { groupRegistrations, listMinistryRegistrations } from "~/server/people/registrations.server";
import type { Route } from "./+types/ministry-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Ministry Registrations", "Who signed up for each ministry, newest first.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  try {
    const rows = await listMinistryRegistrations();
    return { failed: false, total: rows.length, groups: groupRegistrations(rows) };
  } catch (error) {
    console.error("Reading registrations failed:", error);
    return { failed: true, total: 0, groups: [] };
  }
}

export default function MinistryRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen title="Ministry Registrations" description="Who signed up for each ministry, newest first.">
      <RegistrationGroups
        groups={loaderData.groups}
        total={loaderData.total}
        failed={loaderData.failed}
        exportHref="/members/registrations/export/ministry"
        showMessage={false}
        emptyText="No one has signed up for a ministry yet."
      />
    </AdminScreen>
  );
}
