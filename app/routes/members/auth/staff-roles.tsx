import { ChevronRight, Copy, Plus, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StatusBadge } from "~/components/status-badge";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import type { AreaLevels } from "~/lib/permissions";
import { requireUser } from "~/server/auth/guards.server";
import { listRoles } from "~/server/auth/staff-roles.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/staff-roles";
import { AccessSummary, usedBy } from "./staff-role-parts";

// The church's roles (issue 34): the four built-in ones, which cannot change, and the church's own,
// each with what it can and cannot do in plain words and how many accounts have it.

const texts = {
  title: "Roles",
  description: "What each staff account may do. A role's changes apply from each account's next page.",
  own: "Your church's roles",
  ownEmpty:
    "None yet. Make one for a job, such as a volunteer who only posts sermons: “Sermons and media: edit”, nothing else.",
  builtIn: "Built-in roles",
  builtInNote: "These come with the site and cannot be changed. Copy one to start a role of your own.",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Roles", "What each staff account may do.");
}

interface RoleRow {
  key: string;
  name: string;
  levels: AreaLevels;
  ministryOnly: boolean;
  builtIn: boolean;
  accounts: number;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "staff:manage");
  return loadOrEmpty(
    "the roles",
    async () => ({
      roles: (await listRoles()).map((role): RoleRow => ({
        key: role.key,
        name: role.name,
        levels: role.levels,
        ministryOnly: role.ministryOnly,
        builtIn: role.builtIn,
        accounts: role.accounts,
      })),
    }),
    { roles: [] as RoleRow[] },
  );
}

function RoleCard({ role }: { role: RoleRow }) {
  const headingId = `role-${role.key}-heading`;
  return (
    <li
      data-testid="role-card"
      className="grid content-start gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5"
    >
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={headingId} className="break-words text-lg font-semibold text-navy">
              {role.builtIn ? (
                role.name
              ) : (
                <Link
                  to={`/members/staff/roles/${role.key}`}
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  {role.name}
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </Link>
              )}
            </h3>
            <p className="text-sm text-muted-foreground" data-testid="role-usage">
              {usedBy(role.accounts)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {role.builtIn ? <StatusBadge tone="neutral">Built-in</StatusBadge> : null}
            {role.ministryOnly ? <StatusBadge tone="waiting">Own ministries only</StatusBadge> : null}
          </div>
        </div>
        <AccessSummary access={role} compact />
        <div className="flex flex-wrap gap-2">
          {role.builtIn ? null : (
            <Link
              to={`/members/staff/roles/${role.key}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              Change<span className="sr-only"> {role.name}</span>
            </Link>
          )}
          <Link
            to={`/members/staff/roles/new?from=${encodeURIComponent(role.key)}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Copy aria-hidden="true" />
            Copy<span className="sr-only"> {role.name}</span>
          </Link>
        </div>
      </section>
    </li>
  );
}

export default function StaffRoles({ loaderData }: Route.ComponentProps) {
  const { roles, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the roles");
  const own = roles.filter((role) => !role.builtIn);
  const builtIn = roles.filter((role) => role.builtIn);
  return (
    <AdminScreen
      title={texts.title}
      description={texts.description}
      backTo="/members/staff"
      backLabel="Back to Staff accounts"
      actions={
        <Link to="/members/staff/roles/new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          New role
        </Link>
      }
    >
      {loadFailed ? null : (
        <div className="grid gap-10">
          <section aria-labelledby="own-roles-heading" className="grid gap-4">
            <h2 id="own-roles-heading" className="text-xl font-semibold text-navy">
              {texts.own}
            </h2>
            {own.length === 0 ? (
              <StatusMessage icon={ShieldCheck} title="No roles of your own">
                {texts.ownEmpty}
              </StatusMessage>
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2" aria-label={texts.own}>
                {own.map((role) => (
                  <RoleCard key={role.key} role={role} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="built-in-roles-heading" className="grid gap-4">
            <div>
              <h2 id="built-in-roles-heading" className="text-xl font-semibold text-navy">
                {texts.builtIn}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{texts.builtInNote}</p>
            </div>
            <ul className="grid gap-4 lg:grid-cols-2" aria-label={texts.builtIn}>
              {builtIn.map((role) => (
                <RoleCard key={role.key} role={role} />
              ))}
            </ul>
          </section>
        </div>
      )}
    </AdminScreen>
  );
}
