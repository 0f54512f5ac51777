import { and, desc, eq } from "drizzle-orm";
import { documents, type DocumentRow } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";

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

export const DOCUMENT_CATEGORIES = ["elibrary", "gospel-track"] as const;

/** Every uploaded document for the staff list, newest first. */
export async function listAllDocuments(): Promise<DocumentRow[]> {
  return services()
    .db.select()
    .from(documents)
    .orderBy(desc(documents.createdAt), desc(documents.storageObjectPath));
}

export async function createDocument(row: typeof documents.$inferInsert, actor: Actor): Promise<DocumentRow> {
  const [created] = await services().db.insert(documents).values(row).returning();
  logChange(actor, "document.created", { documentId: created!.id, category: created!.category });
  return created!;
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
    try {
      await storage.delete(row.storageObjectPath);
    } catch (error) {
      console.error("Removing a document's file failed:", error);
      throw new AppError("The file could not be removed, so it is still listed.", 500, {
        title: "Storage Deletion Failed",
      });
    }
    return true;
  });
  if (deleted) logChange(actor, "document.deleted", { documentId: id });
  return deleted;
}
