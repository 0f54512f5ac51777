import { z } from "zod";
import { choosePasswordSchema, EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_MAX_LENGTH } from "./password";

export const NAME_MAX_LENGTH = 100;

export const ownNameSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(NAME_MAX_LENGTH, `Your name must be at most ${NAME_MAX_LENGTH} characters.`),
});

/** The password the person has now, to confirm a change to their sign-in. */
export const currentPasswordSchema = z
  .string({ error: "Please enter your current password." })
  .min(1, "Please enter your current password.")
  .max(PASSWORD_MAX_LENGTH, "That is not your current password.");

/** Own account: the current password, then the new one twice. */
export const changePasswordSchema = choosePasswordSchema.and(
  z.object({ currentPassword: currentPasswordSchema }),
);

export const confirmPasswordSchema = z.object({ password: currentPasswordSchema });

export const TOTP_CODE_INVALID = "Enter the 6-digit code your authenticator app shows.";
export const BACKUP_CODE_INVALID = "Enter one of your backup codes, for example abcde-12345.";

/** The 6-digit code of an authenticator app; spaces people type between the groups are ignored. */
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_INVALID })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_INVALID));

/** A backup code as it was shown ("abcde-12345"); letters keep their case. */
export const backupCodeSchema = z
  .string({ error: BACKUP_CODE_INVALID })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, BACKUP_CODE_INVALID))
  .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

/** The secret of an authenticator app as people type it: groups of four. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export const TWO_FACTOR_REQUIRED_NOTE =
  "The church requires two-factor sign-in for every staff account, so it cannot be turned off. An administrator can change that.";

export const SIGN_IN_EXPIRED =
  "This sign-in has expired (it lasts 10 minutes). Please sign in again with your e-mail and password.";

/** A staff account's (new) e-mail address, as typed: trimmed and in small letters. */
export const staffEmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, "The e-mail address must be at most 254 characters.")
  .pipe(z.email(EMAIL_INVALID))
  .transform((value) => value.toLowerCase());

/** My account: the new address, and the current password to confirm it is you. */
export const changeEmailSchema = z.object({ email: staffEmailSchema, emailPassword: currentPasswordSchema });

/** The first sign-in set-up: one's own name and address. */
export const setupProfileSchema = ownNameSchema.extend({ email: staffEmailSchema });

/** A link to confirm a new e-mail address that is unknown, used or expired. */
export const EMAIL_LINK_INVALID =
  "This link does not work any more: it was used already, it expired (links work for 24 hours), or a newer one was sent. Ask for a new one on My account.";
