import { z } from "zod";

// Service headcounts (issue 37): the four counts of one service date or event, as the staff
// screen and the usher's page send them. The occasion is one field: "service|2026-11-27|Worship
// Service" or "event|<id>"; the server checks it names a service of the service times or an
// event, and that its date has come.

export const ATTENDANCE_PATH = "/members/attendance";
export const TRENDS_PATH = "/members/reports/attendance";
export const HEADCOUNT_LINK_PATH = "/headcount";
export const USHER_LINK_DAYS = 90;
export const MAX_COUNT = 100_000;

export const COUNT_FIELDS = ["adults", "children", "online", "firstTime"] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

export const COUNT_LABELS: Record<CountField, string> = {
  adults: "Adults",
  children: "Children",
  online: "Online viewers",
  firstTime: "First-time visitors",
};

export type Occasion =
  { kind: "service"; date: string; serviceName: string } | { kind: "event"; eventId: string };

export function occasionValue(occasion: Occasion): string {
  return occasion.kind === "service"
    ? `service|${occasion.date}|${occasion.serviceName}`
    : `event|${occasion.eventId}`;
}

/** The occasion a form field names, or null when it names none. */
export function parseOccasion(value: string): Occasion | null {
  const [kind, ...rest] = value.split("|");
  if (kind === "service" && rest.length === 2 && /^\d{4}-\d{2}-\d{2}$/.test(rest[0]!) && rest[1]!.trim()) {
    return { kind: "service", date: rest[0]!, serviceName: rest[1]! };
  }
  if (kind === "event" && rest.length === 1 && /^[0-9a-f-]{36}$/i.test(rest[0]!)) {
    return { kind: "event", eventId: rest[0]!.toLowerCase() };
  }
  return null;
}

const count = (label: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine(
      (value) => value === "" || (/^\d{1,6}$/.test(value) && Number(value) <= MAX_COUNT),
      `${label}: a whole number from 0 to ${MAX_COUNT.toLocaleString("en")}.`,
    )
    .transform((value) => (value === "" ? 0 : Number(value)));

export const headcountSchema = z.object({
  occasion: z.string({ message: "Choose the service or event." }).transform((value, context) => {
    const occasion = parseOccasion(value.trim());
    if (!occasion) {
      context.addIssue({ code: "custom", message: "Choose the service or event." });
      return z.NEVER;
    }
    return occasion;
  }),
  adults: count(COUNT_LABELS.adults),
  children: count(COUNT_LABELS.children),
  online: count(COUNT_LABELS.online),
  firstTime: count(COUNT_LABELS.firstTime),
});

export type HeadcountInput = z.infer<typeof headcountSchema>;

export const usherLinkSchema = z.object({
  usher: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().replace(/\s+/g, " "))
    .refine((value) => value.length >= 2 && value.length <= 60, "Write the usher's name (2 to 60 letters)."),
});
