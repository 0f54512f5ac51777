import type { MinistryVideo } from "../../../database/schema";
import { findMinistryImageUrl } from "./ministry-images.server";
import { listMinistryVideos } from "./ministry-videos.server";

// What a ministry's public page shows besides its text: the picture and videos staff added.

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
