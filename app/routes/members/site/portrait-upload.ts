import { requireUser } from "~/server/auth/guards.server";
import { AppError } from "~/server/http/errors.server";
import { storeImageWithRecord, withUploadForm } from "~/server/http/uploads.server";
import { logChange } from "~/server/platform/change-log.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/portrait-upload";
import { loggableError } from "~/server/platform/db-errors.server";

// A pastor's portrait, uploaded from the pastors editor before the pastor is saved: the file is
// stored and its address returned; the editor puts it into the pastor's entry, and the portrait is
// published when the section is saved.

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "site:write");
  return new Response("Upload a portrait from the pastors editor.", { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "site:write");
  const refuse = (status: number, message: string) =>
    Response.json({ ok: false, message }, { status, headers: { "Cache-Control": "no-store" } });
  try {
    const url = await withUploadForm(request, "image", "image", async ({ file }) => {
      if (!file) throw new AppError("Please choose a photo.", 400);
      return storeImageWithRecord(file, "portraits/portrait-", async (objectName, publicUrl) => {
        await logChange(services().db, user, "site.portrait-uploaded", {
          subject: { type: "file", id: objectName, label: file.originalName },
        });
        return publicUrl;
      });
    });
    return Response.json({ ok: true, url }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError) return refuse(error.status, error.message);
    console.error("Storing a portrait failed:", loggableError(error));
    return refuse(500, "The photo could not be stored. Please try again.");
  }
}
