// The audit log's words for groups and attendance (issue 37). The subject is the group (or the
// service of a headcount).

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface GroupEntry {
  subject: string;
  details: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const people = (value: unknown) =>
  typeof value === "number" ? `${value} ${value === 1 ? "member" : "members"}` : "members";

export const GROUP_DESCRIPTIONS: Record<string, (e: GroupEntry) => string> = {
  "group.created": (e) => `made the group “${e.subject}”`,
  "group.changed": (e) => `changed the group “${e.subject}”`,
  "group.deleted": (e) => `deleted the group “${e.subject}” (it had ${people(e.details.members)})`,
  "group.members-added": (e) => `added ${people(e.details.count)} to the group “${e.subject}”`,
  "group.member-removed": (e) => `took a member out of the group “${e.subject}”`,
  "group.leader-added": (e) => `made a member a leader of the group “${e.subject}”`,
  "group.leader-removed": (e) => `made a member no longer a leader of the group “${e.subject}”`,
  "group.attendance-recorded": (e) =>
    `recorded attendance of the group “${e.subject}”${text(e.details.date) ? ` on ${text(e.details.date)}` : ""}`,
  "group.leader-link-made": (e) => `made an attendance link for a leader of the group “${e.subject}”`,
  "headcount.recorded": (e) => `recorded the headcount of ${e.subject}`,
  "headcount.usher-link-made": (e) => `made a headcount link for ${e.subject}`,
  "headcount.usher-link-revoked": (e) => `revoked the headcount link of ${e.subject}`,
  "export.attendance-trends": (e) =>
    `exported the attendance trends: ${e.subject} (${typeof e.details.rows === "number" ? e.details.rows : 0} rows)`,
  "attendance.follow-up": (e) => `asked for a follow-up of ${e.subject}`,
};
