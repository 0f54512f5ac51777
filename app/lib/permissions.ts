/** The roles a staff account can have (the staff-accounts issue adds 'editor'). */
export type Role = "admin" | "staff";

// One table of who may do what; guards check it on the server and screens use it to show only
// what a person can use.
const GRANTS = {
  "members:read": ["admin", "staff"],
  "members:write": ["admin", "staff"],
  "reports:read": ["admin", "staff"],
  "registrations:read": ["admin", "staff"],
  /** The inbox: read connect messages and sign-ups, mark them, reply by e-mail. */
  "messages:read": ["admin", "staff"],
  "content:write": ["admin", "staff"],
  /** The Website section and demo content (the staff-accounts issue gives it to editors, not staff). */
  "site:write": ["admin", "staff"],
  "passcode:change": ["admin"],
  /** The notification default for accounts that have not chosen. */
  "notifications:defaults": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof GRANTS;

export function can(user: { role: Role } | null | undefined, action: Permission): boolean {
  return !!user && (GRANTS[action] as readonly Role[]).includes(user.role);
}
