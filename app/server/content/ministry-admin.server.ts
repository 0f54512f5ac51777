import { desc, eq } from "drizzle-orm";
import { ministryImages, ministryVideos } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { services } from "../platform/services.server";

// What staff change about ministries: their videos and their picture.

export async function listAllMinistryVideos() {
  return services()
    .db.select()
    .from(ministryVideos)
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

export async function getMinistryVideo(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select().from(ministryVideos).where(eq(ministryVideos.id, id)).limit(1);
  return row ?? null;
}

export interface MinistryVideoInput {
  title: string;
  youtubeId: string;
  ministrySlug: string;
}

export async function createMinistryVideo(input: MinistryVideoInput) {
  const [row] = await services().db.insert(ministryVideos).values(input).returning();
  return row!;
}

export async function updateMinistryVideo(id: string, input: MinistryVideoInput) {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.update(ministryVideos)
    .set(input)
    .where(eq(ministryVideos.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMinistryVideo(id: string) {
  if (!isUuid(id)) return false;
  const rows = await services()
    .db.delete(ministryVideos)
    .where(eq(ministryVideos.id, id))
    .returning({ id: ministryVideos.id });
  return rows.length > 0;
}

export async function listMinistryImages() {
  return services().db.select().from(ministryImages);
}

/**
 * Points the ministry at its new picture (one per ministry) and removes the old file from the
 * store once the database says so. A failure to remove the old file only leaves an unused file.
 */
export async function replaceMinistryImage(slug: string, imageUrl: string, objectName: string) {
  const { db, storage } = services();
  const previous = await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(ministryImages)
      .where(eq(ministryImages.ministrySlug, slug))
      .for("update");
    await tx
      .insert(ministryImages)
      .values({ ministrySlug: slug, imageUrl, storageObjectPath: objectName })
      .onConflictDoUpdate({
        target: ministryImages.ministrySlug,
        set: { imageUrl, storageObjectPath: objectName, updatedAt: new Date() },
      });
    return old;
  });
  if (previous?.storageObjectPath && previous.storageObjectPath !== objectName) {
    await storage.delete(previous.storageObjectPath).catch((error: unknown) => {
      console.warn(`Could not remove the replaced image ${previous.storageObjectPath}:`, error);
    });
  }
}
