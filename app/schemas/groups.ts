import { z } from "zod";
import { GROUP_KIND_LABELS } from "~/lib/groups";

// Groups (issue 37), the staff side: a group's settings as its form sends them; the server checks
// them again before anything is written.

export const GROUP_LIMITS = {
  name: 80,
  description: 600,
  area: 60,
  capacity: { min: 1, max: 500 },
  absentWeeks: { min: 1, max: 12 },
  /** Guests named at one meeting. */
  guests: 40,
  guestName: 80,
} as const;

export const GROUPS_PATH = "/members/groups";
export const NEW_GROUP = "new";
export const groupPath = (groupId: string) => `${GROUPS_PATH}/${groupId}`;

/** A form field that may be missing, as text without spaces around. */
const field = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim());

const optionalWhole = (range: { min: number; max: number }, message: string) =>
  field()
    .refine(
      (value) =>
        value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= range.min && Number(value) <= range.max),
      message,
    )
    .transform((value) => (value === "" ? null : Number(value)));

const { capacity, absentWeeks } = GROUP_LIMITS;

export const groupSchema = z.object({
  name: z
    .string({ error: "Please enter the group's name." })
    .trim()
    .min(1, "Please enter the group's name.")
    .max(GROUP_LIMITS.name, `Please keep the name under ${GROUP_LIMITS.name} characters.`),
  kind: z.enum(Object.keys(GROUP_KIND_LABELS) as [keyof typeof GROUP_KIND_LABELS], {
    error: "Please choose what kind of group it is.",
  }),
  description: field().refine(
    (value) => value.length <= GROUP_LIMITS.description,
    `Please keep the description under ${GROUP_LIMITS.description} characters.`,
  ),
  meetingDay: field()
    .refine((value) => value === "" || /^[0-6]$/.test(value), "Please choose the day it meets.")
    .transform((value) => (value === "" ? null : Number(value))),
  meetingTime: field()
    .refine(
      (value) => value === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
      "Please enter the time it meets, like 7:30 PM.",
    )
    .transform((value) => (value === "" ? null : value)),
  area: field().refine(
    (value) => value.length <= GROUP_LIMITS.area,
    `Please keep the area under ${GROUP_LIMITS.area} characters.`,
  ),
  capacity: optionalWhole(
    capacity,
    `Please enter a capacity of ${capacity.min} to ${capacity.max}, or leave it empty.`,
  ),
  isOpen: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  absentWeeks: optionalWhole(
    absentWeeks,
    `Please enter ${absentWeeks.min} to ${absentWeeks.max} meetings for "Not seen lately".`,
  ).transform((value) => value ?? 3),
});

export type GroupInput = z.output<typeof groupSchema>;
