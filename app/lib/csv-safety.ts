/**
 * Only a phone number: +, digits, spaces, hyphens and parentheses, with a digit. Such a cell can
 * at most be read as arithmetic on numbers, never as a formula that calls out or reads other cells.
 */
const PHONE_NUMBER = /^[+\d ()-]*\d[\d ()-]*$/;

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or tab, CR, NUL before one) as a
 * formula. A leading apostrophe makes such a cell plain text. A phone number ("+973 3666 7788")
 * is left as it is: the apostrophe would show in Excel and when the number is pasted elsewhere.
 */
export function neutralizeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  if (PHONE_NUMBER.test(text)) return text;
  return /^[=+\-@\t\r\0]/.test(text) ? `'${text}` : text;
}
