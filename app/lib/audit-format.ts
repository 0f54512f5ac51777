import { labelsOf } from "~/content/member-options";
import { formatFileSize } from "./format";
import { KIND_LABELS, type InboxKind } from "./inbox";
import {
  capitalize,
  cut,
  fieldWords,
  memberField,
  NO_NAMES,
  roleName,
  stringList,
  valueInWords,
  type AuditNames,
} from "./audit-values";
import { ACCOUNT_DESCRIPTIONS } from "./audit-account-words";
import { ANNOUNCEMENT_DESCRIPTIONS } from "./audit-announcement-words";
import { GROUP_DESCRIPTIONS } from "./audit-group-words";
import { CARE_DESCRIPTIONS } from "./audit-care-words";
import { ROSTER_DESCRIPTIONS } from "./audit-roster-words";

// An audit entry in words, the same on the screen, in the CSV and on a member's profile:
// "Changed member Ana Cruz: Mobile 3333 → 4444". Pure: the names of ministries, roles and website
// sections as they are now come in `names`, so an entry written with a key reads with today's name.

/** One audit_log row, as the server reads it. */
export interface AuditRecord {
  id: string;
  at: Date | string;
  actorId: string | null;
  /** The account's e-mail, or 'system', 'console', 'registration-passcode', 'visitor'. */
  actorLabel: string;
  ip: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  subjectLabel: string | null;
  details: Record<string, unknown>;
}

/** One changed field: its label and both values in words. */
export interface ChangeInWords {
  label: string;
  from: string;
  to: string;
}

export interface EntryInWords {
  /** "Changed member Ana Cruz". */
  summary: string;
  changes: ChangeInWords[];
}

/** An entry as the screens show it: when, who, from where, and what in words. */
export interface AuditEntryView extends EntryInWords {
  id: string;
  /** ISO time, for <time dateTime>. */
  at: string;
  /** "Nov 23, 2026, 3:05 PM", the church's time. */
  when: string;
  who: string;
  ip: string | null;
}

export interface WordsOptions {
  /** Longest value shown before it is cut with "…" (the screen); the CSV shows every value whole. */
  maxValueLength?: number;
}

const ACTORS_WITHOUT_ACCOUNT: Record<string, string> = {
  visitor: "Visitor",
  system: "System",
  console: "Console",
  "registration-passcode": "Registration form",
};

/**
 * Who did it: the account's e-mail, or "Visitor", "System", "Console", "Registration form"; a
 * member acting on their own record with their update link is "Member (update link)".
 */
export function actorName(
  entry: Pick<AuditRecord, "actorId" | "actorLabel"> & Partial<Pick<AuditRecord, "action" | "details">>,
): string {
  if (entry.actorId) return entry.actorLabel;
  if (
    entry.actorLabel === "visitor" &&
    (entry.details?.by === "the member" || entry.action === "member.update-requested")
  ) {
    return "Member (update link)";
  }
  return ACTORS_WITHOUT_ACCOUNT[entry.actorLabel] ?? capitalize(entry.actorLabel);
}

/** The entry as one line: the summary, then each change ("Mobile: 3333 → 4444"), "; " between. */
export function entrySentence(words: EntryInWords): string {
  if (words.changes.length === 0) return words.summary;
  return `${words.summary}: ${words.changes.map(changeSentence).join("; ")}`;
}

export function changeSentence(change: ChangeInWords): string {
  return `${change.label}: ${change.from} → ${change.to}`;
}

/** What happened, in words: a summary sentence and the changed fields with old and new values. */
export function describeEntry(
  entry: AuditRecord,
  names: AuditNames = NO_NAMES,
  options: WordsOptions = {},
): EntryInWords {
  const context = new EntryContext(entry, names, options);
  const describe = DESCRIPTIONS[entry.action];
  const summary = describe ? describe(context) : context.fallback();
  return { summary: capitalize(summary), changes: context.changes() };
}

