import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { admin, username } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { accounts, sessions, users, verifications } from "../../../database/schema";
import type { Database } from "../platform/db.server";

/** A session lasts this long and is extended while the person keeps using the site. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** How often an active session's expiry is pushed forward (and its cookie re-sent). */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;

/** `appName` is the church's name, from the site content. */
export function createAuth(options: { db: Database; secret: string; baseURL: string; appName: string }) {
  const ac = createAccessControl(defaultStatements);
  return betterAuth({
    appName: options.appName,
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an administrator (CLI or staff screen), never by visitors.
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: "church",
    },
    // The library's HTTP endpoints are not mounted; sign-in goes through our action, which has
    // its own database-backed limits per client and per account.
    rateLimit: { enabled: false },
    // Our own structured sign-in log says who failed; the library need only report real errors.
    logger: { level: "error" },
    telemetry: { enabled: false },
    plugins: [
      username(),
      admin({
        defaultRole: "staff",
        adminRoles: ["admin"],
        ac,
        roles: { admin: adminAc, staff: ac.newRole({}) },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The auth library marks cookies Secure only when its base URL is https. Behind a TLS-terminating
 * proxy the request itself tells us (see TRUST_PROXY), so add the flag per request.
 */
export function secureCookiesFor(request: Request, cookies: string[]): string[] {
  if (new URL(request.url).protocol !== "https:") return cookies;
  return cookies.map((cookie) => (/;\s*secure/i.test(cookie) ? cookie : `${cookie}; Secure`));
}

export function authErrorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (isAPIError(error)) return error.body?.message || error.message || fallback;
  return fallback;
}
