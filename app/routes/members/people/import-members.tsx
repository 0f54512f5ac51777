import { FileSpreadsheet, LoaderCircle, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useDeleteToast } from "~/components/confirm-dialog";
import { Panel } from "~/components/panel";
import { StatusBadge, type StatusTone } from "~/components/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { IMPORT_FETCHER_KEY, UndoImportButton } from "~/components/undo-import-button";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { IMPORT_FILE_FIELD, MAX_IMPORT_ROWS } from "~/lib/member-import";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor } from "~/server/http/action-result.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readImportUpload } from "~/server/people/member-import-file.server";
import { createImportDraft, listImports, type ImportStatus } from "~/server/people/member-import.server";
import type { Route } from "./+types/import-members";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Import Members", "Add members from a spreadsheet, and undo an import.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "members:write");
  return loadOrEmpty("the member imports", async () => ({ imports: await listImports() }), { imports: [] });
}

// Receives the spreadsheet: read with the size limit, checked, kept as a draft, then on to
// choosing its columns. A file that cannot be read changes nothing and says why.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    return refuse(400, { title: "Upload Failed", description: "Please choose a file to upload." });
  }
  let draftId: string;
  try {
    const { fileName, sheet } = await readImportUpload(request);
    draftId = await createImportDraft(user, fileName, sheet);
  } catch (error) {
    return refusalFor(error, {
      title: "Upload Failed",
      fallback: "The file could not be read. Please try again.",
      what: "Reading a member import",
    });
  }
  throw await redirectWithToast(
    `/members/import/${draftId}`,
    { title: "File read", description: "Check the columns and the preview, then import." },
    request,
  );
}

const STATUS: Record<ImportStatus, { tone: StatusTone; label: string }> = {
  draft: { tone: "waiting", label: "Draft" },
  imported: { tone: "good", label: "Imported" },
  undone: { tone: "neutral", label: "Undone" },
};

export default function ImportMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { imports, loadFailed } = loaderData;
  const navigation = useNavigation();
  const isUploading = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [fileError, setFileError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  useDeleteToast(IMPORT_FETCHER_KEY);

  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `import-${actionData.at}` });
  }, [actionData]);
  useLoadFailedToast(loadFailed, "Error fetching imports");

  // The server refuses what it cannot read; the same words show beside the file picker.
  const error = fileError ?? (actionData && !actionData.ok ? (actionData.toast.description ?? null) : null);

  return (
    <AdminScreen
      title="Import Members"
      description="Add many members at once from a spreadsheet, check every row before anything is saved, and undo an import as a whole."
    >
      <div className="grid gap-6">
        <Panel
          title="Upload a spreadsheet"
          description={
            <>
              A CSV file or an Excel workbook (.xlsx), at most {MAX_UPLOAD_LABEL} and{" "}
              {MAX_IMPORT_ROWS.toLocaleString("en")} rows. The first row must hold the column names (such as
              First Name, Last Name, Email, Mobile); in a workbook, the first sheet is read. A CSV downloaded
              from Reports comes back in as it is.
            </>
          }
        >
          <Form
            method="post"
            encType="multipart/form-data"
            className="mt-4 grid gap-3"
            onSubmit={(event) => {
              if (fileError) event.preventDefault();
            }}
          >
            <label htmlFor={inputId} className="text-sm font-medium">
              Spreadsheet file
            </label>
            <input
              id={inputId}
              name={IMPORT_FILE_FIELD}
              type="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setFileError(
                  file && file.size > MAX_UPLOAD_BYTES
                    ? `The file is too large. Files can be at most ${MAX_UPLOAD_LABEL}.`
                    : null,
                );
              }}
              className="block w-full min-w-0 rounded-md border border-input bg-background text-sm file:mr-3 file:h-11 file:border-0 file:bg-muted file:px-4 file:font-semibold aria-invalid:border-destructive"
            />
            <p id={hintId} className="text-sm text-muted-foreground">
              Nothing is saved yet: next you choose what each column holds and see every row checked.
            </p>
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={isUploading}>
                {isUploading ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                Upload and check
              </Button>
            </div>
          </Form>
        </Panel>

        <Panel title="Past imports" description="Each import can be undone as a whole.">
          {imports.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">No imports yet.</p>
          ) : (
            <ul className="mt-4 grid gap-3" data-testid="import-history">
              {imports.map((item) => (
                <ImportItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </AdminScreen>
  );
}

type ImportRow = Route.ComponentProps["loaderData"]["imports"][number];

function ImportItem({ item }: { item: ImportRow }) {
  const status = STATUS[item.status];
  const discard = useFetcher<ActionResult>({ key: IMPORT_FETCHER_KEY });
  return (
    <li className="rounded-lg border border-border p-4" data-testid="import-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="wrap-anywhere font-semibold">{item.fileName}</p>
            <p className="text-sm text-muted-foreground">
              Uploaded by <span className="wrap-anywhere">{item.createdByLabel}</span>,{" "}
              {formatDateTime(item.createdAt)}
            </p>
          </div>
        </div>
        <StatusBadge tone={status.tone} testId="import-status">
          {status.label}
        </StatusBadge>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <ImportCount label="Rows" value={item.rowCount} />
        {item.status === "draft" ? null : (
          <>
            <ImportCount label="Imported" value={item.importedCount} />
            <ImportCount label="Skipped" value={item.skippedCount} />
          </>
        )}
      </dl>
      {item.status === "undone" && item.undoneAt ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Undone by <span className="wrap-anywhere">{item.undoneByLabel}</span>,{" "}
          {formatDateTime(item.undoneAt)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {item.status === "draft" ? (
          <>
            <Link
              to={`/members/import/${item.id}`}
              className={buttonVariants({ size: "sm" })}
              aria-label={`Continue import of ${item.fileName}`}
            >
              Continue
            </Link>
            <discard.Form method="post" action={`/members/import/${item.id}`}>
              <input type="hidden" name="intent" value="discard" />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                disabled={discard.state !== "idle"}
                aria-label={`Discard draft ${item.fileName}`}
              >
                <Trash2 aria-hidden="true" />
                Discard
              </Button>
            </discard.Form>
          </>
        ) : (
          <Link
            to={`/members/import/${item.id}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={`Details of import ${item.fileName}`}
          >
            Details
          </Link>
        )}
        {item.status === "imported" && item.remaining > 0 ? (
          <UndoImportButton importId={item.id} fileName={item.fileName} remaining={item.remaining} />
        ) : null}
      </div>
    </li>
  );
}

function ImportCount({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value.toLocaleString("en")}</dd>
    </div>
  );
}