/** The words for each action the app writes; anything else falls back to its name in words. */
const DESCRIPTIONS: Record<string, (e: EntryContext) => string> = {
  // Members
  "member.created": (e) =>
    Array.isArray(e.details.possibleDuplicateOf)
      ? `added member ${e.subject}, to check: it looks like ${e.details.possibleDuplicateOf.length === 1 ? "a member" : `${e.details.possibleDuplicateOf.length} members`} already registered`
      : `added member ${e.subject}`,
  "member.duplicate-kept": (e) => `kept member ${e.subject} after checking it was not a duplicate`,
  "member.updated": (e) =>
    e.hasChanges ? `changed member ${e.subject}` : `saved member ${e.subject} unchanged`,
  "member.deleted": (e) => `deleted member ${e.subject}`,
  "member.restored": (e) => `restored member ${e.subject} from Recently deleted`,
  "member.purged": (e) =>
    typeof e.details.afterDays === "number"
      ? `removed member ${e.subject} for good, ${e.details.afterDays} days after deletion`
      : `removed member ${e.subject} for good`,
  "member.exported": (e) => `exported the personal data of member ${e.subject}`,
  "member.consent-given": (e) =>
    `recorded ${e.details.consent === "email" ? "consent to church e-mails" : "consent to the member registry"} for member ${e.subject}`,
  "member.consent-withdrawn": (e) =>
    `withdrew ${e.details.consent === "email" ? "consent to church e-mails" : "consent to the member registry"} for member ${e.subject}${e.details.by === "unsubscribe link" ? " (the unsubscribe link of an announcement)" : ""}`,
  // Privacy (issue 23): the entry keeps only how much went, never who it was.
  "member.erased": (e) => {
    const removed = e.details.removed as Record<string, unknown> | undefined;
    const linked = Object.entries(removed ?? {})
      .filter(([kind]) => kind !== "member")
      .reduce((sum, [, count]) => sum + (typeof count === "number" ? count : 0), 0);
    return `erased a person for good: their member record and ${linked} linked ${linked === 1 ? "record" : "records"}`;
  },
  // Someone outside the registry, found by their e-mail address (data requests, issue 33). The
  // erasure keeps no address; the export names the one it was for.
  "person.exported": (e) => `exported the personal data held under ${e.subject}`,
  "person.erased": (e) => {
    const removed = e.details.removed as Record<string, unknown> | undefined;
    const total = Object.values(removed ?? {}).reduce<number>(
      (sum, count) => sum + (typeof count === "number" ? count : 0),
      0,
    );
    return `erased a person outside the registry for good: ${total} ${total === 1 ? "record" : "records"}`;
  },
  // A member's own update link and the review of what they sent (privacy issue 23)
  "member.update-link-sent": (e) =>
    `e-mailed member ${e.subject} a link to update their details${typeof e.details.to === "string" ? ` (${e.details.to})` : ""}`,
  "member.update-link-shown": (e) => `showed member ${e.subject} a link to update their details as a QR code`,
  "member.update-link-requested": (e) =>
    `asked on the website for a link to update the details of member ${e.subject}`,
  "member.update-requested": (e) => `sent changes to the details of member ${e.subject} for review`,
  "member.update-accepted": (e) => `accepted a change member ${e.subject} sent`,
  "member.update-rejected": (e) => `rejected a change member ${e.subject} sent`,
  "member.imported": (e) =>
    `imported ${e.count("imported", "member")} from “${e.subject}”${e.details.skipped ? ` (${e.count("skipped", "row")} skipped)` : ""}`,
  "member.import-undone": (e) =>
    `undid the import of “${e.subject}”: removed ${e.count("removed", "member")}`,

  // Exports
  "export.report": (e) => `exported the ${e.subject} report (${e.rows})`,
  "export.registrations": (e) => `exported ${e.subject.toLowerCase()} (${e.rows})`,
  "export.audit": (e) => `exported the audit log (${e.rows})`,

  // Signing in
  "auth.signed-in": () => "signed in",
  "auth.signed-out": () => "signed out",
  "auth.sign-in-failed": (e) => `failed sign-in for ${e.subject} (${e.failure})`,
  "auth.two-factor-failed": (e) => `failed two-factor code for ${e.subject}`,
  "auth.password-reset-requested": (e) => `asked for a password reset link for ${e.subject}`,
  "auth.password-reset": () => "chose a new password with a reset link",

  ...ACCOUNT_DESCRIPTIONS,
  ...ANNOUNCEMENT_DESCRIPTIONS,
  ...ROSTER_DESCRIPTIONS,
  ...GROUP_DESCRIPTIONS,
  ...CARE_DESCRIPTIONS,

  // Settings
  "settings.passcode-changed": () => "changed the registration passcode",
  "settings.two-factor-required": () => "required two-factor sign-in for every staff account",
  "settings.two-factor-optional": () => "made two-factor sign-in optional",
  "settings.notification-defaults-changed": () => "changed the default e-mail notifications",
  "settings.mail-saved": (e) =>
    `changed the e-mail settings${typeof e.details.host === "string" ? ` (server ${e.details.host})` : ""}`,
  "settings.mail-removed": () => "removed the e-mail settings",
  "settings.digest-changed": (e) =>
    e.details.on === true ? "switched the weekly digest on" : "switched the weekly digest off",
  "settings.announcement-pace-changed": (e) =>
    `set the pace of announcements${typeof e.details.to === "number" ? ` to ${e.details.to} e-mails a second` : ""}`,
  "settings.site-address-changed": (e) =>
    `set the site address${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""}`,

  // Backups (issue 32)
  "backup.created": (e) =>
    `made a backup (${e.subject}${typeof e.details.bytes === "number" ? `, ${formatFileSize(e.details.bytes)}` : ""})`,
  "backup.downloaded": (e) => `downloaded the backup ${e.subject}`,
  "backup.restored": (e) =>
    `restored the backup ${e.subject}${typeof e.details.safetyBackup === "string" ? ` (the state before is kept as ${e.details.safetyBackup})` : ""}`,
  "settings.backup-copy-saved": (e) =>
    `set up the off-site copy of the backups${typeof e.details.bucket === "string" ? ` (bucket ${e.details.bucket})` : ""}`,
  "settings.backup-copy-removed": () => "turned off the off-site copy of the backups",

  // Data retention
  "retention.changed": () => "changed how long personal data is kept",
  "retention.ran": (e) =>
    `removed personal data past its time: ${e.count("visitors", "Connect message")}, ${e.count("ministryRegistrations", "ministry sign-up")}, ${e.count("eventRegistrations", "event registration")}, ${e.count("deletedMembers", "deleted member")}${typeof e.details.outboxEmails === "number" ? `, ${e.count("outboxEmails", "sent e-mail")}` : ""}${typeof e.details.closedFollowUps === "number" ? `, ${e.count("closedFollowUps", "closed follow-up")}` : ""}${typeof e.details.prayerRequests === "number" ? `, ${e.count("prayerRequests", "prayer request")}` : ""}`,

  // Website
  "site.saved": (e) => {
    const version = typeof e.details.version === "number" ? `, version ${e.details.version}` : "";
    const fields = stringList(e.details.changed);
    return `saved website section “${e.section}”${version}${fields.length ? ` (changed: ${fields.join(", ")})` : ""}`;
  },
  "site.demo-removed": (e) => `removed the demo content (${e.demoRemoved})`,
  "site.portrait-uploaded": (e) => `uploaded a pastor's portrait (${e.subject})`,
  "ministry-image.replaced": (e) => `replaced the picture of ministry ${e.ministry}`,

  // Sermons, videos, events, documents
  "sermon.created": (e) => `added sermon “${e.subject}”`,
  "sermon.updated": (e) => `changed sermon “${e.subject}”`,
  "sermon.deleted": (e) => `deleted sermon “${e.subject}”`,
  "ministry-video.created": (e) => `added ministry video “${e.subject}”`,
  "ministry-video.updated": (e) => `changed ministry video “${e.subject}”`,
  "ministry-video.deleted": (e) => `deleted ministry video “${e.subject}”`,
  "event.created": (e) => `added event “${e.subject}”`,
  "event.updated": (e) => `changed event “${e.subject}”`,
  "event.deleted": (e) => `deleted event “${e.subject}”`,
  "registration.checked-in": (e) => `checked in a registrant at “${e.subject}”`,
  "registration.check-in-undone": (e) => `undid a check-in at “${e.subject}”`,
  "document.uploaded": (e) =>
    `uploaded document “${e.subject}” to the eLibrary${typeof e.details.bytes === "number" ? ` (${formatFileSize(e.details.bytes)})` : ""}`,
  "document.changed": (e) => `changed document “${e.subject}”`,
  "document.deleted": (e) => `deleted document “${e.subject}”`,

  // Messages
  "inbox.handled": (e) => `marked ${e.inboxItem} as handled`,
  "inbox.new": (e) => `marked ${e.inboxItem} as new`,
  "inbox.archived": (e) => `archived ${e.inboxItem}`,
  "inbox.restored": (e) => `moved ${e.inboxItem} back to the inbox`,
  "outbox.held-sent": (e) => `sent the ${e.count("emails", "e-mail")} that waited while e-mail was off`,
  "outbox.held-discarded": (e) =>
    `discarded the ${e.count("emails", "e-mail")} that waited while e-mail was off`,
  "outbox.discarded": (e) =>
    `discarded the e-mail “${e.subject}”${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""}`,
  "outbox.resent": (e) =>
    `sent the e-mail “${e.subject}” again${typeof e.details.to === "string" ? ` to ${e.details.to}` : ""}`,
  "inbox.replied": (e) =>
    `replied by e-mail to ${e.subject}${typeof e.details.to === "string" ? ` (${e.details.to})` : ""}`,
};

