import { LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { showToast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogTrigger } from "./ui/dialog";

/**
 * Shows the toast of the deletions made through `ConfirmDeleteButton`s sharing `fetcherKey`.
 * Call it in the page: the deleted row (and its button) is gone by the time the answer arrives.
 */
export function useDeleteToast(fetcherKey: string) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      showToast({ ...fetcher.data.toast, id: `${fetcherKey}-${fetcher.data.at}` });
    }
  }, [fetcher.state, fetcher.data, fetcherKey]);
}

/**
 * The dialog both confirm buttons open: the title (what it does, to whom), the question, what goes
 * (`details`), and a form posting `fields` to `action` in the background through the fetcher
 * `fetcherKey`.
 */
function ConfirmDialog({
  trigger,
  title = "Please confirm",
  question,
  details,
  fields,
  confirmLabel,
  fetcherKey,
  action,
  options,
}: {
  trigger: (busy: boolean) => ReactNode;
  /** Choices sent with the confirmation (e.g. a checkbox), above the buttons. */
  options?: ReactNode;
  title?: string;
  question: string;
  details?: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  fetcherKey: string;
  action?: string;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger(busy)}</DialogTrigger>
      <DialogContent title={title} description={question} role="alertdialog">
        {details}
        <fetcher.Form method="post" action={action} onSubmit={() => setOpen(false)} className="grid gap-4">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {options}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              {confirmLabel}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A delete button that asks first. The dialog posts `intent` and `id` to `action` in the
 * background; the page shows the outcome with `useDeleteToast(fetcherKey)`. The trigger is an
 * icon, or a button with words when `text` is given.
 */
export function ConfirmDeleteButton({
  id,
  question,
  action,
  label,
  fetcherKey,
  intent = "delete",
  title,
  details,
  confirmLabel = "Delete",
  text,
  className,
  children,
  options,
}: {
  id: string;
  question: string;
  /** Choices sent with the confirmation (e.g. "also the later dates"). */
  options?: ReactNode;
  action?: string;
  /** Accessible name of the icon trigger, e.g. "Delete Ana Cruz" (a trigger with `text` is named by it). */
  label: string;
  fetcherKey: string;
  intent?: string;
  /** The dialog's title, naming what goes, e.g. "Delete Ana Cruz?" ("Please confirm" when not given). */
  title?: string;
  /** More about what happens, under the question. */
  details?: ReactNode;
  confirmLabel?: string;
  /**
   * The trigger's words, for a button with text instead of an icon; they are its accessible name
   * (put a name that is not shown in an sr-only span: Delete<span class="sr-only"> Ana Cruz</span>).
   */
  text?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={title}
      question={question}
      details={details}
      fields={{ intent, id }}
      options={options}
      confirmLabel={confirmLabel}
      fetcherKey={fetcherKey}
      action={action}
      trigger={(busy) =>
        text ? (
          <Button
            type="button"
            variant="outline"
            className={cn("text-destructive", className)}
            disabled={busy}
          >
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Trash2 aria-hidden="true" />
            )}
            {/* One flex item, so a hidden name inside the words adds no gap. */}
            <span>{text}</span>
          </Button>
        ) : (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            title={label}
            className={cn("text-destructive", className)}
          >
            {children ?? <Trash2 aria-hidden="true" />}
          </Button>
        )
      }
    />
  );
}

/**
 * A button for one action that removes several things at once: the dialog says what goes (the
 * `question`, then `children`, e.g. a list of titles) and posts `intent` to `action` in the
 * background; the page shows the outcome with `useDeleteToast(fetcherKey)`.
 */
export function ConfirmActionButton({
  label,
  question,
  confirmLabel,
  intent,
  fetcherKey,
  action,
  children,
}: {
  /** The trigger's text. */
  label: string;
  question: string;
  confirmLabel: string;
  intent: string;
  fetcherKey: string;
  action?: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      question={question}
      details={children}
      fields={{ intent }}
      confirmLabel={confirmLabel}
      fetcherKey={fetcherKey}
      action={action}
      trigger={(busy) => (
        <Button type="button" variant="outline" size="sm" className="text-destructive" disabled={busy}>
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {label}
        </Button>
      )}
    />
  );
}
