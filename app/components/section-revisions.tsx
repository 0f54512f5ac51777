import { RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/format";
import { Button } from "./ui/button";

// A website section's saved versions, newest first, each with who saved it, when, what changed and
// a button to restore it (the English section's and its Filipino version's history alike).

export interface SectionRevision {
  version: number;
  savedBy: string;
  savedAt: string;
  note?: string | null;
  /** The labels of the fields it changed, in the form's order. */
  changed: string[];
}

export function SectionRevisions({
  revisions,
  shown,
  busy,
  restoreForm,
}: {
  revisions: SectionRevision[];
  /** The version on screen now: it has no restore button. */
  shown: number;
  busy: boolean;
  /** The form around a revision's restore button, with its hidden fields. */
  restoreForm: (revision: SectionRevision, button: ReactNode) => ReactNode;
}) {
  return (
    <ol className="mt-3 grid gap-3" data-testid="revisions">
      {revisions.map((revision) => (
        <li
          key={revision.version}
          className="grid gap-1 border-b border-border pb-3 text-sm last:border-0 last:pb-0"
        >
          <p className="font-medium text-navy">
            Version {revision.version}
            {revision.version === shown ? (
              <span className="ml-2 text-xs text-muted-foreground">(shown now)</span>
            ) : null}
          </p>
          <p className="text-muted-foreground wrap-anywhere">
            {revision.savedBy}, {formatDateTime(revision.savedAt)}
          </p>
          {revision.note ? <p className="text-muted-foreground">{revision.note}</p> : null}
          {revision.changed.length ? (
            <p className="text-muted-foreground">Changed: {revision.changed.join(", ")}</p>
          ) : null}
          {revision.version !== shown
            ? restoreForm(
                revision,
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  <RotateCcw aria-hidden="true" />
                  Restore version {revision.version}
                </Button>,
              )
            : null}
        </li>
      ))}
    </ol>
  );
}
