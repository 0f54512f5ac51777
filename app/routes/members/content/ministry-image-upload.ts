import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { replaceMinistryImage } from "~/server/content/ministry-images.server";
import { AppError } from "~/server/http/errors.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import { storeImageWithRecord, withUploadForm } from "~/server/http/uploads.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/ministry-image-upload";

const SCREEN = "/members/update-ministry-image";
const MISSING = { title: "Missing information", description: "Please select a ministry and an image file." };

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  throw redirect(SCREEN);
}

// Stores a ministry's new picture as ministry-images/{slug}-{time stamp}_{w}x{h}.{ext} with its
// narrower copies, points the ministry at it (one per ministry) and removes the old picture.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  const refuse = (status: number, toast: { title: string; description: string }) =>
    respondToUpload(request, { ok: false, toast: { ...toast, variant: "destructive" } }, status, SCREEN);
  const refuseUpload = (error: AppError) =>
    refuse(error.status, { title: "Image upload failed", description: error.message });
  try {
    return await withUploadForm(request, "image", "image", async ({ form, file }) => {
      const ministry = (await getSiteContent()).ministryBySlug(String(form.get("ministrySlug") ?? ""));
      if (!ministry || !file) return refuse(400, MISSING);

      let stored = false;
      try {
        await storeImageWithRecord(file, `ministry-images/${ministry.slug}-`, (objectName, url) => {
          stored = true;
          return replaceMinistryImage(ministry.slug, url, objectName, user);
        });
      } catch (error) {
        if (error instanceof AppError) return refuseUpload(error);
        console.error("Updating a ministry image failed:", error);
        return stored
          ? refuse(500, {
              title: "Database update failed",
              description: "The new picture was not saved. Please try again.",
            })
          : refuse(500, {
              title: "Image upload failed",
              description: "The picture could not be stored. Please try again.",
            });
      }
      return respondToUpload(
        request,
        {
          ok: true,
          toast: {
            title: "Image Updated!",
            description: `The new picture shows on the ${ministry.name} page.`,
          },
          redirectTo: `/ministries/${ministry.slug}`,
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