/** The actions with words of their own (the rest are shown by their name). */
export const DESCRIBED_ACTIONS: readonly string[] = Object.keys(DESCRIPTIONS);

const FAILURE_REASONS: Record<string, string> = {
  password: "wrong password",
  locked: "locked after too many attempts",
  "locked-for-address": "too many attempts from this address",
  disabled: "account disabled",
  "two-factor": "wrong two-factor code",
};

/** What the describers read from an entry, already in words. */
class EntryContext {
  constructor(
    private readonly entry: AuditRecord,
    private readonly names: AuditNames,
    private readonly options: WordsOptions,
  ) {}

  get details(): Record<string, unknown> {
    return this.entry.details ?? {};
  }

  get subject(): string {
    return this.entry.subjectLabel || this.entry.subjectId || "(unnamed)";
  }

  get rows(): string {
    const rows = typeof this.details.rows === "number" ? this.details.rows : 0;
    const count = `${rows} ${rows === 1 ? "row" : "rows"}`;
    return this.details.complete === false ? `${count}, download stopped before the end` : count;
  }

  /** "3 members": a number in the details with its noun. */
  count(key: string, noun: string): string {
    const n = typeof this.details[key] === "number" ? (this.details[key] as number) : 0;
    return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
  }

  get failure(): string {
    const reason = typeof this.details.reason === "string" ? this.details.reason : "";
    return FAILURE_REASONS[reason] ?? (reason.replace(/-/g, " ") || "reason not recorded");
  }

