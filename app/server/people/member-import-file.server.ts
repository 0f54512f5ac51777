import path from "node:path";
import { FormDataParseError, parseFormData } from "@remix-run/form-data-parser";
import { CsvError, parse } from "csv-parse/sync";
import { fileTypeFromBuffer } from "file-type";
import {
  IMPORT_FILE_FIELD,
  isEmptyRow,
  MAX_IMPORT_CELL_CHARACTERS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
} from "~/lib/member-import";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { AppError } from "../http/errors.server";
import { brokenFormLimit } from "../http/forms.server";
import { cleanFileName } from "../http/uploads.server";
import { readWorkbookRows } from "./member-import-workbook.server";
import {
  cellTooLong,
  CHOOSE,
  columnLetters,
  tooManyColumns,
  tooManyRows,
} from "./member-import-refusals.server";

// Reading the spreadsheet of a member import: the upload with the site's size limit, then the
// cells of a CSV (csv-parse) or of an Excel workbook's first sheet (member-import-workbook), as
// text. Nothing is written here: a file that cannot be read changes nothing.

/** A sheet as read: the first row's column names, then every row's cells as text. */
export interface ParsedSheet {
  headers: string[];
  rows: string[][];
}

const TOO_LARGE = `The file is too large. Files can be at most ${MAX_UPLOAD_LABEL}.`;

/**
 * Reads the upload form of an import, refusing a file over the size limit while it streams in
 * (the rest is never buffered), and reads the file's cells. Throws an AppError that says what is
 * wrong with the file.
 */
export async function readImportUpload(request: Request): Promise<{ fileName: string; sheet: ParsedSheet }> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw new AppError(TOO_LARGE, 413);
  let form: FormData;
  try {
    form = await parseFormData(request, {
      maxFiles: 1,
      maxFileSize: MAX_UPLOAD_BYTES,
      maxTotalSize: MAX_UPLOAD_BYTES + 64 * 1024,
      maxParts: 10,
    });
  } catch (error) {
    const limit = brokenFormLimit(error);
    if (limit === "size") throw new AppError(TOO_LARGE, 413);
    if (limit === "count") throw new AppError("Please send one file at a time.", 400);
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new AppError("The upload could not be read. Please try again.", 400);
    }
    throw error;
  }
  const entry = form.get(IMPORT_FILE_FIELD);
  if (!(entry instanceof File) || (entry.size === 0 && !entry.name)) {
    throw new AppError(`No file was chosen. ${CHOOSE}`, 400);
  }
  const fileName = cleanFileName(entry.name, "csv");
  if (entry.size === 0) throw new AppError(`“${fileName}” is empty. ${CHOOSE}`, 400);
  const sheet = await readSpreadsheet(new Uint8Array(await entry.arrayBuffer()), fileName);
  return { fileName, sheet };
}

/**
 * The cells of a CSV file or an Excel workbook, told apart by their content (never by the name
 * alone): an .xlsx is a zip of XML, a CSV is text. Anything else is refused with what it seems to be.
 */
export async function readSpreadsheet(bytes: Uint8Array, fileName: string): Promise<ParsedSheet> {
  if (bytes.byteLength === 0) throw new AppError(`“${fileName}” is empty. ${CHOOSE}`, 400);
  const detected = await fileTypeFromBuffer(bytes);
  const extension = path.extname(fileName).slice(1).toLowerCase();
  let records: string[][];
  if (detected?.ext === "xlsx") {
    records = await readWorkbookRows(bytes, fileName);
  } else if (detected?.ext === "cfb" || extension === "xls") {
    throw new AppError(
      `“${fileName}” is an older Excel file (.xls). Please open it in Excel, save it as an Excel workbook (.xlsx) or CSV, and upload that.`,
      415,
    );
  } else if (detected) {
    throw new AppError(
      `“${fileName}” is a ${detected.ext.toUpperCase()} file, not a spreadsheet. ${CHOOSE}`,
      415,
    );
  } else if (extension === "xlsx") {
    throw new AppError(`“${fileName}” is not a real Excel workbook: it could not be opened. ${CHOOSE}`, 415);
  } else {
    records = readCsv(bytes, fileName);
  }
  return toSheet(records, fileName);
}

