import { z } from "zod";
import { translator, type Translate } from "~/lib/i18n";

// One schema per public form, used by the browser (field limits) and re-checked by the action.
// Each is made for the visitor's language: its messages come from the message files (issue 39),
// English unless the action passes the page language's `t`.

export const LIMITS = { name: 120, email: 254, mobile: 30, message: 2000 } as const;

/** English, the default language: made on first use (the browser reads only the limits). */
const english: Translate = (key, values) => translator("en")(key, values);

const fullName = (t: Translate) =>
  z
    .string({ error: t("forms.fullNameRequired") })
    .trim()
    .min(1, t("forms.fullNameRequired"))
    .max(LIMITS.name, t("forms.nameTooLong", { max: String(LIMITS.name) }));

const email = (t: Translate) =>
  z
    .string({ error: t("forms.emailRequired") })
    .trim()
    .min(1, t("forms.emailRequired"))
    .max(LIMITS.email, t("forms.emailTooLong"))
    .pipe(z.email(t("forms.emailInvalid")));

const MOBILE_PATTERN = /^\+?[0-9()\s.-]{6,}$/;

const mobile = (t: Translate) =>
  z
    .string({ error: t("forms.mobileRequired") })
    .trim()
    .min(1, t("forms.mobileRequired"))
    .max(LIMITS.mobile, t("forms.mobileTooLong"))
    .regex(MOBILE_PATTERN, t("forms.mobileInvalid"));

/** "Please keep the message under 2000 characters." in the visitor's language. */
export const messageTooLong = (t: Translate = english) =>
  t("forms.messageTooLong", { max: String(LIMITS.message) });

/** "Please keep the name under 120 characters." in the visitor's language. */
export const nameTooLong = (t: Translate = english) => t("forms.nameTooLong", { max: String(LIMITS.name) });

const optionalMessage = (t: Translate) =>
  z
    .string()
    .trim()
    .max(LIMITS.message, messageTooLong(t))
    .optional()
    .transform((value) => (value ? value : null));

/** A field that may be left empty: its text without spaces around, refused past `limit`. */
export const optionalText = (limit: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value.length <= limit, tooLong);

/** An e-mail address that may be left empty (a form asks for it or a mobile number). */
export const optionalEmail = (t: Translate = english) =>
  optionalText(LIMITS.email, t("forms.emailTooLong")).refine(
    (value) => value === "" || z.email().safeParse(value).success,
    t("forms.emailInvalid"),
  );

/** A mobile number that may be left empty. */
export const optionalMobile = (t: Translate = english) =>
  optionalText(LIMITS.mobile, t("forms.mobileTooLong")).refine(
    (value) => value === "" || MOBILE_PATTERN.test(value),
    t("forms.mobileInvalid"),
  );

/** The separate box for the church's e-mails (issue 23): ticked or not, never required. */
const emailConsent = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** A ministry's join form. */
export const ministryJoinSchema = (t: Translate = english) =>
  z.object({ name: fullName(t), email: email(t), mobile: mobile(t), emailConsent });

/** An event's registration form. */
export const eventRegistrationSchema = (t: Translate = english) =>
  z.object({
    name: fullName(t),
    email: email(t),
    mobile: mobile(t),
    message: optionalMessage(t),
    emailConsent,
  });

/** The connect page's message form. */
export const connectSchema = (t: Translate = english) =>
  z.object({
    name: z
      .string({ error: t("forms.nameRequired") })
      .trim()
      .min(1, t("forms.nameRequired"))
      .max(LIMITS.name, nameTooLong(t)),
    mobile: mobile(t),
    email: email(t),
    message: z
      .string({ error: t("forms.messageRequired") })
      .trim()
      .min(1, t("forms.messageRequired"))
      .max(LIMITS.message, messageTooLong(t)),
  });

/** A field people never see; a bot that fills it is thanked and ignored. */
export const HONEYPOT_FIELD = "website";
