import { and, desc, eq, lt, sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { memberImports, members } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import {
  checkImportRows,
  guessMapping,
  isEmptyRow,
  isImportField,
  mappingProblems,
  PREVIEW_ROWS,
  type ColumnMapping,
  type ImportFieldKey,
  type MinistryChoices,
} from "~/lib/member-import";
import type { ExistingMember } from "~/lib/member-import-duplicates";
import { pickGroupNames, pickMemberColumns, type MemberGroupNames } from "~/schemas/member-fields";
import { addGroupNames } from "../groups/memberships.server";
import type { StaffUser } from "../auth/guards.server";
import { AppError } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import type { ParsedSheet } from "./member-import-file.server";
import type { ImportPreview, ImportStatus, ImportSummary } from "./member-import-preview-types.server";
import { memberContactColumns, notDeleted } from "./members.server";

// Member imports from a spreadsheet: a draft keeps the file's cells while staff choose the columns
// and read the preview; the import writes every ready row in one transaction and records itself
// (one audit entry, not one per member); an undo removes what it created, also in one transaction.

/** Members written per INSERT statement: 500 rows of 22 columns stay far below PostgreSQL's 65,535 parameters. */
export const IMPORT_BATCH_SIZE = 500;
/** The most skipped rows, and rows with details left empty, the preview lists (the counts cover all). */
export const ROWS_LISTED = 100;

/**
 * A failed write told without what was written: the database's error carries the statement's
 * parameters, which here are the members' rows (every cell of a sheet), and failures are logged.
 * What remains (the database's message and code) says why.
 */
function withoutRows(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const { message, code } = (error.cause ?? {}) as { message?: unknown; code?: unknown };
  const reason = typeof message === "string" ? message : "no reason given";
  return new Error(
    `The database refused a statement on member imports: ${reason}${typeof code === "string" ? ` (${code})` : ""}`,
  );
}

/** Runs a write of imported rows, its failure told without the rows. */
async function writingRows<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw error instanceof AppError ? error : withoutRows(error);
  }
}

/** How an import is named in the audit log. */
export const importSubject = (row: { id: string; fileName: string }) => ({
  type: "member-import",
  id: row.id,
  label: row.fileName,
});

/**
 * Keeps a new upload as a draft, with a first guess of the columns, and returns its id. Drafts
 * left for more than a day are dropped on the way, so abandoned sheets of personal data do not stay.
 */
export async function createImportDraft(
  user: StaffUser,
  fileName: string,
  sheet: ParsedSheet,
): Promise<string> {
  return writingRows(() =>
    services().db.transaction(async (tx) => {
      await tx
        .delete(memberImports)
        .where(
          and(eq(memberImports.status, "draft"), lt(memberImports.createdAt, sql`now() - interval '1 day'`)),
        );
      const [row] = await tx
        .insert(memberImports)
        .values({
          fileName,
          headers: sheet.headers,
          rows: sheet.rows,
          mapping: guessMapping(sheet.headers),
          rowCount: sheet.rows.filter((cells) => !isEmptyRow(cells)).length,
          createdBy: user.id,
          createdByLabel: user.email,
        })
        .returning({ id: memberImports.id });
      return row!.id;
    }),
  );
}

const summaryColumns = {
  id: memberImports.id,
  fileName: memberImports.fileName,
  status: sql<ImportStatus>`${memberImports.status}`,
  rowCount: memberImports.rowCount,
  importedCount: memberImports.importedCount,
  skippedCount: memberImports.skippedCount,
  createdByLabel: memberImports.createdByLabel,
  createdAt: memberImports.createdAt,
  importedAt: memberImports.importedAt,
  undoneAt: memberImports.undoneAt,
  undoneByLabel: memberImports.undoneByLabel,
  // Written out: inside a subquery, Drizzle's unqualified column names would read members' own id.
  remaining:
    sql<number>`(select count(*) from members m where m.import_id = member_imports.id and m.deleted_at is null)`.mapWith(
      Number,
    ),
};

/** The latest imports, newest first. */
export async function listImports(limit = 50): Promise<ImportSummary[]> {
  return services()
    .db.select(summaryColumns)
    .from(memberImports)
    .orderBy(desc(memberImports.createdAt), desc(memberImports.id))
    .limit(limit);
}

