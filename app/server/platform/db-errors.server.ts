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

/**
 * An error as it may be written to the log: its name, message, code and stack frames, and its
 * cause the same way, but never the values a query carried. The database library puts every
 * parameter of a failed query into its message ("params: ...": an import's whole batch of
 * members), and the database's own error a `detail` with the values of the row ("Key (email)=(...)");
 * both stay out. Pass every logged error through this.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const safe = new Error(withoutParameters(error.message));
  safe.name = error.name;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  const { code } = error as { code?: unknown };
  if (typeof code === "string") Object.assign(safe, { code });
  if (error.cause !== undefined && depth < 5) safe.cause = loggableError(error.cause, depth + 1);
  return safe;
}

/** A failed query's message up to its parameters: "Failed query: insert ... values ($1, $2)". */
function withoutParameters(message: string): string {
  const at = message.search(/\nparams:/);
  return at === -1 ? message : message.slice(0, at);
}

/** An error's message for a log line or a stored status, without a failed query's parameters. */
export function describeError(error: unknown): string {
  return error instanceof Error ? withoutParameters(error.message) : String(error);
}

/** Whether the database refused a row because a unique index already holds its key. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
