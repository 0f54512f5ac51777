// The kinds of e-mail the outbox holds (outbox_emails.kind), in the office's words.
const LABELS: Record<string, string> = {
  "account.invitation": "Staff invitation",
  "account.password-reset": "Password reset link",
  "member.update-link": "Member's update link",
  "confirmation.connect": "Connect message confirmation",
  "confirmation.ministry": "Ministry sign-up confirmation",
  "confirmation.event": "Event registration confirmation",
  "confirmation.event-seat": "Event seat freed",
  "notification.connect": "Staff notification: Connect message",
  "notification.ministry": "Staff notification: ministry sign-up",
  "notification.event": "Staff notification: event registration",
  "notification.prayer": "Pastors' notice: a prayer request came in",
  digest: "Daily summary for staff",
  reply: "Reply from the inbox",
};

export function emailKindLabel(kind: string): string {
  return LABELS[kind] ?? kind;
}

/** The e-mails held since mail was switched on, as the screens show them. */
export interface HeldEmailsView {
  count: number;
  kinds: { kind: string; label: string; count: number; subjects: string[] }[];
}
