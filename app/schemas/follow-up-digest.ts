import { z } from "zod";
import { CARE_PATH } from "./care";

// The daily e-mail of one's follow-ups (issue 38): on or off, and the hour it goes (Bahrain time),
// as the settings form sends them; the server checks them again before anything is written.

export const DIGEST_SETTINGS_PATH = `${CARE_PATH}/digest`;

/** 0 to 23: the hours a digest can go at. */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const HOUR_REFUSED = "Please choose an hour from the list (00:00 to 23:00).";

/** "07:00": an hour as the form sends it and the clock reads it. */
export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

export const followUpDigestSchema = z.object({
  enabled: z.boolean(),
  hour: z
    .string({ error: HOUR_REFUSED })
    .trim()
    .regex(/^\d{1,2}$/, HOUR_REFUSED)
    .transform(Number)
    .refine((hour) => hour >= 0 && hour <= 23, HOUR_REFUSED),
});

export function digestFromForm(form: FormData) {
  return { enabled: form.get("enabled") === "on", hour: String(form.get("hour") ?? "") };
}
