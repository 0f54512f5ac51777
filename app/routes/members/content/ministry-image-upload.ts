import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope, OUTSIDE_SCOPE } from "~/server/auth/ministry-scope.server";
import { replaceMinistryImage } from "~/server/content/ministry-images.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/ministry-image-upload";
import { handleUpload, redirectToScreen } from "./upload-action.server";

const SCREEN = "/members/update-ministry-image";
const MISSING = { title: "Missing information", description: "Please select a ministry and an image file." };

export const loader = redirectToScreen(SCREEN, "ministry-media:write");

// Stores a ministry's new picture as ministry-images/{slug}-{time stamp}_{w}x{h}.{ext} with its
// narrower copies, points the ministry at it (one per ministry) and removes the old picture.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "ministry-media:write");
  const scope = ministryScope(user);
  return handleUpload(request, {
    screen: SCREEN,
    file: { field: "image", kind: "image" },
    refusal: () => ({ title: "Image upload failed" }),
    storeFailed: {
      title: "Image upload failed",
      description: "The picture could not be stored. Please try again.",
    },
    saveFailed: {
      title: "Database update failed",
      description: "The new picture was not saved. Please try again.",
    },
    what: "Updating a ministry image",
    async plan({ form, file }) {
      const ministry = (await getSiteContent()).ministryBySlug(String(form.get("ministrySlug") ?? ""));
      if (!ministry || !file) return { refuse: { status: 400, ...MISSING } };
      // Another ministry than the person looks after: refused before the file is stored.
      if (!inScope(scope, ministry.slug)) {
        return { refuse: { status: 404, title: "Image upload failed", description: OUTSIDE_SCOPE } };
      }
      return {
        prefix: `ministry-images/${ministry.slug}-`,
        save: (stored) => replaceMinistryImage(ministry.slug, stored!.url, stored!.objectName, user, scope),
        toast: {
          title: "Image Updated!",
          description: `The new picture shows on the ${ministry.name} page.`,
        },
        redirectTo: `/ministries/${ministry.slug}`,
      };
    },
  });
}
