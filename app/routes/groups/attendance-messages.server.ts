import { translator, type Locale, type MessageKey } from "~/lib/i18n";
import { GROUP_LIMITS } from "~/schemas/groups";
import { FUTURE_DATE, NOT_IN_GROUP, OTHER_GROUP } from "~/server/groups/attendance.server";

// A leader's attendance page's action (issue 39): the refusals of the form and of the server,
// which they word in English, said again in the page's language. An unknown message stays as it is.

const KNOWN: Record<string, MessageKey> = {
  [FUTURE_DATE]: "attendance.future",
  [NOT_IN_GROUP]: "attendance.error.notInGroup",
  [OTHER_GROUP]: "attendance.error.otherGroup",
  "This form is not for a group we know. Please open the page again.": "attendance.error.unknownGroup",
  "Please choose the meeting's date.": "attendance.error.date",
  "Someone ticked is not a member of this group.": "attendance.error.notInGroup",
  [`Please name at most ${GROUP_LIMITS.guests} guests.`]: "attendance.error.guests",
  [`Please keep each guest's name under ${GROUP_LIMITS.guestName} characters.`]: "attendance.error.guestName",
};

export function attendanceMessage(locale: Locale, message: string): string {
  // English is the server's own wording, word for word.
  if (locale === "en") return message;
  const t = translator(locale);
  const known = KNOWN[message];
  return known ? t(known, { max: GROUP_LIMITS.guests, length: GROUP_LIMITS.guestName }) : message;
}
