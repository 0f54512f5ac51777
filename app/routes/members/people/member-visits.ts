import { redirect } from "react-router";
import { VISIT_KIND_LABELS } from "~/lib/care";
import { formatDate } from "~/lib/format";
import { visitFields } from "~/schemas/visits";
import { requireUser } from "~/server/auth/guards.server";
import { deleteVisit, logVisit, VISIT_NOT_FOUND } from "~/server/care/pastoral-visits.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/member-visits";

// Pastoral visits and calls on a member's profile (issue 38): the profile's "Pastoral care" card
// posts here to log one or delete one. Its own route, so that it asks for care:write (the profile's
// own action is for members:write): a forged post without it is refused with 403 and writes nothing.

/** The card's anchor on the profile, where a GET of this address goes. */
export const CARE_CARD_ID = "pastoral-care";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "care:write");
  return redirect(`/members/profile/${params.id}#${CARE_CARD_ID}`);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "care:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "log") {
    const fields = visitFields(form);
    try {
      await logVisit(params.id, fields, user);
    } catch (error) {
      return refusalFor(error, {
        title: "Not logged",
        what: "Logging a pastoral visit",
        fallback: "The visit could not be logged. Please try again.",
        values: fields,
      });
    }
    const kind = VISIT_KIND_LABELS[fields.kind as keyof typeof VISIT_KIND_LABELS];
    return reply({
      title: "Logged",
      description: `${kind} on ${formatDate(fields.visitedOn.trim())} is in the log.`,
    });
  }
  if (intent === "delete") {
    let deleted;
    try {
      deleted = await deleteVisit(params.id, String(form.get("id") ?? ""), user);
    } catch (error) {
      return refusalFor(error, {
        title: "Not deleted",
        what: "Deleting a pastoral visit",
        fallback: "The visit could not be deleted. Please try again.",
      });
    }
    if (!deleted) return refuse(404, { title: "Not deleted", description: VISIT_NOT_FOUND });
    return reply({ title: "Deleted", description: "The visit or call is no longer in the log." });
  }
  return refuse(400, { title: "Not changed", description: "Unknown request." });
}
