/**
 * Spreadsheet programs run a cell that starts with = + - @ (or tab, CR, NUL before one) as a
 * formula. A leading apostrophe makes such a cell plain text.
 */
export function neutralizeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return /^[=+\-@\t\r\0]/.test(text) ? `'${text}` : text;
}
