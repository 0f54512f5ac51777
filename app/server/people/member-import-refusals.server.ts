import {
  MAX_IMPORT_CELL_CHARACTERS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TEXT_CHARACTERS,
  MAX_WORKBOOK_UNPACKED_LABEL,
} from "~/lib/member-import";
import { AppError } from "../http/errors.server";

// What staff read when a spreadsheet cannot be imported, for the CSV and the workbook reader
// alike. Each limit's message names the limit, and what to do about it.

export const CHOOSE = "Please choose a CSV file or an Excel workbook (.xlsx).";

const count = (n: number) => n.toLocaleString("en");

/** Spreadsheet column letters for a column number: 1 -> A, 28 -> AB. */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function cannotOpen(fileName: string) {
  return new AppError(`“${fileName}” could not be opened as an Excel workbook. ${CHOOSE}`, 400);
}

export function tooManyRows(fileName: string) {
  return new AppError(
    `“${fileName}” has more than ${count(MAX_IMPORT_ROWS)} rows. Please split it into smaller files and import them one after the other.`,
    400,
  );
}

export function tooManyColumns(fileName: string) {
  return new AppError(
    `“${fileName}” has more than ${MAX_IMPORT_COLUMNS} columns. Please remove the columns you do not need.`,
    400,
  );
}

export function cellTooLong(fileName: string, row: number, column: number) {
  return new AppError(
    `“${fileName}” has a cell of more than ${count(MAX_IMPORT_CELL_CHARACTERS)} characters (row ${row}, column ${columnLetters(column)}). No member detail is that long: please shorten the cell or delete its column, and upload the file again.`,
    400,
  );
}

export function tooMuchText(fileName: string) {
  return new AppError(
    `“${fileName}” holds more than ${count(MAX_IMPORT_TEXT_CHARACTERS)} characters of text. Please split it into smaller files and import them one after the other.`,
    400,
  );
}

export function unpacksTooLarge(fileName: string, bytes: number) {
  const size = `${Math.ceil(bytes / (1024 * 1024)).toLocaleString("en")}MB`;
  return new AppError(
    `“${fileName}” unpacks to ${size}, and a workbook can unpack to at most ${MAX_WORKBOOK_UNPACKED_LABEL}. A list of members is much smaller: please check it is the right file, or copy the members into a new workbook and upload that.`,
    400,
  );
}
