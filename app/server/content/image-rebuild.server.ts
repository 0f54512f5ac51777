import { buffer } from "node:stream/consumers";
import { eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { documents, events, ministryImages } from "../../../database/schema";
import type { FocalPoint } from "~/lib/image-focus";
import { parseVariantSet } from "~/lib/image-variants";
import { cleanDocumentImage, prepareImage, storePreparedImage } from "../platform/images.server";
import { pageCache } from "../platform/page-cache.server";
import { PUBLIC_FILES_PREFIX } from "../platform/storage.server";
import { services } from "../platform/services.server";
import { siteContentChanged } from "../site/site-content.server";
import { readAllSections, replaceFileAddresses } from "../site/site-sections.server";
import { describeError } from "../platform/db-errors.server";

// `npm run images:rebuild`: pictures uploaded before the image pipeline get the same treatment as
// new ones. Event and ministry pictures and pastors' portraits become upright, metadata-free copies
// (the row or section then points at them and the original is removed); eLibrary pictures are
// rewritten in place without metadata. Pictures already done are left alone, so it can run again.

export interface RebuildReport {
  converted: number;
  cleaned: number;
  skipped: number;
  failed: { name: string; reason: string }[];
}

/** A stored upload's name without its extension: the base its copies are named from. */
const baseOf = (objectName: string) => objectName.replace(/\.[a-z0-9]+$/i, "");

export async function rebuildImages(log: (line: string) => void = () => {}): Promise<RebuildReport> {
  const { db, storage } = services();
  const report: RebuildReport = { converted: 0, cleaned: 0, skipped: 0, failed: [] };

  /** Makes the copies of one old upload and hands the new main name to `point`. */
  async function convert(
    objectName: string,
    point: (main: string, url: string, focus: FocalPoint) => Promise<unknown>,
    { keepOriginal = false } = {},
  ) {
    if (parseVariantSet(objectName)) {
      report.skipped++;
      return;
    }
    try {
      const original = await buffer(storage.read(objectName));
      const prepared = await prepareImage(original, baseOf(objectName));
      await storePreparedImage(storage, prepared, point);
      if (!keepOriginal) await storage.delete(objectName);
      report.converted++;
      log(`  ${objectName} -> ${prepared.files[0]!.name}`);
    } catch (error) {
      const reason = describeError(error);
      report.failed.push({ name: objectName, reason });
      log(`  ${objectName}: not converted (${reason})`);
    }
  }

  for (const row of await db
    .select({ id: events.id, objectName: events.imageObjectPath })
    .from(events)
    .where(isNotNull(events.imageObjectPath))) {
    await convert(row.objectName!, (main, url, focus) =>
      db
        .update(events)
        .set({ imageUrl: url, imageObjectPath: main, imageFocusX: focus.x, imageFocusY: focus.y })
        .where(eq(events.id, row.id)),
    );
  }

  for (const row of await db
    .select({ slug: ministryImages.ministrySlug, objectName: ministryImages.storageObjectPath })
    .from(ministryImages)
    .where(isNotNull(ministryImages.storageObjectPath))) {
    await convert(row.objectName!, (main, url) =>
      db
        .update(ministryImages)
        .set({ imageUrl: url, storageObjectPath: main, updatedAt: new Date() })
        .where(eq(ministryImages.ministrySlug, row.slug)),
    );
  }

  // Portraits live as addresses inside the pastors section (and its earlier versions keep theirs).
  const moved = new Map<string, string>();
  for (const url of uploadedAddresses(await readAllSections())) {
    const objectName = url.slice(PUBLIC_FILES_PREFIX.length);
    if (!(await storage.exists(objectName))) continue;
    await convert(
      objectName,
      async (_main, newUrl) => {
        moved.set(url, newUrl);
      },
      { keepOriginal: true },
    );
  }
  if (moved.size > 0) {
    // The old files go once the sections point at the new ones; until then both exist.
    await replaceFileAddresses(moved);
    siteContentChanged();
    for (const url of moved.keys()) await storage.delete(url.slice(PUBLIC_FILES_PREFIX.length));
  }

  for (const row of await db
    .select({ id: documents.id, objectName: documents.storageObjectPath })
    .from(documents)) {
    // The eLibrary takes PNG and JPG pictures as documents; other files are left as they are.
    if (!/\.(jpe?g|png)$/i.test(row.objectName)) continue;
    try {
      const original = await buffer(storage.read(row.objectName));
      if (!(await carriesMetadata(original))) {
        report.skipped++;
        continue;
      }
      const extension = row.objectName.toLowerCase().endsWith(".png") ? "png" : "jpg";
      const cleaned = await cleanDocumentImage(original, extension);
      await storage.put(row.objectName, cleaned);
      await db.update(documents).set({ fileSize: cleaned.byteLength }).where(eq(documents.id, row.id));
      report.cleaned++;
    } catch (error) {
      const reason = describeError(error);
      report.failed.push({ name: row.objectName, reason });
      log(`  ${row.objectName}: not cleaned (${reason})`);
    }
  }

  await pageCache().invalidate();
  return report;
}

/** Whether a stored picture still has anything beyond its pixels (so cleaning it again is skipped). */
async function carriesMetadata(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return Boolean(
    meta.exif || meta.xmp || meta.iptc || meta.icc || meta.comments?.length || (meta.orientation ?? 1) !== 1,
  );
}

/** Every `/files/...` picture address in the saved sections. */
function uploadedAddresses(sections: Map<string, unknown>): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === "string") {
      if (value.startsWith(PUBLIC_FILES_PREFIX) && /\.(jpe?g|png|gif|webp)$/i.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  sections.forEach(visit);
  return found;
}
