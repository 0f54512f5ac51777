import { firstErrors } from "~/lib/action-result";
import { formValues } from "~/lib/form-values";
import { openRepeatSummary, repeatSummary } from "~/lib/recurrence";
import { eventSchema } from "~/schemas/event";
import { requireUser } from "~/server/auth/guards.server";
import { getEventRow } from "~/server/content/events.server";
import { createEvent, updateEvent, type EventInput } from "~/server/content/event-edits.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/event-upload";
import { handleUpload, redirectToScreen } from "./upload-action.server";

const SCREEN = "/members/add-event";

export const loader = redirectToScreen(SCREEN, "events:write");

// Saves an event from the staff form, with its picture when one is chosen: picture and row are
// stored together or not at all.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "events:write");
  return handleUpload(request, {
    screen: SCREEN,
    file: { field: "image", kind: "image" },
    refusal: (error) => ({ title: "Image upload failed", fieldErrors: { image: error.message } }),
    storeFailed: {
      title: "Image upload failed",
      description: "The picture could not be stored. Please try again.",
    },
    saveFailed: {
      title: "Database update failed",
      description: "The event could not be saved. Please try again.",
    },
    what: "Saving an event",
    async plan({ form }) {
      const intent = form.get("intent");
      const id = String(form.get("id") ?? "");
      if (intent !== "create" && intent !== "update")
        return { refuse: { status: 400, title: "Submission Failed", description: "Unknown request." } };
      const parsed = eventSchema.safeParse(formValues(form));
      if (!parsed.success) {
        const fieldErrors = firstErrors(parsed.error.issues);
        const description = Object.values(fieldErrors)[0]!;
        return { refuse: { status: 400, title: "Submission Failed", description, fieldErrors } };
      }
      const { repeat, repeatUntil, repeatNoEnd, applyTo, ...fields } = parsed.data;
      const input: EventInput = fields;
      const series =
        intent === "create" && repeat ? { frequency: repeat, until: repeatNoEnd ? null : repeatUntil } : null;
      if (intent === "update" && !(await getEventRow(id)))
        return {
          refuse: {
            status: 404,
            title: "Database update failed",
            description: "That event no longer exists.",
          },
        };
      return {
        prefix: "event-images/event-",
        save: (image) =>
          intent === "create"
            ? createEvent(input, image, user, series)
            : updateEvent(id, input, image, user, siteOrigin(), applyTo),
        toast:
          intent === "create"
            ? {
                title: "Event Added!",
                description: series
                  ? `${input.title} is on the events page: ${
                      series.until
                        ? repeatSummary(series.frequency, input.eventDate, series.until)
                        : openRepeatSummary(series.frequency, input.eventDate)
                    }.`
                  : `${input.title} is on the events page.`,
              }
            : { title: "Event Updated!", description: `${input.title} has been saved.` },
        redirectTo: SCREEN,
      };
    },
  });
}
