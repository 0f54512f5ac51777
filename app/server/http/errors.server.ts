/**
 * A refusal a person should read: bad input, a missing record, a file that is too big. Thrown by
 * server functions and turned into an answer in one place (`refusalFor` for actions, `appErrorResponse`
 * for loaders and downloads); any other error is a fault, logged and answered with a generic message.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    /** The form field the message is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError(message, 404);

/** For a loader or a download: the refusal as a plain-text response React Router shows. */
export function appErrorResponse(error: AppError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
