import { z } from "zod";

/** The spec's message when either field is missing. */
export const LOGIN_MISSING_FIELDS = "You must provide either an email or phone number and a password";

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
