import {
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { AppError, appErrorResponse } from "./errors.server";

/** Which limit of parseFormData a failure broke: the size, the number of files or parts, or none. */
export function brokenFormLimit(error: unknown): "size" | "count" | null {
  if (error instanceof MaxTotalSizeExceededError || error instanceof MaxFileSizeExceededError) return "size";
  if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) return "count";
  return null;
}

/** More than any of our text forms needs (the member form with 20 children is far below). */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * Reads a text form with limits, answering 400 (unreadable) or 413 (too large) instead of
 * failing with a 500 when the body is broken, oversized or carries files.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await parseFormData(request, {
      maxFiles: 0,
      maxFileSize: 1,
      maxTotalSize: MAX_FORM_BYTES,
      maxParts: 500,
    });
  } catch (error) {
    const limit = brokenFormLimit(error);
    if (limit === "size") throw appErrorResponse(new AppError("That is more than this form can take.", 413));
    if (limit === "count") throw appErrorResponse(new AppError("This form takes no files and fewer fields."));
    throw appErrorResponse(new AppError("The form could not be read. Please try again."));
  }
}
