import type { MessageKey } from "~/lib/i18n";
import type { CountField } from "~/schemas/headcount";

/** The four counts' labels on the usher's page, in its language (the staff screen keeps English). */
export const COUNT_LABEL_KEYS: Record<CountField, MessageKey> = {
  adults: "headcount.label.adults",
  children: "headcount.label.children",
  online: "headcount.label.online",
  firstTime: "headcount.label.firstTime",
};
