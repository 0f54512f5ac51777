import { UserRoundCheck } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { PersonSearchForm } from "~/components/person-search-form";
import { StaffCard } from "~/components/staff-accounts";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { CARE_PATH, followUpPath, NEW_FOLLOW_UP } from "~/schemas/care";
import { requireUser } from "~/server/auth/guards.server";
import { careAssignees } from "~/server/care/assignees.server";
import {
  findMembersToFollowUp,
  memberToFollowUp,
  startFollowUpByHand,
} from "~/server/care/follow-up-cards.server";
import { DEFAULT_DAYS } from "~/server/care/follow-ups.server";
import { workflowChoices } from "~/server/care/workflows.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { NEW_FOLLOW_UP_FIELDS, NewFollowUpForm } from "./follow-up-new-form";
import type { Route } from "./+types/follow-up-new";

// A follow-up started by hand (issue 38): a member of the registry (found by a search, or
// preselected by ?member= from their profile) or someone outside it, a reason, and a workflow or
// an assignee and a due date. The same person with the same reason open already gets the note on
// that follow-up instead of a second one. Plain forms: it works without scripts.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "New follow-up", "Start a follow-up of someone by hand.");
}

const HERE = `${CARE_PATH}/${NEW_FOLLOW_UP}`;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:write");
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const memberId = url.searchParams.get("member");
  const [member, found, workflows, assignees] = await Promise.all([
    memberId ? memberToFollowUp(memberId) : Promise.resolve(null),
    findMembersToFollowUp(query),
    workflowChoices(),
    careAssignees(),
  ]);
  return {
    query,
    member,
    memberMissing: memberId !== null && member === null,
    found,
    workflows,
    assignees,
    defaults: {
      assigneeId: assignees.some((one) => one.id === user.id) ? user.id : "",
      dueOn: addDays(todayInChurchZone(), DEFAULT_DAYS),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "care:write");
  const form = await readForm(request);
  const fields = Object.fromEntries(NEW_FOLLOW_UP_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  try {
    const { id, merged } = await startFollowUpByHand(fields, user);
    return redirectWithToast(
      followUpPath(id),
      merged
        ? {
            title: "Added to the open follow-up",
            description: fields.note
              ? "They already have an open follow-up for this reason: your note is added to it."
              : "They already have an open follow-up for this reason: here it is.",
          }
        : { title: "Follow-up started", description: "It is in the follow-ups list now." },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Follow-up not started",
      what: "Starting a follow-up",
      fallback: "The follow-up could not be started. Please try again.",
      values: fields,
    });
  }
}

export default function NewFollowUp({ loaderData, actionData }: Route.ComponentProps) {
  const { query, member, memberMissing, found, workflows, assignees, defaults } = loaderData;
  const answer = actionData as ActionResult | undefined;
  return (
    <AdminScreen title="New follow-up" backTo={CARE_PATH} backLabel="Back to Follow-ups">
      <ChangeNotice answer={answer} id="new-follow-up" />
      <div className="grid max-w-3xl gap-6">
        <StaffCard
          id="who-heading"
          title="Who"
          description="A member of the registry, or someone outside it (fill in their details below)."
        >
          {member ? (
            <div className="flex flex-wrap items-center justify-between gap-3" data-testid="chosen-member">
              <p className="flex min-w-0 items-start gap-2 text-sm">
                <UserRoundCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span className="min-w-0">
                  <strong className="wrap-anywhere">{member.name}</strong>
                  <span className="block wrap-anywhere text-muted-foreground">
                    {[member.email, member.mobile].filter(Boolean).join(" · ") || "No contact details"}
                  </span>
                </span>
              </p>
              <Link to={HERE} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Choose someone else
              </Link>
            </div>
          ) : (
            <div className="grid gap-3">
              {memberMissing ? (
                <p role="alert" className="text-sm text-destructive">
                  That member could not be found. They may have been deleted; please find them again.
                </p>
              ) : null}
              <PersonSearchForm query={query} />
              {found ? (
                found.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No member matches “{query}”.</p>
                ) : (
                  <ul className="divide-y divide-border rounded-lg border border-border" data-testid="found">
                    {found.map((person) => (
                      <li
                        key={person.id}
                        className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm"
                      >
                        <span className="min-w-0 wrap-anywhere">
                          {person.name}
                          {person.hint ? (
                            <span className="block wrap-anywhere text-xs text-muted-foreground">
                              {person.hint}
                            </span>
                          ) : null}
                        </span>
                        <Link
                          to={`${HERE}?member=${person.id}`}
                          className={buttonVariants({ variant: "outline", size: "sm" })}
                        >
                          Choose<span className="sr-only"> {person.name}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </div>
          )}
        </StaffCard>
        <NewFollowUpForm
          member={member}
          workflows={workflows}
          assignees={assignees}
          defaults={defaults}
          answer={answer}
        />
      </div>
    </AdminScreen>
  );
}
