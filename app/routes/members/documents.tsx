import { FileText, ImageIcon, LoaderCircle, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { UploadProgress } from "~/components/upload-progress";
import { isImageFile } from "~/lib/files";
import { formatFileSize } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { deleteDocument, listAllDocuments } from "~/server/content/documents.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/documents";
import { loadOrEmpty } from "~/server/http/loader.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Upload Files", "Upload documents for the eLibrary and gospel tracts.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  return loadOrEmpty(
    "documents",
    async () => {
      const rows = await listAllDocuments();
      const { storage } = services();
      return {
        documents: rows.map((row) => ({
          id: row.id,
          fileName: row.fileName,
          category: row.category,
          fileSize: row.fileSize,
          createdAt: row.createdAt.toISOString().slice(0, 10),
          url: storage.publicUrl(row.storageObjectPath),
        })),
      };
    },
    { documents: [] },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  const form = await readForm(request);
  if (form.get("intent") !== "delete")
    return refuse(400, { title: "Deletion Failed", description: "Unknown request." });
  try {
    if (!(await deleteDocument(String(form.get("id") ?? ""), user)))
      return refuse(404, { title: "Database Deletion Failed", description: "That file no longer exists." });
  } catch (error) {
    return refusalFor(error, {
      title: "Database Deletion Failed",
      what: "Deleting a document",
      fallback: "The file could not be removed. Please try again.",
    });
  }
  return reply({ title: "File Deleted", description: "The file has been removed." });
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { documents, loadFailed } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const { send, progress, isUploading } = useUpload();
  const revalidator = useRevalidator();
  // Shown under the file field too, tied to it, while the toast says the same for everyone.
  const [fileError, setFileError] = useState<string | null>(null);
  useDeleteToast("delete-document");

  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching files",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

  return (
    <AdminScreen title="Upload Files" description="Documents for the eLibrary and gospel tracts.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <form
          ref={formRef}
          method="post"
          action="/members/upload/save"
          encType="multipart/form-data"
          className="grid gap-5 rounded-xl border border-border bg-background p-6 shadow-sm"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const body = new FormData(form);
            const file = body.get("file");
            if (!(file instanceof File) || file.size === 0) {
              showToast({
                title: "No file selected",
                description: "Please choose a file to upload.",
                variant: "destructive",
              });
              setFileError("Please choose a file to upload.");
              (form.elements.namedItem("file") as HTMLInputElement | null)?.focus();
              return;
            }
            const answer = await send(form.action, body);
            showToast(answer.toast);
            if (answer.ok) {
              form.reset();
              await revalidator.revalidate();
            }
          }}
        >
          <h2 className="text-lg font-semibold text-navy">Upload a file</h2>
          <div className="grid gap-2">
            <Label htmlFor="file">File</Label>
            <Input
              id="file"
              name="file"
              type="file"
              accept=".pdf,.docx,.ppt,.pptx,.xlsx,.png,.jpg,.jpeg"
              aria-describedby={fileError ? "file-hint file-error" : "file-hint"}
              aria-invalid={fileError ? true : undefined}
              onChange={() => setFileError(null)}
              className="h-auto py-2"
            />
            <p id="file-hint" className="text-xs text-muted-foreground">
              PDF, DOCX, PPT, XLSX, PNG, JPG up to {MAX_UPLOAD_LABEL}
            </p>
            {fileError ? (
              <p id="file-error" className="text-sm text-destructive">
                {fileError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="category">Category</Label>
            <NativeSelect id="category" name="category" defaultValue="elibrary">
              <option value="elibrary">elibrary</option>
              <option value="gospel-track">gospel-track</option>
            </NativeSelect>
          </div>
          <UploadProgress value={progress} />
          <Button type="submit" size="lg" disabled={isUploading}>
            {isUploading ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {isUploading ? "Uploading..." : "Upload"}
          </Button>
        </form>

        <section
          aria-labelledby="files-heading"
          className="rounded-xl border border-border bg-background p-6 shadow-sm"
        >
          <h2 id="files-heading" className="text-lg font-semibold text-navy">
            Uploaded files
          </h2>
          {documents.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">No files uploaded yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-border">
              {documents.map((document) => (
                <li key={document.id} className="flex items-center gap-3 py-3" data-testid="document-row">
                  {isImageFile(document.fileName) ? (
                    <ImageIcon className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
                  ) : (
                    <FileText className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <a
                      href={document.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block truncate font-medium hover:underline"
                    >
                      {document.fileName}
                    </a>
                    <p className="text-xs text-muted-foreground">
                      {document.category} · {formatFileSize(document.fileSize)} · {document.createdAt}
                    </p>
                  </div>
                  <ConfirmDeleteButton
                    fetcherKey="delete-document"
                    id={document.id}
                    label={`Delete ${document.fileName}`}
                    question="Are you sure you want to delete this file?"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminScreen>
  );
}
