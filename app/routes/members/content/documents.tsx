import { FileText, ImageIcon, LoaderCircle, Pencil, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { FormDialogTrigger } from "~/components/form-dialog";
import { Field } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { UploadProgress } from "~/components/upload-progress";
import { firstError, firstErrors } from "~/lib/action-result";
import { isImageFile } from "~/lib/files";
import { formValues } from "~/lib/form-values";
import { dayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime, formatFileSize } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { uploadLimit } from "~/server/http/uploads.server";
import { documentDetailsFormSchema } from "~/schemas/document-details";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import {
  deleteDocument,
  listAllDocuments,
  listDocumentHistory,
  restoreDocumentVersion,
  saveDocumentDetails,
} from "~/server/content/documents.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/documents";
import { CategoryOptions, DetailsDialog, detailsParam, NOT_SAVED } from "./documents-details-dialog";
import { loadOrEmpty } from "~/server/http/loader.server";
import { useLoadFailedToast } from "~/components/load-failed-toast";

/** How many earlier versions the history lists. */
const HISTORY_LIMIT = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Upload Files", "Upload documents for the eLibrary and gospel tracts.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "library:write");
  const limit = uploadLimit("document").label;
  return loadOrEmpty(
    "documents",
    async () => {
      const rows = await listAllDocuments();
      const { storage } = services();
      return {
        limit,
        documents: await Promise.all(
          rows.map(async (row) => ({
            id: row.id,
            fileName: row.fileName,
            category: row.category,
            fileSize: row.fileSize,
            uploadedOn: formatDate(dayInChurchZone(row.createdAt)),
            url: storage.publicUrl(row.storageObjectPath),
            title: row.title ?? "",
            description: row.description ?? "",
            version: row.version,
            editedBy: row.updatedBy,
            editedAt: row.updatedAt ? formatDateTime(row.updatedAt) : null,
            // Only an edited document has a history (its first edit writes versions 1 and 2).
            history:
              row.version > 1
                ? (await listDocumentHistory(row.id, HISTORY_LIMIT)).map((revision) => ({
                    version: revision.version,
                    savedBy: revision.savedBy,
                    savedAt: formatDateTime(revision.savedAt),
                    note: revision.note,
                  }))
                : [],
          })),
        ),
      };
    },
    { documents: [], limit },
  );
}

// A refused answer leaves the page's data as it was, except when the refusal says the document
// changed or is gone: then the list must show what is there now (the dialog keeps what was typed).
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409 || actionStatus === 404) return true;
  return defaultShouldRevalidate;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "library:write");
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // A body too large or unreadable: answered like any refusal, so the screen shows it.
    if (!(error instanceof Response)) throw error;
    return refuse(error.status, { title: "Request Refused", description: await error.text() });
  }
  const intent = form.get("intent");
  if (intent === "edit-details") return editDetails(form, user);
  if (intent === "restore") return restoreVersion(form, user);
  if (intent !== "delete") return refuse(400, { title: "Deletion Failed", description: "Unknown request." });
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

async function editDetails(form: FormData, user: StaffUser) {
  const sent = formValues(form);
  // What was typed, to put back into the form after a refusal.
  const values = {
    id: sent.id ?? "",
    title: sent.title ?? "",
    description: sent.description ?? "",
    category: sent.category ?? "",
  };
  const parsed = documentDetailsFormSchema.safeParse(sent);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: NOT_SAVED, description: firstError(fieldErrors) ?? "Please check the form." },
      { fieldErrors, values },
    );
  }
  const { id, version, ...details } = parsed.data;
  try {
    const saved = await saveDocumentDetails(id, details, version, user);
    return reply(
      {
        title: "Details Saved",
        description: `${saved.title ?? saved.fileName} is saved (version ${saved.version}).`,
      },
      { values: { id } },
    );
  } catch (error) {
    return refusalFor(error, {
      title: NOT_SAVED,
      what: "Saving a document's details",
      fallback: "The details could not be saved. Please try again.",
      values,
    });
  }
}

async function restoreVersion(form: FormData, user: StaffUser) {
  const id = String(form.get("id") ?? "");
  const opened = Number(form.get("version"));
  const restore = Number(form.get("restore"));
  if (!Number.isSafeInteger(opened) || opened < 1 || !Number.isSafeInteger(restore) || restore < 1)
    return refuse(400, { title: "Restore Failed", description: "The form could not be read." });
  try {
    const saved = await restoreDocumentVersion(id, restore, opened, user);
    return reply(
      {
        title: "Version Restored",
        description: `Version ${restore} of ${saved.fileName} is back, saved as version ${saved.version}.`,
      },
      { values: { id } },
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Restore Failed",
      what: "Restoring a document's details",
      fallback: "That version could not be restored. Please try again.",
      values: { id },
    });
  }
}

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, loadFailed, limit } = loaderData;
  // The document whose details dialog is open.
  const [editing, setEditing] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { send, progress, isUploading } = useUpload();
  const revalidator = useRevalidator();
  // Shown under the file field too, tied to it, while the toast says the same for everyone.
  const [fileError, setFileError] = useState<string | null>(null);
  useDeleteToast("delete-document");

  useLoadFailedToast(loadFailed, "Error fetching files");

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
          <Field
            id="file"
            label="File"
            hint={<>PDF, DOCX, PPT, XLSX, PNG, JPG up to {limit}</>}
            error={fileError ?? undefined}
            control={(aria) => (
              <Input
                id="file"
                name="file"
                type="file"
                accept=".pdf,.docx,.ppt,.pptx,.xlsx,.png,.jpg,.jpeg"
                {...aria}
                onChange={() => setFileError(null)}
                className="h-auto py-2"
              />
            )}
          />
          <Field
            id="category"
            label="Category"
            control={() => (
              <NativeSelect id="category" name="category" defaultValue="elibrary">
                <CategoryOptions />
              </NativeSelect>
            )}
          />
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
                      className="line-clamp-2 break-words font-medium hover:underline"
                    >
                      {document.title || document.fileName}
                    </a>
                    <p className="text-xs text-muted-foreground wrap-anywhere">
                      {document.title ? <span>{document.fileName} · </span> : null}
                      {document.category} · {formatFileSize(document.fileSize)} · {document.uploadedOn}
                    </p>
                    {document.editedBy && document.editedAt ? (
                      <p
                        className="text-xs text-muted-foreground wrap-anywhere"
                        data-testid="document-edited"
                      >
                        Edited by {document.editedBy}, {document.editedAt}
                      </p>
                    ) : null}
                  </div>
                  <FormDialogTrigger
                    param={detailsParam(document.id)}
                    onOpen={() => setEditing(document.id)}
                    className={buttonVariants({ variant: "ghost", size: "icon" })}
                  >
                    <Pencil aria-hidden="true" />
                    <span className="sr-only">Edit details of {document.fileName}</span>
                  </FormDialogTrigger>
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
      {documents.map((document) => (
        <DetailsDialog
          key={document.id}
          document={document}
          actionData={actionData}
          open={editing === document.id}
          onOpenChange={(open) => setEditing(open ? document.id : null)}
        />
      ))}
    </AdminScreen>
  );
}
