// The audit log's words for announcements (issue 35): one sentence per action, with the subject
// and what the entry kept (see audit-format.ts).

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface AnnouncementEntry {
  subject: string;
  details: Record<string, unknown>;
}

const people = (value: unknown) =>
  typeof value === "number" ? `${value} ${value === 1 ? "person" : "people"}` : "its audience";

const audience = (details: Record<string, unknown>) =>
  typeof details.audience === "string" ? ` (${details.audience})` : "";

export const ANNOUNCEMENT_DESCRIPTIONS: Record<string, (e: AnnouncementEntry) => string> = {
  "announcement.sent": (e) =>
    `sent announcement “${e.subject}” to ${people(e.details.recipients)}${audience(e.details)}${
      typeof e.details.scheduledBy === "string" ? `, as scheduled by ${e.details.scheduledBy}` : ""
    }`,
  "announcement.scheduled": (e) =>
    `scheduled announcement “${e.subject}”${typeof e.details.at === "string" ? ` for ${e.details.at}` : ""}${audience(e.details)}`,
  "announcement.cancelled": (e) =>
    `cancelled announcement “${e.subject}”${
      typeof e.details.notSent === "number" && e.details.notSent > 0
        ? `: ${people(e.details.notSent)} not sent it`
        : ""
    }`,
  "saved-list.created": (e) => `made the saved list “${e.subject}”`,
  "saved-list.renamed": (e) => `renamed a saved list to “${e.subject}”`,
  "saved-list.deleted": (e) => `deleted the saved list “${e.subject}” (it held ${people(e.details.people)})`,
  "saved-list.people-added": (e) => `added ${people(e.details.people)} to the saved list “${e.subject}”`,
  "saved-list.person-removed": (e) => `removed a person from the saved list “${e.subject}”`,
  "person.unsubscribed": (e) =>
    `unsubscribed ${e.subject} from the church's announcements with the link in one`,
};
