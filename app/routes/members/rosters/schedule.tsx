import { ChevronLeft, ChevronRight, Download, Link2, Send, Sparkles } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Field, FormField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { addDays } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { ROSTER_LIMITS, schedulePath, teamPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { refusalFor, refuse, replyWith } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { fillAutomatically, type FillOutcome } from "~/server/rosters/auto-fill.server";
import {
  rosterLinksForWhatsApp,
  sendRosterRequests,
  type AskedPerson,
} from "~/server/rosters/requests.server";
import { loadSchedule, scheduleRange } from "~/server/rosters/schedule.server";
import { teamInScope } from "~/server/rosters/teams.server";
import { ChangeNotice } from "./roster-parts";
import { ScheduleCards, ScheduleTable } from "./schedule-grid";
import { FillLeft, PeopleLinks } from "./schedule-requests";
import type { Route } from "./+types/schedule";

// A team's schedule (issue 36): the coming weeks' services x its positions, who holds each seat
// and how they answered; filling the empty seats automatically, asking the people proposed, and
// their links for WhatsApp when e-mail is not set up. Plain forms: it works with scripts off.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData ? `${loaderData.grid.team.name} · Schedule` : "Schedule",
    "A team's schedule.",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  const range = scheduleRange(new URL(request.url).searchParams);
  try {
    const grid = await loadSchedule(ministryScope(user), params.teamId, range);
    return { grid, canWrite: can(user, "rosters:write") };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

type Answer = ActionResult & { fill?: FillOutcome; links?: AskedPerson[]; emailed?: boolean };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "rosters:write");
  const scope = ministryScope(user);
  const form = await readForm(request);
  const intent = form.get("intent");
  const range = scheduleRange(
    new URLSearchParams({ from: String(form.get("from") ?? ""), weeks: String(form.get("weeks") ?? "") }),
  );
  try {
    if (intent === "fill") {
      const fill = await fillAutomatically(user, scope, params.teamId, range);
      const seats = `${fill.filled} ${fill.filled === 1 ? "seat" : "seats"}`;
      return replyWith(
        {
          title: fill.filled > 0 ? "Seats proposed" : "Nothing to fill",
          description:
            (fill.filled > 0
              ? `${seats} filled as Proposed: check them, then send the requests.`
              : "No empty seat could be filled.") +
            (fill.left.length > 0 ? ` ${fill.left.length} stay empty.` : ""),
        },
        { fill },
      );
    }
    // The team is checked here too: a forged team is not found before anyone is asked.
    if (intent === "send" || intent === "links") await teamInScope(scope, params.teamId);
    if (intent === "send") {
      const sent = await sendRosterRequests(user, scope, params.teamId);
      const people = `${sent.people} ${sent.people === 1 ? "person" : "people"}`;
      return replyWith(
        {
          title: sent.slots > 0 ? "Requests sent" : "Nobody to ask",
          description:
            sent.slots === 0
              ? "No seat is waiting to be asked: fill some first."
              : sent.emailed
                ? `${people} will get an e-mail with their dates.`
                : `E-mail is not set up: send ${people} their links below by WhatsApp.`,
        },
        { links: sent.emailed ? [] : sent.links, emailed: sent.emailed },
      );
    }
    if (intent === "links") {
      const links = await rosterLinksForWhatsApp(scope, params.teamId);
      return replyWith(
        {
          title: links.length > 0 ? "Links ready" : "Nobody asked yet",
          description: links.length > 0 ? "Send each person their link below." : "Send the requests first.",
        },
        { links },
      );
    }
    return refuse(400, { title: "Not done", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: intent === "fill" ? "Not filled" : "Not sent",
      what: intent === "fill" ? "Filling a schedule" : "Asking people to serve",
      fallback:
        intent === "fill"
          ? "The seats could not be filled. Please try again."
          : "The requests could not be sent. Please try again.",
    });
  }
}

