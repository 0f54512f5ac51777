import { z } from "zod";
import { DELETED_MEMBER_DAYS } from "~/lib/deleted-members";

// How long the site keeps personal data it no longer needs (privacy issue, retention part): an
// administrator's choice, with these defaults until one is saved. The daily retention job removes
// what is past its time.

export interface RetentionSettings {
  /** Months a Connect message (and its inbox item and replies) is kept after it came in. */
  visitorMonths: number;
  /** Months an event registration is kept after the event's date (after it came in when the event is gone). */
  eventRegistrationMonths: number;
  /** Months a ministry sign-up is kept after it came in. */
  ministryRegistrationMonths: number;
  /** Days a deleted member can still be restored under "Recently deleted". */
  deletedMemberDays: number;
  /** Months a closed follow-up (done, or no response), with its steps and notes, is kept after it was closed. */
  closedFollowUpMonths: number;
  /** Months a prayer request is kept after it expired or was answered, whichever came first. */
  prayerRequestMonths: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  visitorMonths: 24,
  eventRegistrationMonths: 24,
  ministryRegistrationMonths: 24,
  deletedMemberDays: DELETED_MEMBER_DAYS,
  // Care (issue 38): a closed follow-up is still worth reading when the person comes back within
  // a couple of years; a prayer request is for its season, kept a while after it for the answer.
  closedFollowUpMonths: 24,
  prayerRequestMonths: 6,
};

export const RETENTION_LIMITS = {
  months: { min: 1, max: 120 },
  days: { min: 1, max: 365 },
} as const;

/** A whole number from a form field, with one plain message for anything else. */
function wholeNumber(unit: "months" | "days", what: string) {
  const { min, max } = RETENTION_LIMITS[unit];
  const message = `Please enter ${what} as a whole number of ${unit} from ${min} to ${max}.`;
  return z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,4}$/.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number);
}

export const retentionSchema = z.object({
  visitorMonths: wholeNumber("months", "how long to keep Connect messages"),
  eventRegistrationMonths: wholeNumber("months", "how long to keep event registrations"),
  ministryRegistrationMonths: wholeNumber("months", "how long to keep ministry sign-ups"),
  deletedMemberDays: wholeNumber("days", "how long deleted members can be restored"),
  closedFollowUpMonths: wholeNumber("months", "how long to keep closed follow-ups"),
  prayerRequestMonths: wholeNumber("months", "how long to keep prayer requests"),
});

export const RETENTION_FIELDS = Object.keys(RETENTION_DEFAULTS) as (keyof RetentionSettings)[];

/** The settings as stored, with the default for anything missing or unreadable (a hand-edited row). */
export function retentionOrDefaults(stored: unknown): RetentionSettings {
  const value = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const settings = { ...RETENTION_DEFAULTS };
  for (const field of RETENTION_FIELDS) {
    const parsed = retentionSchema.shape[field].safeParse(value[field]);
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings;
}
