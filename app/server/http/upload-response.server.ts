import type { ActionResult } from "~/lib/action-result";
import { redirectWithToast } from "./toast.server";

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
    return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
  }
  return redirectWithToast(
    answer.ok && answer.redirectTo ? answer.redirectTo : backTo,
    answer.toast,
    request,
  );
}
