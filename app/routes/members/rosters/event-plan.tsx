import { CalendarPlus } from "lucide-react";
import { Form, redirect } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { servicePlanPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { eventPlan, makeEventPlan } from "~/server/rosters/plans.server";
import { ChangeNotice } from "./roster-parts";
import type { Route } from "./+types/event-plan";

// An event's serving plan (issue 36), reached from the staff events screen: its plan when there
// is one; otherwise a button that makes it (the event's date, time and title), then opens it.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Serving plan", "An event's serving plan.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  try {
    const event = await eventPlan(params.eventId);
    if (event.planId) throw redirect(servicePlanPath(event.planId));
    return { event, canWrite: can(user, "rosters:write") };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  try {
    const id = await makeEventPlan(user, params.eventId);
    return redirectWithToast(
      servicePlanPath(id),
      { title: "Plan made", description: "Set how many each team needs at the event." },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Plan not made",
      what: "Making an event's plan",
      fallback: "The plan could not be made. Please try again.",
    });
  }
}

export default function EventPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { event, canWrite } = loaderData;
  return (
    <AdminScreen
      title={`Serving plan: ${event.title}`}
      backTo="/members/add-event"
      backLabel="Back to Events"
    >
      <ChangeNotice answer={actionData as ActionResult | undefined} id="event-plan" />
      <StaffCard id="plan-heading" title="No plan yet" className="max-w-2xl">
        <p className="text-sm text-muted-foreground">
          {formatDate(event.date)}: no team is planned to serve at this event yet.
        </p>
        {canWrite ? (
          <Form method="post" className="mt-4">
            <Button type="submit">
              <CalendarPlus aria-hidden="true" />
              Make a serving plan
            </Button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">A ministry head or the office can make one.</p>
        )}
      </StaffCard>
    </AdminScreen>
  );
}
