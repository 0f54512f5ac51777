import { CalendarCheck, ClipboardList, MessageSquare, type LucideIcon } from "lucide-react";
import { KIND_LABELS, STATUS_LABELS, type InboxKind, type InboxStatus } from "~/lib/inbox";
import { cn } from "~/lib/utils";

const KIND_ICONS: Record<InboxKind, LucideIcon> = {
  connect: MessageSquare,
  ministry: ClipboardList,
  event: CalendarCheck,
};

/** What an inbox item is: a message, a ministry sign-up or an event registration. */
export function KindLabel({ kind, className }: { kind: InboxKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span className={cn("inline-flex items-center gap-1.5 font-medium text-primary", className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {KIND_LABELS[kind]}
    </span>
  );
}

/** New, Handled or Archived. */
export function StatusBadge({ status, className }: { status: InboxStatus; className?: string }) {
  return (
    <span
      data-testid="inbox-status"
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        status === "new" && "bg-primary text-primary-foreground",
        status === "handled" && "bg-success/10 text-success",
        status === "archived" && "bg-muted text-muted-foreground ring-1 ring-border",
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
