import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * What a status means at a glance, the same on every members screen:
 * - good: active, handled, sent, imported;
 * - bad: inactive, left, disabled, failed (and every membership status but active, as the spec has it);
 * - new: something waiting for a person (a new message, an invitation);
 * - waiting: to be finished (a temporary password, an e-mail waiting to go);
 * - neutral: archived, undone, deleted.
 */
export type StatusTone = "good" | "bad" | "new" | "waiting" | "neutral";

const TONES: Record<StatusTone, string> = {
  good: "bg-success/10 text-success",
  bad: "bg-destructive/10 text-destructive",
  new: "bg-primary text-primary-foreground",
  waiting: "bg-gold/20 text-accent-text",
  neutral: "bg-muted text-muted-foreground ring-1 ring-border",
};

/** The one badge every status is shown with. */
export function StatusBadge({
  tone,
  children,
  className,
  testId,
}: {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      className={cn(
        "inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/**
 * A member's status as stored and as the spec's list shows it ('active' in green, any other value
 * in red).
 */
export function MembershipStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <StatusBadge tone={status === "active" ? "good" : "bad"} testId="member-status" className={className}>
      {status || "N/A"}
    </StatusBadge>
  );
}
