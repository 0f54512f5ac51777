import path from "node:path";
import { Readable } from "node:stream";
import type { CellValue, Row } from "exceljs";
import {
  MAX_IMPORT_CELL_CHARACTERS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TEXT_CHARACTERS,
  MAX_WORKBOOK_UNPACKED_BYTES,
} from "~/lib/member-import";
import { AppError } from "../http/errors.server";
import { inflateZipText, readZipDirectory, storedZipStream, type ZipEntry } from "../http/zip-entries.server";
import {
  cannotOpen,
  cellTooLong,
  tooManyColumns,
  tooManyRows,
  tooMuchText,
  unpacksTooLarge,
} from "./member-import-refusals.server";

// Reading the first sheet of an Excel workbook as rows of text, with limits a "spreadsheet bomb"
// (a small file that unpacks to gigabytes) runs into at once. The parts read (the sheet, its
// shared texts and styles) must say they unpack to at most MAX_WORKBOOK_UNPACKED_BYTES before a
// byte is inflated, and are inflated as they are parsed, each cut off where it passes its own
// declared size. exceljs's streaming reader parses them, one row at a time, and reading stops at
// the first row, column, cell or total of text over its limit. Only the parts needed are handed
// to exceljs, the shared texts before the sheet, so it never keeps a sheet aside on disk.

/** More parts than any workbook of members has (each sheet, picture and chart is one). */
const MAX_WORKBOOK_PARTS = 10_000;

const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELATIONSHIPS = "xl/_rels/workbook.xml.rels";
const SHARED_STRINGS = "xl/sharedStrings.xml";
const STYLES = "xl/styles.xml";
/** A workbook with no shared texts gets an empty list, so exceljs reads its sheet as it streams. */
const NO_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

/** The cells of a workbook's first visible sheet, as text, row by row (row 1 first). */
export async function readWorkbookRows(bytes: Uint8Array, fileName: string): Promise<string[][]> {
  try {
    return await readRows(bytes, fileName);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A damaged zip, or XML that exceljs cannot parse.
    throw cannotOpen(fileName);
  }
}

async function readRows(bytes: Uint8Array, fileName: string): Promise<string[][]> {
  const entries = new Map(readZipDirectory(bytes, MAX_WORKBOOK_PARTS).map((entry) => [entry.name, entry]));
  const workbook = entries.get(WORKBOOK);
  const relationships = entries.get(WORKBOOK_RELATIONSHIPS);
  if (!workbook || !relationships) throw cannotOpen(fileName);
  const styles = entries.get(STYLES);
  const sharedStrings = entries.get(SHARED_STRINGS);
  const known = [workbook, relationships, styles, sharedStrings].filter((entry) => entry !== undefined);
  // Checked before the sheet is chosen too, so no large part is inflated to choose it.
  const unpacked = known.reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > MAX_WORKBOOK_UNPACKED_BYTES) throw unpacksTooLarge(fileName, unpacked);

  const sheetPath = firstVisibleSheet(
    await inflateZipText(bytes, workbook),
    await inflateZipText(bytes, relationships),
  );
  const sheet = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheet) throw new AppError(`“${fileName}” has no sheet to read.`, 400);
  if (unpacked + sheet.size > MAX_WORKBOOK_UNPACKED_BYTES) {
    throw unpacksTooLarge(fileName, unpacked + sheet.size);
  }

  const parts: { name: string; entry: ZipEntry | { text: string } }[] = [
    { name: WORKBOOK_RELATIONSHIPS, entry: relationships },
    { name: WORKBOOK, entry: workbook },
    ...(styles ? [{ name: STYLES, entry: styles }] : []),
    { name: SHARED_STRINGS, entry: sharedStrings ?? { text: NO_SHARED_STRINGS } },
    // exceljs knows a sheet by this name.
    {
      name: /^xl\/worksheets\/sheet\d+\.xml$/.test(sheet.name) ? sheet.name : "xl/worksheets/sheet1.xml",
      entry: sheet,
    },
  ];
  const { chunks, failed } = storedZipStream(bytes, parts);
  const input = Readable.from(chunks, { objectMode: false });
  // exceljs is large: load it only for a workbook, on the server.
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: "cache",
    // Styles tell a date from a number.
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  const rows = new SheetRows(fileName);
  try {
    // Only one sheet is handed over.
    for await (const worksheet of untilFailed(reader, failed)) {
      for await (const row of untilFailed(worksheet, failed)) rows.add(row);
      break;
    }
  } finally {
    input.destroy();
  }
  return rows.records();
}

/**
 * The path of the sheet a person sees first: the first one in the workbook's order that is not
 * hidden (or the first, when all are). Both parts are small lists of attributes.
 */
function firstVisibleSheet(workbookXml: string, relationshipsXml: string): string | undefined {
  const sheets = elements(workbookXml, "sheet");
  const first = sheets.find((sheet) => sheet.state !== "hidden" && sheet.state !== "veryHidden") ?? sheets[0];
  const id = first && Object.entries(first).find(([name]) => name.endsWith(":id"))?.[1];
  const target = elements(relationshipsXml, "Relationship").find((item) => item.Id === id)?.Target;
  if (!target) return undefined;
  return target.startsWith("/") ? target.slice(1) : path.posix.normalize(`xl/${target}`);
}

/** The attributes of every element named `name` (with or without a namespace prefix). */
function elements(xml: string, name: string): Record<string, string>[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}\\s([^>]*?)/?>`, "g");
  return [...xml.matchAll(pattern)].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

/**
 * The items of an exceljs reader until the zip stream under it fails: then the failure is thrown
 * (exceljs would otherwise wait for the rest of a part that never comes).
 */
async function* untilFailed<T>(items: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let done = false;
  try {
    while (!done) {
      const next = await Promise.race([iterator.next(), failed]);
      done = next.done === true;
      if (!done) yield next.value;
    }
  } finally {
    // Not awaited: after a failure, exceljs's own reading never ends; the stream is destroyed.
    if (!done) iterator.return?.().catch(() => {});
  }
}

/** The rows of a sheet as they stream in, refused at the first limit passed. */
class SheetRows {
  private readonly rows: string[][] = [];
  private characters = 0;
  private lastRow = 0;

  constructor(private readonly fileName: string) {}

  add(row: Row) {
    // A row without its number (some programs leave it out) follows the one before.
    const number = Number.isInteger(row.number) && row.number > 0 ? row.number : this.lastRow + 1;
    this.lastRow = number;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const text = valueText(cell.value);
      if (text.trim() === "") return;
      if (column > MAX_IMPORT_COLUMNS) throw tooManyColumns(this.fileName);
      if (text.length > MAX_IMPORT_CELL_CHARACTERS) throw cellTooLong(this.fileName, number, column);
      this.characters += text.length;
      if (this.characters > MAX_IMPORT_TEXT_CHARACTERS) throw tooMuchText(this.fileName);
      cells[column - 1] = text;
    });
    // Formatted but empty rows (far down the sheet, often) are not rows of members.
    if (cells.length === 0) return;
    if (number > MAX_IMPORT_ROWS + 1) throw tooManyRows(this.fileName);
    this.rows[number - 1] = Array.from(cells, (cell) => cell ?? "");
  }

  records(): string[][] {
    return Array.from(this.rows, (cells) => cells ?? []);
  }
}

/** A cell as text: a date cell as YYYY-MM-DD, a formula as its result, rich text as its letters. */
function valueText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  // Excel's dates are days without a zone; exceljs gives them as midnight UTC.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : valueText(value.text);
  if ("formula" in value || "sharedFormula" in value) return valueText(value.result as CellValue);
  return "";
}
