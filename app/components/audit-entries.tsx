import type { AuditEntryView } from "~/lib/audit-format";
import { cn } from "~/lib/utils";

/**
 * Audit entries, newest first: cards on a phone, rows under When / Who / What on a wide screen.
 * The audit log shows the address each came from; a member's profile leaves it out.
 */
export function AuditEntries({
  entries,
  label,
  showAddress = true,
  className,
}: {
  entries: AuditEntryView[];
  label: string;
  showAddress?: boolean;
  className?: string;
}) {
  const columns = "lg:grid lg:grid-cols-[11rem_15rem_minmax(0,1fr)] lg:gap-6";
  return (
    <div
      className={cn(
        "lg:overflow-hidden lg:rounded-xl lg:border lg:border-border lg:bg-background lg:shadow-sm",
        className,
      )}
    >
      {/* Column titles for the eye; each entry says the same to a screen reader in its own words. */}
      <div
        aria-hidden="true"
        className={cn(
          "hidden border-b border-border bg-muted/60 px-5 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground",
          columns,
        )}
      >
        <span>When</span>
        <span>Who</span>
        <span>What</span>
      </div>
      <ol aria-label={label} className="grid grid-cols-1 gap-3 lg:gap-0 lg:divide-y lg:divide-border">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-entry"
            className={cn(
              "grid min-w-0 grid-cols-1 gap-1 rounded-xl border border-border bg-background p-4 shadow-sm lg:rounded-none lg:border-0 lg:px-5 lg:py-3 lg:shadow-none",
              columns,
            )}
          >
            <p className="text-sm text-muted-foreground">
              <time dateTime={entry.at}>{entry.when}</time>
              {showAddress && entry.ip ? (
                <span className="wrap-anywhere before:content-['_·_'] lg:block lg:text-xs lg:before:content-none">
                  from {entry.ip}
                </span>
              ) : null}
            </p>
            <p className="min-w-0 text-sm font-semibold text-navy wrap-anywhere">{entry.who}</p>
            <div className="min-w-0 text-sm">
              <p className="break-words" data-testid="audit-summary">
                {entry.summary}
              </p>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 grid grid-cols-1 gap-0.5 text-foreground/90" aria-label="Changes">
                  {entry.changes.map((change, index) => (
                    <li key={index} className="wrap-anywhere">
                      <span className="font-medium">{change.label}:</span> {change.from} → {change.to}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
