import {
  CalendarCheck,
  ClipboardList,
  MessageSquare,
  type LucideIcon,
  UsersRound,
} from "lucide-react";
import { KIND_LABELS, STATUS_LABELS, type InboxKind, type InboxStatus } from "~/lib/inbox";
import { cn } from "~/lib/utils";
import { StatusBadge as Badge, type StatusTone } from "./status-badge";

const KIND_ICONS: Record<InboxKind, LucideIcon> = {
  connect: MessageSquare,
  ministry: ClipboardList,
  event: CalendarCheck,
  group: UsersRound,
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

const STATUS_TONES: Record<InboxStatus, StatusTone> = { new: "new", handled: "good", archived: "neutral" };

/** New, Handled or Archived. */
export function StatusBadge({ status, className }: { status: InboxStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} testId="inbox-status" className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const EMAIL_STATUSES: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: "Waiting to be sent", tone: "waiting" },
  sent: { label: "Sent", tone: "good" },
  failed: { label: "Not sent", tone: "bad" },
  held: { label: "Held until you choose", tone: "waiting" },
  expired: { label: "Expired, not sent", tone: "neutral" },
  discarded: { label: "Discarded", tone: "neutral" },
};

/** Where an e-mail of the outbox stands: waiting, held, sent, not sent (given up), expired or discarded. */
export function EmailStatusBadge({ status, className }: { status: string; className?: string }) {
  const known = EMAIL_STATUSES[status] ?? { label: status, tone: "neutral" as const };
  return (
    <Badge tone={known.tone} testId="email-status" className={className}>
      {known.label}
    </Badge>
  );
}
