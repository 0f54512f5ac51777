import type { ClosedLeaderLink } from "~/server/groups/leader-links.server";

// The pieces of a leader's attendance page (issue 37): its texts, a notice, and the page that says
// why a link opens nothing. Plain HTML: the page runs no script.

/** The token must not travel to other sites, and no cache keeps the page. */
export const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export const attendanceTexts = {
  eyebrow: "Group Attendance",
  busy: "Too many requests from your connection. Please wait a minute and try again.",
  future: "That date has not come yet: attendance can be recorded on the day of the meeting or after.",
  closed: {
    invalid:
      "This link is not valid. Please open the link from the church's message exactly as it is, or ask the church office for a new one.",
    expired: "This link has run out. Please ask the church office for a new one.",
    "not-leader":
      "This link no longer records attendance: it was made for a leader of the group, and the church's records no longer show you leading it. Please ask the church office.",
  } satisfies Record<ClosedLeaderLink, string>,
};

export const CLOSED_STATUS: Record<ClosedLeaderLink, number> = {
  invalid: 404,
  expired: 410,
  "not-leader": 403,
};

export { ClosedLinkPage as ClosedLink, Notice } from "~/components/link-page-notices";
