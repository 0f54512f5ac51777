import { FOLLOW_UP_STATUS_LABELS, type FollowUpStatus } from "~/lib/care";
import { StatusBadge, type StatusTone } from "./status-badge";

// A follow-up's status and its Overdue flag (issue 38), the same wherever a follow-up is shown.

const TONES: Record<FollowUpStatus, StatusTone> = {
  open: "new",
  waiting: "waiting",
  done: "good",
  "no-response": "neutral",
};

export function FollowUpStatusBadge({ status }: { status: FollowUpStatus }) {
  return (
    <StatusBadge tone={TONES[status]} testId="follow-up-status">
      {FOLLOW_UP_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

export function OverdueBadge() {
  return (
    <StatusBadge tone="bad" testId="overdue">
      Overdue
    </StatusBadge>
  );
}
