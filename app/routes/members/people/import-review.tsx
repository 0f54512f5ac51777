import { LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useDeleteToast } from "~/components/confirm-dialog";
import { Panel } from "~/components/panel";
import { StatusBadge } from "~/components/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { IMPORT_FETCHER_KEY, UndoImportButton } from "~/components/undo-import-button";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { IMPORT_FIELDS, MAX_IMPORT_COLUMNS } from "~/lib/member-import";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import {
  columnInput,
  makeMappingSchema,
  readMinistryChoices,
  runImportSchema,
} from "~/schemas/member-import";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import {
  discardImportDraft,
  getImportSummary,
  previewImport,
  runImport,
  saveImportMapping,
} from "~/server/people/member-import.server";
import { undoImport } from "~/server/people/member-import-undo.server";
import { ImportPreview } from "./import-review-preview";
import { plural } from "./import-words";
import type { Route } from "./+types/import-review";

const BACK = "/members/import";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Check the Import", "Choose what each column holds and check every row.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "members:write");
  const summary = await getImportSummary(params.id);
  const preview = summary?.status === "draft" ? await previewImport(params.id) : null;
  if (!summary || (summary.status === "draft" && !preview)) {
    throw await redirectWithToast(
      BACK,
      {
        title: "Import not found",
        description:
          "That import is no longer here (drafts are kept for a day). Please upload the file again.",
        variant: "destructive",
      },
      request,
    );
  }
  return { summary, preview };
}

// Everything done to one import: choose its columns, import it, undo it, or discard the draft.
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  try {
    switch (form.get("intent")) {
      case "map": {
        const parsed = makeMappingSchema(MAX_IMPORT_COLUMNS).safeParse(fields);
        if (!parsed.success) {
          return refuse(400, {
            title: "Columns not saved",
            description: firstError(firstErrors(parsed.error.issues)),
          });
        }
        if (!(await saveImportMapping(params.id, parsed.data))) {
          return refuse(409, {
            title: "Columns not saved",
            description: "This import is no longer a draft.",
          });
        }
        return reply({ title: "Columns saved", description: "The preview shows what will be imported." });
      }
      case "import": {
        const parsed = runImportSchema.safeParse(fields);
        const ministries = readMinistryChoices(fields);
        if (!parsed.success || !ministries.success) {
          return refuse(400, { title: "Import Failed", description: "Please check the preview again." });
        }
        const outcome = await runImport(params.id, user, parsed.data.mapping, ministries.data);
        if (outcome.kind === "refused")
          return refuse(409, { title: "Import Failed", description: outcome.message });
        if (outcome.kind === "not-found") {
          return refuse(404, { title: "Import Failed", description: "That import is no longer here." });
        }
        if (outcome.kind === "done-before") {
          throw await redirectWithToast(
            BACK,
            {
              title: "Already imported",
              description: `“${outcome.fileName}” was imported before; nothing was added again.`,
            },
            request,
          );
        }
        throw await redirectWithToast(
          BACK,
          {
            title: "Import Complete",
            description:
              `${plural(outcome.imported, "member")} added from “${outcome.fileName}”.` +
              (outcome.skipped ? ` ${plural(outcome.skipped, "row")} with problems skipped.` : ""),
          },
          request,
        );
      }
      case "undo": {
        const outcome = await undoImport(params.id, user);
        if (outcome.kind === "undone") {
          return reply({
            title: "Import Undone",
            description: `${plural(outcome.removed, "member")} added from “${outcome.fileName}” removed.`,
          });
        }
        return refuse(outcome.kind === "not-found" ? 404 : 409, {
          title: "Undo Failed",
          description:
            outcome.kind === "not-found"
              ? "That import is no longer here."
              : `“${outcome.fileName}” is not imported, so there is nothing to undo.`,
        });
      }
      case "discard": {
        if (!(await discardImportDraft(params.id))) {
          return refuse(409, { title: "Not discarded", description: "This import is no longer a draft." });
        }
        return reply({ title: "Draft discarded", description: "The file's rows were removed." });
      }
      default:
        return refuse(400, { title: "Import Failed", description: "Unknown request." });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusalFor(error, {
      title: "Import Failed",
      fallback: "Nothing was changed. Please try again.",
      what: "A member import",
    });
  }
}