  get role(): string | null {
    return roleName(this.details.roleName ?? this.details.role);
  }

  /** A role change, however it was written: { from, to }, { previousRole, role } or a 'role' change. */
  get roleChange(): { from: string | null; to: string | null } {
    const change = this.rawChanges().find((c) => c.field === "role");
    if (change) return { from: roleName(change.from), to: roleName(change.to) };
    return {
      from: roleName(this.details.fromName ?? this.details.from ?? this.details.previousRole),
      to: roleName(this.details.toName ?? this.details.to ?? this.details.role),
    };
  }

  get section(): string {
    const stored = this.entry.subjectId ?? this.entry.subjectLabel ?? "";
    // A section's Filipino version (issue 39) is stored under fil:{section}.
    const key = stored.replace(/^fil:/, "");
    if (key !== stored) return `${this.sectionName(key)} (Filipino)`;
    return this.sectionName(key);
  }

  private sectionName(key: string): string {
    const ministry = /^ministry:(.+)$/.exec(key)?.[1];
    if (ministry) return `Ministry: ${labelsOf([ministry], this.names.ministries)[0]}`;
    return this.names.sections[key] ?? key;
  }

  get ministry(): string {
    return labelsOf([this.entry.subjectId ?? this.subject], this.names.ministries)[0]!;
  }

  get inboxItem(): string {
    const kind = this.entry.subjectLabel as InboxKind;
    const label = Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind].toLowerCase() : "message";
    return `a ${label}`;
  }

  get demoRemoved(): string {
    const parts = [
      ["sermons", "sermon"],
      ["events", "event"],
      ["documents", "eLibrary document"],
    ].map(([key, noun]) => {
      const n = typeof this.details[key!] === "number" ? (this.details[key!] as number) : 0;
      return `${n} ${noun}${n === 1 ? "" : "s"}`;
    });
    return parts.join(", ");
  }

  get hasChanges(): boolean {
    return this.rawChanges().length > 0;
  }

  /** "staff.foo-bar" about X: "Staff: foo bar, X". */
  fallback(): string {
    const [area = "", what = ""] = this.entry.action.split(/\.(.*)/);
    const words = `${capitalize(area.replace(/-/g, " "))}: ${what.replace(/[-_.]/g, " ")}`.trim();
    return this.entry.subjectLabel || this.entry.subjectId ? `${words}, ${this.subject}` : words;
  }

  rawChanges(): { field: string; label?: string; from: unknown; to: unknown }[] {
    const changes = this.details.changes;
    if (!Array.isArray(changes)) return [];
    return changes.filter(
      (c): c is { field: string; label?: string; from: unknown; to: unknown } =>
        typeof c === "object" && c !== null && typeof (c as { field?: unknown }).field === "string",
    );
  }

  changes(): ChangeInWords[] {
    const isMember = this.entry.subjectType === "member";
    return this.rawChanges().map((change) => {
      const field = isMember ? memberField(change.field) : undefined;
      const show = (value: unknown) =>
        cut(valueInWords(value, field, this.names), this.options.maxValueLength);
      return {
        label: change.label || field?.label || fieldWords(change.field),
        from: show(change.from),
        to: show(change.to),
      };
    });
  }
}
