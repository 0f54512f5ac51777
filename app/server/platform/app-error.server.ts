/**
 * A refusal a person should read: bad input, a missing record, a file that is too big. Thrown by
 * server functions and turned into an answer in one place (`refusalFor` for actions,
 * `appErrorResponse` for loaders and downloads); any other error is a fault, logged and answered
 * with the screen's generic message.
 */
export class AppError extends Error {
  /** The form field the message is about, when there is one. */
  readonly field?: string;
  /** The toast's title, when it should differ from the screen's usual one. */
  readonly title?: string;

  constructor(
    message: string,
    readonly status = 400,
    options: { field?: string; title?: string } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.field = options.field;
    this.title = options.title;
  }
}

export const notFound = (message: string) => new AppError(message, 404);
