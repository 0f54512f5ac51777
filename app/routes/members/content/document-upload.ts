import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { DOCUMENT_CATEGORIES } from "~/schemas/document-details";
import { createDocument } from "~/server/content/documents.server";
import { respondToUpload } from "~/server/http/upload-response.server";
import { AppError } from "~/server/http/errors.server";
import { storeDocumentWithRecord, withUploadForm } from "~/server/http/uploads.server";
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
  const refuse = (status: number, title: string, description: string) =>
    respondToUpload(
      request,
      { ok: false, toast: { title, description, variant: "destructive" } },
      status,
      BACK,
    );
  try {
    return await withUploadForm(request, "file", "document", async ({ form, file }) => {
      if (!file) return refuse(400, "No file selected", "Please choose a file to upload.");
      const category = String(form.get("category") ?? "elibrary");
      if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category)) {
        return refuse(400, "Upload Failed", "Please choose a category.");
      }
      let stored = false;
      try {
        await storeDocumentWithRecord(file, "", async (objectName, _url, size) => {
          stored = true;
          return createDocument(
            {
              fileName: file.originalName,
              filePath: objectName,
              fileSize: size,
              category,
              storageObjectPath: objectName,
            },
            user,
          );
        });
      } catch (error) {
        if (error instanceof AppError) return refuse(error.status, "Upload Failed", error.message);
        console.error("Document upload failed:", error);
        return stored
          ? refuse(500, "Database record failed", "The file was not kept. Please try again.")
          : refuse(500, "Upload Failed", "The file could not be stored. Please try again.");
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
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.status, "Upload Failed", error.message);
  }
}
