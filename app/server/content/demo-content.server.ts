import { asc, eq, inArray } from "drizzle-orm";
import { documents, events, ministryImages, sermons, siteSectionRevisions } from "../../../database/schema";
import { documentHistoryKey } from "./documents.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { removeStoredFile } from "../platform/images.server";
import { loggableError } from "../platform/db-errors.server";

// The rows the first start's seed added (`is_demo = true`, see seed.server.ts): what the setup
// checklist counts and what "Remove demo content" deletes. Nothing else is ever touched here.

/** What is still demo, by title (a document by its title, or its file name until it has one). */
export interface DemoContentSummary {
  sermons: string[];
  events: string[];
  documents: string[];
}

export interface DemoRemoval {
  sermons: number;
  events: number;
  documents: number;
  /** Files removed from the store (documents' files and events' uploaded pictures). */
  files: number;
  /** Files that could not be removed: logged, and left in the store unreferenced. */
  filesLeft: number;
}

export async function demoContentSummary(): Promise<DemoContentSummary> {
  const { db } = services();
  const [sermonRows, eventRows, documentRows] = await Promise.all([
    db
      .select({ title: sermons.title })
      .from(sermons)
      .where(eq(sermons.isDemo, true))
      .orderBy(asc(sermons.sermonDate), asc(sermons.title)),
    db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.isDemo, true))
      .orderBy(asc(events.eventDate), asc(events.title)),
    db
      .select({ title: documents.title, fileName: documents.fileName })
      .from(documents)
      .where(eq(documents.isDemo, true))
      .orderBy(asc(documents.storageObjectPath)),
  ]);
  return {
    sermons: sermonRows.map((row) => row.title),
    events: eventRows.map((row) => row.title),
    documents: documentRows.map((row) => row.title || row.fileName),
  };
}

/**
 * Deletes every demo sermon, event and document (and only those) in one transaction, then their
 * files. Registrations for a demo event keep their rows (the foreign key sets `event_id` to null)
 * and the event's title.
 *
 * Why the files go after the commit, not inside the transaction (as `deleteDocument` does for one
 * file): removing several files cannot be undone, so a failure on the third file would roll back
 * rows whose first two files were already gone, and the eLibrary would link to missing files. After
 * the commit, a file that cannot be removed is only an unreferenced object in the store: logged (so
 * it can be cleaned up), invisible to visitors, and never a dead link. A file that a remaining row
 * still uses (a non-demo document or event, a ministry picture) is kept.
 */
export async function removeDemoContent(actor: Actor): Promise<DemoRemoval> {
  const { db, storage } = services();
  const removed = await db.transaction(async (tx) => {
    const sermonRows = await tx
      .delete(sermons)
      .where(eq(sermons.isDemo, true))
      .returning({ id: sermons.id, file: sermons.thumbnailObjectPath });
    const eventRows = await tx
      .delete(events)
      .where(eq(events.isDemo, true))
      .returning({ id: events.id, file: events.imageObjectPath });
    const documentRows = await tx
      .delete(documents)
      .where(eq(documents.isDemo, true))
      .returning({ id: documents.id, file: documents.storageObjectPath });
    if (documentRows.length > 0) {
      // Their details' history goes with them (kept beside the website's, as document:{id}).
      await tx.delete(siteSectionRevisions).where(
        inArray(
          siteSectionRevisions.sectionKey,
          documentRows.map((row) => documentHistoryKey(row.id)),
        ),
      );
    }

    const candidates = [
      ...new Set(
        [...sermonRows, ...eventRows, ...documentRows].flatMap((row) => (row.file ? [row.file] : [])),
      ),
    ];
    const stillUsed = new Set<string>();
    if (candidates.length > 0) {
      // One query after another: a transaction is one connection.
      const keptDocuments = await tx
        .select({ file: documents.storageObjectPath })
        .from(documents)
        .where(inArray(documents.storageObjectPath, candidates));
      const keptEvents = await tx
        .select({ file: events.imageObjectPath })
        .from(events)
        .where(inArray(events.imageObjectPath, candidates));
      const keptImages = await tx
        .select({ file: ministryImages.storageObjectPath })
        .from(ministryImages)
        .where(inArray(ministryImages.storageObjectPath, candidates));
      for (const row of [...keptDocuments, ...keptEvents, ...keptImages])
        if (row.file) stillUsed.add(row.file);
    }
    await logChange(tx, actor, "site.demo-removed", {
      details: { sermons: sermonRows.length, events: eventRows.length, documents: documentRows.length },
    });
    return {
      sermons: sermonRows.length,
      events: eventRows.length,
      documents: documentRows.length,
      files: candidates.filter((file) => !stillUsed.has(file)),
    };
  });

  let filesLeft = 0;
  for (const file of removed.files) {
    try {
      await removeStoredFile(storage, file);
    } catch (error) {
      filesLeft++;
      console.error(
        `Removing the demo file ${file} failed; it is left in the store, unused:`,
        loggableError(error),
      );
    }
  }
  const result: DemoRemoval = {
    sermons: removed.sermons,
    events: removed.events,
    documents: removed.documents,
    files: removed.files.length - filesLeft,
    filesLeft,
  };
  return result;
}
