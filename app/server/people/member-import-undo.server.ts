import { eq } from "drizzle-orm";
import { memberImports, members } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import type { StaffUser } from "../auth/guards.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { importSubject, type ImportStatus } from "./member-import.server";

// Undoing a member import as a whole (the import itself: member-import.server.ts).

export type UndoOutcome =
  | { kind: "undone"; fileName: string; removed: number }
  | { kind: "not-imported"; fileName: string; status: ImportStatus }
  | { kind: "not-found" };

/**
 * Undoes an import as a whole, in one transaction: removes the members it created (those deleted
 * since go too, so none can come back from "Recently deleted"), marks it 'undone' and records
 * one audit entry with how many members went.
 */
export async function undoImport(id: string, user: StaffUser): Promise<UndoOutcome> {
  if (!isUuid(id)) return { kind: "not-found" };
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: memberImports.id, fileName: memberImports.fileName, status: memberImports.status })
      .from(memberImports)
      .where(eq(memberImports.id, id))
      .for("update");
    if (!row) return { kind: "not-found" } as const;
    if (row.status !== "imported") {
      return { kind: "not-imported", fileName: row.fileName, status: row.status as ImportStatus } as const;
    }
    const removed = await tx
      .delete(members)
      .where(eq(members.importId, row.id))
      .returning({ deletedAt: members.deletedAt });
    const live = removed.filter((member) => member.deletedAt === null).length;
    await tx
      .update(memberImports)
      .set({ status: "undone", undoneAt: new Date(), undoneByLabel: user.email })
      .where(eq(memberImports.id, row.id));
    await logChange(tx, user, "member.import-undone", {
      subject: importSubject(row),
      details: { removed: live, ...(removed.length > live ? { alreadyDeleted: removed.length - live } : {}) },
    });
    return { kind: "undone", fileName: row.fileName, removed: live } as const;
  });
}
