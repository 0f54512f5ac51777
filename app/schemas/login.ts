import { z } from "zod";

/** The spec's message when either field is missing. */
export const LOGIN_MISSING_FIELDS = "You must provide either an email or phone number and a password";

// Both lockouts send the person to "Forgot password?": the e-mailed link opens the account again.
export const ACCOUNT_LOCKED =
  "This account is locked for a while after too many failed sign-ins. Use “Forgot password?” to get back in now.";
export const ADDRESS_LOCKED =
  "Too many failed sign-ins for this account from your connection. Use “Forgot password?”, or try again later.";

export const loginSchema = z.object({
  username: z
    .string({ error: LOGIN_MISSING_FIELDS })
    .trim()
    .min(1, LOGIN_MISSING_FIELDS)
    .max(254, "The username is too long."),
  password: z
    .string({ error: LOGIN_MISSING_FIELDS })
    .min(1, LOGIN_MISSING_FIELDS)
    .max(128, "The password must be at most 128 characters."),
  redirectTo: z.string().max(2000).optional(),
});
