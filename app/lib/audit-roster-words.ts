import { formatDate } from "./format";

// The audit log's words for serving rosters (issue 36), the staff side: teams, positions, who is
// qualified, plans and seats. The subject is the team (or the service of a plan).

/** What these words read of an entry (the audit log's EntryContext has it all). */
export interface RosterEntry {
  subject: string;
  details: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const people = (value: unknown) =>
  typeof value === "number" ? `${value} ${value === 1 ? "person" : "people"}` : "people";
const on = (details: Record<string, unknown>) => {
  const date = text(details.date);
  const service = text(details.service);
  return date ? ` on ${formatDate(date)}${service ? ` (${service})` : ""}` : "";
};

/** "seat 2 of Vocals on Fri 11 Dec 2026 (Worship Service)". */
const seat = (details: Record<string, unknown>) =>
  `${typeof details.seat === "number" && details.seat > 1 ? `seat ${details.seat} of ` : ""}${text(details.position) || "a position"}${on(details)}`;

const warnings = (details: Record<string, unknown>) =>
  Array.isArray(details.warnings) && details.warnings.length > 0
    ? `, though ${details.warnings.filter((one) => typeof one === "string").join(" and ")}`
    : "";

export const ROSTER_DESCRIPTIONS: Record<string, (e: RosterEntry) => string> = {
  "roster.team-created": (e) => `made the serving team “${e.subject}”`,
  "roster.team-changed": (e) => `changed the serving team “${e.subject}”`,
  "roster.team-deleted": (e) =>
    `deleted the serving team “${e.subject}”${
      typeof e.details.upcomingSeats === "number" && e.details.upcomingSeats > 0
        ? ` with its ${e.details.upcomingSeats} upcoming seats`
        : ""
    }`,
  "roster.position-added": (e) =>
    `added the position “${text(e.details.position)}” to the team “${e.subject}”`,
  "roster.position-changed": (e) =>
    `changed the position “${text(e.details.position)}” of the team “${e.subject}”`,
  "roster.position-moved": (e) =>
    `moved the position “${text(e.details.position)}” ${e.details.direction === "up" ? "up" : "down"} in the team “${e.subject}”`,
  "roster.position-removed": (e) =>
    `removed the position “${text(e.details.position)}” from the team “${e.subject}”`,
  "roster.qualified-added": (e) =>
    `added ${people(e.details.people)} to who can serve as ${text(e.details.position)} in the team “${e.subject}”`,
  "roster.qualified-removed": (e) =>
    `took ${text(e.details.member) || "a person"} off who can serve as ${text(e.details.position)} in the team “${e.subject}”`,
  "roster.assign": (e) =>
    `put ${text(e.details.member) || "a person"} in ${seat(e.details)} for the team “${e.subject}”${
      text(e.details.replaced) ? ` instead of ${text(e.details.replaced)}` : ""
    }${warnings(e.details)}`,
  "roster.unassign": (e) =>
    `took ${text(e.details.member) || "a person"} out of ${seat(e.details)} for the team “${e.subject}”`,
  "roster.fill": (e) =>
    `filled the team “${e.subject}” automatically${
      text(e.details.from) && text(e.details.to)
        ? ` from ${formatDate(text(e.details.from))} to ${formatDate(text(e.details.to))}`
        : ""
    }: ${typeof e.details.filled === "number" ? e.details.filled : 0} seats proposed${
      typeof e.details.left === "number" && e.details.left > 0 ? `, ${e.details.left} left empty` : ""
    }`,
  "roster.requests-sent": (e) => {
    const people = typeof e.details.people === "number" ? e.details.people : 0;
    const seats = typeof e.details.slots === "number" ? e.details.slots : 0;
    return `asked ${people} ${people === 1 ? "person" : "people"} to serve in the team “${e.subject}” (${seats} ${
      seats === 1 ? "seat" : "seats"
    }${e.details.emailed === false ? ", links for WhatsApp: e-mail is not set up" : ", by e-mail"})`;
  },
  "roster.need-changed": (e) => `changed how many the team “${e.subject}” needs${on(e.details)}`,
  "roster.plan-made": (e) => `made a serving plan for “${e.subject}”${on(e.details)}`,
  "export.roster-schedule": (e) =>
    `exported the schedule of the team “${e.subject}” (${typeof e.details.rows === "number" ? e.details.rows : 0} rows)`,
  "export.roster-service": (e) =>
    `exported the roster of “${e.subject}”${on(e.details)} (${typeof e.details.rows === "number" ? e.details.rows : 0} rows)`,
};
