import { redirect } from "react-router";
import { firstErrors } from "~/lib/action-result";
import { formValues } from "~/lib/form-values";
import { repeatSummary } from "~/lib/recurrence";
import { eventSchema } from "~/schemas/event";
import { requireUser } from "~/server/auth/guards.server";
import { getEventRow } from "~/server/content/events.server";
import { createEvent, updateEvent, type EventInput } from "~/server/content/event-edits.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import { AppError } from "~/server/http/errors.server";
import { storeImageWithRecord, withUploadForm } from "~/server/http/uploads.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/event-upload";

const SCREEN = "/members/add-event";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  throw redirect(SCREEN);
}

// Saves an event from the staff form, with its picture when one is chosen: picture and row are
// stored together or not at all.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  const refuse = (status: number, title: string, description: string, errors?: Record<string, string>) =>
    respondToUpload(
      request,
      { ok: false, toast: { title, description, variant: "destructive" }, fieldErrors: errors },
      status,
      SCREEN,
    );
  const refuseUpload = (error: AppError) =>
    refuse(error.status, "Image upload failed", error.message, { image: error.message });
  try {
    return await withUploadForm(request, "image", "image", async ({ form, file }) => {
      const intent = form.get("intent");
      const id = String(form.get("id") ?? "");
      if (intent !== "create" && intent !== "update")
        return refuse(400, "Submission Failed", "Unknown request.");
      const parsed = eventSchema.safeParse(formValues(form));
      if (!parsed.success) {
        const errors = firstErrors(parsed.error.issues);
        return refuse(400, "Submission Failed", Object.values(errors)[0]!, errors);
      }
      const { repeat, repeatUntil, applyTo, ...fields } = parsed.data;
      const input: EventInput = fields;
      const series =
        intent === "create" && repeat && repeatUntil ? { frequency: repeat, until: repeatUntil } : null;
      if (intent === "update" && !(await getEventRow(id)))
        return refuse(404, "Database update failed", "That event no longer exists.");

      const save = (image: { url: string; objectName: string } | null) =>
        intent === "create"
          ? createEvent(input, image, user, series)
          : updateEvent(id, input, image, user, siteOrigin(), applyTo);
      let stored = false;
      try {
        if (file) {
          await storeImageWithRecord(file, "event-images/event-", (objectName, url) => {
            stored = true;
            return save({ url, objectName });
          });
        } else {
          await save(null);
        }
      } catch (error) {
        if (error instanceof AppError) return refuseUpload(error);
        console.error("Saving an event failed:", error);
        return file && !stored
          ? refuse(500, "Image upload failed", "The picture could not be stored. Please try again.")
          : refuse(500, "Database update failed", "The event could not be saved. Please try again.");
      }
      return respondToUpload(
        request,
        {
          ok: true,
          toast:
            intent === "create"
              ? {
                  title: "Event Added!",
                  description: series
                    ? `${input.title} is on the events page: ${repeatSummary(series.frequency, input.eventDate, series.until)}.`
                    : `${input.title} is on the events page.`,
                }
              : { title: "Event Updated!", description: `${input.title} has been saved.` },
          redirectTo: SCREEN,
        },
        200,
        SCREEN,
      );
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseUpload(error);
  }
}
