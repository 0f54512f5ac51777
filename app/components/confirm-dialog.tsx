import { LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { showToast } from "~/lib/toast";
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
 * The dialog both confirm buttons open: the question, what goes (`details`), and a form posting
 * `fields` to `action` in the background through the fetcher `fetcherKey`.
 */
function ConfirmDialog({
  trigger,
  question,
  details,
  fields,
  confirmLabel,
  fetcherKey,
  action,
}: {
  trigger: (busy: boolean) => ReactNode;
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
      <DialogContent title="Please confirm" description={question} role="alertdialog">
        {details}
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={() => setOpen(false)}
          className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
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
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A delete button that asks first. The dialog posts `intent` and `id` to `action` in the
 * background; the page shows the outcome with `useDeleteToast(fetcherKey)`.
 */
export function ConfirmDeleteButton({
  id,
  question,
  action,
  label,
  fetcherKey,
  intent = "delete",
  children,
}: {
  id: string;
  question: string;
  action?: string;
  /** Accessible name of the trigger, e.g. "Delete Ana Cruz". */
  label: string;
  fetcherKey: string;
  intent?: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      question={question}
      fields={{ intent, id }}
      confirmLabel="Delete"
      fetcherKey={fetcherKey}
      action={action}
      trigger={() => (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
          className="text-destructive"
        >
          {children ?? <Trash2 aria-hidden="true" />}
        </Button>
      )}
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
