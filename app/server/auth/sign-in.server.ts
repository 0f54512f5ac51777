import { isAPIError } from "better-auth/api";
import { secureCookiesFor } from "./auth.server";
import {
  clearRateLimits,
  hitRateLimits,
  refundRateLimit,
  type RateLimitRule,
} from "../platform/rate-limit.server";
import { services } from "../platform/services.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Short windows stop a burst (the 4th try within 10 seconds is refused); long windows stop a
 * slow, patient guesser. Counted per client address and per account, across all app servers.
 */
export function signInRateRules(clientIp: string, account: string): RateLimitRule[] {
  return [
    { key: `signin:ip:${clientIp}`, limit: 3, windowMs: 10 * SECOND },
    { key: `signin:ip-15m:${clientIp}`, limit: 30, windowMs: 15 * MINUTE },
    { key: `signin:account:${account}`, limit: 3, windowMs: 10 * SECOND },
    { key: `signin:account-15m:${account}`, limit: 10, windowMs: 15 * MINUTE },
  ];
}

export type SignInResult =
  { ok: true; setCookies: string[] } | { ok: false; status: 401 | 429; message: string };

export const INVALID_CREDENTIALS = "Invalid username or password.";

/**
 * Signs in with an e-mail address or a username. Never logs the password.
 */
export async function signIn(input: {
  identifier: string;
  password: string;
  clientIp: string;
  request: Request;
}): Promise<SignInResult> {
  const { db, auth } = services();
  const account = input.identifier.trim().toLowerCase();
  const rules = signInRateRules(input.clientIp, account);
  const limit = await hitRateLimits(db, rules);
  if (!limit.allowed) {
    logSignIn("rate_limited", account, input.clientIp);
    const wait = limit.retryAfterSeconds;
    return {
      ok: false,
      status: 429,
      message: `Too many attempts. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
    };
  }

  try {
    const { headers } = account.includes("@")
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
    // The owner got in: their account's failure count starts again, and this try is not held
    // against the shared church Wi-Fi address.
    await clearRateLimits(db, [rules[2]!.key, rules[3]!.key]);
    await refundRateLimit(db, rules[0]!.key);
    await refundRateLimit(db, rules[1]!.key);
    logSignIn("success", account, input.clientIp);
    return { ok: true, setCookies: secureCookiesFor(input.request, headers.getSetCookie()) };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      logSignIn("failure", account, input.clientIp);
      return { ok: false, status: 401, message: INVALID_CREDENTIALS };
    }
    throw error;
  }
}

export async function signOut(request: Request): Promise<string[]> {
  const { auth } = services();
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return secureCookiesFor(request, headers.getSetCookie());
}

function logSignIn(outcome: "success" | "failure" | "rate_limited", account: string, ip: string) {
  console.info(JSON.stringify({ event: "sign_in", outcome, account, ip, at: new Date().toISOString() }));
}
