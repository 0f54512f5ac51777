import { LoaderCircle, Undo2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogTrigger } from "./ui/dialog";

/** The fetcher key of the import screens' background posts (undo, discard); show its toast with useDeleteToast. */
export const IMPORT_FETCHER_KEY = "member-import";

/**
 * "Undo import": asks first, naming the file and how many members go, then posts the undo to the
 * import's own address in the background.
 */
export function UndoImportButton({
  importId,
  fileName,
  remaining,
}: {
  importId: string;
  fileName: string;
  /** The members the import created that are still in the list. */
  remaining: number;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>({ key: IMPORT_FETCHER_KEY });
  const busy = fetcher.state !== "idle";
  const members = `${remaining.toLocaleString("en")} member${remaining === 1 ? "" : "s"}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-destructive"
          disabled={busy}
          aria-label={`Undo import of ${fileName}`}
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
          Undo import
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Undo this import?"
        description={`This removes the ${members} added from “${fileName}”. Their records cannot be restored; you can import the file again.`}
        role="alertdialog"
      >
        <fetcher.Form
          method="post"
          action={`/members/import/${importId}`}
          onSubmit={() => setOpen(false)}
          className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="undo" />
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            <Undo2 aria-hidden="true" />
            Undo import, remove {members}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
