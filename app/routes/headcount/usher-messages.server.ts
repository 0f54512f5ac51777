import { translator, type Locale, type MessageKey } from "~/lib/i18n";
import { COUNT_FIELDS, COUNT_LABELS, MAX_COUNT } from "~/schemas/headcount";
import { COUNT_LABEL_KEYS } from "./usher-words";

// The usher's page's action (issue 39): the server's refusals of a headcount, which it words in
// English, said again in the page's language. A message it does not know stays as it is.

const KNOWN: Record<string, MessageKey> = {
  "Choose the service or event.": "headcount.error.choose",
  "That service does not meet on that date.": "headcount.error.notThatDay",
  "That date has not come yet: count it on the day.": "headcount.error.future",
  "That date is too long ago for this link.": "headcount.error.tooOld",
  "That event could not be found.": "headcount.error.noEvent",
  "That event has not happened yet: count it on the day.": "headcount.error.eventFuture",
  "That event is too long ago for this link.": "headcount.error.eventTooOld",
};

export function headcountMessage(locale: Locale, message: string): string {
  // English is the server's own wording, word for word.
  if (locale === "en") return message;
  const t = translator(locale);
  const known = KNOWN[message];
  if (known) return t(known);
  for (const field of COUNT_FIELDS) {
    if (message.startsWith(`${COUNT_LABELS[field]}: `)) {
      return t("headcount.error.count", { label: t(COUNT_LABEL_KEYS[field]), max: MAX_COUNT });
    }
  }
  return message;
}
