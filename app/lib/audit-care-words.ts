// The audit log's words for care and follow-up (issue 38). The subject is the person (a member, or
// someone outside the registry by their address), the workflow or the prayer request. What a note,
// a prayer request or a visit says is never in the log: only that it was written.

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface CareEntry {
  subject: string;
  details: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const CARE_DESCRIPTIONS: Record<string, (e: CareEntry) => string> = {
  "follow-up.started": (e) =>
    `started a follow-up of ${e.subject}${text(e.details.reason) ? ` (${text(e.details.reason)})` : ""}`,
  "follow-up.digest-changed": (e) =>
    e.details.enabled === true && typeof e.details.hour === "number"
      ? `turned on own daily e-mail of follow-ups, at ${String(e.details.hour).padStart(2, "0")}:00`
      : "turned off own daily e-mail of follow-ups",
};
