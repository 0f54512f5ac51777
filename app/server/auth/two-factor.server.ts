import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { isAPIError } from "better-auth/api";
import { parseCookies } from "better-auth/cookies";
import { constantTimeEqual, makeSignature, symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { twoFactors, users } from "../../../database/schema";
import { AppError } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { secureCookiesFor } from "./auth.server";
import type { StaffUser } from "./guards.server";
import { confirmingPassword } from "./own-account.server";
import { isTwoFactorRequired } from "./security-settings.server";
import { ACCOUNT_DISABLED, recordFailure } from "./sign-in.server";
import { SIGN_IN_EXPIRED, TWO_FACTOR_REQUIRED_NOTE } from "~/schemas/account";

const errorCode = (error: unknown) =>
  isAPIError(error) ? (error.body?.code as string | undefined) : undefined;

const subjectOf = (user: Pick<StaffUser, "id" | "email">) => ({
  type: "staff",
  id: user.id,
  label: user.email,
});

export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused backup codes (null while two-factor sign-in is off). */
  backupCodesLeft: number | null;
  /** Whether an administrator requires it of every account. */
  required: boolean;
}

export async function twoFactorStatus(user: StaffUser): Promise<TwoFactorStatus> {
  const required = await isTwoFactorRequired();
  if (!user.twoFactorEnabled) return { enabled: false, backupCodesLeft: null, required };
  const { backupCodes } = await services().auth.api.viewBackupCodes({ body: { userId: user.id } });
  return { enabled: true, backupCodesLeft: backupCodes.length, required };
}

/** What the set-up screen shows to add the account to an authenticator app. */
export interface AuthenticatorSetup {
  /** The otpauth:// address the QR code holds. */
  totpURI: string;
  /** The same secret as text, for typing into the app by hand. */
  secret: string;
  /** The QR code as an SVG drawing, made here: nothing is fetched from elsewhere. */
  qrSvg: string;
}

const OTPAUTH_PREFIX = "otpauth://totp/";

/**
 * The set-up's QR code and secret from the library's otpauth address. The address comes back
 * with the code form, so a wrong code can show the same QR code again; it is only ever drawn,
 * never trusted for anything else.
 */
export async function authenticatorSetup(totpURI: string): Promise<AuthenticatorSetup> {
  const secret = totpURI.startsWith(OTPAUTH_PREFIX) ? new URL(totpURI).searchParams.get("secret") : null;
  if (!secret || totpURI.length > 1000) {
    throw new AppError("The set-up could not be read. Please start again.", 400);
  }
  const qrSvg = await QRCode.toString(totpURI, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { totpURI, secret, qrSvg };
}

/** Step 1: the password is checked and a new secret is made (not in use until a code confirms it). */
export async function startTwoFactorSetup(
  request: Request,
  user: StaffUser,
  password: string,
): Promise<AuthenticatorSetup> {
  if (user.twoFactorEnabled) throw new AppError("Two-factor sign-in is already on.", 409);
  // The app lists the account under the church's name as it is now, not as it was at start.
  const issuer = (await getSiteContent()).church.name;
  const answer = await confirmingPassword(user, "password", () =>
    services().auth.api.enableTwoFactor({ body: { password, issuer }, headers: request.headers }),
  );
  if (!("totpURI" in answer) || !answer.totpURI) throw new Error("The library answered no otpauth address.");
  return authenticatorSetup(answer.totpURI);
}

export const WRONG_SETUP_CODE =
  "That code is not right. Check that the app shows this account, and type the code it shows now.";

/**
 * Step 2: the first code from the app turns two-factor sign-in on. Answers the ten backup codes
 * (to show once) and the cookies of the session the library replaces this one with.
 */
export async function confirmTwoFactorSetup(
  request: Request,
  user: StaffUser,
  code: string,
): Promise<{ backupCodes: string[]; setCookies: string[] }> {
  if (user.twoFactorEnabled) throw new AppError("Two-factor sign-in is already on.", 409);
  const { auth, db } = services();
  let setCookies: string[];
  try {
    const { headers } = await auth.api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    setCookies = secureCookiesFor(request, headers.getSetCookie());
  } catch (error) {
    if (errorCode(error) === "INVALID_CODE") throw new AppError(WRONG_SETUP_CODE, 400, { field: "code" });
    if (errorCode(error) === "TOTP_NOT_ENABLED") {
      throw new AppError("This set-up is no longer valid. Please start again.", 409);
    }
    throw error;
  }
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user.id } });
  await logChange(db, user, "account.two-factor-enabled", { subject: subjectOf(user) });
  return { backupCodes, setCookies };
}

/** Turns two-factor sign-in off; answers the cookies of the session the library replaces this one with. */
export async function turnOffTwoFactor(
  request: Request,
  user: StaffUser,
  password: string,
): Promise<string[]> {
  if (!user.twoFactorEnabled) throw new AppError("Two-factor sign-in is already off.", 409);
  if (await isTwoFactorRequired()) throw new AppError(TWO_FACTOR_REQUIRED_NOTE, 409);
  const { auth, db } = services();
  const { headers } = await confirmingPassword(user, "password", () =>
    auth.api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true }),
  );
  await logChange(db, user, "account.two-factor-disabled", { subject: subjectOf(user) });
  return secureCookiesFor(request, headers.getSetCookie());
}

/** Ten new backup codes; the old ones stop working. */
export async function regenerateBackupCodes(
  request: Request,
  user: StaffUser,
  password: string,
): Promise<string[]> {
  if (!user.twoFactorEnabled) throw new AppError("Two-factor sign-in is off.", 409);
  const { auth, db } = services();
  const { backupCodes } = await confirmingPassword(user, "password", () =>
    auth.api.generateBackupCodes({ body: { password }, headers: request.headers }),
  );
  await logChange(db, user, "account.backup-codes-regenerated", { subject: subjectOf(user) });
  return backupCodes;
}

