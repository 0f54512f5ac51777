import type { MessageKey } from "~/lib/i18n";
import type { ClosedLeaderLink } from "~/server/groups/leader-links.server";

// The pieces of a leader's attendance page (issue 37): its texts' keys (issue 39: the page is in
// English and, under /fil, in Filipino), a notice, and the page that says why a link opens
// nothing. Plain HTML: the page runs no script.

/** The token must not travel to other sites, and no cache keeps the page. */
export const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export const attendanceTexts = {
  eyebrow: "attendance.eyebrow",
  busy: "attendance.busy",
  future: "attendance.future",
  closed: {
    invalid: "attendance.closed.invalid",
    expired: "attendance.closed.expired",
    "not-leader": "attendance.closed.notLeader",
  } satisfies Record<ClosedLeaderLink, MessageKey>,
} as const;

export const CLOSED_STATUS: Record<ClosedLeaderLink, number> = {
  invalid: 404,
  expired: 410,
  "not-leader": 403,
};

export { ClosedLinkPage as ClosedLink, Notice } from "~/components/link-page-notices";
