import { requireUser } from "~/server/auth/guards.server";
import { DOCUMENT_CATEGORIES } from "~/schemas/document-details";
import { createDocument } from "~/server/content/documents.server";
import type { Route } from "./+types/document-upload";
import { handleUpload, redirectToScreen } from "./upload-action.server";

const BACK = "/members/upload";

export const loader = redirectToScreen(BACK, "library:write");

// Receives one document for the eLibrary or the gospel tracts: checked, stored, recorded.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "library:write");
  return handleUpload(request, {
    screen: BACK,
    file: { field: "file", kind: "document" },
    refusal: () => ({ title: "Upload Failed" }),
    storeFailed: { title: "Upload Failed", description: "The file could not be stored. Please try again." },
    saveFailed: { title: "Database record failed", description: "The file was not kept. Please try again." },
    what: "Document upload",
    async plan({ form, file }) {
      if (!file)
        return {
          refuse: { status: 400, title: "No file selected", description: "Please choose a file to upload." },
        };
      const category = String(form.get("category") ?? "elibrary");
      if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category))
        return { refuse: { status: 400, title: "Upload Failed", description: "Please choose a category." } };
      return {
        prefix: "",
        save: (stored) =>
          createDocument(
            {
              fileName: file.originalName,
              filePath: stored!.objectName,
              fileSize: stored!.size,
              category,
              storageObjectPath: stored!.objectName,
            },
            user,
          ),
        toast: { title: "Upload Complete!", description: `${file.originalName} has been uploaded.` },
      };
    },
  });
}
