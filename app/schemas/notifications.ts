import { z } from "zod";

export const FREQUENCIES = [
  { value: "immediate", label: "Right away, one e-mail per message" },
  { value: "daily", label: "One daily digest (after 7:00 AM)" },
  { value: "off", label: "Not at all" },
] as const;

/**
 * What a staff account is told by e-mail. Read from a plain form: checkboxes send "on" when ticked,
 * `ministries` is repeated, and "*" stands for every ministry.
 */
export function makePreferencesSchema(ministrySlugs: readonly string[]) {
  return z.object({
    connect: z.boolean(),
    events: z.boolean(),
    ministries: z
      .array(z.string())
      .max(ministrySlugs.length + 1)
      .refine(
        (slugs) => slugs.every((slug) => slug === "*" || ministrySlugs.includes(slug)),
        "Please choose ministries from the list.",
      )
      .transform((slugs) => (slugs.includes("*") ? ["*"] : [...new Set(slugs)])),
    frequency: z.enum(["immediate", "daily", "off"], { error: "Please choose how often." }),
  });
}

export function preferencesFromForm(form: FormData) {
  return {
    connect: form.get("connect") === "on",
    events: form.get("events") === "on",
    ministries: form.getAll("ministries").map(String),
    frequency: String(form.get("frequency") ?? ""),
  };
}
