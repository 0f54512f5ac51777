// Care and follow-up (issue 38): the words and the date rules the screens, the dashboard and the
// daily digest share.

export const FOLLOW_UP_STATUSES = ["open", "waiting", "done", "no-response"] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = {
  open: "Open",
  waiting: "Waiting for them",
  done: "Done",
  "no-response": "No response",
};

/** Whether the follow-up is still someone's to do. */
export const isOpenStatus = (status: string) => status === "open" || status === "waiting";

export const FOLLOW_UP_SOURCE_LABELS: Record<string, string> = {
  manual: "Started by staff",
  connect: "Connect message",
  "check-in": "First check-in",
  event: "Event registration",
  "ask-to-join": "Asked to join a group",
  "not-seen": "Not seen lately",
  prayer: "Prayer request",
};

/** The reason of the follow-ups the site starts for someone new (the New visitor workflow's). */
export const NEW_VISITOR_REASON = "New visitor";

export const CARE_TRIGGER_LABELS: Record<string, string> = {
  "new-visitor": "Someone new (connect message, first check-in, event registration)",
  "ask-to-join": "Someone asks to join a group",
  "not-seen": "“Follow up” on Not seen lately",
};

/**
 * The day a follow-up is next due in a list: its due date, or the day it is snoozed to when that
 * is later.
 */
export function effectiveDue(row: { dueOn: string; snoozedUntil: string | null }): string {
  return row.snoozedUntil && row.snoozedUntil > row.dueOn ? row.snoozedUntil : row.dueOn;
}

/** Overdue: still open, and its (effective) due date is before today. */
export function isOverdue(
  row: { status: string; dueOn: string; snoozedUntil: string | null },
  today: string,
): boolean {
  return isOpenStatus(row.status) && effectiveDue(row) < today;
}

export const PRAYER_VISIBILITIES = ["private", "team", "shared"] as const;
export type PrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];

export const PRAYER_VISIBILITY_LABELS: Record<PrayerVisibility, string> = {
  private: "Private: pastors only",
  team: "Prayer team",
  shared: "Shared in the weekly digest, without names",
};

export const VISIT_KINDS = ["visit", "hospital", "call", "message"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const VISIT_KIND_LABELS: Record<VisitKind, string> = {
  visit: "Home visit",
  hospital: "Hospital visit",
  call: "Phone call",
  message: "Message",
};
