import { LoaderCircle, Pencil, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "./ui/button";

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