export default function Schedule({ loaderData, actionData }: Route.ComponentProps) {
  const { grid, canWrite } = loaderData;
  const answer = actionData as Answer | undefined;
  const { min, max } = ROSTER_LIMITS.weeks;
  const here = schedulePath(grid.team.id);
  const shifted = (days: number) => `${here}?from=${addDays(grid.from, days)}&weeks=${grid.weeks}`;
  const { counts } = grid;
  const rangeFields = (
    <>
      <input type="hidden" name="from" value={grid.from} />
      <input type="hidden" name="weeks" value={grid.weeks} />
    </>
  );
  return (
    <AdminScreen
      title={`${grid.team.name}: schedule`}
      description={`${formatDate(grid.from)} to ${formatDate(grid.to)} · serves at most ${grid.team.maxPerFourWeeks} times in 4 weeks`}
      backTo={teamPath(grid.team.id)}
      backLabel={`Back to ${grid.team.name}`}
      actions={
        <a
          href={`${here}/export?from=${grid.from}&weeks=${grid.weeks}`}
          className={buttonVariants({ variant: "outline" })}
          download
        >
          <Download aria-hidden="true" />
          Download CSV
        </a>
      }
    >
      <ChangeNotice answer={answer} id="schedule" />
      {answer?.fill ? <FillLeft left={answer.fill.left} /> : null}
      {answer?.links ? (
        <PeopleLinks
          people={answer.links}
          intro="Each link opens the person's own page, where they accept or decline each date. It works once for them only: send it to them alone."
        />
      ) : null}

      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <FormField
            id="from"
            name="from"
            type="date"
            label="From"
            defaultValue={grid.from}
            className="w-44"
          />
          <Field
            id="weeks"
            label="Weeks"
            className="w-28"
            control={(aria) => (
              <NativeSelect id="weeks" name="weeks" defaultValue={String(grid.weeks)} {...aria}>
                {Array.from({ length: max - min + 1 }, (_, index) => min + index).map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {weeks}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Button type="submit" variant="outline">
            Show
          </Button>
          <Link
            to={shifted(-grid.weeks * 7)}
            className={buttonVariants({ variant: "ghost" })}
            aria-label="Earlier weeks"
          >
            <ChevronLeft aria-hidden="true" />
          </Link>
          <Link
            to={shifted(grid.weeks * 7)}
            className={buttonVariants({ variant: "ghost" })}
            aria-label="Later weeks"
          >
            <ChevronRight aria-hidden="true" />
          </Link>
        </Form>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              {rangeFields}
              <Button type="submit" name="intent" value="fill" disabled={counts.empty === 0}>
                <Sparkles aria-hidden="true" />
                Fill automatically
              </Button>
            </Form>
            <Form method="post">
              {rangeFields}
              <Button type="submit" name="intent" value="send" variant="outline" disabled={grid.toAsk === 0}>
                <Send aria-hidden="true" />
                Send requests{grid.toAsk > 0 ? ` (${grid.toAsk})` : ""}
              </Button>
            </Form>
            <Form method="post">
              {rangeFields}
              <Button type="submit" name="intent" value="links" variant="outline">
                <Link2 aria-hidden="true" />
                Links for WhatsApp
              </Button>
            </Form>
          </div>
        ) : null}
      </div>

      <p className="mb-4 text-sm text-muted-foreground" data-testid="schedule-counts">
        {counts.seats} {counts.seats === 1 ? "seat" : "seats"} to come: {counts.empty} empty,{" "}
        {counts.proposed} proposed, {counts.asked} asked, {counts.accepted} accepted, {counts.declined}{" "}
        declined or wanting a replacement.
      </p>
      {grid.positions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          This team has no positions yet: add them on the{" "}
          <Link to={teamPath(grid.team.id)} className="text-primary underline-offset-4 hover:underline">
            team's page
          </Link>
          .
        </p>
      ) : grid.services.length === 0 ? (
        <p className="text-sm text-muted-foreground">No service in these weeks.</p>
      ) : (
        <>
          <ScheduleTable grid={grid} canWrite={canWrite} />
          <ScheduleCards grid={grid} canWrite={canWrite} />
        </>
      )}
    </AdminScreen>
  );
}
