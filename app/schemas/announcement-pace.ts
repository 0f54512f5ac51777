import { z } from "zod";

// The pace of announcements (/members/settings/email): how many e-mails a second the worker hands
// to the outbox, so a large announcement goes at a rate the church's mail server accepts.

export const PACE_MIN = 1;
export const PACE_MAX = 50;
export const PACE_FIELD = "perSecond";

const PACE_RULE = `Enter a whole number of e-mails a second, from ${PACE_MIN} to ${PACE_MAX} (3 suits most mail servers).`;

export const announcementPaceSchema = z.object({
  [PACE_FIELD]: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, PACE_RULE)
    .transform(Number)
    .refine((value) => value >= PACE_MIN && value <= PACE_MAX, PACE_RULE),
});

/** How long `people` e-mails take at `perSecond`, in whole minutes (at least 1). */
export function minutesFor(people: number, perSecond: number): number {
  return Math.max(1, Math.round(people / perSecond / 60));
}
