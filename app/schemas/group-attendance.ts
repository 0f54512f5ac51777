import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { GROUP_LIMITS } from "./groups";

// A meeting's attendance as the leader's page and the staff screen send it (issue 37): the group,
// the date, the members ticked present (one `present` field each) and the guests, one per line.
// The server checks again that the date is not in the future and every member is in the group.

export const attendanceSchema = z.object({
  groupId: z.string().refine(isUuid, "This form is not for a group we know. Please open the page again."),
  date: z
    .string({ error: "Please choose the meeting's date." })
    .trim()
    .refine(isIsoDate, "Please choose the meeting's date."),
  present: z
    .array(z.string())
    .max(1000)
    .refine((ids) => ids.every(isUuid), "Someone ticked is not a member of this group.")
    .transform((ids) => [...new Set(ids)]),
  guests: z
    .string()
    .optional()
    .transform((text) => [
      ...new Set(
        (text ?? "")
          .split(/\r?\n/)
          .map((line) => line.replace(/\s+/g, " ").trim())
          .filter(Boolean),
      ),
    ])
    .refine(
      (names) => names.length <= GROUP_LIMITS.guests,
      `Please name at most ${GROUP_LIMITS.guests} guests.`,
    )
    .refine(
      (names) => names.every((name) => name.length <= GROUP_LIMITS.guestName),
      `Please keep each guest's name under ${GROUP_LIMITS.guestName} characters.`,
    ),
});

export type AttendanceInput = z.output<typeof attendanceSchema>;

/** The fields of an attendance form, ready for the schema. */
export function attendanceFields(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    groupId: text("groupId") ?? "",
    date: text("date") ?? "",
    present: form.getAll("present").filter((value): value is string => typeof value === "string"),
    guests: text("guests"),
  };
}
