import { z } from "zod";
import { newPasswordSchema } from "./password";

// The staff-accounts forms (/members/staff), browser and server.

export const STAFF_NAME_MAX = 100;
export const EMAIL_MAX = 254;

const NAME_MISSING = "Please enter the person's name.";
const EMAIL_INVALID = "Please enter a valid e-mail address.";
const ROLE_MISSING = "Please choose what this account may do.";

const name = z
  .string({ error: NAME_MISSING })
  .trim()
  .min(1, NAME_MISSING)
  .max(STAFF_NAME_MAX, `Please keep the name under ${STAFF_NAME_MAX} characters.`);

const email = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(EMAIL_MAX, EMAIL_INVALID)
  .toLowerCase()
  .pipe(z.email(EMAIL_INVALID));

/** A built-in role's key or one of the church's own roles' id; the server checks it exists. */
export const roleSchema = z.string({ error: ROLE_MISSING }).trim().min(1, ROLE_MISSING).max(64, ROLE_MISSING);

/**
 * A new account: invited by e-mail (they choose their own password from a link), or made with a
 * temporary password that the admin passes on and the person must change at first sign-in.
 */
export const newStaffSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("invite"), name, email, role: roleSchema }),
    z.object({ method: z.literal("password"), name, email, role: roleSchema, password: newPasswordSchema }),
  ],
  { error: "Please choose how the person gets their password." },
);

export type NewStaff = z.output<typeof newStaffSchema>;
export type NewStaffMethod = NewStaff["method"];
