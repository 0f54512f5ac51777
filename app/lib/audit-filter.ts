import { isIsoDate } from "./dates";
import { isUuid } from "./ids";

// The audit log's filters, as its address carries them (?person=&member=&action=&from=&to=), so a
// filtered list can be bookmarked or sent to someone; the screen, its CSV and the member profile's
// link read and write them here.

/**
 * The kinds of entry a person can pick, in plain words. Each names the actions it covers as SQL
 * LIKE patterns (`%` is any text); an action may fall in more than one group ("document.deleted"
 * is both a document change and a deletion). Every action the app writes belongs to one at least
 * (audit-format.test.ts checks this against the code).
 */
export const ACTION_GROUPS = {
  // "person.%": someone outside the registry, found by their address (a data request, issue 33).
  members: { label: "Members: added, changed, deleted", patterns: ["member.%", "person.%"] },
  exports: { label: "Exports", patterns: ["export.%", "%.exported"] },
  "sign-ins": { label: "Sign-ins", patterns: ["auth.signed-%"] },
  "failed-sign-ins": { label: "Failed sign-ins", patterns: ["auth.%-failed"] },
  passwords: {
    label: "Passwords and two-factor sign-in",
    patterns: ["auth.password-%", "%.password-%", "%two-factor%", "%backup-codes%", "staff.invitation-%"],
  },
  staff: { label: "Staff accounts and roles", patterns: ["staff.%", "role.%"] },
  account: { label: "Own account changes", patterns: ["account.%"] },
  settings: { label: "Settings", patterns: ["settings.%", "retention.changed"] },
  retention: { label: "Data retention: settings and clean-ups", patterns: ["retention.%"] },
  backups: { label: "Backups: made, downloaded, restored", patterns: ["backup.%", "settings.backup-copy-%"] },
  website: { label: "Website", patterns: ["site.%", "ministry-image.%"] },
  content: {
    label: "Sermons, ministry videos and events",
    patterns: ["sermon.%", "ministry-video.%", "event.%"],
  },
  registrations: { label: "Event check-in", patterns: ["registration.%"] },
  documents: { label: "eLibrary documents", patterns: ["document.%"] },
  "uploads-deletions": {
    label: "Uploads and deletions",
    patterns: ["%.uploaded", "%-uploaded", "%.replaced", "%.deleted", "%.erased", "site.demo-removed"],
  },
  messages: { label: "Messages", patterns: ["inbox.%", "outbox.%"] },
  announcements: {
    label: "Announcements: sent, scheduled, cancelled, unsubscribed, saved lists",
    patterns: ["announcement.%", "person.unsubscribed", "saved-list.%"],
  },
  rosters: {
    label: "Serving rosters: teams, plans, seats",
    patterns: ["roster.%", "export.roster-%"],
  },
  groups: {
    label: "Groups and attendance: groups, attendance, headcounts",
    patterns: ["group.%", "headcount.%", "attendance.%", "export.attendance-%"],
  },
  care: {
    label: "Care: follow-ups, workflows, prayer requests, pastoral visits",
    patterns: ["follow-up.%", "workflow.%", "prayer.%", "visit.%", "attendance.follow-up"],
  },
} as const satisfies Record<string, { label: string; patterns: readonly string[] }>;

export type ActionGroup = keyof typeof ACTION_GROUPS;

const isActionGroup = (value: string): value is ActionGroup => Object.hasOwn(ACTION_GROUPS, value);

/** True when `action` is one of the group's: the LIKE patterns, read the way the database reads them. */
export function actionInGroup(action: string, group: ActionGroup): boolean {
  return ACTION_GROUPS[group].patterns.some((pattern) =>
    new RegExp(`^${pattern.split("%").map(escapeRegExp).join(".*")}$`).test(action),
  );
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The person filter's value for entries made without an account: visitors, the site, the console. */
export const NO_ACCOUNT = "none";

export interface AuditFilter {
  /** "" for anyone, NO_ACCOUNT, or a staff account's id. */
  person: string;
  /** "" for any, or the id of the member the entries are about. */
  member: string;
  action: ActionGroup | "";
  /** YYYY-MM-DD, the first day shown (in the church's time zone), or "". */
  from: string;
  /** YYYY-MM-DD, the last day shown, or "". */
  to: string;
}

export type AuditFilterErrors = Partial<Record<keyof AuditFilter, string>>;

export const EMPTY_AUDIT_FILTER: AuditFilter = { person: "", member: "", action: "", from: "", to: "" };

/**
 * The filters from the address. A value that cannot be right (an edited or outdated link) is kept,
 * so the form shows it, and named in `errors`; the list is not shown for a filter with errors.
 */
export function readAuditFilter(params: URLSearchParams): { filter: AuditFilter; errors: AuditFilterErrors } {
  const value = (name: string) => (params.get(name) ?? "").trim().slice(0, 100);
  const filter: AuditFilter = {
    person: value("person"),
    member: value("member"),
    action: "",
    from: value("from"),
    to: value("to"),
  };
  const errors: AuditFilterErrors = {};
  if (filter.person && filter.person !== NO_ACCOUNT && !isUuid(filter.person))
    errors.person = "Please choose a person from the list.";
  if (filter.member && !isUuid(filter.member)) errors.member = "Please choose a member from the list.";
  const action = value("action");
  if (isActionGroup(action)) filter.action = action;
  else if (action) errors.action = "Please choose a kind of entry from the list.";
  if (filter.from && !isIsoDate(filter.from)) errors.from = "Please enter a date, such as 2026-11-23.";
  if (filter.to && !isIsoDate(filter.to)) errors.to = "Please enter a date, such as 2026-11-23.";
  if (!errors.from && !errors.to && filter.from && filter.to && filter.to < filter.from)
    errors.to = "The end date is before the start date.";
  return { filter, errors };
}

/** The query string for these filters (empty ones left out) and page: "?member=…&page=2", or "". */
export function auditSearch(filter: AuditFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const name of ["person", "member", "action", "from", "to"] as const)
    if (filter[name]) params.set(name, filter[name]);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function isFiltered(filter: AuditFilter): boolean {
  return auditSearch(filter) !== "";
}
