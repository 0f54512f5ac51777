import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { addDays } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { COUNT_FIELDS, TRENDS_PATH } from "~/schemas/headcount";
import { headcountOccasions } from "~/server/attendance/headcounts.server";
import { recordHeadcount } from "~/server/attendance/headcounts.server";
import { makeUsherLink, openUsherLinks, revokeUsherLink } from "~/server/attendance/usher-links.server";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { todayInChurchZone } from "~/lib/dates";
import { ChangeNotice } from "~/components/change-notice";
import { OccasionCard, UsherLinks } from "./headcount-parts";
import type { Route } from "./+types/headcounts";

// Service headcounts (issue 37): the main weekly service's last ten dates, the other weekly
// services' last few, and the events of the last two months, each with its counts and a form to
// enter or correct them (adults, children, online viewers, first-time visitors); the ushers'
// links. Staff with groups:write enter; groups:read see.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Headcounts", "How many came to each service and event.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const today = todayInChurchZone();
  const canWrite = can(user, "groups:write");
  const [occasions, links] = await Promise.all([
    headcountOccasions({ today, serviceWeeks: 10, otherWeeks: 4, since: addDays(today, -60) }),
    canWrite ? openUsherLinks() : Promise.resolve([]),
  ]);
  return { ...occasions, links, canWrite };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "groups:write");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = { intent };
  for (const name of ["occasion", "usher", ...COUNT_FIELDS]) values[name] = String(form.get(name) ?? "");
  try {
    if (intent === "save") {
      const saved = await recordHeadcount(user, user.email, values);
      return reply({
        title: "Counts saved",
        description: `${saved.title}, ${saved.date}: ${saved.replaced ? "the counts are replaced" : "counted"}.`,
      });
    }
    if (intent === "make-link") {
      const made = await makeUsherLink(user, values);
      return replyWith(
        { title: "Link made", description: `Send it to ${made.usher}: it is shown only now.` },
        { made },
      );
    }
    if (intent === "revoke-link") {
      const revoked = await revokeUsherLink(user, String(form.get("linkId") ?? ""));
      return reply(
        revoked
          ? { title: "Link revoked", description: "It opens nothing any more." }
          : { title: "Nothing to revoke", description: "That link was already closed." },
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: intent === "make-link" ? "Link not made" : "Counts not saved",
      what: "Saving a headcount",
      fallback: "That could not be saved. Please try again.",
      values,
    });
  }
}

export default function Headcounts({ loaderData, actionData }: Route.ComponentProps) {
  const { services, events, mainService, links, canWrite } = loaderData;
  const answer = actionData as (ActionResult & { made?: { usher: string; url: string } }) | undefined;
  const usherError =
    answer?.ok === false && answer.values?.intent === "make-link"
      ? (answer.fieldErrors?.usher ?? null)
      : null;
  return (
    <AdminScreen
      title="Headcounts"
      description="How many came to each service and event: adults, children, online viewers and first-time visitors."
      actions={
        <Link to={TRENDS_PATH} className={buttonVariants({ variant: "outline" })}>
          <BarChart3 aria-hidden="true" />
          Attendance trends
        </Link>
      }
    >
      <ChangeNotice answer={answer} id="headcounts" />
      <div className="grid gap-6">
        <StaffCard
          id="services-heading"
          title="Services"
          description={
            mainService
              ? `The last ten dates of the ${mainService}, and the other weekly services. Dates still to come cannot be counted; saving again replaces the counts. Children are counted, never named.`
              : "The service times list no weekly service: add one in the Website section."
          }
        >
          <div className="mt-4 grid gap-3">
            {services.map((row, index) => (
              <OccasionCard
                key={`${row.date}-${row.title}`}
                row={row}
                canWrite={canWrite}
                answer={answer}
                open={index === services.findIndex((r) => r.title === mainService)}
              />
            ))}
          </div>
        </StaffCard>
        <StaffCard
          id="events-heading"
          title="Events"
          description="Events of the last two months. An event's attendance counts its QR check-ins too, never twice: it is the larger of the people counted (adults and children) and the registrations checked in, since the ushers' count already includes whoever checked in."
        >
          <div className="mt-4 grid gap-3">
            {events.length === 0 ? (
              <p className="text-sm text-muted-foreground">No event in the last two months.</p>
            ) : null}
            {events.map((row) => (
              <OccasionCard
                key={row.title + row.date + row.occasion.kind}
                row={row}
                canWrite={canWrite}
                answer={answer}
              />
            ))}
          </div>
        </StaffCard>
        {canWrite ? (
          <StaffCard id="ushers-heading" title="Ushers' links">
            <div className="mt-4">
              <UsherLinks links={links} made={answer?.ok ? (answer.made ?? null) : null} error={usherError} />
            </div>
          </StaffCard>
        ) : null}
      </div>
    </AdminScreen>
  );
}
