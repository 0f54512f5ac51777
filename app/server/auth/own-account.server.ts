import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { users } from "../../../database/schema";
import { describeUserAgent } from "~/lib/user-agent";
import { PASSWORD_TOO_COMMON } from "~/schemas/password";
import { AppError } from "../http/errors.server";
import { fieldChanges, logChange } from "../platform/change-log.server";
import { clearRateLimits, hitRateLimits, peekRateLimits } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { secureCookiesFor } from "./auth.server";
import type { StaffUser } from "./guards.server";
import { isTooCommon } from "./password-strength.server";
import { markSetupStep } from "./first-admin-setup.server";

export const WRONG_PASSWORD = "That is not your current password.";

const MINUTE = 60 * 1000;

/** Someone at an unattended signed-in computer gets a few guesses at the password, not a thousand. */
function passwordTriesRule(userId: string) {
  return { key: `account:password:${userId}`, limit: 5, windowMs: 15 * MINUTE };
}

/**
 * Runs a change that the library guards with the account's password, and turns a wrong password
 * into a message on the `field` that holds it. Wrong passwords are counted per account: after 5
 * in 15 minutes the form is refused for a while.
 */
export async function confirmingPassword<T>(
  user: Pick<StaffUser, "id">,
  field: string,
  change: () => Promise<T>,
): Promise<T> {
  const { db } = services();
  const rule = passwordTriesRule(user.id);
  const tries = await peekRateLimits(db, [rule]);
  if (!tries.allowed) {
    const minutes = Math.max(1, Math.ceil(tries.retryAfterSeconds / 60));
    throw new AppError(
      `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      429,
      { field },
    );
  }
  try {
    const result = await change();
    await clearRateLimits(db, [rule.key]);
    return result;
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
      await hitRateLimits(db, [rule]);
      throw new AppError(WRONG_PASSWORD, 400, { field });
    }
    throw error;
  }
}

const subjectOf = (user: Pick<StaffUser, "id" | "email">) => ({
  type: "staff",
  id: user.id,
  label: user.email,
});

export async function changeOwnName(user: StaffUser, name: string): Promise<void> {
  await services().db.transaction(async (tx) => {
    const [before] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    if (!before || before.name === name) return;
    await tx.update(users).set({ name }).where(eq(users.id, user.id));
    await logChange(tx, user, "account.name-changed", {
      subject: subjectOf(user),
      details: { changes: fieldChanges(before, { name }, ["name"]) },
    });
  });
}

/**
 * Sets a new password after checking the current one, signs the account out on every other
 * device, and (for an account made with a temporary password) ends the need to change it.
 * Returns the Set-Cookie headers of the new session this device now has.
 */
export async function changeOwnPassword(
  request: Request,
  user: StaffUser,
  input: { currentPassword: string; password: string },
): Promise<string[]> {
  if (await isTooCommon(input.password, [user.name, user.email])) {
    throw new AppError(PASSWORD_TOO_COMMON, 400, { field: "password" });
  }
  if (input.password === input.currentPassword) {
    throw new AppError("The new password must differ from the current one.", 400, { field: "password" });
  }
  const { auth, db } = services();
  const { headers } = await confirmingPassword(user, "currentPassword", () =>
    auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  await db.transaction(async (tx) => {
    if (user.mustChangePassword) {
      await tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    }
    await markSetupStep(tx, user.id, "password");
    await logChange(tx, user, "account.password-changed", {
      subject: subjectOf(user),
      details: { replacedTemporary: user.mustChangePassword, signedOutElsewhere: true },
    });
  });
  return secureCookiesFor(request, headers.getSetCookie());
}

export interface OwnSession {
  id: string;
  /** "Chrome on Windows". */
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  /** When the session was last renewed: the library does so at most once a day, so a day, not a time. */
  lastActiveAt: string;
  isCurrent: boolean;
}

async function activeSessionsOf(userId: string) {
  const ctx = await services().auth.$context;
  // The library's listSessions endpoint refuses sessions older than its "fresh" age (a day); the
  // list of one's own devices is no reason to sign in again, so read it the way that endpoint does.
  const now = Date.now();
  return (await ctx.internalAdapter.listSessions(userId, { onlyActiveSessions: true })).filter(
    (session) => new Date(session.expiresAt).getTime() > now,
  );
}

/** The account's signed-in devices, this one first, then the most recently signed in. */
export async function listOwnSessions(user: StaffUser): Promise<OwnSession[]> {
  const sessions = await activeSessionsOf(user.id);
  return sessions
    .map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress || null,
      signedInAt: new Date(session.createdAt).toISOString(),
      lastActiveAt: new Date(session.updatedAt).toISOString(),
      isCurrent: session.id === user.sessionId,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.signedInAt.localeCompare(a.signedInAt));
}

/** Signs out one other device of the account (never this one: that is "Sign out"). */
export async function revokeOwnSession(
  request: Request,
  user: StaffUser,
  sessionId: string,
): Promise<string> {
  const session = (await activeSessionsOf(user.id)).find((candidate) => candidate.id === sessionId);
  if (!session) throw new AppError("That device is already signed out.", 404);
  if (session.id === user.sessionId) {
    throw new AppError("This is the device you are using. Use “Sign out” to sign out here.", 400);
  }
  const { auth, db } = services();
  await auth.api.revokeSession({ body: { token: session.token }, headers: request.headers });
  const device = describeUserAgent(session.userAgent);
  await logChange(db, user, "account.session-revoked", {
    subject: subjectOf(user),
    details: { device, ip: session.ipAddress || null, signedInAt: new Date(session.createdAt).toISOString() },
  });
  return device;
}

/** Signs the account out on every device but this one; answers how many were signed out. */
export async function signOutElsewhere(request: Request, user: StaffUser): Promise<number> {
  const others = (await activeSessionsOf(user.id)).filter((session) => session.id !== user.sessionId);
  const { auth, db } = services();
  await auth.api.revokeOtherSessions({ headers: request.headers });
  await logChange(db, user, "account.signed-out-elsewhere", {
    subject: subjectOf(user),
    details: { sessions: others.length },
  });
  return others.length;
}
