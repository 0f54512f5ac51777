import { LoaderCircle, Pencil, X } from "lucide-react";
import { useEffect, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { z } from "zod";
import { firstErrors, type ActionResult, type ToastMessage } from "~/lib/action-result";
import { focusFirstError, formValues } from "~/lib/form-values";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { ConfirmDeleteButton, useDeleteToast } from "./confirm-dialog";
import { FormField } from "./form-field";
import { Button, buttonVariants } from "./ui/button";
import { useLoadFailedToast } from "~/components/load-failed-toast";

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
  useLoadFailedToast(loadFailed, loadFailedTitle);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `${noun}-${actionData.at}` });
  }, [actionData, noun]);

  const editing = options.editing && searchParams.has("edit") ? options.editing : null;
  const errors = { ...actionData?.fieldErrors, ...clientErrors };
  return {
    editing,
    errors,
    field: fieldBinder(errors),
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
 * in edit mode (`?edit=id`) it saves the chosen item and offers 'Cancel Edit'. A form with a file
 * posts to its upload route (`action`) as multipart.
 */
export function ContentFormCard({
  title,
  editingId,
  cancelTo,
  submitLabel,
  isSubmitting,
  action,
  onSubmit,
  fitColumn = false,
  children,
}: {
  title: string;
  editingId: string | null;
  cancelTo: string;
  submitLabel: string;
  isSubmitting: boolean;
  action?: string;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  /** Long choices and labels stay within the column: its track may shrink, the buttons wrap. */
  fitColumn?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      encType={action ? "multipart/form-data" : undefined}
      onSubmit={onSubmit}
      className={`grid ${fitColumn ? "grid-cols-[minmax(0,1fr)] " : ""}gap-5 rounded-xl border border-border bg-background p-6 shadow-sm`}
      aria-label={title}
      noValidate
    >
      <h2 className="text-lg font-semibold text-navy">{title}</h2>
      <input type="hidden" name="intent" value={editingId ? "update" : "create"} />
      {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
      {children}
      <div className={`flex flex-col gap-3 sm:flex-row${fitColumn ? " sm:flex-wrap" : ""}`}>
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting}
          className={fitColumn ? "flex-auto" : "flex-1"}
        >
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

/** The file field of an upload form, as tall as the browser's file button needs. */
export function FileField({
  name,
  ...field
}: { name: string } & Omit<ComponentProps<typeof FormField>, "id" | "name" | "type" | "className">) {
  return (
    <FormField id={name} name={name} type="file" className="[&_input]:h-auto [&_input]:py-2" {...field} />
  );
}

/**
 * The list half: a titled card, with a message when it is empty. Each item shows its picture, its
 * title and the lines `children` draws, then its edit link (the form in edit mode for it) and its
 * delete button; `noun` names the rows ("event-row"), the question and the delete buttons' fetcher.
 */
export function ContentListCard<Item extends { id: string; title: string }>({
  title,
  order,
  emptyText,
  noun,
  items,
  picture,
  deleteOptions,
  children,
}: {
  title: string;
  /** The list's order in words ("Sorted by date, newest first."), shown under the title. */
  order?: string;
  emptyText: string;
  noun: string;
  items: Item[];
  picture?: (item: Item) => ReactNode;
  /** Choices shown with the question (a repeating event's later dates). */
  deleteOptions?: (item: Item) => ReactNode;
  children: (item: Item) => ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-background p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {order && items.length > 1 ? (
        <p className="mt-1 text-sm text-muted-foreground" data-testid="list-order">
          {order}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3" data-testid={`${noun}-row`}>
              {picture?.(item)}
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 break-words font-medium">{item.title}</p>
                {children(item)}
              </div>
              <Link
                to={`?edit=${item.id}`}
                className={buttonVariants({ variant: "ghost", size: "icon" })}
                aria-label={`Edit ${item.title}`}
                title="Edit"
                preventScrollReset
              >
                <Pencil aria-hidden="true" />
              </Link>
              <ConfirmDeleteButton
                fetcherKey={`delete-${noun}`}
                id={item.id}
                label={`Delete ${item.title}`}
                question={`Are you sure you want to delete this ${noun}?`}
                options={deleteOptions?.(item)}
              />
            </li>
          ))}
        </ul>
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
export function useUploadForm<Item extends { id: string }>(options: {
  screen: string;
  editing: Item | null | undefined;
  loadFailed: boolean | undefined;
  loadFailedTitle: string;
  /** Names the delete buttons' fetcher ("delete-event"), whose answers become toasts. */
  noun: string;
  schema: z.ZodType;
  problemToast: (error: z.ZodError) => ToastMessage;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const upload = useUpload();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  useDeleteToast(`delete-${options.noun}`);
  useLoadFailedToast(options.loadFailed, options.loadFailedTitle);

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
    field: fieldBinder(errors),
    formKey,
    progress: upload.progress,
    isUploading: upload.isUploading,
    /** The form card's part: the item edited, the way back to create mode, the sending. */
    card: {
      editingId: current ? current.id : null,
      cancelTo: options.screen,
      isSubmitting: upload.isUploading,
      onSubmit,
    },
  };
}

/**
 * What every field of a content form shares, from its name: the id, the value it starts with (the
 * item's in edit mode, or what was typed) and its message.
 */
function fieldBinder(errors: Record<string, string>) {
  return (name: string, value: string | number | null | undefined) => ({
    id: name,
    name,
    defaultValue: value ?? "",
    error: errors[name],
  });
}
