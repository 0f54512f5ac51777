import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { admin, twoFactor, username } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { accounts, sessions, twoFactors, users, verifications } from "../../../database/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/password";
import type { Database } from "../platform/db.server";
import { loggableError } from "../platform/db-errors.server";
import { CLIENT_IP_HEADER } from "../platform/request-scope.server";

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
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an administrator (CLI or staff screen), never by visitors.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A password set from an e-mailed link (reset or invitation) signs the account out everywhere.
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    // Single-use tokens (password links, two-factor challenges) are stored hashed, so a copy of
    // the database does not hand out working links.
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: "church",
      // The server writes the visitor's address (TRUST_PROXY honoured) into this header itself.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // The library's HTTP endpoints are not mounted; sign-in goes through our action, which has
    // its own database-backed limits per client and per account.
    rateLimit: { enabled: false },
    // Our own structured sign-in log says who failed; the library need only report real errors.
    // Its errors are logged without the values of a failed query (loggableError).
    logger: {
      level: "error",
      log: (level, message, ...args) =>
        (level === "error" ? console.error : console.warn)(
          `Auth: ${message}`,
          ...args.map((arg) => loggableError(arg)),
        ),
    },
    telemetry: { enabled: false },
    plugins: [
      username(),
      admin({
        defaultRole: "staff",
        adminRoles: ["admin"],
        bannedUserMessage: "This account is disabled.",
        ac,
        roles: { admin: adminAc, staff: ac.newRole({}), editor: ac.newRole({}) },
      }),
      twoFactor({
        issuer: options.appName,
        // The second step has its own limits (per account, in the library's table).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// The auth library is one of the services every loader may use; platform does not know its type.
declare module "../platform/services.server" {
  interface Services {
    auth: Auth;
  }
}

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
