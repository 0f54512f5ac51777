import { CalendarCheck, LineChart, Plus, UserRoundSearch, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StaffCard } from "~/components/staff-accounts";
import { StatusBadge } from "~/components/status-badge";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { GROUP_KIND_LABELS, meetingInWords } from "~/lib/groups";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { GROUPS_PATH, groupPath, NEW_GROUP } from "~/schemas/groups";
import { requireUser } from "~/server/auth/guards.server";
import { listGroups, type GroupSummary } from "~/server/groups/groups.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/groups";

// Groups (issue 37): every Bible study group, SALT group, ministry team and other group, by kind,
// with when and where it meets, its leaders and how many are in it; the way to a group's page, to
// attendance, to "Not seen lately" and to the trends.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Groups", "The church's groups, their members and attendance.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const canWrite = can(user, "groups:write");
  return loadOrEmpty("the groups", async () => ({ groups: await listGroups(), canWrite }), {
    groups: [] as GroupSummary[],
    canWrite,
  });
}

function GroupItem({ group }: { group: GroupSummary }) {
  const full = group.capacity !== null && group.members >= group.capacity;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="group-row">
      <div className="min-w-0">
        <Link
          to={groupPath(group.id)}
          className="font-semibold text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {group.name}
        </Link>
        <p className="text-sm text-muted-foreground">
          {meetingInWords(group.meetingDay, group.meetingTime)}
          {group.area ? ` · ${group.area}` : ""}
        </p>
        <p className="text-sm text-muted-foreground">
          {group.members} {group.members === 1 ? "member" : "members"}
          {group.capacity !== null ? ` of ${group.capacity}` : ""}
          {group.leaders.length > 0 ? ` · led by ${group.leaders.join(", ")}` : " · no leader yet"}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {group.isOpen ? (
          <StatusBadge tone={full ? "waiting" : "good"}>
            {full ? "Open, full" : "Open to newcomers"}
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral">Closed</StatusBadge>
        )}
        <Link
          to={`${groupPath(group.id)}/attendance`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <CalendarCheck aria-hidden="true" />
          Attendance<span className="sr-only"> of {group.name}</span>
        </Link>
      </div>
    </li>
  );
}

export default function Groups({ loaderData }: Route.ComponentProps) {
  const { groups, canWrite, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the groups");
  const kinds = Object.entries(GROUP_KIND_LABELS).filter(([kind]) =>
    groups.some((group) => group.kind === kind),
  );
  return (
    <AdminScreen
      title="Groups"
      description="Bible study and SALT groups, ministry teams and others: who is in them and who comes."
      actions={
        canWrite ? (
          <Link to={`${GROUPS_PATH}/${NEW_GROUP}`} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New group
          </Link>
        ) : null
      }
    >
      <nav aria-label="Attendance" className="mb-6 flex flex-wrap gap-2">
        <Link to={`${GROUPS_PATH}/not-seen`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <UserRoundSearch aria-hidden="true" />
          Not seen lately
        </Link>
        <Link to="/members/attendance" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <UsersRound aria-hidden="true" />
          Service headcounts
        </Link>
        <Link to="/members/reports/attendance" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <LineChart aria-hidden="true" />
          Attendance trends
        </Link>
      </nav>
      <StaffCard id="groups-heading" title="Groups">
        {groups.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={UsersRound} title="No groups yet">
              <p>
                {canWrite
                  ? "Make a group for each Bible study group, SALT group or team that meets, then add its members and leaders."
                  : "The office makes the groups."}
              </p>
            </StatusMessage>
          )
        ) : (
          <div className="grid gap-5" data-testid="groups">
            {kinds.map(([kind, label]) => (
              <section key={kind} aria-label={label}>
                <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
                  {label}s
                </h3>
                <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                  {groups
                    .filter((group) => group.kind === kind)
                    .map((group) => (
                      <GroupItem key={group.id} group={group} />
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </StaffCard>
    </AdminScreen>
  );
}
