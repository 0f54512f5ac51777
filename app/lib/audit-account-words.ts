// The audit log's words for staff accounts, roles and a person's own account: one sentence per
// action, with the subject, role and values the entry kept (see audit-format.ts).

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface AccountEntry {
  subject: string;
  role: string | null;
  roleChange: { from: string | null; to: string | null };
  details: Record<string, unknown>;
}

export const ACCOUNT_DESCRIPTIONS: Record<string, (e: AccountEntry) => string> = {
  // Staff accounts
  "staff.created": (e) => `created staff account ${e.subject}${e.role ? ` (${e.role})` : ""}`,
  "staff.invited": (e) => `invited ${e.subject}${e.role ? ` as ${e.role}` : ""}`,
  "staff.invitation-accepted": () => "accepted the invitation and chose a password",
  "staff.reset-by-console": (e) =>
    `reset staff account ${e.subject} from the server console: new password, role ${e.role ?? "Admin"}`,
  "staff.role-changed": (e) => {
    const { from, to } = e.roleChange;
    return from && to ? `changed role of ${e.subject} from ${from} to ${to}` : `changed role of ${e.subject}`;
  },
  "staff.disabled": (e) => `disabled staff account ${e.subject}`,
  "staff.enabled": (e) => `enabled staff account ${e.subject}`,
  "staff.deleted": (e) => `deleted staff account ${e.subject}`,
  "staff.ministries-changed": (e) => `changed the ministries of ${e.subject}`,
  "staff.member-linked": (e) => `linked staff account ${e.subject} to a member of the registry`,
  "staff.member-unlinked": (e) => `unlinked staff account ${e.subject} from the registry`,

  // Roles (issue 34)
  "role.created": (e) => `created role ${e.subject}`,
  "role.changed": (e) =>
    typeof e.details.renamedFrom === "string"
      ? `renamed role ${e.details.renamedFrom} to ${e.subject} and changed what it may do`
      : `changed what role ${e.subject} may do`,
  "role.deleted": (e) => `deleted role ${e.subject}`,
  "staff.signed-out-everywhere": (e) => `signed ${e.subject} out everywhere`,
  "staff.password-link-created": (e) => `made a password link for ${e.subject}`,
  "staff.invitation-resent": (e) => `sent ${e.subject} a new invitation link`,
  "staff.reset-link-made": (e) => `made a password reset link for ${e.subject}`,
  "staff.email-changed": (e) =>
    `changed the e-mail address of ${e.subject}${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""}`,

  // Own account
  "account.notifications-changed": () => "changed own e-mail notifications",
  "account.password-changed": () => "changed own password",
  "account.name-changed": () => "changed own name",
  "account.email-change-requested": (e) =>
    `asked to change own e-mail address${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""} (a link to confirm was sent there)`,
  "account.email-changed": (e) =>
    `changed own e-mail address${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""}`,
  "account.two-factor-enabled": () => "turned on two-factor sign-in",
  "account.two-factor-disabled": () => "turned off two-factor sign-in",
  "account.backup-codes-regenerated": () => "made new two-factor backup codes",
  "account.session-revoked": () => "signed out one of own devices",
  "account.signed-out-elsewhere": () => "signed out own other devices",
};
