import { setTimeout as sleep } from "node:timers/promises";
import { isAPIError } from "better-auth/api";
import { createCookie } from "react-router";
import { eq } from "drizzle-orm";
import { users } from "../../../database/schema";
import { secureCookiesFor } from "./auth.server";
import { logChange } from "../platform/change-log.server";
import {
  clearRateLimitsWithPrefix,
  currentCount,
  hitRateLimits,
  peekRateLimits,
  type RateLimitRule,
} from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { ACCOUNT_LOCKED, ADDRESS_LOCKED } from "~/schemas/login";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** How long an address where an account signed in is remembered as that account's own. */
const KNOWN_FOR_MS = 90 * 24 * 60 * MINUTE;

/**
 * Failed tries from one address, whatever the account (a burst: a 4th within 10 seconds waits; a
 * patient guesser: 30 in 15 minutes). Successful sign-ins never count, so a church network where
 * everyone shares one address is not held up by its own staff; an address where someone has
 * signed in before has five times the allowance.
 */
export function addressRules(clientIp: string, known = false): RateLimitRule[] {
  const scale = known ? 5 : 1;
  return [
    { key: `signin:ip:${clientIp}`, limit: 3 * scale, windowMs: 10 * SECOND },
    { key: `signin:ip-15m:${clientIp}`, limit: 30 * scale, windowMs: 15 * MINUTE },
  ];
}

/** Counters that remember, for 90 days, addresses where a sign-in succeeded. */
const knownAddressKey = (clientIp: string) => `signin:known-ip:${clientIp}`;
const knownForAccountKey = (account: string, clientIp: string) => `signin:known:${account}|${clientIp}`;

/**
 * Failed passwords only, so nobody can lock an account by merely trying it; checked before the
 * password, counted after. From slow to shut:
 * - 3 failures on the account within 10 seconds: wait (slows a guesser, holds the owner seconds);
 * - 5 failures from one address within 15 minutes: that address is shut out of the account, and
 *   only that address, so a stranger elsewhere cannot lock the owner out;
 * - 20 failures from anywhere within an hour: the account is locked for addresses it has never
 *   signed in from, so a stranger cannot lock the owner out of the church office; elsewhere its
 *   owner gets back in with the e-mailed reset link (which clears every count).
 */
export function accountRules(account: string, clientIp: string): RateLimitRule[] {
  return [
    { key: `signin:fail:${account}|burst`, limit: 3, windowMs: 10 * SECOND },
    { key: `signin:fail:${account}|ip:${clientIp}`, limit: 5, windowMs: 15 * MINUTE },
    { key: `signin:fail:${account}|all`, limit: 20, windowMs: 60 * MINUTE },
  ];
}

/** The prefix of every failure counter of an account, to forget them all at once. */
export function accountFailurePrefix(account: string) {
  return `signin:fail:${account.trim().toLowerCase()}|`;
}

/**
 * How long the answer to a wrong password waits, by how many wrong passwords this address has
 * given for the account in the last 15 minutes: nothing for a first typo, then 0.25, 0.5, 1 and
 * 2 seconds (the fifth shuts the address out of the account).
 */
export function failureDelayMs(failures: number): number {
  if (failures <= 1) return 0;
  return Math.min(250 * 2 ** (failures - 2), 2000);
}

export type SignInResult =
  | { ok: true; twoFactor: boolean; setCookies: string[] }
  | { ok: false; status: 401 | 403 | 429; message: string };

export const INVALID_CREDENTIALS = "Invalid username or password.";
export { ACCOUNT_LOCKED, ADDRESS_LOCKED };
export const ACCOUNT_DISABLED =
  "This account is disabled. Please ask an administrator of the church to enable it.";

