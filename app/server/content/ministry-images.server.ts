import { eq } from "drizzle-orm";
import { ministryImages } from "../../../database/schema";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { removeStoredFile } from "../platform/images.server";
import { loggableError } from "../platform/db-errors.server";
import { requireInScope, slugInScope, type MinistryScope } from "../auth/ministry-scope.server";

/** The image an admin uploaded for the ministry, or null when there is none. */
export async function findMinistryImageUrl(slug: string): Promise<string | null> {
  const [row] = await services()
    .db.select({ imageUrl: ministryImages.imageUrl })
    .from(ministryImages)
    .where(eq(ministryImages.ministrySlug, slug))
    .limit(1);
  return row?.imageUrl ?? null;
}

/** The ministries' own images (with a `scope`, of its ministries only). */
export async function listMinistryImages(scope?: MinistryScope) {
  return services().db.select().from(ministryImages).where(slugInScope(ministryImages.ministrySlug, scope));
}

/**
 * Points the ministry at its new picture (one per ministry) and removes the old file from the
 * store once the database says so. A failure to remove the old file only leaves an unused file.
 * A ministry outside `scope` (a role limited to ministries) is refused as not found.
 */
export async function replaceMinistryImage(
  slug: string,
  imageUrl: string,
  objectName: string,
  actor: Actor,
  scope?: MinistryScope,
) {
  requireInScope(scope, slug);
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
    await logChange(tx, actor, "ministry-image.replaced", {
      subject: { type: "ministry", id: slug, label: slug },
      details: { image: objectName },
    });
    return old;
  });
  if (previous?.storageObjectPath && previous.storageObjectPath !== objectName) {
    await removeStoredFile(storage, previous.storageObjectPath).catch((error: unknown) => {
      console.warn(
        `Could not remove the replaced image ${previous.storageObjectPath}:`,
        loggableError(error),
      );
    });
  }
}
