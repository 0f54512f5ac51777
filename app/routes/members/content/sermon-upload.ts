import { redirect } from "react-router";
import { firstErrors } from "~/lib/action-result";
import { formValues } from "~/lib/form-values";
import { sermonSchema, videoProblemToast } from "~/schemas/videos";
import { requireUser } from "~/server/auth/guards.server";
import {
  createSermon,
  getSermon,
  updateSermon,
  type SermonAudio,
  type SermonInput,
} from "~/server/content/sermons.server";
import { AppError } from "~/server/http/errors.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import { storeDocumentWithRecord, withUploadForm } from "~/server/http/uploads.server";
import type { Route } from "./+types/sermon-upload";

const SCREEN = "/members/add-sermon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  throw redirect(SCREEN);
}

const gone = () => new AppError("That sermon no longer exists.", 404, { title: "Submission Failed" });

// Saves a sermon from the staff form, with its recording when one is chosen: recording and row
// are stored together or not at all. Deleting stays with the screen's own action.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  const refuse = (status: number, title: string, description: string, errors?: Record<string, string>) =>
    respondToUpload(
      request,
      { ok: false, toast: { title, description, variant: "destructive" }, fieldErrors: errors },
      status,
      SCREEN,
    );
  // A refusal of the file itself (its type, its size, a form that could not be read).
  const refuseUpload = (error: AppError) =>
    refuse(error.status, error.title ?? "Upload Failed", error.message, { audio: error.message });
  try {
    return await withUploadForm(request, "audio", "audio", async ({ form, file }) => {
      const intent = form.get("intent");
      const id = String(form.get("id") ?? "");
      if (intent !== "create" && intent !== "update")
        return refuse(400, "Submission Failed", "Unknown request.");
      const parsed = sermonSchema.safeParse(formValues(form));
      if (!parsed.success) {
        const toast = videoProblemToast(parsed.error);
        return refuse(400, toast.title, toast.description, firstErrors(parsed.error.issues));
      }
      const { url, ...fields } = parsed.data;
      const input: SermonInput = { ...fields, youtubeId: url };
      if (intent === "update" && !(await getSermon(id))) {
        const error = gone();
        return refuse(error.status, error.title!, error.message);
      }
      // Left out, the recording kept stays; the box removes it; a new file replaces it.
      if (intent === "update" && form.get("removeAudio") === "on") input.audio = null;

      const save = async (audio?: SermonAudio) => {
        const withAudio = audio ? { ...input, audio } : input;
        if (intent === "create") return createSermon(withAudio, user);
        // Removed since the check above: throwing removes the file just stored.
        const saved = await updateSermon(id, withAudio, user);
        if (!saved) throw gone();
        return saved;
      };
      let stored = false;
      try {
        if (file) {
          await storeDocumentWithRecord(file, "sermon-audio/sermon-", (objectPath, _url, bytes) => {
            stored = true;
            return save({ objectPath, contentType: file.mime, bytes, seconds: null });
          });
        } else {
          await save();
        }
      } catch (error) {
        if (error instanceof AppError) {
          const field = error.field ?? "form";
          return refuse(error.status, error.title ?? "Submission Failed", error.message, {
            [field]: error.message,
          });
        }
        console.error("Saving a sermon failed:", error);
        return file && !stored
          ? refuse(500, "Upload Failed", "The recording could not be stored. Please try again.")
          : refuse(500, "Submission Failed", "The sermon could not be saved. Please try again.");
      }
      return respondToUpload(
        request,
        {
          ok: true,
          toast:
            intent === "create"
              ? { title: "Sermon Added!", description: `${input.title} is on the website.` }
              : { title: "Sermon Updated!", description: `${input.title} has been saved.` },
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