function waitMessage(seconds: number) {
  return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

/**
 * Signs in with an e-mail address or a username. Never logs the password. With two-factor sign-in
 * on, the answer is `twoFactor: true` and the cookies hold the pending challenge, not a session.
 */
export async function signIn(input: {
  identifier: string;
  password: string;
  clientIp: string;
  request: Request;
}): Promise<SignInResult> {
  const { db, auth } = services();
  const account = input.identifier.trim().toLowerCase();
  const [addressKnown, knownForAccount] = await Promise.all([
    currentCount(db, knownAddressKey(input.clientIp)).then((count) => count > 0),
    currentCount(db, knownForAccountKey(account, input.clientIp)).then((count) => count > 0),
  ]);
  const address = addressRules(input.clientIp, addressKnown);
  const accountLimits = accountRules(account, input.clientIp);

  // Every limit is looked at before the password and counted only when the password is wrong.
  const byAddress = await peekRateLimits(db, address);
  if (!byAddress.allowed) {
    logSignIn("rate_limited", account, input.clientIp);
    return { ok: false, status: 429, message: waitMessage(byAddress.retryAfterSeconds) };
  }
  const [burst, fromHere, everywhere] = await Promise.all(
    accountLimits.map((rule) => peekRateLimits(db, [rule])),
  );
  const lockedEverywhere = !everywhere!.allowed && !knownForAccount;
  if (lockedEverywhere || !fromHere!.allowed) {
    logSignIn("locked", account, input.clientIp);
    await recordFailure(account, lockedEverywhere ? "locked" : "locked-for-address");
    return { ok: false, status: 429, message: lockedEverywhere ? ACCOUNT_LOCKED : ADDRESS_LOCKED };
  }
  if (!burst!.allowed) {
    logSignIn("rate_limited", account, input.clientIp);
    return { ok: false, status: 429, message: waitMessage(burst!.retryAfterSeconds) };
  }

  try {
    const { headers, response } = account.includes("@")
      ? await auth.api.signInEmail({
          body: { email: account, password: input.password, rememberMe: true },
          headers: input.request.headers,
          returnHeaders: true,
        })
      : await auth.api.signInUsername({
          body: { username: account, password: input.password, rememberMe: true },
          headers: input.request.headers,
          returnHeaders: true,
        });
    // The owner knows the password: the account's failures are forgotten, and this address is
    // remembered as one where people sign in (and as this account's own).
    await clearRateLimitsWithPrefix(db, accountFailurePrefix(account));
    await hitRateLimits(db, [
      { key: knownAddressKey(input.clientIp), limit: Number.MAX_SAFE_INTEGER, windowMs: KNOWN_FOR_MS },
      {
        key: knownForAccountKey(account, input.clientIp),
        limit: Number.MAX_SAFE_INTEGER,
        windowMs: KNOWN_FOR_MS,
      },
    ]);
    const setCookies = secureCookiesFor(input.request, headers.getSetCookie());
    if (response && "twoFactorRedirect" in response && response.twoFactorRedirect) {
      logSignIn("second_factor", account, input.clientIp);
      return { ok: true, twoFactor: true, setCookies };
    }
    const user = response && "user" in response ? response.user : null;
    if (user) await recordSignIn(user.id);
    logSignIn("success", account, input.clientIp);
    return { ok: true, twoFactor: false, setCookies };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "BANNED_USER") {
      logSignIn("disabled", account, input.clientIp);
      await recordFailure(account, "disabled");
      return { ok: false, status: 403, message: ACCOUNT_DISABLED };
    }
    if (isAPIError(error) && error.statusCode < 500) {
      await hitRateLimits(db, [...address, ...accountLimits]);
      logSignIn("failure", account, input.clientIp);
      await recordFailure(account, "password");
      // Each further wrong password from this address takes longer to answer, before the
      // address is shut out of the account altogether.
      await sleep(failureDelayMs(await currentCount(db, accountLimits[1]!.key)));
      return { ok: false, status: 401, message: INVALID_CREDENTIALS };
    }
    throw error;
  }
}

/** A completed sign-in (password, and the second factor when it is on): the audit log and the list's "last sign-in". */
export async function recordSignIn(userId: string): Promise<void> {
  await services().db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ lastSignInAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email });
    if (user) {
      await logChange(tx, user, "auth.signed-in", {
        subject: { type: "staff", id: user.id, label: user.email },
      });
    }
  });
}

/** A failed sign-in, by whoever tried: the account tried and why it failed. */
export async function recordFailure(account: string, reason: string): Promise<void> {
  const [user] = await services()
    .db.select({ id: users.id, email: users.email })
    .from(users)
    .where(account.includes("@") ? eq(users.email, account) : eq(users.username, account))
    .limit(1);
  await logChange(services().db, "visitor", "auth.sign-in-failed", {
    subject: { type: "staff", id: user?.id ?? null, label: user?.email ?? account.slice(0, 254) },
    details: { reason },
  });
}

export async function signOut(request: Request): Promise<string[]> {
  const { auth } = services();
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return secureCookiesFor(request, headers.getSetCookie());
}

function logSignIn(outcome: string, account: string, ip: string) {
  console.info(JSON.stringify({ event: "sign_in", outcome, account, ip, at: new Date().toISOString() }));
}

// After a password is set from an e-mailed link, the sign-in page opens with the account's address
// filled in: carried in a signed one-time cookie that the login page reads, never in its address.
function signInAsCookie() {
  return createCookie("church.sign_in_as", {
    httpOnly: true,
    sameSite: "lax",
    // Not "/members/login": the browser would leave it off the page's data request (/members/login.data).
    path: "/members",
    maxAge: 10 * 60,
    secrets: [services().secret],
  });
}

/** The Set-Cookie header that has the sign-in page fill in `email` once. */
export async function signInAsHeader(email: string, request: Request): Promise<string> {
  const header = await signInAsCookie().serialize(email);
  return new URL(request.url).protocol === "https:" ? `${header}; Secure` : header;
}

/** The address the sign-in page is to fill in (null for none), and the header that forgets it. */
export async function takeSignInAs(
  request: Request,
): Promise<{ email: string | null; setCookies: string[] }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("church.sign_in_as=")) return { email: null, setCookies: [] };
  const cookie = signInAsCookie();
  const value: unknown = await cookie.parse(cookieHeader);
  return {
    email: typeof value === "string" && value.length <= 254 ? value : null,
    setCookies: [await cookie.serialize("", { maxAge: 0 })],
  };
}
