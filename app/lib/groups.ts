import type { GroupKind } from "../../database/schema";
import { formatTime12 } from "./format";

// Groups (issue 37): the words for their kinds and meeting days, shared by the staff screens, the
// public group finder and the e-mails.

export const GROUP_KIND_LABELS: Record<GroupKind, string> = {
  "bible-study": "Bible study group",
  salt: "SALT group",
  "ministry-team": "Ministry team",
  other: "Other group",
};

/** 0 Sunday .. 6 Saturday, as stored. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "Thursdays, 7:30 PM", "Thursdays", "Day and time to be arranged". */
export function meetingInWords(day: number | null, time: string | null): string {
  const dayWords = day === null ? null : `${WEEKDAYS[day]}s`;
  const timeWords = time ? formatTime12(time) : null;
  if (dayWords && timeWords) return `${dayWords}, ${timeWords}`;
  return dayWords ?? (timeWords ? `At ${timeWords}` : "Day and time to be arranged");
}
