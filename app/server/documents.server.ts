import { and, desc, eq } from "drizzle-orm";
import { documents, type DocumentRow } from "../../database/schema";
import { services } from "./services.server";

/** The documents the public eLibrary shows (category elibrary; gospel tracts are not in it). */
export const ELIBRARY_CATEGORY = "elibrary";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!UUID.test(id)) return null;
  const { db } = services();
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.category, ELIBRARY_CATEGORY)))
    .limit(1);
  return row ?? null;
}
