import type {
  ColumnMapping,
  ImportFieldKey,
  MappingProblems,
  RowProblem,
  UnknownMinistry,
} from "~/lib/member-import";

// The shapes of an import's history, mapping and preview screen (filled by member-import.server.ts).

export type ImportStatus = "draft" | "imported" | "undone";

/** One import as the history lists it (without its cells). */
export interface ImportSummary {
  id: string;
  fileName: string;
  status: ImportStatus;
  rowCount: number;
  importedCount: number;
  skippedCount: number;
  createdByLabel: string;
  createdAt: Date;
  importedAt: Date | null;
  undoneAt: Date | null;
  undoneByLabel: string | null;
  /** The members it created that are still in the list (what an undo would remove). */
  remaining: number;
}

export interface ImportColumn {
  index: number;
  header: string;
  /** The first few values of the column, to recognise it by. */
  examples: string[];
  field: ImportFieldKey | "";
}

export interface PreviewRow {
  row: number;
  /** It will be imported (perhaps with details left empty, which its problems name). */
  isReady: boolean;
  /** The cells of the chosen columns, in the order of `ImportPreview.shownColumns`. */
  cells: string[];
  problems: RowProblem[];
}

/** A row listed under the preview, with the cells it is known by and its problems. */
export interface ListedRow {
  row: number;
  cells: string[];
  problems: RowProblem[];
}

/** A draft as the mapping and preview screen shows it. */
export interface ImportPreview {
  summary: ImportSummary;
  columns: ImportColumn[];
  mapping: ColumnMapping;
  mappingProblems: MappingProblems;
  /** The chosen columns, which the preview table shows. */
  shownColumns: { index: number; header: string; field: ImportFieldKey }[];
  total: number;
  ready: number;
  /** Ready rows imported without a detail that could not be read. */
  withEmptyCells: number;
  skipped: number;
  previewRows: PreviewRow[];
  /** The first rows that will be skipped, with their problems. */
  skippedRows: ListedRow[];
  /** The first rows that will be imported with a detail left empty, with what is left out. */
  emptiedRows: ListedRow[];
  /** Ministries the sheet names that are not ours, for staff to match to one of ours (or leave out). */
  unknownMinistries: UnknownMinistry[];
  /** The church's ministries, to choose from. */
  ministries: { slug: string; name: string }[];
}
