import { Plus, UsersRound } from "lucide-react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { ROSTERS_PATH, teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { createTeam } from "~/server/rosters/teams.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { ChangeNotice } from "./roster-parts";
import { NEW_TEAM_VALUES, TeamFields, teamFields } from "./team-form";
import type { Route } from "./+types/team-new";

// A new serving team (issue 36): its name, ministry (one the person looks after), how often one
// person may serve, and when reminders go. Its positions come next, on the team's page.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "New team", "A new serving team.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:write");
  const scope = ministryScope(user);
  const content = await getSiteContent();
  return {
    ministries: content
      .ministriesByName()
      .filter((ministry) => inScope(scope, ministry.slug))
      .map(({ slug, name }) => ({ slug, name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const fields = teamFields(await readForm(request));
  try {
    const id = await createTeam(user, ministryScope(user), fields);
    return redirectWithToast(
      teamPath(id),
      { title: "Team made", description: `Now add the positions of ${(fields.name ?? "").trim()}.` },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Team not made",
      what: "Making a team",
      fallback: "The team could not be made. Please try again.",
      values: fields,
    });
  }
}

export default function NewTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { ministries } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const values = answer?.values
    ? { ...NEW_TEAM_VALUES, ...answer.values }
    : { ...NEW_TEAM_VALUES, ministrySlug: ministries.length === 1 ? ministries[0]!.slug : "" };
  return (
    <AdminScreen title="New team" backTo={ROSTERS_PATH} backLabel="Back to Rosters">
      <ChangeNotice answer={answer} id="new-team" />
      {ministries.length === 0 ? (
        <StatusMessage icon={UsersRound} title="No ministry to make a team for">
          <p>Your account looks after no ministry yet. An admin can add one on the Staff Accounts screen.</p>
        </StatusMessage>
      ) : (
        <StaffCard id="team-heading" title="The team" className="max-w-2xl">
          <Form method="post" className="grid gap-5">
            <TeamFields
              values={values}
              ministries={ministries}
              errors={answer?.ok === false ? answer.fieldErrors : {}}
            />
            <Button type="submit" className="w-fit">
              <Plus aria-hidden="true" />
              Make team
            </Button>
          </Form>
        </StaffCard>
      )}
    </AdminScreen>
  );
}
