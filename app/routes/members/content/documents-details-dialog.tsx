import { History, LoaderCircle, RotateCcw, Save } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { FormDialog } from "~/components/form-dialog";
import { Field, FormField, TextareaField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { focusFirstError, formValues } from "~/lib/form-values";
import { showToast } from "~/lib/toast";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_TITLE_MAX,
  documentDetailsFormSchema,
} from "~/schemas/document-details";
import type { Route } from "./+types/documents";

export const NOT_SAVED = "Details Not Saved";

type ListedDocument = Route.ComponentProps["loaderData"]["documents"][number];

/** The upload form's category names, shown the same in the details form. */
export function CategoryOptions() {
  return DOCUMENT_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {category}
    </option>
  ));
}

// The details dialog of each document: after the list, where its no-script fallback (the page at
// `?details-{id}`) shows the form in the page.

export const detailsParam = (id: string) => `details-${id}`;

/** What the dialog was opened at: the values it starts from and the version its save is checked against. */
interface Opened {
  version: number;
  title: string;
  description: string;
  category: string;
  /** The answer showing when it opened: an older answer's messages are not this opening's. */
  staleResult: ActionResult | undefined;
}

export function DetailsDialog({
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
        <Field
          id="details-category"
          label="Category"
          error={errors.category}
          control={(aria) => (
            <NativeSelect
              id="details-category"
              name="category"
              defaultValue={values?.category ?? start.category}
              {...aria}
            >
              <CategoryOptions />
            </NativeSelect>
          )}
        />
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
