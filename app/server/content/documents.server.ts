import { and, desc, eq, sql } from "drizzle-orm";
import { documents, siteSectionRevisions, type DocumentRow } from "../../../database/schema";
import { formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { documentDetailsSchema, type DocumentDetails } from "~/schemas/document-details";
import type { StaffUser } from "../auth/guards.server";
import { AppError } from "../http/errors.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getRevisionData, listRevisions, type SectionRevision } from "../site/site-sections.server";
import { loggableError } from "../platform/db-errors.server";

/** The documents the public eLibrary shows (category elibrary; gospel tracts are not in it). */
export const ELIBRARY_CATEGORY = "elibrary";

/**
 * The eLibrary, newest first. Rows added together (the demo seed) share a time; their time-stamped
 * object names keep the upload order.
 */
export async function listElibraryDocuments(): Promise<DocumentRow[]> {
  const { db } = services();
  return db
    .select()
    .from(documents)
    .where(eq(documents.category, ELIBRARY_CATEGORY))
    .orderBy(desc(documents.createdAt), desc(documents.storageObjectPath));
}

/** One eLibrary document, or null for an unknown id, a malformed id or a document of another category. */
export async function findElibraryDocument(id: string): Promise<DocumentRow | null> {
  // A malformed id is simply not found: never hand the database a value it would reject.
  if (!isUuid(id)) return null;
  const { db } = services();
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.category, ELIBRARY_CATEGORY)))
    .limit(1);
  return row ?? null;
}

/** Every uploaded document for the staff list, newest first. */
export async function listAllDocuments(): Promise<DocumentRow[]> {
  return services()
    .db.select()
    .from(documents)
    .orderBy(desc(documents.createdAt), desc(documents.storageObjectPath));
}

export async function createDocument(row: typeof documents.$inferInsert, actor: Actor): Promise<DocumentRow> {
  return services().db.transaction(async (tx) => {
    const [created] = await tx.insert(documents).values(row).returning();
    await logChange(tx, actor, "document.uploaded", {
      subject: { type: "document", id: created!.id, label: created!.title || created!.fileName },
      details: { category: created!.category, fileName: created!.fileName, bytes: created!.fileSize },
    });
    return created!;
  });
}

/**
 * Removes the row and its file together: the row is deleted in a transaction that commits only
 * once the file is gone, so a file that cannot be removed leaves the row (and the error says so).
 * True when it was removed, false when there was none.
 */
export async function deleteDocument(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { db, storage } = services();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning();
    if (!row) return false;
    await tx.delete(siteSectionRevisions).where(eq(siteSectionRevisions.sectionKey, documentHistoryKey(id)));
    await logChange(tx, actor, "document.deleted", {
      subject: { type: "document", id, label: row.title || row.fileName },
      details: { category: row.category, fileName: row.fileName },
    });
    try {
      await storage.delete(row.storageObjectPath);
    } catch (error) {
      console.error("Removing a document's file failed:", loggableError(error));
      throw new AppError("The file could not be removed, so it is still listed.", 500, {
        title: "Storage Deletion Failed",
      });
    }
    return true;
  });
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// Details (title, description, category): edited with a version check, every version kept in
// site_section_revisions under `document:{id}`, so an earlier one can be restored.
// ---------------------------------------------------------------------------------------------

/** The history's key in site_section_revisions. */
export function documentHistoryKey(id: string): string {
  return `document:${id}`;
}

/** Who a document's first version is signed with: nobody edited it, it was uploaded so. */
export const UPLOADED_AUTHOR = "Uploaded";

function detailsOf(row: DocumentRow): DocumentDetails {
  return {
    title: row.title,
    description: row.description,
    category: row.category as DocumentDetails["category"],
  };
}

const GONE = "This document no longer exists: it was deleted after you opened it. Nothing was saved.";
const gone = () => new AppError(GONE, 404, { title: "Document Not Found" });

/**
 * Saves `details` (already checked against the schema) as the next version of the document,
 * provided nobody saved since `openedVersion`. The version before it is kept too when the history
 * does not have it yet (the upload's own details, the first time). Returns the saved row.
 */
export async function saveDocumentDetails(
  id: string,
  details: DocumentDetails,
  openedVersion: number,
  actor: StaffUser,
  note: string | null = null,
): Promise<DocumentRow> {
  if (!isUuid(id)) throw gone();
  const { db } = services();
  const savedBy = actor.name || actor.email;
  const key = documentHistoryKey(id);
  const outcome = await db.transaction(async (tx) => {
    // Lock the row: the details read here are the ones this save replaces.
    const [before] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
    if (!before) return { saved: null, current: null };
    const [saved] = await tx
      .update(documents)
      .set({
        ...details,
        // A demo document given its own title is the church's now: "Remove demo content" leaves it.
        isDemo: false,
        version: sql`${documents.version} + 1`,
        updatedBy: savedBy,
        updatedAt: sql`now()`,
      })
      .where(and(eq(documents.id, id), eq(documents.version, openedVersion)))
      .returning();
    if (!saved) return { saved: null, current: before };
    await logChange(tx, actor, "document.changed", {
      subject: { type: "document", id, label: saved.title || saved.fileName },
      details: {
        version: saved.version,
        changes: fieldChanges(detailsOf(before), detailsOf(saved), ["title", "description", "category"]),
        ...(note ? { note } : {}),
      },
    });
    // The version this save replaces, when the history does not hold it yet: the first edit keeps
    // the details the document was uploaded with.
    await tx
      .insert(siteSectionRevisions)
      .values({
        sectionKey: key,
        version: before.version,
        data: detailsOf(before),
        savedBy: before.updatedBy ?? UPLOADED_AUTHOR,
        savedAt: before.updatedAt ?? before.createdAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(siteSectionRevisions)
      .values({ sectionKey: key, version: saved.version, data: details, savedBy, note });
    return { saved, current: saved };
  });
  if (!outcome.saved) {
    if (!outcome.current) throw gone();
    const who = outcome.current.updatedBy ?? "someone else";
    const when = outcome.current.updatedAt ? ` at ${formatDateTime(outcome.current.updatedAt)}` : "";
    throw new AppError(
      `This document was changed by ${who}${when}, after you opened it. Nothing was saved: your changes are still in the form. Close it and open it again to see the new version, then make your changes there.`,
      409,
      { title: "Changed by someone else" },
    );
  }
  return outcome.saved;
}

/** A document's versions, newest first: none until its details are first edited. */
export async function listDocumentHistory(id: string, limit = 20): Promise<SectionRevision[]> {
  return listRevisions(documentHistoryKey(id), limit);
}

/**
 * Saves an earlier version's details as the next version ("Restored version N"), with the same
 * version check as an edit. Returns the saved row.
 */
export async function restoreDocumentVersion(
  id: string,
  version: number,
  openedVersion: number,
  actor: StaffUser,
): Promise<DocumentRow> {
  if (!isUuid(id)) throw gone();
  // A deleted document took its history with it: say that, not that the version is missing.
  const [exists] = await services()
    .db.select({ id: documents.id })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  if (!exists) throw gone();
  const stored = (await getRevisionData(documentHistoryKey(id), version)) as Partial<
    Record<keyof DocumentDetails, string | null>
  >;
  const parsed = documentDetailsSchema.safeParse({
    title: stored.title ?? "",
    description: stored.description ?? "",
    category: stored.category,
  });
  if (!parsed.success) {
    throw new AppError(`Version ${version} cannot be restored: ${parsed.error.issues[0]!.message}`, 422);
  }
  return saveDocumentDetails(id, parsed.data, openedVersion, actor, `Restored version ${version}`);
}
