import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { DOCUMENT_CATEGORIES } from "~/schemas/document-details";
import { createDocument } from "~/server/content/documents.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import { AppError } from "~/server/http/errors.server";
import { readUploadForm, storeWithRecord } from "~/server/http/uploads.server";
import type { Route } from "./+types/document-upload";

const BACK = "/members/upload";

// Nothing to show here: a visit goes to the upload screen (after the sign-in check).
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  throw redirect(BACK);
}

// Receives one document for the eLibrary or the gospel tracts: checked, stored, recorded.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  let upload;
  try {
    upload = await readUploadForm(request, "file", "document");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return respondToUpload(
      request,
      { ok: false, toast: { title: "Upload Failed", description: error.message, variant: "destructive" } },
      error.status,
      BACK,
    );
  }
  const { form, file } = upload;
  if (!file) {
    return respondToUpload(
      request,
      {
        ok: false,
        toast: {
          title: "No file selected",
          description: "Please choose a file to upload.",
          variant: "destructive",
        },
      },
      400,
      BACK,
    );
  }
  const category = String(form.get("category") ?? "elibrary");
  if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category)) {
    return respondToUpload(
      request,
      {
        ok: false,
        toast: { title: "Upload Failed", description: "Please choose a category.", variant: "destructive" },
      },
      400,
      BACK,
    );
  }
  let stored = false;
  try {
    await storeWithRecord(file, "", async (objectName) => {
      stored = true;
      return createDocument(
        {
          fileName: file.originalName,
          filePath: objectName,
          fileSize: file.size,
          category,
          storageObjectPath: objectName,
        },
        user,
      );
    });
  } catch (error) {
    console.error("Document upload failed:", error);
    return respondToUpload(
      request,
      stored
        ? {
            ok: false,
            toast: {
              title: "Database record failed",
              description: "The file was not kept. Please try again.",
              variant: "destructive",
            },
          }
        : {
            ok: false,
            toast: {
              title: "Upload Failed",
              description: "The file could not be stored. Please try again.",
              variant: "destructive",
            },
          },
      500,
      BACK,
    );
  }
  return respondToUpload(
    request,
    {
      ok: true,
      toast: { title: "Upload Complete!", description: `${file.originalName} has been uploaded.` },
    },
    200,
    BACK,
  );
}