/**
 * The account whose sign-in waits for its second step, read from the library's signed challenge
 * cookie; null when there is none, it was tampered with, or it has expired.
 */
export async function pendingSecondFactor(request: Request): Promise<{ id: string; email: string } | null> {
  const ctx = await services().auth.$context;
  const value = parseCookies(request.headers.get("cookie") ?? "").get(
    ctx.createAuthCookie("two_factor").name,
  );
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const identifier = value.slice(0, dot);
  if (!constantTimeEqual(await makeSignature(identifier, ctx.secret), value.slice(dot + 1))) return null;
  const challenge = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) return null;
  const user = await ctx.internalAdapter.findUserById(challenge.value);
  return user ? { id: user.id, email: user.email } : null;
}

export type SecondFactorMethod = "app" | "backup";

export type SecondFactorResult =
  | { ok: true; userId: string; setCookies: string[] }
  | { ok: false; status: number; message: string; expired: boolean };

const WRONG_APP_CODE = "That code is not right. Type the code your authenticator app shows now.";
const USED_APP_CODE =
  "That code has been used already. Wait for your authenticator app to show a new one, and type that.";
const WRONG_BACKUP_CODE = "That backup code is not right, or it has been used already.";
const TOO_MANY_CODES = "Too many wrong codes. Please sign in again with your e-mail and password.";
const ACCOUNT_CODE_LOCKED =
  "Too many wrong codes for this account. Please wait 15 minutes and sign in again.";

/**
 * The sign-in's second step: a code from the authenticator app or a backup code (each works once).
 * On success the library starts the session; the cookies to pass on are in the answer.
 */
export async function verifySecondFactor(
  request: Request,
  input: { method: SecondFactorMethod; code: string; trustDevice: boolean },
): Promise<SecondFactorResult> {
  const pending = await pendingSecondFactor(request);
  if (!pending) return { ok: false, status: 401, message: SIGN_IN_EXPIRED, expired: true };
  const { auth } = services();
  const body = { code: input.code, trustDevice: input.trustDevice };
  // An app's code signs in once: its time step is claimed before the library checks it, and
  // given back if the library then refuses the sign-in for another reason.
  const claim = input.method === "app" ? await claimTimeStep(pending.id, input.code) : null;
  if (claim === "used") {
    await recordFailure(pending.email, "second-factor-reused");
    return { ok: false, status: 401, message: USED_APP_CODE, expired: false };
  }
  try {
    const { headers, response } =
      input.method === "app"
        ? await auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
    return {
      ok: true,
      userId: response.user.id,
      setCookies: secureCookiesFor(request, headers.getSetCookie()),
    };
  } catch (error) {
    await claim?.giveBack();
    switch (errorCode(error)) {
      case "INVALID_CODE":
      case "INVALID_BACKUP_CODE":
        await recordFailure(pending.email, "second-factor");
        return {
          ok: false,
          status: 401,
          message: input.method === "app" ? WRONG_APP_CODE : WRONG_BACKUP_CODE,
          expired: false,
        };
      case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
        await recordFailure(pending.email, "second-factor");
        return { ok: false, status: 429, message: TOO_MANY_CODES, expired: true };
      case "ACCOUNT_TEMPORARILY_LOCKED":
        await recordFailure(pending.email, "second-factor-locked");
        return { ok: false, status: 429, message: ACCOUNT_CODE_LOCKED, expired: true };
      case "BANNED_USER":
        await recordFailure(pending.email, "disabled");
        return { ok: false, status: 403, message: ACCOUNT_DISABLED, expired: true };
      case "INVALID_TWO_FACTOR_COOKIE":
        return { ok: false, status: 401, message: SIGN_IN_EXPIRED, expired: true };
      default:
        throw error;
    }
  }
}

/** The library's TOTP settings (its defaults: we pass none). */
const TOTP_PERIOD_SECONDS = 30;
/** The library accepts the code of the step before and after the current one too (clock drift). */
const TOTP_WINDOW = 1;
/** How the library marks a secret imported as base32 (its own are raw). */
const BASE32_PREFIX = "base32:";

/** The account's authenticator secret, decrypted as the library does it; null without one. */
async function authenticatorSecret(userId: string): Promise<string | Uint8Array | null> {
  const [row] = await services()
    .db.select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!row) return null;
  const ctx = await services().auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  return secret.startsWith(BASE32_PREFIX)
    ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
    : secret;
}

/** The time step whose code `code` is, among those the library accepts now; null for none. */
async function timeStepOf(userId: string, code: string): Promise<number | null> {
  const secret = await authenticatorSecret(userId);
  if (secret === null) return null;
  const otp = createOTP(secret);
  const now = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
  let found: number | null = null;
  // Every step is computed whatever matched, as the library does.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (constantTimeEqual(await otp.hotp(step), code)) found = step;
  }
  return found;
}

/**
 * Claims the time step of an app's code for the account, in one statement so that two sign-ins
 * with the same code cannot both have it: "used" when this step or a later one has signed in
 * already; null when the code is of no step (the library then refuses it and counts the failure).
 */
async function claimTimeStep(
  userId: string,
  code: string,
): Promise<"used" | { giveBack(): Promise<void> } | null> {
  const step = await timeStepOf(userId, code);
  if (step === null) return null;
  const { db } = services();
  const [before] = await db
    .select({ last: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (claimed.length === 0) return "used";
  return {
    async giveBack() {
      await db
        .update(users)
        .set({ totpLastStep: before?.last ?? null })
        .where(and(eq(users.id, userId), eq(users.totpLastStep, step)));
    },
  };
}
