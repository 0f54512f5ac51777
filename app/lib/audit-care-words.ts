import { PRAYER_VISIBILITY_LABELS, type PrayerVisibility } from "./care";

// The audit log's words for care and follow-up (issue 38). The subject is the person (a member, or
// someone outside the registry by their address), the workflow or the prayer request. What a note,
// a prayer request or a visit says is never in the log: only that it was written.

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface CareEntry {
  subject: string;
  details: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** "(Prayer team)": who may read a prayer request, as the staff screens say it. */
const readers = (value: unknown) => {
  const label = Object.hasOwn(PRAYER_VISIBILITY_LABELS, text(value))
    ? PRAYER_VISIBILITY_LABELS[text(value) as PrayerVisibility]
    : "";
  return label ? ` (${label})` : "";
};

export const CARE_DESCRIPTIONS: Record<string, (e: CareEntry) => string> = {
  "follow-up.started": (e) =>
    `started a follow-up of ${e.subject}${text(e.details.reason) ? ` (${text(e.details.reason)})` : ""}`,
  "prayer.created": (e) =>
    `${e.details.source === "form" ? "received a prayer request through the website" : "recorded a prayer request"}${readers(e.details.visibility)}${e.details.wantsCall === true ? ", asking for a call" : ""}`,
  "prayer.answered": (e) =>
    `marked a prayer request answered${e.details.note === true ? ", with a note" : ""}`,
  "prayer.changed": () => "changed a prayer request",
  "prayer.deleted": () => "deleted a prayer request",
};
