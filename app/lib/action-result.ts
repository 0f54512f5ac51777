import type { Toast } from "./toast";

export type ToastMessage = Omit<Toast, "id">;

/**
 * What every action answers, public and members, plain form post or script: one shape, so a screen
 * reads any answer the same way. Built on the server by `reply`/`refuse` (server/http/action-result).
 */
export interface ActionResult {
  ok: boolean;
  /** When the answer was made: a screen shows each answer's toast once, even two alike in a row. */
  at: number;
  toast: ToastMessage;
  /** The first problem with each field, by field name. */
  fieldErrors?: Record<string, string>;
  /** What was typed, to put back into the form after a refusal. */
  values?: Record<string, string>;
  /** Where to go after a success, when the screen says so (e.g. the ministry's page). */
  redirectTo?: string;
}

/** The first message per field of a failed zod parse ('form' for a problem with no field). */
export function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** A failed answer's first field message, for a toast that names what to fix. */
export function firstError(errors: Record<string, string> | undefined): string | undefined {
  return errors ? Object.values(errors)[0] : undefined;
}
