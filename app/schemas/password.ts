import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON =
  "This password is too common or too easy to guess. Try three or four unrelated words together.";
/** A password link (invitation or reset) that is unknown, used or expired. */
export const LINK_INVALID =
  "This link has expired or was already used. Ask for a new one: “Forgot password?” on the sign-in page, or your administrator for an invitation.";
export const PASSWORDS_DIFFER = "The two passwords are not the same.";

/**
 * A password a person chooses (invitation, reset, own account, temporary password). The length
 * rules run in the browser too; the list of common passwords is checked on the server
 * (`server/auth/password-strength.server.ts`).
 */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** New password typed twice. */
export const choosePasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const EMAIL_REQUIRED = "Please enter your e-mail address.";
export const EMAIL_INVALID = "Please enter a valid e-mail address, like name@example.com.";

/** "Forgot password?": the address to send a link to. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID))
    .transform((value) => value.toLowerCase()),
});
