import type { Permission } from "~/lib/permissions";
import { redirect } from "react-router";
import type { ToastMessage } from "~/lib/action-result";
import type { FocalPoint } from "~/lib/image-focus";
import { requireUser } from "~/server/auth/guards.server";
import { AppError } from "~/server/http/errors.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import {
  storeDocumentWithRecord,
  storeImageWithRecord,
  withUploadForm,
  type UploadForm,
  type UploadKind,
} from "~/server/http/uploads.server";
import { loggableError } from "~/server/platform/db-errors.server";

/** A refusal's toast title and the messages under its fields (the description is the error's). */
export interface UploadRefusal {
  title: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The file as stored: its name in the store, its public address, its size in bytes, and for a
 * picture its focal point (found in it at upload).
 */
export interface StoredFile {
  objectName: string;
  url: string;
  size: number;
  focus?: FocalPoint;
}

/** What the form asks for once read: a refusal, or a save with the file when one was sent. */
export type UploadPlan =
  | { refuse: { status: number; title: string; description: string; fieldErrors?: Record<string, string> } }
  | {
      /** The stored file's name starts with this (`event-images/event-`). */
      prefix: string;
      save: (stored: StoredFile | null) => Promise<unknown>;
      toast: ToastMessage;
      /** Where the screen's script goes after the save; left out, it stays on the screen. */
      redirectTo?: string;
    };

/** An upload route shows nothing: a visit goes to its screen (after the sign-in check). */
export function redirectToScreen(screen: string, permission: Permission) {
  return async ({ request }: { request: Request }) => {
    await requireUser(request, permission);
    throw redirect(screen);
  };
}

/**
 * The action of an upload route (events, sermons, documents, ministry images): the form read with
 * at most one file, checked by `plan`, then file and row stored together or not at all, answered
 * as JSON for the screen's script or as a redirect with a toast for a plain form post.
 */
export async function handleUpload(
  request: Request,
  options: {
    /** The staff screen the upload belongs to: where a plain form post goes back to. */
    screen: string;
    /** The form's file field and what it may hold. */
    file: { field: string; kind: UploadKind };
    plan: (upload: UploadForm) => Promise<UploadPlan>;
    /** How a refused file (its type, its size, an unreadable form) or a refused save is answered. */
    refusal: (error: AppError, during: "upload" | "save") => UploadRefusal;
    /** The answers when storing the file, or saving the row after it, fails unexpectedly. */
    storeFailed: ToastMessage;
    saveFailed: ToastMessage;
    /** Names the failure in the log: "Saving an event" logs "Saving an event failed: ...". */
    what: string;
  },
) {
  const { screen } = options;
  const refuse = (status: number, toast: ToastMessage, fieldErrors?: Record<string, string>) =>
    respondToUpload(
      request,
      { ok: false, toast: { ...toast, variant: "destructive" }, fieldErrors },
      status,
      screen,
    );
  const refuseError = (error: AppError, during: "upload" | "save") => {
    const { title, fieldErrors } = options.refusal(error, during);
    return refuse(error.status, { title, description: error.message }, fieldErrors);
  };
  try {
    return await withUploadForm(request, options.file.field, options.file.kind, async (upload) => {
      const plan = await options.plan(upload);
      if ("refuse" in plan) {
        const { status, fieldErrors, ...toast } = plan.refuse;
        return refuse(status, toast, fieldErrors);
      }
      const { file } = upload;
      let stored = false;
      try {
        if (!file) await plan.save(null);
        else if (options.file.kind === "image")
          await storeImageWithRecord(file, plan.prefix, (objectName, url, focus) => {
            stored = true;
            return plan.save({ objectName, url, size: file.size, focus });
          });
        else
          await storeDocumentWithRecord(file, plan.prefix, (objectName, url, size) => {
            stored = true;
            return plan.save({ objectName, url, size });
          });
      } catch (error) {
        if (error instanceof AppError) return refuseError(error, "save");
        console.error(`${options.what} failed:`, loggableError(error));
        return file && !stored ? refuse(500, options.storeFailed) : refuse(500, options.saveFailed);
      }
      return respondToUpload(
        request,
        { ok: true, toast: plan.toast, ...(plan.redirectTo ? { redirectTo: plan.redirectTo } : {}) },
        200,
        screen,
      );
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseError(error, "upload");
  }
}
