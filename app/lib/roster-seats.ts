import type { RosterSlotStatus } from "../../database/schema";
import { addDays } from "./dates";
import { formatDate, formatTime12 } from "./format";

// Serving rosters (issue 36): a seat's status in words, the team's "at most N times in 4 weeks"
// rule, and one service's roster as a WhatsApp message. Pure: screens and server share them.

export type { RosterSlotStatus };

export const SEAT_STATUS_LABELS: Record<RosterSlotStatus, string> = {
  draft: "Proposed",
  pending: "Asked",
  accepted: "Accepted",
  declined: "Declined",
  replacing: "Wants a replacement",
};

/** The status badge's tone of each (components/status-badge.tsx). */
export const SEAT_STATUS_TONES: Record<RosterSlotStatus, "good" | "bad" | "waiting" | "neutral"> = {
  draft: "neutral",
  pending: "waiting",
  accepted: "good",
  declined: "bad",
  replacing: "bad",
};

/** Seats that count as serving (for "already serving that day", the 4-week rule, "last served"). */
export const SERVING_STATUSES: readonly RosterSlotStatus[] = ["draft", "pending", "accepted", "replacing"];

export const isServing = (status: RosterSlotStatus) => status !== "declined";

/** The days of the team's frequency window. */
export const FOUR_WEEKS = 28;

/**
 * The most times a person would serve in any four weeks (28 days in a row) that include `date`,
 * counting `date` itself: `dates` are the other days they serve in the team (any order, repeats
 * counted). "Would be the 3rd time in 4 weeks" when this is 3.
 */
export function timesInFourWeeks(dates: readonly string[], date: string): number {
  const near = dates.filter((day) => day > addDays(date, -FOUR_WEEKS) && day < addDays(date, FOUR_WEEKS));
  let most = 1;
  for (let back = FOUR_WEEKS - 1; back >= 0; back--) {
    const start = addDays(date, -back);
    const end = addDays(start, FOUR_WEEKS - 1);
    const inside = near.filter((day) => day >= start && day <= end).length + 1;
    if (inside > most) most = inside;
  }
  return most;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** What the chooser warns about picking someone for a seat. */
export interface SeatWarnings {
  blockedOut: boolean;
  /** Where else they serve that day ("SoundTech, Main desk"), or null. */
  servingElsewhere: string | null;
  /** The time this would be in any 4 weeks, when over the team's limit. */
  overLimit: { times: number; allowed: number } | null;
  /** They declined a seat that day. */
  declinedThatDay: boolean;
}

/** The warnings as short phrases, for the chooser and the toast after picking. */
export function warningPhrases(warnings: SeatWarnings): string[] {
  const phrases: string[] = [];
  if (warnings.blockedOut) phrases.push("blocked out that day");
  if (warnings.servingElsewhere) phrases.push(`already serving that day (${warnings.servingElsewhere})`);
  if (warnings.declinedThatDay) phrases.push("declined to serve that day");
  if (warnings.overLimit)
    phrases.push(
      `would be the ${ordinal(warnings.overLimit.times)} time in 4 weeks (team allows ${warnings.overLimit.allowed})`,
    );
  return phrases;
}

/** One service's roster as the WhatsApp text and the print page read it. */
export interface RosterSheet {
  title: string;
  date: string;
  startTime: string | null;
  teams: {
    name: string;
    positions: { name: string; people: { name: string; status: RosterSlotStatus }[]; open: number }[];
  }[];
}

/** A name on a roster: as it is once they accepted, "Ana Cruz (to confirm)" until then. */
export function rosterName(person: { name: string; status: RosterSlotStatus }): string {
  return person.status === "accepted" ? person.name : `${person.name} (to confirm)`;
}

/** "*Worship Service, Fri 11 Dec 2026, 3:30 PM*", then each team's positions and people. */
export function rosterWhatsAppText(sheet: RosterSheet): string {
  const when = [formatDate(sheet.date), sheet.startTime ? formatTime12(sheet.startTime) : null]
    .filter(Boolean)
    .join(", ");
  const lines = [`*${sheet.title}, ${when}*`];
  for (const team of sheet.teams) {
    lines.push("", `*${team.name}*`);
    for (const position of team.positions) {
      const people = position.people.filter((person) => isServing(person.status)).map(rosterName);
      const open = position.open + position.people.filter((person) => !isServing(person.status)).length;
      const names = [...people, ...(open > 0 ? [open === 1 ? "(1 open)" : `(${open} open)`] : [])];
      lines.push(`• ${position.name}: ${names.join(", ") || "-"}`);
    }
  }
  return lines.join("\n");
}
