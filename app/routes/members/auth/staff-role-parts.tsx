import { Check, Minus } from "lucide-react";
import { describeAccess, type Access, type Level } from "~/lib/permissions";
import { cn } from "~/lib/utils";

// Pieces of the roles screens (the list and one role): a role's rights in plain words.

/** A level as a button shows it. */
export const LEVEL_NAMES: Record<Level, string> = {
  none: "None",
  view: "View",
  edit: "Edit",
  manage: "Manage",
};

/** What a role can and cannot do, in plain words, area by area. */
export function AccessSummary({
  access,
  className,
  compact = false,
}: {
  access: Access;
  className?: string;
  /** What it cannot do in one line (a list of roles stays short on a phone). */
  compact?: boolean;
}) {
  const { can, cannot } = describeAccess(access);
  // Under the role's own heading (h3) in the list; under "In plain words" (h2) on a role's screen.
  const Heading = compact ? "h4" : "h3";
  return (
    <div className={cn("grid gap-3 text-sm", className)} data-testid="role-summary">
      {access.ministryOnly ? (
        <p className="rounded-md bg-gold/15 px-3 py-2 text-navy">
          Only what belongs to the account&apos;s own ministries (set on each account&apos;s screen).
        </p>
      ) : null}
      <div>
        <Heading className="font-semibold text-navy">Can</Heading>
        {can.length === 0 ? (
          <p className="mt-1 text-muted-foreground">Nothing but their own account.</p>
        ) : (
          <ul className="mt-1 grid gap-1" aria-label="Can">
            {can.map((line) => (
              <li key={line} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span className="min-w-0">{line}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {cannot.length > 0 && compact ? (
        <p className="text-muted-foreground">
          <span className="font-semibold text-navy">Cannot: </span>
          {cannot.join(", ")}.
        </p>
      ) : cannot.length > 0 ? (
        <div>
          <Heading className="font-semibold text-navy">Cannot</Heading>
          <ul className="mt-1 grid gap-1 text-muted-foreground" aria-label="Cannot">
            {cannot.map((line) => (
              <li key={line} className="flex gap-2">
                <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">{line}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** "Used by 2 accounts", "Not used". */
export function usedBy(accounts: number): string {
  if (accounts === 0) return "Not given to any account";
  return `Used by ${accounts} ${accounts === 1 ? "account" : "accounts"}`;
}