export default function ImportReview({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, preview } = loaderData;
  useDeleteToast(IMPORT_FETCHER_KEY);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `import-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title={summary.status === "draft" ? "Check the Import" : "Import Details"}
      description={
        <>
          <span className="wrap-anywhere font-medium text-foreground">{summary.fileName}</span>, uploaded by{" "}
          <span className="wrap-anywhere">{summary.createdByLabel}</span>, {formatDateTime(summary.createdAt)}
        </>
      }
      backTo={BACK}
      backLabel="Back to Import Members"
    >
      {preview ? <DraftReview preview={preview} /> : <DoneImport summary={summary} />}
    </AdminScreen>
  );
}

type Summary = Route.ComponentProps["loaderData"]["summary"];
type Preview = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

function DoneImport({ summary }: { summary: Summary }) {
  return (
    <Panel title="What this import did">
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <StatusBadge tone={summary.status === "imported" ? "good" : "neutral"} testId="import-status">
          {summary.status === "imported" ? "Imported" : "Undone"}
        </StatusBadge>
        <p className="text-sm">
          {plural(summary.importedCount, "member")} imported
          {summary.importedAt ? ` ${formatDateTime(summary.importedAt)}` : ""};{" "}
          {plural(summary.skippedCount, "row")} with problems skipped.
        </p>
      </div>
      {summary.status === "undone" && summary.undoneAt ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Undone by <span className="wrap-anywhere">{summary.undoneByLabel}</span>,{" "}
          {formatDateTime(summary.undoneAt)}: the members it added were removed.
        </p>
      ) : null}
      {summary.status === "imported" ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/members/details" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Membership List
          </Link>
          {summary.remaining > 0 ? (
            <UndoImportButton
              importId={summary.id}
              fileName={summary.fileName}
              remaining={summary.remaining}
            />
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

function DraftReview({ preview }: { preview: Preview }) {
  const mapping = useFetcher<ActionResult>({ key: "import-mapping" });
  const isChecking = mapping.state !== "idle";
  const mappingForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (mapping.state === "idle" && mapping.data && !mapping.data.ok) {
      showToast({ ...mapping.data.toast, id: `import-mapping-${mapping.data.at}` });
    }
  }, [mapping.state, mapping.data]);

  const { blocking, missing } = preview.mappingProblems;
  const canImport = preview.ready > 0 && blocking.length === 0 && !isChecking;

  return (
    <div className="grid gap-6">
      <Panel
        title="1. What each column holds"
        description="Choose the member field each column fills; columns set to “Don't import” are left out. The guesses come from the column names."
      >
        {blocking.length > 0 ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="font-semibold text-destructive">Please correct the columns before importing:</p>
            <ul className="mt-1 list-disc pl-5">
              {blocking.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {missing.length > 0 ? (
          <p
            className="mt-4 rounded-lg border border-gold/60 bg-gold/10 p-3 text-sm"
            data-testid="missing-fields"
          >
            No column is chosen for {missing.join(", ")}, which every member needs: without it, every row is
            skipped.
          </p>
        ) : null}
        <mapping.Form
          method="post"
          ref={mappingForm}
          onChange={() => {
            if (mappingForm.current) void mapping.submit(mappingForm.current);
          }}
          aria-busy={isChecking}
        >
          <input type="hidden" name="intent" value="map" />
          <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
            {preview.columns.map((column) => (
              <li
                key={column.index}
                className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:items-center sm:gap-4"
              >
                <div className="min-w-0">
                  <label htmlFor={`import-column-${column.index}`} className="wrap-anywhere font-medium">
                    {column.header}
                  </label>
                  <p className="wrap-anywhere text-sm text-muted-foreground">
                    {column.examples.length > 0 ? `e.g. ${column.examples.join(", ")}` : "(empty column)"}
                  </p>
                </div>
                <NativeSelect
                  id={`import-column-${column.index}`}
                  name={columnInput(column.index)}
                  defaultValue={column.field}
                  data-testid="column-field"
                >
                  <option value="">Don't import</option>
                  {IMPORT_FIELDS.map((field) => (
                    <option key={field.key} value={field.key}>
                      {field.label}
                    </option>
                  ))}
                </NativeSelect>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center gap-3">
            <Button type="submit" variant="outline" size="sm" disabled={isChecking}>
              {isChecking ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Check the rows again
            </Button>
            <span role="status" className="text-sm text-muted-foreground">
              {isChecking ? "Checking the rows…" : ""}
            </span>
          </div>
        </mapping.Form>
      </Panel>

      <ImportPreview preview={preview} isChecking={isChecking} canImport={canImport} />
    </div>
  );
}
