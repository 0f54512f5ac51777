import { redirect } from "react-router";
import { can, type Permission, type Role } from "~/lib/permissions";
import { AppError, appErrorResponse } from "../http/errors.server";
import { services } from "../platform/services.server";
import { secureCookiesFor } from "./auth.server";

/** The signed-in person, as every loader and action sees them: who did it, and what they may do. */
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

/** Who is signed in, if anyone: for pages that anyone may see (the root layout, the login page). */
export async function getOptionalUser(request: Request): Promise<StaffUser | null> {
  return (await getSession(request)).user;
}

/**
 * The guard at the top of every members loader and action: returns the signed-in person when
 * they may do `action` (any signed-in person when none is named), sends a visitor to the login page (and back here afterwards), and answers
 * 403 to someone signed in without the right.
 */
export async function requireUser(request: Request, action?: Permission): Promise<StaffUser> {
  const { user } = await getSession(request);
  if (!user) {
    const url = new URL(request.url);
    const back =
      url.pathname === "/members" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
    throw redirect(`/members/login${back}`);
  }
  if (action && !can(user, action)) {
    throw appErrorResponse(new AppError("You do not have permission to do this.", 403));
  }
  return user;
}
