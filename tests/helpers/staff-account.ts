import crypto from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { users } from "../../database/schema";
import { services } from "~/server/platform/services.server";
import { callRoute, cookieHeaderFrom, formRequest } from "./test-services";

export const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
export const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A staff account of its own for one test, made the way an administrator's screen would. */
export async function createStaffAccount(
  options: { role?: string; name?: string; password?: string; ministries?: string[] } = {},
): Promise<{ id: string; email: string; password: string; name: string }> {
  const email = `staff-${crypto.randomBytes(4).toString("hex")}@test.local`;
  const password = options.password ?? "violet lantern orchard 42";
  const name = options.name ?? "Grace Santos";
  const { user } = await services().auth.api.createUser({ body: { email, password, name, role: "staff" } });
  // The auth library knows only its own roles; ours (a preset's key or a role's id) is written here.
  if ((options.role ?? "staff") !== "staff" || options.ministries) {
    await services()
      .db.update(users)
      .set({ role: options.role ?? "staff", ministries: options.ministries ?? [] })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, email, password, name };
}

/**
 * Signs in through the real login action from a browser with this user agent, from an address of
 * its own (so the per-address limits of one test never trip another's). Answers the redirect and
 * the cookie header the browser would send next: a session, or with two-factor sign-in on, the
 * pending challenge.
 */
export async function signInWith(
  email: string,
  password: string,
  userAgent = CHROME_ON_WINDOWS,
  /** Cookies the browser already holds (a trusted device's). */
  cookie = "",
): Promise<{ location: string | null; cookie: string; status: number }> {
  const { action } = await import("~/routes/members/auth/login");
  const result = await callRoute(
    action,
    formRequest(
      "/members/login",
      { username: email, password },
      { "user-agent": userAgent, ...(cookie ? { cookie } : {}) },
    ),
    { clientIp: `198.51.100.${crypto.randomInt(1, 250)}` },
  );
  return {
    status: result.status,
    location: result.response?.headers.get("location") ?? null,
    cookie: result.response ? cookieHeaderFrom(result.response) : "",
  };
}

/** The cookie header after a response's Set-Cookie headers replace some of `cookie`'s values. */
export function withCookies(cookie: string, response: { headers: Headers }): string {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (pair.endsWith("=") || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** The code an authenticator app shows now for the account in this otpauth:// address. */
export function authenticatorCode(totpURI: string): Promise<string> {
  return authenticatorCodeFromSecret(new URL(totpURI).searchParams.get("secret")!);
}

/** The code the app shows `steps` 30-second steps from now (1: the next one, which is accepted too). */
export function authenticatorCodeInSteps(totpURI: string, steps: number): Promise<string> {
  const secret = base32.decode(new URL(totpURI).searchParams.get("secret")!);
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps);
}

/** The same from the secret as the set-up screen shows it ("ABCD EFGH ..."). */
export async function authenticatorCodeFromSecret(secret: string): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s+/g, ""))).totp();
}
