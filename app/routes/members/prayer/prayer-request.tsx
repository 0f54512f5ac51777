import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import type { ActionResult } from "~/lib/action-result";
import { todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { PRAYER_PATH, prayerPath } from "~/schemas/prayer";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import {
  answerPrayerRequest,
  changePrayerExpiry,
  changePrayerVisibility,
  deletePrayerRequest,
} from "~/server/prayer/prayer-changes.server";
import { getPrayerRequest, mayReadPrivate } from "~/server/prayer/prayer-requests.server";
import type { Route } from "./+types/prayer-request";
import {
  AnswerCard,
  AnsweredCard,
  DeleteCard,
  ExpiryCard,
  RequestCard,
  VisibilityCard,
} from "./prayer-request-cards";

// One prayer request (issue 38). A private one is refused with 403 to anyone who may not read
// private requests: the loader throws it, so nothing of the request reaches their browser. With
// prayer:write: mark it answered with a note, move its expiry, delete it; a pastor also changes
// who may read it. Deleting asks first (?delete) on the page itself.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Prayer request", "A prayer request.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "prayer:read");
  const canWrite = can(user, "prayer:write");
  try {
    const found = await getPrayerRequest(params.requestId, user);
    return {
      ...found,
      canWrite,
      pastor: mayReadPrivate(user),
      today: todayInChurchZone(),
      deleting: canWrite && new URL(request.url).searchParams.has("delete"),
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

const fieldsOf = (form: FormData) =>
  Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "prayer:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  const fields = fieldsOf(form);
  const here = prayerPath(params.requestId);
  try {
    if (intent === "answer") {
      await answerPrayerRequest(params.requestId, fields, user);
      return redirectWithToast(
        here,
        { title: "Marked answered", description: "It moves to the answered requests." },
        request,
      );
    }
    if (intent === "expiry") {
      await changePrayerExpiry(params.requestId, fields, user);
      return redirectWithToast(
        here,
        { title: "Expiry changed", description: "The new date is saved." },
        request,
      );
    }
    if (intent === "visibility") {
      await changePrayerVisibility(params.requestId, fields, user);
      return redirectWithToast(
        here,
        { title: "Who may read it changed", description: "The new choice is saved." },
        request,
      );
    }
    if (intent === "delete") {
      await deletePrayerRequest(params.requestId, user);
      return redirectWithToast(
        PRAYER_PATH,
        { title: "Prayer request deleted", description: "It is removed for good." },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a prayer request",
      fallback: "The prayer request could not be changed. Please try again.",
      values: intent === "answer" ? { note: fields.note ?? "" } : undefined,
    });
  }
}

export default function PrayerRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request, member, canWrite, pastor, today, deleting } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const errors = answer?.ok === false ? (answer.fieldErrors ?? {}) : {};
  return (
    <AdminScreen title="Prayer request" backTo={PRAYER_PATH} backLabel="Back to Prayer requests">
      <ChangeNotice answer={answer} id="prayer-request" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <div className="grid gap-6">
          <RequestCard request={request} member={member} />
          <AnsweredCard request={request} />
        </div>
        {canWrite ? (
          <div className="grid gap-6">
            {request.answeredAt ? null : <AnswerCard values={answer?.values ?? {}} errors={errors} />}
            <ExpiryCard expiresOn={request.expiresOn} today={today} error={errors.expiresOn} />
            {pastor ? <VisibilityCard chosen={request.visibility} error={errors.visibility} /> : null}
            <DeleteCard requestId={request.id} deleting={deleting} />
          </div>
        ) : null}
      </div>
    </AdminScreen>
  );
}
