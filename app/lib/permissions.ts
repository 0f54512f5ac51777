/**
 * The roles a staff account can have:
 * - admin: everything, including staff accounts, security settings and the audit log;
 * - staff: the member registry, reports and exports, registrations and messages;
 * - editor: the website's content, sermons, videos, events, documents and ministry images.
 */
export const ROLES = ["admin", "staff", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", staff: "Staff", editor: "Editor" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin:
    "Everything, including staff accounts, security settings, the audit log and erasing a person for good.",
  staff: "Members, reports and exports, registrations and messages.",
  editor: "Website content, sermons, ministry videos, events, documents and ministry images.",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

// One table of who may do what; guards check it on the server and screens use it to show only
// what a person can use.
const GRANTS = {
  "members:read": ["admin", "staff"],
  "members:write": ["admin", "staff"],
  /** Erase a person for good: the member and everything linked by e-mail or mobile (issue 23). */
  "members:erase": ["admin"],
  "reports:read": ["admin", "staff"],
  "registrations:read": ["admin", "staff"],
  /** Mark registrants as arrived at the door (the check-in list of an event). */
  "registrations:check-in": ["admin", "staff"],
  /** The inbox: read connect messages and sign-ups, mark them, reply by e-mail; own notifications. */
  "messages:read": ["admin", "staff"],
  /** Sermons, ministry videos, events, eLibrary documents, ministry images. */
  "content:write": ["admin", "editor"],
  /** The Website section and demo content. */
  "site:write": ["admin", "editor"],
  "passcode:change": ["admin"],
  /** The notification default for accounts that have not chosen. */
  "notifications:defaults": ["admin"],
  /** Staff accounts: invite, change role, disable, delete; require two-factor sign-in. */
  "staff:manage": ["admin"],
  "audit:read": ["admin"],
  /** The daily backup's outcome on the dashboard. */
  "backups:read": ["admin"],
  /** The site's own settings: its address, the mail server, the outbox after a quiet time (issue 32). */
  "settings:manage": ["admin"],
  /** Back up now, download, restore, the off-site copy (issue 32). */
  "backups:manage": ["admin"],
  /** How long personal data is kept (data retention), and the retention job's last run. */
  "privacy:manage": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof GRANTS;

export const PERMISSIONS = Object.keys(GRANTS) as Permission[];

export function can(user: { role: Role } | null | undefined, action: Permission): boolean {
  return !!user && (GRANTS[action] as readonly Role[]).includes(user.role);
}

/** The roles that have `action`, e.g. to find who may be told about a message. */
export function rolesWith(action: Permission): Role[] {
  return [...(GRANTS[action] as readonly Role[])];
}
