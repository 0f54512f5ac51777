import type { ActionResult } from "~/lib/action-result";
import { redirectWithToast, toastHeader } from "./toast.server";

/**
 * Answers an upload: JSON for the screen's script (which shows the progress bar), or, for a plain
 * form post without JavaScript, a redirect back with the toast.
 */
export async function respondToUpload(
  request: Request,
  answer: Omit<ActionResult, "at">,
  status: number,
  backTo: string,
) {
  if (request.headers.get("accept")?.includes("application/json")) {
    const result: ActionResult = { ...answer, at: Date.now() };
    const headers = new Headers({ "Cache-Control": "no-store" });
    // A public page the screen goes on to is loaded as a whole page (it has no React, ADR 013):
    // the toast travels with it in the cookie, and that page's server draws it.
    if (answer.ok && answer.redirectTo && !answer.redirectTo.startsWith("/members")) {
      headers.append("Set-Cookie", await toastHeader(answer.toast, request));
    }
    return Response.json(result, { status, headers });
  }
  return redirectWithToast(
    answer.ok && answer.redirectTo ? answer.redirectTo : backTo,
    answer.toast,
    request,
  );
}
