import { z } from "zod";

// One schema per public form, used by the browser (field limits) and re-checked by the action.

export const LIMITS = { name: 120, email: 254, mobile: 30, message: 2000 } as const;

const fullName = z
  .string({ error: "Please enter your full name." })
  .trim()
  .min(1, "Please enter your full name.")
  .max(LIMITS.name, `Please keep the name under ${LIMITS.name} characters.`);

const email = z
  .string({ error: "Please enter your email." })
  .trim()
  .min(1, "Please enter your email.")
  .max(LIMITS.email, "That email address is too long.")
  .pipe(z.email("Please enter a valid email address."));

const MOBILE_PATTERN = /^\+?[0-9()\s.-]{6,}$/;

const mobile = z
  .string({ error: "Please enter your mobile number." })
  .trim()
  .min(1, "Please enter your mobile number.")
  .max(LIMITS.mobile, "That mobile number is too long.")
  .regex(MOBILE_PATTERN, "Please enter a valid mobile number.");

const optionalMessage = z
  .string()
  .trim()
  .max(LIMITS.message, `Please keep the message under ${LIMITS.message} characters.`)
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
export const optionalEmail = () =>
  optionalText(LIMITS.email, "That email address is too long.").refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Please enter a valid email address.",
  );

/** A mobile number that may be left empty. */
export const optionalMobile = () =>
  optionalText(LIMITS.mobile, "That mobile number is too long.").refine(
    (value) => value === "" || MOBILE_PATTERN.test(value),
    "Please enter a valid mobile number.",
  );

/** The separate box for the church's e-mails (issue 23): ticked or not, never required. */
const emailConsent = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const ministryJoinSchema = z.object({ name: fullName, email, mobile, emailConsent });

export const eventRegistrationSchema = z.object({
  name: fullName,
  email,
  mobile,
  message: optionalMessage,
  emailConsent,
});

export const connectSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(LIMITS.name, `Please keep the name under ${LIMITS.name} characters.`),
  mobile,
  email,
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(LIMITS.message, `Please keep the message under ${LIMITS.message} characters.`),
});

/** A field people never see; a bot that fills it is thanked and ignored. */
export const HONEYPOT_FIELD = "website";
