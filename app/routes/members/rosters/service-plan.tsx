import { Download, Printer, Save } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatTime12 } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { rosterWhatsAppText } from "~/lib/roster-seats";
import { waShareLink } from "~/lib/whatsapp";
import { ROSTER_LIMITS, ROSTERS_PATH, servicePlanPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { getServicePlan, setNeeds } from "~/server/rosters/plans.server";
import { rosterSheet } from "~/server/rosters/roster-views.server";
import { ChangeNotice, WhatsAppText } from "./roster-parts";
import { seatHref } from "./schedule-grid";
import { SeatsLine, SeatStatus } from "~/components/roster-week";
import type { Route } from "./+types/service-plan";

// One service's plan (issue 36): every team the person looks after, how many each position needs
// that day (changed for this date only), who serves; the roster to print, as WhatsApp text, and
// as a CSV file.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData
      ? `${loaderData.plan.service.title}, ${formatDate(loaderData.plan.service.serviceDate)}`
      : "Serving plan",
    "A service's serving plan.",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  try {
    const plan = await getServicePlan(ministryScope(user), params.serviceId);
    const { service } = plan;
    const text = rosterWhatsAppText(
      rosterSheet({
        teams: plan.teams,
        service: {
          id: service.id,
          date: service.serviceDate,
          startTime: service.startTime,
          title: service.title,
        },
      }),
    );
    return { plan, whatsApp: { text, shareLink: waShareLink(text) }, canWrite: can(user, "rosters:write") };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const form = await readForm(request);
  if (form.get("intent") !== "needs")
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  const counts: Record<string, string> = {};
  for (const [name, value] of form) if (name.startsWith("need-")) counts[name.slice(5)] = String(value);
  try {
    const changed = await setNeeds(
      user,
      ministryScope(user),
      params.serviceId,
      String(form.get("teamId") ?? ""),
      counts,
    );
    return reply({
      title: changed > 0 ? "Plan saved" : "Nothing changed",
      description: changed > 0 ? "The counts are changed for this date only." : "The counts were already so.",
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Plan not saved",
      what: "Changing a service's plan",
      fallback: "The plan could not be saved. Please try again.",
    });
  }
}

export default function ServicePlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, whatsApp, canWrite } = loaderData;
  const { service } = plan;
  const answer = actionData as ActionResult | undefined;
  const editable = canWrite && !service.isPast;
  const range = { from: service.serviceDate, weeks: ROSTER_LIMITS.weeks.default };
  return (
    <AdminScreen
      title={`${service.title}, ${formatDate(service.serviceDate)}`}
      description={[
        service.startTime ? formatTime12(service.startTime) : null,
        service.kind === "event" ? "an event" : "a weekly service",
        service.isPast ? "past: it can no longer change" : null,
      ]
        .filter(Boolean)
        .join(" · ")}
      backTo={ROSTERS_PATH}
      backLabel="Back to Rosters"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${servicePlanPath(service.id)}/print`}
            className={buttonVariants({ variant: "outline" })}
          >
            <Printer aria-hidden="true" />
            Print
          </Link>
          <a
            href={`${servicePlanPath(service.id)}/export`}
            className={buttonVariants({ variant: "outline" })}
            download
          >
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </div>
      }
    >
      <ChangeNotice answer={answer} id="service-plan" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <div className="grid gap-6">
          {plan.teams.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No team to plan yet: make one on the Rosters screen.
            </p>
          ) : null}
          {plan.teams.map((team) => (
            <StaffCard key={team.id} id={`team-${team.id}`} title={team.name}>
              <Form method="post" className="grid gap-3" data-testid="plan-team">
                <input type="hidden" name="teamId" value={team.id} />
                <ul className="divide-y divide-border">
                  {team.positions.map((position) => (
                    <li
                      key={position.id}
                      className="grid gap-2 py-2 sm:grid-cols-[minmax(0,11rem)_8rem_minmax(0,1fr)] sm:items-center"
                    >
                      <label
                        htmlFor={`need-${position.id}`}
                        className="min-w-0 break-words font-medium text-navy"
                      >
                        {position.name}
                      </label>
                      {editable ? (
                        <span className="flex items-center gap-2 text-sm text-muted-foreground">
                          <Input
                            id={`need-${position.id}`}
                            name={`need-${position.id}`}
                            type="number"
                            inputMode="numeric"
                            min={ROSTER_LIMITS.need.min}
                            max={ROSTER_LIMITS.need.max}
                            defaultValue={position.need}
                            className="w-20"
                            aria-describedby={`seats-${position.id}`}
                          />
                          needed
                        </span>
                      ) : (
                        <span id={`need-${position.id}`} className="text-sm">
                          {position.need} needed
                        </span>
                      )}
                      <div id={`seats-${position.id}`} className="text-sm">
                        {position.seats.length === 0 ? (
                          <span className="text-muted-foreground">Not needed</span>
                        ) : editable ? (
                          <span className="flex flex-wrap gap-2">
                            {position.seats.map((seat) => (
                              <Link
                                key={seat.seat}
                                to={seatHref(team.id, range, service.id, position.id, seat.seat)}
                                data-testid="plan-seat"
                                className={`inline-flex min-h-9 min-w-0 max-w-full flex-wrap items-center gap-1.5 break-words rounded-md border px-2 py-1 hover:bg-muted ${
                                  seat.holder
                                    ? "border-border"
                                    : "border-dashed border-destructive/50 text-destructive"
                                }`}
                              >
                                {seat.holder ? (
                                  <>
                                    {seat.holder.name}
                                    <SeatStatus
                                      status={seat.holder.status}
                                      reason={seat.holder.declineReason}
                                    />
                                  </>
                                ) : (
                                  <>
                                    Empty: choose<span className="sr-only"> for {position.name}</span>
                                  </>
                                )}
                              </Link>
                            ))}
                          </span>
                        ) : (
                          <SeatsLine seats={position.seats} />
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
                {editable ? (
                  <Button type="submit" name="intent" value="needs" variant="outline" className="w-fit">
                    <Save aria-hidden="true" />
                    Save counts<span className="sr-only"> of {team.name}</span>
                  </Button>
                ) : null}
              </Form>
            </StaffCard>
          ))}
        </div>
        <StaffCard
          id="whatsapp-heading"
          title="WhatsApp"
          description="The roster, ready for a team's WhatsApp group."
        >
          <WhatsAppText
            id="roster-whatsapp"
            text={whatsApp.text}
            href={whatsApp.shareLink}
            linkLabel="Share on WhatsApp"
            rows={12}
          />
        </StaffCard>
      </div>
    </AdminScreen>
  );
}
