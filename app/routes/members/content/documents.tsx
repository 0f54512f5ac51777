import { FileText, History, ImageIcon, LoaderCircle, Pencil, RotateCcw, Save, Upload } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { FormDialog, FormDialogTrigger } from "~/components/form-dialog";
import { FormField, TextareaField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { UploadProgress } from "~/components/upload-progress";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { isImageFile } from "~/lib/files";
import { focusFirstError, formValues } from "~/lib/form-values";
import { dayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime, formatFileSize } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { uploadLimit } from "~/server/http/uploads.server";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_TITLE_MAX,
  documentDetailsFormSchema,
} from "~/schemas/document-details";
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
import { loadOrEmpty } from "~/server/http/loader.server";

/** How many earlier versions the history lists. */
const HISTORY_LIMIT = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Upload Files", "Upload documents for the eLibrary and gospel tracts.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
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
  const user = await requireUser(request, "content:write");
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

const NOT_SAVED = "Details Not Saved";

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

type ListedDocument = Route.ComponentProps["loaderData"]["documents"][number];

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
              PDF, DOCX, PPT, XLSX, PNG, JPG up to {limit}
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
              <CategoryOptions />
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

/** The upload form's category names, shown the same in the details form. */
function CategoryOptions() {
  return DOCUMENT_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {category}
    </option>
  ));
}

// The details dialog of each document: after the list, where its no-script fallback (the page at
// `?details-{id}`) shows the form in the page.

const detailsParam = (id: string) => `details-${id}`;

/** What the dialog was opened at: the values it starts from and the version its save is checked against. */
interface Opened {
  version: number;
  title: string;
  description: string;
  category: string;
  /** The answer showing when it opened: an older answer's messages are not this opening's. */
  staleResult: ActionResult | undefined;
}

function DetailsDialog({
  document,
  actionData,
  open,
  onOpenChange,
}: {
  document: ListedDocument;
  actionData: ActionResult | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: `document-details-${document.id}` });
  const [opened, setOpened] = useState<Opened | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const handled = useRef<ActionResult | undefined>(undefined);

  // Opening takes a snapshot (what the form starts from, and the version it is checked against);
  // the list below may change while the dialog is open, the form does not.
  if (open && !opened) {
    setOpened({
      version: document.version,
      title: document.title,
      description: document.description,
      category: document.category,
      staleResult: fetcher.data,
    });
    setClientErrors({});
    setOpenCount((count) => count + 1);
  } else if (!open && opened) {
    setOpened(null);
  }

  // Each answer once: its toast, and a save closes the dialog. At once, while the list reloads: a
  // document found deleted leaves the list, and this dialog with it.
  const result = fetcher.data;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    showToast({ ...result.toast, id: `document-details-${document.id}-${result.at}` });
    if (result.ok) onOpenChange(false);
  }, [result, document.id, onOpenChange]);

  // Without scripts the form posts as a page, whose answer comes back as the route's action data.
  const pageResult = actionData?.values?.id === document.id ? actionData : undefined;
  const shown = opened ? (result !== opened.staleResult ? result : undefined) : (result ?? pageResult);
  const errors = { ...(shown?.ok ? {} : shown?.fieldErrors), ...clientErrors };
  const start = opened ?? {
    version: document.version,
    title: document.title,
    description: document.description,
    category: document.category,
  };
  const values = shown && !shown.ok ? shown.values : undefined;
  const isBusy = fetcher.state !== "idle";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = documentDetailsFormSchema.safeParse(formValues(event.currentTarget));
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    const found = firstErrors(parsed.error.issues);
    setClientErrors(found);
    focusFirstError(event.currentTarget, found);
    showToast({ title: NOT_SAVED, description: firstError(found), variant: "destructive" });
  };

  return (
    <FormDialog
      param={detailsParam(document.id)}
      open={open}
      onOpenChange={onOpenChange}
      title="Edit details"
      description={`What the eLibrary shows for ${document.fileName}.`}
    >
      <fetcher.Form
        key={openCount}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-5"
        aria-label={`Details of ${document.fileName}`}
      >
        <input type="hidden" name="intent" value="edit-details" />
        <input type="hidden" name="id" value={document.id} />
        <input type="hidden" name="version" value={start.version} />
        {shown && !shown.ok && !errors.title && !errors.description && !errors.category ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {shown.toast.description}
          </p>
        ) : null}
        <FormField
          id="details-title"
          name="title"
          label="Title (optional)"
          hint="Shown in the eLibrary instead of the file name. Leave it empty to show the file name."
          maxLength={DOCUMENT_TITLE_MAX}
          defaultValue={values?.title ?? start.title}
          error={errors.title}
        />
        <TextareaField
          id="details-description"
          name="description"
          label="Description (optional)"
          hint="Plain text: leave an empty line between paragraphs. Leave it empty for the standard text."
          rows={5}
          maxLength={DOCUMENT_DESCRIPTION_MAX}
          defaultValue={values?.description ?? start.description}
          error={errors.description}
        />
        <div className="grid gap-2">
          <Label htmlFor="details-category">Category</Label>
          <NativeSelect
            id="details-category"
            name="category"
            defaultValue={values?.category ?? start.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "details-category-error" : undefined}
          >
            <CategoryOptions />
          </NativeSelect>
          {errors.category ? (
            <p id="details-category-error" className="text-sm text-destructive">
              {errors.category}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {opened ? (
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={isBusy}>
            {isBusy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save details
          </Button>
        </div>
      </fetcher.Form>
      <DetailsHistory document={document} openedVersion={start.version} fetcher={fetcher} />
    </FormDialog>
  );
}

function DetailsHistory({
  document,
  openedVersion,
  fetcher,
}: {
  document: ListedDocument;
  openedVersion: number;
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
}) {
  if (document.history.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No earlier versions: the details were never edited.</p>
    );
  return (
    <details className="rounded-lg border border-border" data-testid="details-history">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-semibold text-navy">
        <History className="size-4" aria-hidden="true" />
        History ({document.history.length} versions)
      </summary>
      <ol className="divide-y divide-border border-t border-border">
        {document.history.map((revision) => (
          <li
            key={revision.version}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2 text-sm"
            data-testid="history-entry"
          >
            <div className="min-w-0">
              <p className="font-medium">
                Version {revision.version}
                {revision.version === document.version ? " (current)" : ""}
              </p>
              <p className="text-xs text-muted-foreground wrap-anywhere">
                {revision.savedBy}, {revision.savedAt}
                {revision.note ? ` · ${revision.note}` : ""}
              </p>
            </div>
            {revision.version === document.version ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="id" value={document.id} />
                <input type="hidden" name="version" value={openedVersion} />
                <input type="hidden" name="restore" value={revision.version} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={fetcher.state !== "idle"}
                  aria-label={`Restore version ${revision.version}`}
                >
                  <RotateCcw aria-hidden="true" />
                  Restore
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
