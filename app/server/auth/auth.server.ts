import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { admin, username } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { redirect } from "react-router";
import { accounts, sessions, users, verifications } from "../../../database/schema";
import type { Database } from "../platform/db.server";
import { services } from "../platform/services.server";

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

export type Role = "admin" | "staff";

export interface StaffUser {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
}

interface SessionLookup {
  user: StaffUser | null;
  /** Set-Cookie values to pass on (a refreshed or cleared session cookie). */
  setCookies: string[];
}

// Root and route loaders of one request share a single lookup.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

export function getSession(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpSession(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpSession(request: Request): Promise<SessionLookup> {
  if (!request.headers.get("cookie")?.includes("church.session_token")) {
    return { user: null, setCookies: [] };
  }
  const { auth } = services();
  const { headers, response } = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const setCookies = secureCookiesFor(request, headers.getSetCookie());
  if (!response || response.user.banned) return { user: null, setCookies };
  const { id, name, email, role } = response.user;
  return {
    user: {
      id,
      name,
      email,
      username: response.user.username ?? null,
      role: role === "admin" ? "admin" : "staff",
    },
    setCookies,
  };
}

export async function getOptionalUser(request: Request) {
  return (await getSession(request)).user;
}

/**
 * The guard for every members loader and action: returns the signed-in staff member, or sends
 * the visitor to the login page (and back here afterwards).
 */
export async function requireStaff(request: Request): Promise<StaffUser> {
  const { user } = await getSession(request);
  if (!user) {
    const url = new URL(request.url);
    const back =
      url.pathname === "/members" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
    throw redirect(`/members/login${back}`);
  }
  return user;
}

export async function requireAdmin(request: Request): Promise<StaffUser> {
  const user = await requireStaff(request);
  if (user.role !== "admin") throw new Response("Only administrators may do this.", { status: 403 });
  return user;
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