export async function getImportSummary(id: string): Promise<ImportSummary | null> {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.select(summaryColumns)
    .from(memberImports)
    .where(eq(memberImports.id, id));
  return row ?? null;
}

/** A stored mapping with only what can be right today: columns of the sheet, fields that exist. */
function cleanMapping(stored: Record<string, string>, columns: number): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const [column, key] of Object.entries(stored)) {
    const index = Number(column);
    if (Number.isInteger(index) && index >= 0 && index < columns && isImportField(key))
      mapping[String(index)] = key;
  }
  return mapping;
}

function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The live members, as the duplicate check compares them: one query for the whole sheet. */
function existingMembers(executor: Executor): Promise<ExistingMember[]> {
  return executor
    .select({ ...memberContactColumns, birthday: members.birthday })
    .from(members)
    .where(notDeleted);
}

export type {
  ImportColumn,
  ImportPreview,
  ImportStatus,
  ImportSummary,
  ListedRow,
  PreviewRow,
} from "./member-import-preview-types.server";

/**
 * Everything the screen of a draft shows: its columns with examples and the chosen fields, and
 * what an import would do now (checked against the live members and the church's ministries).
 */
export async function previewImport(id: string): Promise<ImportPreview | null> {
  if (!isUuid(id)) return null;
  const { db } = services();
  const [draft] = await db
    .select({ headers: memberImports.headers, rows: memberImports.rows, mapping: memberImports.mapping })
    .from(memberImports)
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "draft")));
  if (!draft) return null;
  const [summary, { ministries }, existing] = await Promise.all([
    getImportSummary(id),
    getSiteContent(),
    existingMembers(db),
  ]);
  if (!summary) return null;
  const mapping = cleanMapping(draft.mapping, draft.headers.length);
  const check = checkImportRows(draft.rows, mapping, ministries, existing);
  const columns = draft.headers.map((header, index) => ({
    index,
    header,
    examples: draft.rows
      .map((cells) => String(cells[index] ?? "").trim())
      .filter(Boolean)
      .slice(0, 3),
    field: mapping[String(index)] ?? ("" as const),
  }));
  const shownColumns = columns
    .filter((column) => column.field !== "")
    .map(({ index, header, field }) => ({ index, header, field: field as ImportFieldKey }));
  const cellsOf = (row: number) => {
    const cells = draft.rows[row - 2] ?? [];
    return shownColumns.map((column) => String(cells[column.index] ?? "").trim());
  };
  return {
    summary,
    columns,
    mapping,
    mappingProblems: mappingProblems(mapping, draft.headers),
    shownColumns,
    total: check.total,
    ready: check.ready,
    withEmptyCells: check.withEmptyCells,
    skipped: check.skipped,
    previewRows: check.rows.slice(0, PREVIEW_ROWS).map((row) => ({
      row: row.row,
      isReady: row.member !== null,
      cells: cellsOf(row.row),
      problems: row.problems,
    })),
    skippedRows: check.rows
      .filter((row) => !row.member)
      .slice(0, ROWS_LISTED)
      .map((row) => ({ row: row.row, cells: cellsOf(row.row), problems: row.problems })),
    emptiedRows: check.rows
      .filter((row) => row.member && row.problems.length > 0)
      .slice(0, ROWS_LISTED)
      .map((row) => ({ row: row.row, cells: cellsOf(row.row), problems: row.problems })),
    unknownMinistries: check.unknownMinistries,
    ministries: ministries.map(({ slug, name }) => ({ slug, name })),
  };
}

/** Keeps the columns staff chose for a draft; false when there is no such draft (any more). */
export async function saveImportMapping(id: string, mapping: ColumnMapping): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { db } = services();
  const [draft] = await db
    .select({ headers: memberImports.headers })
    .from(memberImports)
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "draft")));
  if (!draft) return false;
  const rows = await db
    .update(memberImports)
    .set({ mapping: cleanMapping(mapping, draft.headers.length) })
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "draft")))
    .returning({ id: memberImports.id });
  return rows.length > 0;
}

/** Drops a draft that will not be imported (its cells go with it). */
export async function discardImportDraft(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services()
    .db.delete(memberImports)
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "draft")))
    .returning({ id: memberImports.id });
  return rows.length > 0;
}