const NOT_CSV = (fileName: string) =>
  new AppError(`“${fileName}” is not a CSV file: it holds binary data. ${CHOOSE}`, 415);

/** True when the bytes hold a control character that text never has (tab and line ends aside). */
function hasBinaryBytes(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return true;
  }
  return false;
}

function decodeText(bytes: Uint8Array, fileName: string): string {
  // Excel's "Unicode text" is UTF-16 with a byte-order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  // Such bytes never occur inside UTF-8's multi-byte letters, so checking the raw bytes is exact.
  if (hasBinaryBytes(bytes)) throw NOT_CSV(fileName);
  try {
    // A byte-order mark is dropped by the decoder.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Excel's plain "CSV" on Windows is not UTF-8 but Windows-1252: read it as that.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const DELIMITERS = [",", ";", "\t"];

/** How many cells the first record has when split by `delimiter` (0 when it cannot be read so). */
function firstRecordWidth(text: string, delimiter: string): number {
  try {
    const [first] = parse(text, {
      delimiter,
      to: 1,
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
    return first?.length ?? 0;
  } catch {
    return 0;
  }
}

function readCsv(bytes: Uint8Array, fileName: string): string[][] {
  let text = decodeText(bytes, fileName);
  // Excel writes a first line "sep=;" to name the delimiter of a CSV.
  const declared = /^sep=(.)\r?\n/.exec(text);
  if (declared) text = text.slice(declared[0].length);
  // The delimiter is the one that cuts the column names into the most cells (comma on a tie).
  const delimiter =
    declared?.[1] ??
    DELIMITERS.map((candidate) => ({ candidate, width: firstRecordWidth(text, candidate) })).reduce(
      (best, next) => (next.width > best.width ? next : best),
    ).candidate;
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" ? ` near line ${error.lines}` : "";
      const what =
        error.code === "CSV_QUOTE_NOT_CLOSED"
          ? "a quotation mark is opened and never closed"
          : "its quotation marks do not match up";
      throw new AppError(
        `“${fileName}” could not be read${line}: ${what}. Please open it in a spreadsheet program and save it again as CSV.`,
        400,
      );
    }
    throw error;
  }
}

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The records as a sheet: column names from the first row, with every refusal a person can act on. */
function toSheet(records: string[][], fileName: string): ParsedSheet {
  const rows = records.map((record) => record.map((cell) => String(cell ?? "")));
  while (rows.length > 0 && isEmptyRow(rows.at(-1)!)) rows.pop();
  if (rows.length === 0) throw new AppError(`“${fileName}” has nothing in it. ${CHOOSE}`, 400);
  const header = rows[0]!;
  if (isEmptyRow(header)) {
    throw new AppError(
      `The first row of “${fileName}” is empty. The first row must hold the column names (such as First Name, Last Name, Email, Mobile).`,
      400,
    );
  }
  if (header.some((cell) => EMAIL_LIKE.test(cell.trim()))) {
    throw new AppError(
      `The first row of “${fileName}” holds an e-mail address, so it is a member, not the column names. Please add a first row with the column names (such as First Name, Last Name, Email, Mobile).`,
      400,
    );
  }
  const data = rows.slice(1);
  if (data.every(isEmptyRow)) {
    throw new AppError(`“${fileName}” has column names but no members in the rows below them.`, 400);
  }
  if (data.length > MAX_IMPORT_ROWS) throw tooManyRows(fileName);
  const width = Math.max(...rows.map((row) => row.length));
  if (width > MAX_IMPORT_COLUMNS) throw tooManyColumns(fileName);
  rows.forEach((row, index) => {
    const column = row.findIndex((cell) => cell.length > MAX_IMPORT_CELL_CHARACTERS);
    if (column >= 0) throw cellTooLong(fileName, index + 1, column + 1);
  });
  const headers = Array.from({ length: width }, (_, index) => {
    const name = (header[index] ?? "").trim().replace(/\s+/g, " ");
    return name || `Column ${columnLetters(index + 1)}`;
  });
  // Trailing empty cells are dropped, so stored rows stay small.
  const trimmed = data.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1]!.trim() === "") end--;
    return row.slice(0, end);
  });
  return { headers, rows: trimmed };
}
