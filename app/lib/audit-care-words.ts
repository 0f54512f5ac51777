import { VISIT_KIND_LABELS, type VisitKind } from "./care";
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

/** "a home visit to Ana Cruz on 12 Nov 2026": a visit entry's kind, person and day, never its note. */
function visitWords(e: CareEntry) {
  const kind = VISIT_KIND_LABELS[text(e.details.kind) as VisitKind];
  const day = text(e.details.visitedOn);
  return `${kind ? `a ${kind.toLowerCase()}` : "a visit or call"} to ${e.subject}${isIsoDate(day) ? ` on ${formatDate(day)}` : ""}`;
}

export const CARE_DESCRIPTIONS: Record<string, (e: CareEntry) => string> = {
  "follow-up.started": (e) =>
    `started a follow-up of ${e.subject}${text(e.details.reason) ? ` (${text(e.details.reason)})` : ""}`,
  "visit.logged": (e) => `logged ${visitWords(e)}${e.details.note === true ? " (with a private note)" : ""}`,
  "visit.deleted": (e) => `deleted ${visitWords(e)} from the log`,
};
