import crypto from "node:crypto";
import { isYouTubeId } from "~/lib/youtube";
import { fetchPicture, storePreparedImage, type PreparedImage } from "../platform/images.server";
import { services } from "../platform/services.server";

// A sermon's video picture (issue 33): fetched once by the server when the sermon is saved, made
// into copies as an upload is, and stored with the other pictures.

/** A sermon's video picture as stored: its main copy's name and address. */
interface StoredThumbnail {
  objectName: string;
  url: string;
}

/**
 * The video's picture from the video platform (`VIDEO_THUMBNAIL_URL`), made into copies as an
 * upload is; null when it is turned off or cannot be had (the card keeps its plain background).
 */
export async function fetchThumbnail(youtubeId: string): Promise<PreparedImage | null> {
  const source = services().env.VIDEO_THUMBNAIL_URL;
  if (source === "off" || !isYouTubeId(youtubeId)) return null;
  const base = `sermon-thumbnails/sermon-${Date.now()}-${crypto.randomBytes(3).toString("hex")}`;
  return fetchPicture(`${source}/vi/${youtubeId}/hqdefault.jpg`, base);
}

/**
 * Runs `save` with the stored picture when there is one: its copies are stored first and removed
 * again if `save` throws, so a row never names a missing file nor leaves an unused one.
 */
export async function withThumbnail<T>(
  picture: PreparedImage | null,
  save: (thumbnail: StoredThumbnail | null) => Promise<T>,
): Promise<T> {
  if (!picture) return save(null);
  return storePreparedImage(services().storage, picture, (objectName, url) => save({ objectName, url }));
}

export const thumbnailColumns = (thumbnail: StoredThumbnail | null) => ({
  thumbnailUrl: thumbnail?.url ?? null,
  thumbnailObjectPath: thumbnail?.objectName ?? null,
});
