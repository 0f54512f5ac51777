import type { UploadAnswer } from "~/lib/upload-client";
import { redirectWithToast } from "./toast.server";

/**
 * Answers an upload: JSON for the screen's script (which shows the progress bar), or, for a plain
 * form post without JavaScript, a redirect back with the toast.
 */
export async function respondToUpload(
  request: Request,
  answer: UploadAnswer,
  status: number,
  backTo: string,
) {
  if (request.headers.get("accept")?.includes("application/json")) {
    return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
  }
  return redirectWithToast(
    answer.ok && answer.redirectTo ? answer.redirectTo : backTo,
    answer.toast,
    request,
  );
}
