// Errors that mean "the database cannot be reached right now" rather than "this request is wrong".
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (
      typeof message === "string" &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
