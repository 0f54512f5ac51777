import { LoaderCircle, Pencil, X } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { z } from "zod";
import { firstErrors, type ActionResult, type ToastMessage } from "~/lib/action-result";
import { focusFirstError, formValues } from "~/lib/form-values";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { useDeleteToast } from "./confirm-dialog";
import { Button, buttonVariants } from "./ui/button";

/**
 * The state of a "form plus list" screen (sermons, ministry videos): the item being edited, the
 * messages under the fields (the server's and the browser's own check), what was typed, the
 * toasts, and a form key that starts the fields afresh for each mode, item and answer.
 */
export function useEditableScreen<Item extends { id: string }>(options: {
  editing: Item | null;
  loadFailed: boolean;
  actionData: ActionResult | undefined;
  /** Names the screen's toasts and its delete buttons' fetcher ("sermon", "video"). */
  noun: string;
  /** The spec's toast when the list cannot be read, e.g. "Error fetching sermons". */
  loadFailedTitle: string;
  schema: z.ZodType;
  problemToast: (error: z.ZodError) => ToastMessage;
}) {
  const { actionData, loadFailed, loadFailedTitle, noun } = options;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  useDeleteToast(`delete-${noun}`);

  useEffect(() => {
    if (loadFailed)
      showToast({ title: loadFailedTitle, description: "Please reload the page.", variant: "destructive" });
  }, [loadFailed, loadFailedTitle]);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `${noun}-${actionData.at}` });
  }, [actionData, noun]);

  const editing = options.editing && searchParams.has("edit") ? options.editing : null;
  return {
    editing,
    errors: { ...actionData?.fieldErrors, ...clientErrors },
    values: actionData?.values,
    formKey: `${editing ? editing.id : "new"}-${actionData?.at ?? 0}`,
    isSubmitting: navigation.state === "submitting",
    // The same schema as the server: mistakes are shown at once, without a round trip.
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const parsed = options.schema.safeParse(formValues(event.currentTarget));
      if (parsed.success) return setClientErrors({});
      event.preventDefault();
      const found = firstErrors(parsed.error.issues);
      setClientErrors(found);
      focusFirstError(event.currentTarget, found);
      showToast({ ...options.problemToast(parsed.error), variant: "destructive" });
    },
  };
}

/**
 * The form half of a "form plus list" screen (sermons, videos, events): in create mode it adds,
 * in edit mode (`?edit=id`) it saves the chosen item and offers 'Cancel Edit'.
 */
export function ContentFormCard({
  title,
  editingId,
  cancelTo,
  submitLabel,
  isSubmitting,
  encType,
  onSubmit,
  children,
}: {
  title: string;
  editingId: string | null;
  cancelTo: string;
  submitLabel: string;
  isSubmitting: boolean;
  encType?: "multipart/form-data";
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={encType}
      onSubmit={onSubmit}
      className="grid gap-5 rounded-xl border border-border bg-background p-6 shadow-sm"
      aria-label={title}
      noValidate
    >
      <h2 className="text-lg font-semibold text-navy">{title}</h2>
      <input type="hidden" name="intent" value={editingId ? "update" : "create"} />
      {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
      {children}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg" disabled={isSubmitting} className="flex-1">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
        {editingId ? (
          <Link
            to={cancelTo}
            className={buttonVariants({ variant: "outline", size: "lg" })}
            preventScrollReset
          >
            <X aria-hidden="true" />
            Cancel Edit
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The edit link of a listed item: opens the form in edit mode for it. */
export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className={buttonVariants({ variant: "ghost", size: "icon" })}
      aria-label={label}
      title="Edit"
      preventScrollReset
    >
      <Pencil aria-hidden="true" />
    </Link>
  );
}

/** The list half: a titled card, with a message when it is empty. */
export function ContentListCard({
  title,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-background p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {isEmpty ? (
        <p className="mt-4 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">{children}</ul>
      )}
    </section>
  );
}

/**
 * The form of a "form with a file plus list" staff screen (events, sermons): the loader's item in
 * edit mode (`?edit=`), the same schema as the server checked first (its first problem as a
 * toast, each field's message, the cursor on the first), then the form sent with progress; after
 * a save the form starts afresh (edit mode ends, a new item shows in the list).
 */
export function useUploadForm<Item>(options: {
  screen: string;
  editing: Item | null | undefined;
  loadFailed: boolean | undefined;
  loadFailedTitle: string;
  /** The delete buttons' fetcher key, whose answers become toasts. */
  deleteKey: string;
  schema: z.ZodType;
  problemToast: (error: z.ZodError) => ToastMessage;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const upload = useUpload();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  useDeleteToast(options.deleteKey);
  const { loadFailed, loadFailedTitle } = options;
  useEffect(() => {
    if (loadFailed)
      showToast({ title: loadFailedTitle, description: "Please reload the page.", variant: "destructive" });
  }, [loadFailed, loadFailedTitle]);

  const isEditing = Boolean(options.editing) && searchParams.has("edit");
  const current = isEditing ? options.editing! : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = options.schema.safeParse(formValues(form));
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      focusFirstError(form, found);
      showToast({ ...options.problemToast(parsed.error), variant: "destructive" });
      return;
    }
    setErrors({});
    const answer = await upload.send(form.action, new FormData(form));
    showToast(answer.toast);
    if (!answer.ok) {
      setErrors(answer.fieldErrors ?? {});
      focusFirstError(form, answer.fieldErrors ?? {});
      return;
    }
    setFormKey((key) => key + 1);
    if (isEditing) navigate(options.screen, { preventScrollReset: true });
    else await revalidator.revalidate();
  }

  return {
    isEditing,
    current,
    errors,
    formKey,
    onSubmit,
    progress: upload.progress,
    isUploading: upload.isUploading,
  };
}
