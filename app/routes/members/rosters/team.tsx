import { CalendarDays, Save, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { ROSTERS_PATH, schedulePath, teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { getTeamDetail } from "~/server/rosters/qualified.server";
import {
  addPosition,
  deleteTeam,
  movePosition,
  positionRemovalCounts,
  removePosition,
  teamDeletionCounts,
  updatePosition,
  updateTeam,
} from "~/server/rosters/teams.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { ChangeNotice } from "./roster-parts";
import { TeamFields, teamFields } from "./team-form";
import { Positions } from "./team-positions";
import type { Route } from "./+types/team";

// One serving team (issue 36): its settings, its positions (name, how many each week, order) and
// who can serve in each, and deleting it. Plain forms and links: it works with scripts off, and
// removing a position or the team asks first on the page itself (?remove=, ?delete).

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `${loaderData.team.name} · Team` : "Team", "A serving team.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  const scope = ministryScope(user);
  const search = new URL(request.url).searchParams;
  try {
    const team = await getTeamDetail(scope, params.teamId);
    const content = await getSiteContent();
    const canWrite = can(user, "rosters:write");
    const removing = search.get("remove");
    return {
      team,
      canWrite,
      ministries: content
        .ministriesByName()
        .filter((ministry) => inScope(scope, ministry.slug))
        .map(({ slug, name }) => ({ slug, name })),
      ministryName: content.ministryBySlug(team.ministrySlug)?.name ?? team.ministrySlug,
      deleting: canWrite && search.has("delete") ? await teamDeletionCounts(scope, team.id) : null,
      removing: canWrite && removing ? await positionRemovalCounts(scope, team.id, removing) : null,
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const scope = ministryScope(user);
  const form = await readForm(request);
  const intent = form.get("intent");
  const teamId = params.teamId;
  const positionId = String(form.get("positionId") ?? "");
  const position = { name: String(form.get("name") ?? ""), weeklyNeed: String(form.get("weeklyNeed") ?? "") };
  try {
    if (intent === "save-team") {
      await updateTeam(user, scope, teamId, teamFields(form));
      return reply({ title: "Team saved", description: "Its settings are changed." });
    }
    if (intent === "add-position") {
      await addPosition(user, scope, teamId, position);
      return redirectWithToast(
        `${teamPath(teamId)}#positions`,
        { title: "Position added", description: `Now choose who can serve as ${position.name.trim()}.` },
        request,
      );
    }
    if (intent === "save-position") {
      await updatePosition(user, scope, teamId, positionId, position);
      return reply({ title: "Position saved", description: `${position.name.trim()} is changed.` });
    }
    if (intent === "up" || intent === "down") {
      await movePosition(user, scope, teamId, positionId, intent);
      return reply({
        title: "Order changed",
        description: "The schedule shows the positions in this order.",
      });
    }
    if (intent === "remove-position") {
      const removed = await removePosition(user, scope, teamId, positionId);
      return redirectWithToast(
        `${teamPath(teamId)}#positions`,
        { title: "Position removed", description: `${removed.name} is removed.` },
        request,
      );
    }
    if (intent === "delete-team") {
      const name = await deleteTeam(user, scope, teamId);
      return redirectWithToast(
        ROSTERS_PATH,
        { title: "Team deleted", description: `${name} is deleted.` },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a team",
      fallback: "The team could not be changed. Please try again.",
      values: intent === "save-team" ? teamFields(form) : { ...position, positionId, intent: String(intent) },
    });
  }
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, canWrite, ministries, ministryName, deleting, removing } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const teamErrors =
    answer?.ok === false && answer.values && !("positionId" in answer.values)
      ? answer.fieldErrors
      : undefined;
  return (
    <AdminScreen
      title={team.name}
      description={`${ministryName} · serves at most ${team.maxPerFourWeeks} ${team.maxPerFourWeeks === 1 ? "time" : "times"} in 4 weeks`}
      backTo={ROSTERS_PATH}
      backLabel="Back to Rosters"
      actions={
        <Link to={schedulePath(team.id)} className={buttonVariants()}>
          <CalendarDays aria-hidden="true" />
          Schedule
        </Link>
      }
    >
      <ChangeNotice answer={answer} id="team" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <Positions team={team} canWrite={canWrite} answer={answer} removing={removing} />
        {canWrite ? (
          <div className="grid gap-6">
            <StaffCard id="settings-heading" title="Settings">
              <Form method="post" className="grid gap-5" key={answer?.at}>
                <TeamFields
                  values={teamErrors ? { ...team, ...answer!.values } : team}
                  ministries={ministries}
                  errors={teamErrors}
                />
                <Button type="submit" name="intent" value="save-team" className="w-fit">
                  <Save aria-hidden="true" />
                  Save settings
                </Button>
              </Form>
            </StaffCard>
            <StaffCard id="delete-heading" title="Delete team">
              {deleting ? (
                <Form method="post" className="grid gap-3" data-testid="delete-team-confirm">
                  <p className="text-sm font-medium text-destructive" role="alert">
                    Delete {team.name} with its {deleting.positions}{" "}
                    {deleting.positions === 1 ? "position" : "positions"}
                    {deleting.upcomingSeats > 0
                      ? ` and ${deleting.upcomingSeats} upcoming ${deleting.upcomingSeats === 1 ? "seat" : "seats"} people hold or were asked for`
                      : ""}
                    ? This cannot be undone.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="intent" value="delete-team" variant="destructive">
                      <Trash2 aria-hidden="true" />
                      Delete team
                    </Button>
                    <Link to={teamPath(team.id)} className={buttonVariants({ variant: "outline" })}>
                      Keep it
                    </Link>
                  </div>
                </Form>
              ) : (
                <div className="grid gap-2">
                  <p className="text-sm text-muted-foreground">
                    Its positions, who can serve and its seats go with it; the people stay in the registry.
                  </p>
                  <Link
                    to={`${teamPath(team.id)}?delete`}
                    className={buttonVariants({
                      variant: "outline",
                      size: "sm",
                      className: "w-fit text-destructive",
                    })}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete team…
                  </Link>
                </div>
              )}
            </StaffCard>
          </div>
        ) : null}
      </div>
    </AdminScreen>
  );
}
