import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import type { ActionResult } from "~/lib/action-result";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { CARE_PATH, followUpPath } from "~/schemas/care";
import { requireUser } from "~/server/auth/guards.server";
import { careAssignees } from "~/server/care/assignees.server";
import { getFollowUpCard } from "~/server/care/follow-up-cards.server";
import {
  addNote,
  changeDue,
  completeStep,
  reassign,
  setStatus,
  snooze,
} from "~/server/care/follow-up-work.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { ChangesCard } from "./follow-up-changes";
import { AboutCard, NotesCard, StepsCard } from "./follow-up-parts";
import type { Route } from "./+types/follow-up";

// A follow-up's card (issue 38): who and why, its steps with "Mark done" on the current one, its
// notes, and the changes (status, assignee, due date, snooze). Each change is a plain form post
// answered by a redirect back here with what happened: it works without scripts.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `Follow-up: ${loaderData.card.name}` : "Follow-up", "A follow-up.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:read");
  const canWork = can(user, "care:write");
  try {
    const [card, assignees] = await Promise.all([
      getFollowUpCard(params.followUpId),
      canWork ? careAssignees() : Promise.resolve([]),
    ]);
    return { card, assignees, canWork, tomorrow: addDays(todayInChurchZone(), 1) };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

const fieldsOf = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "care:write");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = followUpPath(params.followUpId);
  const done = (title: string, description: string) =>
    redirectWithToast(here, { title, description }, request);
  const values = fieldsOf(form, ["body", "status", "assigneeId", "dueOn", "snoozedUntil"]);
  try {
    switch (intent) {
      case "step-done": {
        const step = await completeStep(params.followUpId, String(form.get("stepId") ?? ""), user);
        return done(
          "Step done",
          step.next
            ? `“${step.title}” is done. Next: “${step.next.title}”, due ${formatDate(step.next.dueOn)}.`
            : `“${step.title}” was the last step: the follow-up is done.`,
        );
      }
      case "note":
        await addNote(params.followUpId, values, user);
        return done("Note added", "It is at the top of the notes.");
      case "status":
        return done(
          "Status saved",
          (await setStatus(params.followUpId, values, user))
            ? "The status is changed."
            : "It already had that status.",
        );
      case "assign": {
        const to = await reassign(params.followUpId, values, user);
        return done(
          "Assignee saved",
          to === undefined
            ? "It was already theirs."
            : to
              ? `${to} looks after it now.`
              : "Nobody is assigned now.",
        );
      }
      case "due":
        return done(
          "Due date saved",
          (await changeDue(params.followUpId, values, user))
            ? `It is due on ${formatDate(values.dueOn!)} now.`
            : "It was already due that day.",
        );
      case "snooze":
        await snooze(params.followUpId, values, user);
        return done("Snoozed", `It is out of the way until ${formatDate(values.snoozedUntil!)}.`);
      case "unsnooze":
        await snooze(params.followUpId, null, user);
        return done("Snooze cleared", "It is due on its own date again.");
      default:
        return refuse(400, { title: "Not saved", description: "Unknown request." });
    }
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a follow-up",
      fallback: "The follow-up could not be changed. Please try again.",
      values,
    });
  }
}

export default function FollowUp({ loaderData, actionData }: Route.ComponentProps) {
  const { card, assignees, canWork, tomorrow } = loaderData;
  const answer = actionData as ActionResult | undefined;
  return (
    <AdminScreen
      title={card.name}
      description={card.reason}
      backTo={CARE_PATH}
      backLabel="Back to Follow-ups"
    >
      <ChangeNotice answer={answer} id="follow-up" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <div className="grid gap-6">
          <AboutCard card={card} />
          {card.steps.length > 0 ? <StepsCard card={card} canWork={canWork} /> : null}
          <NotesCard card={card} canWork={canWork} answer={answer} />
        </div>
        {canWork ? (
          <ChangesCard card={card} assignees={assignees} answer={answer} tomorrow={tomorrow} />
        ) : null}
      </div>
    </AdminScreen>
  );
}
