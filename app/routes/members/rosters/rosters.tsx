import { CalendarPlus, Plus, UsersRound } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Field, FormField } from "~/components/form-field";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { RosterAlertsList } from "~/components/roster-alerts";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { isWeekly } from "~/lib/service-times";
import { NEW_TEAM, ROSTERS_PATH, schedulePath, servicePlanPath, teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { makeWeeklyPlan } from "~/server/rosters/plans.server";
import { rosterAlerts, thisWeeksRoster } from "~/server/rosters/roster-views.server";
import { listTeams } from "~/server/rosters/teams.server";
import { ministryNames } from "~/server/site/ministry-names.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { ChangeNotice } from "./roster-parts";
import { WeekRosterCard } from "./week-roster";
import type { Route } from "./+types/rosters";

// Serving rosters (issue 36): the teams a person looks after, by ministry; this week's roster;
// the seats that need attention in the next days; planning another weekly service's date.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Rosters", "Who serves at each service.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  const scope = ministryScope(user);
  const canWrite = can(user, "rosters:write");
  const empty = {
    teams: [] as Awaited<ReturnType<typeof listTeams>>,
    ministries: [] as { slug: string; name: string }[],
    week: null as Awaited<ReturnType<typeof thisWeeksRoster>>,
    alerts: [] as Awaited<ReturnType<typeof rosterAlerts>>,
    otherServices: [] as { name: string; day: string }[],
    reach: null as string | null,
    canWrite,
  };
  return loadOrEmpty(
    "the rosters",
    async () => {
      const [teams, week, alerts, content] = await Promise.all([
        listTeams(scope),
        thisWeeksRoster(scope),
        rosterAlerts(scope),
        getSiteContent(),
      ]);
      return {
        ...empty,
        teams,
        week,
        alerts,
        ministries: content
          .ministriesByName()
          .filter((ministry) => inScope(scope, ministry.slug))
          .map(({ slug, name }) => ({ slug, name })),
        // The main weekly service is planned by the teams' template; the others date by date.
        otherServices: content.serviceTimes
          .filter(isWeekly)
          .slice(1)
          .map(({ name, day }) => ({ name, day })),
        reach: scope ? await ministryNames(scope) : null,
      };
    },
    empty,
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const form = await readForm(request);
  const values = { serviceName: String(form.get("serviceName") ?? ""), date: String(form.get("date") ?? "") };
  try {
    const id = await makeWeeklyPlan(user, values.serviceName, values.date);
    return redirectWithToast(
      servicePlanPath(id),
      { title: "Plan ready", description: "Set how many each team needs that day." },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Not planned",
      what: "Planning a service",
      fallback: "The service could not be planned. Please try again.",
      values,
    });
  }
}

export default function Rosters({ loaderData, actionData }: Route.ComponentProps) {
  const { teams, ministries, week, alerts, otherServices, reach, canWrite, loadFailed } = loaderData;
  const answer = actionData as ActionResult | undefined;
  useLoadFailedToast(loadFailed, "Error fetching the rosters");
  const nameOf = (slug: string) => ministries.find((ministry) => ministry.slug === slug)?.name ?? slug;
  const bySlug = [...new Set(teams.map((team) => team.ministrySlug))].sort((a, b) =>
    nameOf(a).localeCompare(nameOf(b)),
  );
  return (
    <AdminScreen
      title="Rosters"
      description={
        reach === null
          ? "Who serves at each service."
          : `Who serves at each service, for ${reach || "no ministry yet"}.`
      }
      actions={
        canWrite && ministries.length > 0 ? (
          <Link to={`${ROSTERS_PATH}/teams/${NEW_TEAM}`} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New team
          </Link>
        ) : null
      }
    >
      <ChangeNotice answer={answer} id="rosters" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <div className="grid gap-6">
          {week && teams.length > 0 ? <WeekRosterCard roster={week} /> : null}
          <StaffCard id="teams-heading" title="Teams">
            {teams.length === 0 ? (
              loadFailed ? null : (
                <StatusMessage icon={UsersRound} title="No teams yet">
                  <p>
                    {canWrite
                      ? "Make a team for each group that serves, such as SoundTech or Ushers, with its positions."
                      : "The ministries' heads make the teams."}
                  </p>
                </StatusMessage>
              )
            ) : (
              <div className="grid gap-5" data-testid="teams">
                {bySlug.map((slug) => (
                  <section key={slug} aria-label={nameOf(slug)}>
                    <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
                      {nameOf(slug)}
                    </h3>
                    <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                      {teams
                        .filter((team) => team.ministrySlug === slug)
                        .map((team) => (
                          <li key={team.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
                            <div className="min-w-0">
                              <Link
                                to={teamPath(team.id)}
                                className="break-words font-semibold text-primary underline-offset-4 hover:underline"
                              >
                                {team.name}
                              </Link>
                              <p className="text-sm text-muted-foreground">
                                {team.positions.length === 0
                                  ? "No positions yet"
                                  : team.positions
                                      .map((position) => `${position.name} (${position.weeklyNeed})`)
                                      .join(" · ")}
                              </p>
                              <p className="text-sm text-muted-foreground">
                                {team.people} {team.people === 1 ? "person" : "people"} can serve
                              </p>
                            </div>
                            <Link
                              to={schedulePath(team.id)}
                              className={buttonVariants({ variant: "outline", size: "sm" })}
                            >
                              Schedule
                            </Link>
                          </li>
                        ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </StaffCard>
        </div>
        <div className="grid gap-6">
          <StaffCard
            id="attention-heading"
            title="Needs attention"
            description="Seats in the next 3 days that are declined, unanswered, not asked yet or empty."
          >
            <RosterAlertsList alerts={alerts} />
          </StaffCard>
          {canWrite && otherServices.length > 0 ? (
            <StaffCard
              id="plan-heading"
              title="Plan another service"
              description="Teams serve at the main service every week. For another service, plan its date here."
            >
              <Form method="post" className="grid gap-3">
                <Field
                  id="serviceName"
                  label="Service"
                  error={answer?.ok === false ? answer.fieldErrors?.serviceName : undefined}
                  control={(aria) => (
                    <NativeSelect
                      id="serviceName"
                      name="serviceName"
                      defaultValue={answer?.values?.serviceName}
                      {...aria}
                    >
                      {otherServices.map((service) => (
                        <option key={service.name} value={service.name}>
                          {service.name} ({service.day}s)
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                />
                <FormField
                  id="date"
                  name="date"
                  type="date"
                  label="Date"
                  required
                  defaultValue={answer?.values?.date}
                  error={answer?.ok === false ? answer.fieldErrors?.date : undefined}
                />
                <Button type="submit" variant="outline" className="w-fit">
                  <CalendarPlus aria-hidden="true" />
                  Plan it
                </Button>
              </Form>
            </StaffCard>
          ) : null}
        </div>
      </div>
    </AdminScreen>
  );
}
