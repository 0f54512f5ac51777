import type { AppError } from "../platform/app-error.server";

// The refusal lives in platform, whose infrastructure throws it too; screens keep reading it here.
export { AppError, notFound } from "../platform/app-error.server";

/** For a loader or a download: the refusal as a plain-text response React Router shows. */
export function appErrorResponse(error: AppError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
