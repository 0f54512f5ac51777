import { firstErrors } from "~/lib/action-result";
import { formValues } from "~/lib/form-values";
import { sermonSchema, videoProblemToast } from "~/schemas/videos";
import { requireUser } from "~/server/auth/guards.server";
import { createSermon, getSermon, updateSermon, type SermonInput } from "~/server/content/sermons.server";
import { AppError } from "~/server/http/errors.server";
import type { Route } from "./+types/sermon-upload";
import { handleUpload, redirectToScreen } from "./upload-action.server";

const SCREEN = "/members/add-sermon";

export const loader = redirectToScreen(SCREEN, "sermons:write");

const gone = () => new AppError("That sermon no longer exists.", 404, { title: "Submission Failed" });

// Saves a sermon from the staff form, with its recording when one is chosen: recording and row
// are stored together or not at all. Deleting stays with the screen's own action.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "sermons:write");
  return handleUpload(request, {
    screen: SCREEN,
    file: { field: "audio", kind: "audio" },
    // A refusal of the file itself (its type, its size, a form that could not be read), or of the save.
    refusal: (error, during) =>
      during === "upload"
        ? { title: error.title ?? "Upload Failed", fieldErrors: { audio: error.message } }
        : {
            title: error.title ?? "Submission Failed",
            fieldErrors: { [error.field ?? "form"]: error.message },
          },
    storeFailed: {
      title: "Upload Failed",
      description: "The recording could not be stored. Please try again.",
    },
    saveFailed: {
      title: "Submission Failed",
      description: "The sermon could not be saved. Please try again.",
    },
    what: "Saving a sermon",
    async plan({ form, file }) {
      const intent = form.get("intent");
      const id = String(form.get("id") ?? "");
      if (intent !== "create" && intent !== "update")
        return { refuse: { status: 400, title: "Submission Failed", description: "Unknown request." } };
      const parsed = sermonSchema.safeParse(formValues(form));
      if (!parsed.success)
        return {
          refuse: {
            status: 400,
            ...videoProblemToast(parsed.error),
            fieldErrors: firstErrors(parsed.error.issues),
          },
        };
      const { url, ...fields } = parsed.data;
      const input: SermonInput = { ...fields, youtubeId: url };
      if (intent === "update" && !(await getSermon(id))) {
        const error = gone();
        return { refuse: { status: error.status, title: error.title!, description: error.message } };
      }
      // Left out, the recording kept stays; the box removes it; a new file replaces it.
      if (intent === "update" && form.get("removeAudio") === "on") input.audio = null;
      return {
        prefix: "sermon-audio/sermon-",
        async save(stored) {
          const audio =
            stored && file
              ? { objectPath: stored.objectName, contentType: file.mime, bytes: stored.size, seconds: null }
              : null;
          const withAudio = audio ? { ...input, audio } : input;
          if (intent === "create") return createSermon(withAudio, user);
          // Removed since the check above: throwing removes the file just stored.
          const saved = await updateSermon(id, withAudio, user);
          if (!saved) throw gone();
          return saved;
        },
        toast:
          intent === "create"
            ? { title: "Sermon Added!", description: `${input.title} is on the website.` }
            : { title: "Sermon Updated!", description: `${input.title} has been saved.` },
        redirectTo: SCREEN,
      };
    },
  });
}
