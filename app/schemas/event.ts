import { z } from "zod";
import { addDays, isIsoDate, momentInChurchZone } from "~/lib/dates";
import { FOCUS_VALUES } from "~/lib/image-focus";
import { FREQUENCIES, MAX_SERIES_DAYS } from "~/lib/recurrence";

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const LOCAL_MOMENT = /^(\d{4}-\d{2}-\d{2})T(([01]\d|2[0-3]):[0-5]\d)$/;

/** Most seats an event can offer (a number larger than any hall, to catch a typo). */
export const MAX_CAPACITY = 100_000;

/** An optional text of at most `max` characters: trimmed, and null when left empty. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

/** The event form: title, date, start time, location and map link required; the rest optional. */
export const eventSchema = z
  .object({
    title: z
      .string({ error: "Please enter a title." })
      .trim()
      .min(1, "Please enter a title.")
      .max(200, "The title must be at most 200 characters."),
    eventDate: z
      .string({ error: "Please enter the date." })
      .trim()
      .min(1, "Please enter the date.")
      .refine(isIsoDate, "Please enter a valid date."),
    eventTime: z
      .string({ error: "Please enter the start time." })
      .trim()
      .min(1, "Please enter the start time.")
      .regex(TIME, "Please enter a valid start time."),
    eventEndTime: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || TIME.test(value), "Please enter a valid end time."),
    speaker: optionalText(120, "Speaker"),
    locationName: z
      .string({ error: "Please enter the location name." })
      .trim()
      .min(1, "Please enter the location name.")
      .max(200, "The location name must be at most 200 characters."),
    googleMapsUrl: z
      .string({ error: "Please enter the Google Maps link." })
      .trim()
      .min(1, "Please enter the Google Maps link.")
      .max(1000, "The map link is too long.")
      .pipe(
        z.url({ protocol: /^https?$/, error: "Please enter a valid map link (starting with https://)." }),
      ),
    description: optionalText(5000, "Description"),
    // The Filipino texts beside the English (issue 39): empty for none, then the English shows.
    titleFil: optionalText(200, "The Filipino title"),
    descriptionFil: optionalText(5000, "The Filipino description"),
    capacity: z
      .string()
      .trim()
      .optional()
      .refine(
        (value) => !value || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_CAPACITY),
        `Please enter the number of seats as a whole number from 1 to ${MAX_CAPACITY.toLocaleString("en")}, or leave it empty for no limit.`,
      )
      .transform((value) => (value ? Number(value) : null)),
    // A `datetime-local` field: the church's clock.
    registrationDeadline: z
      .string()
      .trim()
      .optional()
      .refine((value) => {
        const match = value ? LOCAL_MOMENT.exec(value) : null;
        return !value || (match !== null && isIsoDate(match[1]!));
      }, "Please enter a valid date and time for the registration deadline.")
      .transform((value) => {
        const match = value ? LOCAL_MOMENT.exec(value) : null;
        return match ? momentInChurchZone(match[1]!, match[2]!) : null;
      }),
    // Repeating (a new event only): "none" or how often, and the last date it may reach.
    repeat: z
      .enum(["none", ...FREQUENCIES], { error: "Please choose how often the event repeats." })
      .optional()
      .transform((value) => (value === undefined || value === "none" ? null : value)),
    repeatUntil: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null)),
    // Ticked: the series goes on, with no last date (its dates are kept a year ahead).
    repeatNoEnd: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    // Where the picture's focus is: "auto" (the point found in the picture) or one of nine positions.
    imageFocus: z
      .enum(FOCUS_VALUES, { error: "Please choose where the picture's focus is." })
      .optional()
      .transform((value) => value ?? "auto"),
    // Editing a date of a series: that date only, or it and every later one.
    applyTo: z
      .enum(["this", "following"], { error: "Please choose which dates to change." })
      .optional()
      .transform((value) => value ?? "this"),
  })
  .superRefine((event, context) => {
    if (event.repeat === null || event.repeatNoEnd) return;
    const issue = (message: string) => context.addIssue({ code: "custom", path: ["repeatUntil"], message });
    if (event.repeatUntil === null)
      return issue("Please enter the date of the last repeat, or tick No end date.");
    if (!isIsoDate(event.repeatUntil)) return issue("Please enter a valid date for the last repeat.");
    if (!isIsoDate(event.eventDate)) return;
    if (event.repeatUntil <= event.eventDate) return issue("The last repeat must be after the event's date.");
    if (event.repeatUntil > addDays(event.eventDate, MAX_SERIES_DAYS))
      return issue(
        "A repeating event can reach at most two years ahead: please choose an earlier last date.",
      );
  })
  .refine(
    (event) => event.eventEndTime === null || event.eventEndTime.slice(0, 5) > event.eventTime.slice(0, 5),
    {
      path: ["eventEndTime"],
      message: "The end time must be after the start time.",
    },
  )
  .refine(
    (event) =>
      event.registrationDeadline === null ||
      !isIsoDate(event.eventDate) ||
      event.registrationDeadline <= momentInChurchZone(event.eventDate, event.eventEndTime ?? "23:59"),
    {
      path: ["registrationDeadline"],
      message: "Registration must close before the event ends.",
    },
  );

export type EventFormInput = z.output<typeof eventSchema>;
