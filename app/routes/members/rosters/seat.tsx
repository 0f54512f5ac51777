import { AlertTriangle, UserCheck, UserMinus } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatTime12 } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { schedulePath, teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { scheduleRange } from "~/server/rosters/schedule.server";
import { assignSeat, seatChoices, unassignSeat } from "~/server/rosters/seats.server";
import { SeatStatus } from "~/components/roster-week";
import { ChangeNotice } from "./roster-parts";
import type { Route } from "./+types/seat";

// Choosing who takes one seat (issue 36), made for a phone and for no scripts: the people who can
// serve in the position, each with when they last served and what picking them would go against
// (blocked out, already serving that day, more often than the team allows). Picking is still
// allowed, and the answer says so. Two heads at once: the second is told who has the seat now.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData ? `${loaderData.position.name}, ${formatDate(loaderData.service.date)}` : "Seat",
    "Who takes a seat.",
  );
}

function seatIds(request: Request, teamId: string) {
  const search = new URL(request.url).searchParams;
  return {
    teamId,
    serviceId: search.get("service") ?? "",
    positionId: search.get("position") ?? "",
    seat: search.get("seat") ?? "",
    back: (() => {
      const range = scheduleRange(search);
      return `${schedulePath(teamId)}?from=${range.from}&weeks=${range.weeks}`;
    })(),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:write");
  const { back, ...ids } = seatIds(request, params.teamId);
  try {
    return { ...(await seatChoices(ministryScope(user), ids)), back };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const scope = ministryScope(user);
  const { back, ...ids } = seatIds(request, params.teamId);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === "assign") {
      const given = await assignSeat(user, scope, {
        ...ids,
        memberId: form.get("member"),
        replacing: form.get("replacing"),
      });
      const warned = given.warnings.length > 0;
      return redirectWithToast(
        back,
        {
          title: warned ? "Seat given, with a warning" : "Seat given",
          description: `${given.name} is proposed${given.replaced ? ` instead of ${given.replaced}` : ""}${
            warned ? `, though ${given.warnings.join(" and ")}` : ""
          }. Send the requests to ask them.`,
        },
        request,
      );
    }
    if (intent === "unassign") {
      const taken = await unassignSeat(user, scope, params.teamId, form.get("slot"));
      return redirectWithToast(
        back,
        { title: "Seat emptied", description: `${taken.name} is out of ${taken.where}.` },
        request,
      );
    }
    return refuse(400, { title: "Not changed", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Seat not changed",
      what: "Changing a seat",
      fallback: "The seat could not be changed. Please try again.",
    });
  }
}

export default function SeatChooser({ loaderData, actionData }: Route.ComponentProps) {
  const { team, position, service, seat, need, holder, isPast, candidates, back } = loaderData;
  const answer = actionData as ActionResult | undefined;
  return (
    <AdminScreen
      title={`${position.name}, ${formatDate(service.date)}`}
      description={`${service.title}${service.startTime ? `, ${formatTime12(service.startTime)}` : ""} · ${team.name}${need > 1 ? ` · seat ${seat} of ${need}` : ""}`}
      backTo={back}
      backLabel="Back to the schedule"
    >
      <ChangeNotice answer={answer} id="seat" />
      <div className="grid max-w-2xl gap-6">
        <StaffCard id="holder-heading" title="In this seat now">
          {holder ? (
            <div className="flex flex-wrap items-center justify-between gap-3" data-testid="holder">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="min-w-0 break-words font-semibold">{holder.name}</span>
                <SeatStatus status={holder.status} reason={holder.declineReason} />
              </span>
              {isPast ? null : (
                <Form method="post">
                  <input type="hidden" name="slot" value={holder.id} />
                  <Button type="submit" name="intent" value="unassign" variant="outline" size="sm">
                    <UserMinus aria-hidden="true" />
                    Take off this seat<span className="sr-only"> {holder.name}</span>
                  </Button>
                </Form>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="holder">
              Nobody yet.
            </p>
          )}
        </StaffCard>
        {isPast ? (
          <p className="text-sm text-muted-foreground">
            This date has passed: its seats can no longer change.
          </p>
        ) : (
          <StaffCard
            id="choose-heading"
            title={holder ? "Give the seat to someone else" : "Choose who serves"}
            description={`People who can serve as ${position.name}; those free that day first. ${team.name} asks each person at most ${team.maxPerFourWeeks} ${team.maxPerFourWeeks === 1 ? "time" : "times"} in 4 weeks.`}
          >
            {candidates.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No one else can serve as {position.name} yet.{" "}
                <Link
                  to={`${teamPath(team.id)}/positions/${position.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Add people who can serve
                </Link>
                .
              </p>
            ) : (
              <ul className="divide-y divide-border" data-testid="candidates">
                {candidates.map((person) => (
                  <li
                    key={person.id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                    data-testid="candidate"
                  >
                    <div className="min-w-0">
                      <p className="break-words font-semibold">{person.name}</p>
                      <p className="text-sm text-muted-foreground">
                        {person.lastServed
                          ? `Last served before this: ${formatDate(person.lastServed)}`
                          : "Has not served before this"}
                      </p>
                      {person.nearDates.length > 0 ? (
                        <p className="text-sm text-muted-foreground">
                          In {team.name} within 4 weeks: {person.nearDates.map(formatDate).join(", ")}
                        </p>
                      ) : null}
                      {person.warnings.map((warning) => (
                        <p
                          key={warning}
                          className="flex items-start gap-1.5 text-sm font-medium text-accent-text"
                          data-testid="warning"
                        >
                          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                          {warning.charAt(0).toUpperCase() + warning.slice(1)}
                        </p>
                      ))}
                    </div>
                    {person.otherSeat ? (
                      <span className="text-sm text-muted-foreground">Has seat {person.otherSeat} here</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="member" value={person.id} />
                        <input type="hidden" name="replacing" value={holder?.id ?? ""} />
                        <Button
                          type="submit"
                          name="intent"
                          value="assign"
                          variant={person.warnings.length > 0 ? "outline" : "default"}
                          size="sm"
                        >
                          <UserCheck aria-hidden="true" />
                          Choose<span className="sr-only"> {person.name}</span>
                        </Button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </StaffCard>
        )}
      </div>
    </AdminScreen>
  );
}
