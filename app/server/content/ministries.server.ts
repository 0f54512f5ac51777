import { desc, eq } from "drizzle-orm";
import {
  ministryImages,
  ministryRegistrations,
  ministryVideos,
  type MinistryVideo,
} from "../../../database/schema";
import { services } from "../platform/services.server";

/** The image an admin uploaded for the ministry, or null when there is none. */
export async function findMinistryImageUrl(slug: string): Promise<string | null> {
  const [row] = await services()
    .db.select({ imageUrl: ministryImages.imageUrl })
    .from(ministryImages)
    .where(eq(ministryImages.ministrySlug, slug))
    .limit(1);
  return row?.imageUrl ?? null;
}

/** The ministry's videos, newest first. */
export async function listMinistryVideos(slug: string): Promise<MinistryVideo[]> {
  return services()
    .db.select()
    .from(ministryVideos)
    .where(eq(ministryVideos.ministrySlug, slug))
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

export interface MinistryMedia {
  imageUrl: string | null;
  videos: Pick<MinistryVideo, "id" | "title" | "youtubeId">[];
}

/**
 * The image and videos for a ministry's page. The spec only logs a failed read of either: the
 * page still shows, with the default image or without videos.
 */
export async function loadMinistryMedia(slug: string): Promise<MinistryMedia> {
  const [image, videos] = await Promise.allSettled([findMinistryImageUrl(slug), listMinistryVideos(slug)]);
  if (image.status === "rejected") logReadFailure("ministry_images", slug, image.reason);
  if (videos.status === "rejected") logReadFailure("ministry_videos", slug, videos.reason);
  return {
    imageUrl: image.status === "fulfilled" ? image.value : null,
    videos:
      videos.status === "fulfilled"
        ? videos.value.map(({ id, title, youtubeId }) => ({ id, title, youtubeId }))
        : [],
  };
}

function logReadFailure(table: string, slug: string, reason: unknown) {
  // A warning, not an error: the visitor still gets a complete page.
  console.warn(
    JSON.stringify({
      event: "ministry_media_read_failed",
      table,
      slug,
      error: reason instanceof Error ? reason.message : String(reason),
    }),
  );
}

export interface NewMinistryRegistration {
  ministrySlug: string;
  name: string;
  email: string;
  mobile: string;
}

/** Someone signed up to a ministry from its public page. */
export async function saveMinistryRegistration(registration: NewMinistryRegistration): Promise<void> {
  await services().db.insert(ministryRegistrations).values(registration);
}
