import { z } from "zod";

// Serving rosters (issue 36), the staff side: a team's settings and its positions, as the team
// screen's forms send them and the server checks them again before anything is written.

export const ROSTER_LIMITS = {
  name: 80,
  /** Times a person may serve in a team in any four weeks. */
  perFourWeeks: { min: 1, max: 12 },
  reminderDays: { min: 0, max: 14 },
  reminderHour: { min: 0, max: 23 },
  /** People a position needs at one service. */
  need: { min: 0, max: 20 },
  positionsPerTeam: 100,
  /** The schedule shows this many weeks ahead. */
  weeks: { min: 4, max: 8, default: 4 },
} as const;

/** The rosters' screens. */
export const ROSTERS_PATH = "/members/rosters";
export const NEW_TEAM = "new";
export const teamPath = (teamId: string) => `${ROSTERS_PATH}/teams/${teamId}`;
export const schedulePath = (teamId: string) => `${teamPath(teamId)}/schedule`;
export const servicePlanPath = (serviceId: string) => `${ROSTERS_PATH}/services/${serviceId}`;

/** A whole number from a form field in a range, with one plain message for anything else. */
function wholeNumber(range: { min: number; max: number }, message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .refine(
      (value) => /^\d{1,3}$/.test(value) && Number(value) >= range.min && Number(value) <= range.max,
      message,
    )
    .transform(Number);
}

const name = (what: string) =>
  z
    .string({ error: `Please enter the ${what}'s name.` })
    .trim()
    .min(1, `Please enter the ${what}'s name.`)
    .max(ROSTER_LIMITS.name, `Please keep the name under ${ROSTER_LIMITS.name} characters.`);

const { perFourWeeks, reminderDays, reminderHour, need } = ROSTER_LIMITS;

export const teamSchema = z.object({
  name: name("team"),
  ministrySlug: z
    .string({ error: "Please choose the ministry." })
    .trim()
    .min(1, "Please choose the ministry."),
  maxPerFourWeeks: wholeNumber(
    perFourWeeks,
    `Please enter how often one person may serve: ${perFourWeeks.min} to ${perFourWeeks.max} times in 4 weeks.`,
  ),
  reminderDays: wholeNumber(
    reminderDays,
    `Please enter the reminder's days before: ${reminderDays.min} to ${reminderDays.max}.`,
  ),
  reminderHour: wholeNumber(
    reminderHour,
    `Please choose the reminder's hour: ${reminderHour.min} to ${reminderHour.max}.`,
  ),
});

export type TeamInput = z.infer<typeof teamSchema>;

export const positionSchema = z.object({
  name: name("position"),
  weeklyNeed: wholeNumber(need, `Please enter how many are needed each week: ${need.min} to ${need.max}.`),
});

export type PositionInput = z.infer<typeof positionSchema>;

/** How many people a position needs at one service (a plan's count for one date). */
export const needCountSchema = wholeNumber(
  need,
  `Please enter how many are needed: ${need.min} to ${need.max}.`,
);

/** "9 AM", "12 PM", "6 PM": a reminder hour as the team screen offers it. */
export function hourLabel(hour: number): string {
  const suffix = hour >= 12 ? "PM" : "AM";
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}
