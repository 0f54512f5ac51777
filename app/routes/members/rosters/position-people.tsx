import { UserMinus } from "lucide-react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { PersonSearchForm } from "~/components/person-search-form";
import { TickPeopleForm } from "~/components/tick-people-form";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import {
  addQualified,
  positionPeople,
  removeQualified,
  type PersonToAdd,
} from "~/server/rosters/qualified.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { ChangeNotice } from "./roster-parts";
import type { Route } from "./+types/position-people";

// Who can serve in one position of a team (issue 36): the people on its list, the ministry's
// members suggested to add, and a search of the whole registry for anyone else. Plain forms and a
// GET search: it works with scripts off.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData ? `${loaderData.position.name} · ${loaderData.team.name}` : "Position",
    "Who can serve in a position.",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  try {
    const found = await positionPeople(ministryScope(user), params.teamId, params.positionId, query);
    const ministry = (await getSiteContent()).ministryBySlug(found.team.ministrySlug);
    return {
      team: { id: found.team.id, name: found.team.name },
      position: { id: found.position.id, name: found.position.name, people: found.position.people },
      ministryName: ministry?.name ?? found.team.ministrySlug,
      suggested: found.suggested,
      found: found.found,
      query,
      canWrite: can(user, "rosters:write"),
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
  const here = `${teamPath(params.teamId)}/positions/${params.positionId}`;
  try {
    if (intent === "add") {
      const ids = form.getAll("member").filter((value): value is string => typeof value === "string");
      const added = await addQualified(user, scope, params.teamId, params.positionId, ids);
      return redirectWithToast(
        here,
        {
          title: "People added",
          description: `${added} ${added === 1 ? "person was" : "people were"} added.`,
        },
        request,
      );
    }
    if (intent === "remove") {
      const removed = await removeQualified(
        user,
        scope,
        params.teamId,
        params.positionId,
        String(form.get("member") ?? ""),
      );
      if (!removed)
        return refuse(404, { title: "Not removed", description: "That person is not on this list." });
      return redirectWithToast(
        here,
        {
          title: "Removed",
          description: "They are no longer on this list. Seats they hold stay until you change them.",
        },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing who can serve",
      fallback: "The list could not be changed. Please try again.",
    });
  }
}

/** People to tick and add, as a form of their own. */
function AddPeople({ people, legend, testId }: { people: PersonToAdd[]; legend: string; testId: string }) {
  return (
    <TickPeopleForm people={people} legend={legend} testId={testId} submitLabel="Add the ticked people" />
  );
}

export default function PositionPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { team, position, ministryName, suggested, found, query, canWrite } = loaderData;
  const answer = actionData as ActionResult | undefined;
  return (
    <AdminScreen
      title={position.name}
      description={`${team.name} · who can serve in this position`}
      backTo={`${teamPath(team.id)}#positions`}
      backLabel={`Back to ${team.name}`}
    >
      <ChangeNotice answer={answer} id="position-people" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start [&>*]:min-w-0">
        <StaffCard id="people-heading" title={`Can serve (${position.people.length})`}>
          {position.people.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nobody yet: add people from {ministryName} or find anyone by name.
            </p>
          ) : (
            <ul className="divide-y divide-border" data-testid="qualified">
              {position.people.map((person) => (
                <li
                  key={person.id}
                  className="flex min-h-11 items-center justify-between gap-3 py-1.5 text-sm"
                >
                  <span className="min-w-0 break-words">
                    {person.name}
                    {person.inMinistry ? null : (
                      <span className="block text-xs text-muted-foreground">Not in {ministryName}</span>
                    )}
                  </span>
                  {canWrite ? (
                    <Form method="post">
                      <input type="hidden" name="member" value={person.id} />
                      <Button type="submit" name="intent" value="remove" variant="outline" size="sm">
                        <UserMinus aria-hidden="true" />
                        Remove<span className="sr-only"> {person.name}</span>
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </StaffCard>
        {canWrite ? (
          <div className="grid gap-6">
            <StaffCard
              id="suggested-heading"
              title={`From ${ministryName}`}
              description="Members of the ministry, and its head."
            >
              {suggested.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {position.people.some((person) => person.inMinistry)
                    ? `Everyone in ${ministryName} is on the list already.`
                    : `Nobody in the registry is in ${ministryName} yet: find people by name below.`}
                </p>
              ) : (
                <AddPeople people={suggested} legend="Tick who can serve" testId="suggested" />
              )}
            </StaffCard>
            <StaffCard
              id="search-heading"
              title="Anyone else"
              description="Find a member of the registry by name, e-mail or mobile."
            >
              <PersonSearchForm query={query} />
              {found ? (
                <div className="mt-3">
                  {found.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No one else matches “{query}”.</p>
                  ) : (
                    <AddPeople people={found} legend="Tick who to add" testId="found" />
                  )}
                </div>
              ) : null}
            </StaffCard>
          </div>
        ) : null}
      </div>
    </AdminScreen>
  );
}