export type ImportOutcome =
  | { kind: "imported"; fileName: string; imported: number; skipped: number }
  /** Already imported or undone: a second post of the same import does nothing. */
  | { kind: "done-before"; fileName: string; status: ImportStatus }
  | { kind: "refused"; message: string }
  | { kind: "not-found" };

/**
 * Imports every ready row of a draft in one transaction: the members (in batches of
 * IMPORT_BATCH_SIZE rows per statement, each marked with the import), the import marked
 * 'imported' with its counts and its cells cleared, and one audit entry. The rows are checked
 * again inside the transaction, against the members as they are then. A draft already imported
 * (a second click, Back and resubmit) is left as it is.
 */
export async function runImport(
  id: string,
  user: StaffUser,
  /** The columns the preview was shown with: an import made with others is refused. */
  expectedMapping?: ColumnMapping,
  /** The ministries staff chose for names in the sheet that are not ours. */
  ministryChoices: MinistryChoices = {},
): Promise<ImportOutcome> {
  if (!isUuid(id)) return { kind: "not-found" };
  // Read before the transaction: PGlite has one connection, and the transaction holds it.
  const { ministries } = await getSiteContent();
  const choices = Object.fromEntries(
    Object.entries(ministryChoices).filter(([, slug]) =>
      ministries.some((ministry) => ministry.slug === slug),
    ),
  );
  return writingRows(() =>
    services().db.transaction(async (tx) => {
      const [draft] = await tx
        .select({
          id: memberImports.id,
          fileName: memberImports.fileName,
          status: memberImports.status,
          headers: memberImports.headers,
          rows: memberImports.rows,
          mapping: memberImports.mapping,
        })
        .from(memberImports)
        .where(eq(memberImports.id, id))
        .for("update");
      if (!draft) return { kind: "not-found" } as const;
      if (draft.status !== "draft") {
        return {
          kind: "done-before",
          fileName: draft.fileName,
          status: draft.status as ImportStatus,
        } as const;
      }
      const mapping = cleanMapping(draft.mapping, draft.headers.length);
      if (expectedMapping && !sameMapping(mapping, expectedMapping)) {
        return {
          kind: "refused",
          message: "The columns were changed after this preview was made. Please check the preview again.",
        } as const;
      }
      const { blocking } = mappingProblems(mapping, draft.headers);
      if (blocking.length > 0) return { kind: "refused", message: blocking[0]! } as const;
      const check = checkImportRows(draft.rows, mapping, ministries, await existingMembers(tx), choices);
      if (check.ready === 0) {
        return {
          kind: "refused",
          message: "No row is ready to import. Please correct the file or the columns and try again.",
        } as const;
      }
      const imported = check.rows.flatMap((row) => (row.member ? [row.member] : []));
      const groupNames: { memberId: string; names: MemberGroupNames }[] = [];
      for (let start = 0; start < imported.length; start += IMPORT_BATCH_SIZE) {
        const batch = imported.slice(start, start + IMPORT_BATCH_SIZE);
        const ids = await tx
          .insert(members)
          .values(batch.map((member) => ({ ...pickMemberColumns(member), importId: draft.id })))
          .returning({ id: members.id });
        ids.forEach(({ id }, index) =>
          groupNames.push({ memberId: id, names: pickGroupNames(batch[index]!) }),
        );
      }
      // Each row's Bible study and SALT group are groups (made when new), with their members.
      await addGroupNames(tx, groupNames);
      await tx
        .update(memberImports)
        .set({
          status: "imported",
          rows: [],
          rowCount: check.total,
          importedCount: check.ready,
          skippedCount: check.skipped,
          importedAt: new Date(),
        })
        .where(eq(memberImports.id, draft.id));
      await logChange(tx, user, "member.imported", {
        subject: importSubject(draft),
        details: {
          imported: check.ready,
          skipped: check.skipped,
          rows: check.total,
          ...(Object.keys(choices).length > 0 ? { ministriesMatched: choices } : {}),
        },
      });
      return {
        kind: "imported",
        fileName: draft.fileName,
        imported: check.ready,
        skipped: check.skipped,
      } as const;
    }),
  );
}
