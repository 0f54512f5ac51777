import { data } from "react-router";
import type { ActionResult, ToastMessage } from "~/lib/action-result";
import { AppError } from "./errors.server";
import { loggableError } from "../platform/db-errors.server";

type Extra = Pick<ActionResult, "fieldErrors" | "values" | "redirectTo">;

/** A successful answer to show on the same screen. */
export function reply(toast: ToastMessage, extra: Extra = {}) {
  return data<ActionResult>({ ok: true, at: Date.now(), toast, ...extra });
}

/** A successful answer with more for the screen to show (e.g. a link to pass on by hand). */
export function replyWith<T extends object>(toast: ToastMessage, more: T) {
  return data<ActionResult & T>({ ok: true, at: Date.now(), toast, ...more });
}

/** A refused answer: the toast is shown as an error, and what was typed can be put back. */
export function refuse(status: number, toast: ToastMessage, extra: Extra & Record<string, unknown> = {}) {
  return data<ActionResult>(
    { ok: false, at: Date.now(), toast: { ...toast, variant: "destructive" }, ...extra },
    { status },
  );
}

/**
 * The one mapping from a thrown error to a refused answer: an AppError says what to fix (on its
 * field too, when it names one); anything else is logged and gets the screen's generic message.
 */
export function refusalFor(
  error: unknown,
  options: { title: string; fallback: string; what: string; values?: Record<string, string> },
) {
  if (error instanceof AppError) {
    return refuse(
      error.status,
      { title: error.title ?? options.title, description: error.message },
      { values: options.values, fieldErrors: error.field ? { [error.field]: error.message } : undefined },
    );
  }
  console.error(`${options.what} failed:`, loggableError(error));
  return refuse(500, { title: options.title, description: options.fallback }, { values: options.values });
}
