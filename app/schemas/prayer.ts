import { z } from "zod";
import { addDays, isIsoDate } from "~/lib/dates";
import { PRAYER_VISIBILITIES, type PrayerVisibility } from "~/lib/care";
import { translator, type Translate } from "~/lib/i18n";
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

/** The staff screens are English; the public form speaks the visitor's language (issue 39). */
const english: Translate = (key, values) => translator("en")(key, values);

/** The staff lists: active (not answered, not expired), answered, expired. */
export const PRAYER_LISTS = ["active", "answered", "expired"] as const;
export type PrayerList = (typeof PRAYER_LISTS)[number];

/** "Who may read it", in a visitor's words (and language); stored as the visibility. */
export const visitorVisibilityChoices = (
  t: Translate = english,
): { value: PrayerVisibility; label: string; hint: string }[] => [
  { value: "private", label: t("prayer.privateLabel"), hint: t("prayer.privateHint") },
  { value: "team", label: t("prayer.teamLabel"), hint: t("prayer.teamHint") },
  { value: "shared", label: t("prayer.sharedLabel"), hint: t("prayer.sharedHint") },
];

const requestText = (t: Translate) =>
  z
    .string({ error: t("prayer.requestRequired") })
    .trim()
    .min(1, t("prayer.requestRequired"))
    .max(PRAYER_LIMITS.request, t("prayer.requestTooLong", { max: String(PRAYER_LIMITS.request) }));

const visibility = (t: Translate) => z.enum(PRAYER_VISIBILITIES, { error: t("prayer.visibilityRequired") });

/** A ticked box arrives as "on"; an unticked one does not arrive at all. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const optionalName = (t: Translate) =>
  optionalText(PRAYER_LIMITS.name, t("forms.nameTooLong", { max: String(PRAYER_LIMITS.name) }));

/** A contact is needed only to be called; without a call, what was typed is not kept. */
const needsContact =
  (t: Translate) =>
  (
    value: { wantsCall: boolean; email: string; mobile: string; memberId?: string | null },
    ctx: z.RefinementCtx,
  ) => {
    if (value.wantsCall && !value.memberId && value.email === "" && value.mobile === "") {
      ctx.addIssue({ code: "custom", path: ["email"], message: t("prayer.contactNeeded") });
    }
  };

/** The public form: a name (optional), the request, who may read it, and a contact for a call. */
export const prayerFormSchema = (t: Translate = english) =>
  z
    .object({
      name: optionalName(t),
      request: requestText(t),
      visibility: visibility(t),
      wantsCall: ticked,
      email: optionalEmail(t),
      mobile: optionalMobile(t),
    })
    .superRefine(needsContact(t));

export type PrayerFormInput = z.output<ReturnType<typeof prayerFormSchema>>;

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
      name: optionalName(english),
      request: requestText(english),
      visibility: visibility(english),
      wantsCall: ticked,
      email: optionalEmail(),
      mobile: optionalMobile(),
      expiresOn: expirySchema(today),
    })
    .superRefine(needsContact(english));
}

export type StaffPrayerInput = z.output<ReturnType<typeof staffPrayerSchema>>;

/** Marking a request answered: a note of how (optional). */
export const answerSchema = z.object({
  note: optionalText(PRAYER_LIMITS.note, `Please keep the note under ${PRAYER_LIMITS.note} characters.`),
});

export const visibilitySchema = z.object({ visibility: visibility(english) });
