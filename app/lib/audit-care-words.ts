import { PRAYER_VISIBILITY_LABELS, type PrayerVisibility, VISIT_KIND_LABELS, type VisitKind } from "./care";
import { isIsoDate } from "./dates";
import { formatDate } from "./format";

// The audit log's words for care and follow-up (issue 38). The subject is the person (a member, or
// someone outside the registry by their address), the workflow or the prayer request. What a note,
// a prayer request or a visit says is never in the log: only that it was written.

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface CareEntry {
  subject: string;
  details: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const day = (value: unknown) => (typeof value === "string" && isIsoDate(value) ? formatDate(value) : "");
const reasonOf = (e: CareEntry) => (text(e.details.reason) ? ` (${text(e.details.reason)})` : "");

/** "a home visit to Ana Cruz on 12 Nov 2026": a visit entry's kind, person and day, never its note. */
function visitWords(e: CareEntry) {
  const kind = VISIT_KIND_LABELS[text(e.details.kind) as VisitKind];
  const on = day(e.details.visitedOn);
  return `${kind ? `a ${kind.toLowerCase()}` : "a visit or call"} to ${e.subject}${on ? ` on ${on}` : ""}`;
}

/** "(Prayer team)": who may read a prayer request, as the staff screens say it. */
const readers = (value: unknown) => {
  const label = Object.hasOwn(PRAYER_VISIBILITY_LABELS, text(value))
    ? PRAYER_VISIBILITY_LABELS[text(value) as PrayerVisibility]
    : "";
  return label ? ` (${label})` : "";
};

export const CARE_DESCRIPTIONS: Record<string, (e: CareEntry) => string> = {
  "follow-up.started": (e) => `started a follow-up of ${e.subject}${reasonOf(e)}`,
  "visit.logged": (e) => `logged ${visitWords(e)}${e.details.note === true ? " (with a private note)" : ""}`,
  "visit.deleted": (e) => `deleted ${visitWords(e)} from the log`,
  // Working on a follow-up (the card): what changed, never what a note says.
  "follow-up.step-done": (e) =>
    `marked the step “${text(e.details.step)}” done on the follow-up of ${e.subject}${reasonOf(e)}${e.details.closed === true ? ", its last step" : ""}`,
  "follow-up.note-added": (e) => `added a note to the follow-up of ${e.subject}${reasonOf(e)}`,
  "follow-up.status-changed": (e) =>
    `set the follow-up of ${e.subject}${reasonOf(e)} to “${text(e.details.to)}”${text(e.details.from) ? ` (was “${text(e.details.from)}”)` : ""}`,
  "follow-up.assigned": (e) =>
    `gave the follow-up of ${e.subject}${reasonOf(e)} to ${text(e.details.to) || "nobody"}`,
  "follow-up.due-changed": (e) =>
    `moved the due date of the follow-up of ${e.subject}${reasonOf(e)}${day(e.details.to) ? ` to ${day(e.details.to)}` : ""}`,
  "follow-up.snoozed": (e) =>
    `snoozed the follow-up of ${e.subject}${reasonOf(e)}${day(e.details.until) ? ` until ${day(e.details.until)}` : ""}`,
  "follow-up.snooze-cleared": (e) => `cleared the snooze of the follow-up of ${e.subject}${reasonOf(e)}`,
  // Workflows
  "workflow.created": (e) => `made the follow-up workflow “${e.subject}”`,
  "workflow.changed": (e) => `changed the follow-up workflow “${e.subject}”`,
  "workflow.deleted": (e) => `deleted the follow-up workflow “${e.subject}”`,
  "prayer.created": (e) =>
    `${e.details.source === "form" ? "received a prayer request through the website" : "recorded a prayer request"}${readers(e.details.visibility)}${e.details.wantsCall === true ? ", asking for a call" : ""}`,
  "prayer.answered": (e) =>
    `marked a prayer request answered${e.details.note === true ? ", with a note" : ""}`,
  "prayer.changed": () => "changed a prayer request",
  "prayer.deleted": () => "deleted a prayer request",
  "follow-up.digest-changed": (e) =>
    e.details.enabled === true && typeof e.details.hour === "number"
      ? `turned on own daily e-mail of follow-ups, at ${String(e.details.hour).padStart(2, "0")}:00`
      : "turned off own daily e-mail of follow-ups",
};
