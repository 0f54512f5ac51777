import { z } from "zod";
import { VISIT_KINDS } from "~/lib/care";
import { isIsoDate } from "~/lib/dates";

// A pastoral visit or call as the member profile's "Log a visit or call" form sends it (issue 38):
// the day, the kind, who went or called, and a private note that only pastors read back. The
// server reads it with today's date in the church's zone, so a visit is never logged in the future.

export const VISIT_LIMITS = {
  visitedBy: 120,
  privateNote: 4000,
  /** The earliest year a visit may be dated: older ones are typing mistakes. */
  firstYear: 1950,
} as const;

export const VISIT_FIELD_NAMES = ["visitedOn", "kind", "visitedBy", "privateNote"] as const;
export type VisitFields = Record<(typeof VISIT_FIELD_NAMES)[number], string>;

/** The fields of the form, as text, for the schema and for putting back after a refusal. */
export function visitFields(form: FormData): VisitFields {
  const fields = {} as VisitFields;
  for (const name of VISIT_FIELD_NAMES) {
    const value = form.get(name);
    fields[name] = typeof value === "string" ? value : "";
  }
  return fields;
}

/** The schema for a visit logged on `today` (YYYY-MM-DD, the church's). */
export function visitSchema(today: string) {
  return z.object({
    visitedOn: z
      .string()
      .trim()
      .refine(isIsoDate, "Please choose the day of the visit or call.")
      .refine((day) => day <= today, "The day of the visit or call cannot be in the future.")
      .refine(
        (day) => Number(day.slice(0, 4)) >= VISIT_LIMITS.firstYear,
        `Please choose a day from ${VISIT_LIMITS.firstYear} on.`,
      ),
    kind: z.enum(VISIT_KINDS, { error: "Please choose a visit, a hospital visit, a call or a message." }),
    visitedBy: z
      .string()
      .trim()
      .min(1, "Please say who visited or called.")
      .max(VISIT_LIMITS.visitedBy, `Please keep who visited under ${VISIT_LIMITS.visitedBy} characters.`),
    privateNote: z
      .string()
      .trim()
      .max(VISIT_LIMITS.privateNote, `Please keep the note under ${VISIT_LIMITS.privateNote} characters.`),
  });
}

export type VisitInput = z.output<ReturnType<typeof visitSchema>>;
