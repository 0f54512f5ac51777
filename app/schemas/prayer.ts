import { z } from "zod";
import { addDays, isIsoDate } from "~/lib/dates";
import { PRAYER_VISIBILITIES, type PrayerVisibility } from "~/lib/care";
import { LIMITS, optionalEmail, optionalMobile, optionalText } from "./public-forms";

// Prayer requests (issue 38): the public form at /prayer and the staff screens' forms. The
// browser uses the limits; the actions check everything again before anything is written.

export const PRAYER_LIMITS = { name: LIMITS.name, request: 2000, note: 1000 } as const;

/** Days a request stays on the lists unless someone sets another date. */
export const PRAYER_DAYS = 30;
/** How far ahead staff may set a request's expiry. */
export const PRAYER_MAX_DAYS = 366;

export const PRAYER_PATH = "/members/prayer";
export const NEW_PRAYER = "new";
export const prayerPath = (requestId: string) => `${PRAYER_PATH}/${requestId}`;

/** The staff lists: active (not answered, not expired), answered, expired. */
export const PRAYER_LISTS = ["active", "answered", "expired"] as const;
export type PrayerList = (typeof PRAYER_LISTS)[number];

/** "Who may read it", in a visitor's words; stored as the visibility. */
export const VISITOR_VISIBILITY_CHOICES: { value: PrayerVisibility; label: string; hint: string }[] = [
  {
    value: "private",
    label: "Our pastors only",
    hint: "Kept private: only the pastors read it.",
  },
  {
    value: "team",
    label: "Our prayer team",
    hint: "The pastors and the church's prayer team read it, with your name if you give it.",
  },
  {
    value: "shared",
    label: "The weekly prayer list, without your name",
    hint: "The prayer team reads it, and its words go in the church's weekly e-mail, without your name or contact details.",
  },
];

const CONTACT_NEEDED = "Please enter your e-mail or your mobile number, so we can call or write to you.";

const requestText = z
  .string({ error: "Please write your prayer request." })
  .trim()
  .min(1, "Please write your prayer request.")
  .max(PRAYER_LIMITS.request, `Please keep the request under ${PRAYER_LIMITS.request} characters.`);

const visibility = z.enum(PRAYER_VISIBILITIES, { error: "Please choose who may read it." });

/** A ticked box arrives as "on"; an unticked one does not arrive at all. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const optionalName = optionalText(
  PRAYER_LIMITS.name,
  `Please keep the name under ${PRAYER_LIMITS.name} characters.`,
);

/** A contact is needed only to be called; without a call, what was typed is not kept. */
function needsContact(
  value: { wantsCall: boolean; email: string; mobile: string; memberId?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.wantsCall && !value.memberId && value.email === "" && value.mobile === "") {
    ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_NEEDED });
  }
}

/** The public form: a name (optional), the request, who may read it, and a contact for a call. */
export const prayerFormSchema = z
  .object({
    name: optionalName,
    request: requestText,
    visibility,
    wantsCall: ticked,
    email: optionalEmail(),
    mobile: optionalMobile(),
  })
  .superRefine(needsContact);

export type PrayerFormInput = z.output<typeof prayerFormSchema>;

/** An expiry date: from today up to PRAYER_MAX_DAYS ahead. */
export function expirySchema(today: string) {
  const last = addDays(today, PRAYER_MAX_DAYS);
  return z
    .string({ error: "Please choose the date it expires." })
    .trim()
    .refine(isIsoDate, "Please choose the date it expires.")
    .refine(
      (value) => value >= today && value <= last,
      "Please choose a date from today to a year from now.",
    );
}

/** Changing a request's expiry. */
export const expiryFormSchema = (today: string) => z.object({ expiresOn: expirySchema(today) });

/** Staff record a request: for a member of the registry (optional) or a name, any visibility. */
export function staffPrayerSchema(today: string) {
  return z
    .object({
      memberId: z
        .string()
        .optional()
        .transform((value) => (value ?? "").trim() || null)
        .refine(
          (value) => value === null || z.uuid().safeParse(value).success,
          "That member could not be found.",
        ),
      name: optionalName,
      request: requestText,
      visibility,
      wantsCall: ticked,
      email: optionalEmail(),
      mobile: optionalMobile(),
      expiresOn: expirySchema(today),
    })
    .superRefine(needsContact);
}

export type StaffPrayerInput = z.output<ReturnType<typeof staffPrayerSchema>>;

/** Marking a request answered: a note of how (optional). */
export const answerSchema = z.object({
  note: optionalText(PRAYER_LIMITS.note, `Please keep the note under ${PRAYER_LIMITS.note} characters.`),
});

export const visibilitySchema = z.object({ visibility });
