import { redirect } from "react-router";
import { can, isRole, type Permission } from "~/lib/permissions";
import { AppError, appErrorResponse } from "../http/errors.server";
import { pageUrl } from "../http/request-guard.server";
import { services } from "../platform/services.server";
import { secureCookiesFor } from "./auth.server";
import { isTwoFactorRequired } from "./security-settings.server";
import type { StaffUser } from "./staff-user.server";

// The guard hands out the person, so screens import the type from it; auth modules use staff-user.
export type { StaffUser };

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
      // An unknown role (written by hand in the database) gets the least: nothing but its account.
      role: isRole(role) ? role : "editor",
      twoFactorEnabled: response.user.twoFactorEnabled === true,
      mustChangePassword: response.user.mustChangePassword === true,
      sessionId: response.session.id,
    },
    setCookies,
  };
}

/** Who is signed in, if anyone: for pages that anyone may see (the root layout, the login page). */
export async function getOptionalUser(request: Request): Promise<StaffUser | null> {
  return (await getSession(request)).user;
}

/** Where an account that must first choose its own password is sent. */
export const CHANGE_PASSWORD_PATH = "/members/account";
/** Where an account without two-factor sign-in is sent when the church requires it. */
export const TWO_FACTOR_SETUP_PATH = "/members/account/two-factor";

/**
 * The guard at the top of every members loader and action: returns the signed-in person when
 * they may do `action` (any signed-in person when none is named), sends a visitor to the login
 * page (and back here afterwards), and answers 403 to someone signed in without the right.
 *
 * An account with a temporary password, or without two-factor sign-in while the church requires
 * it, is sent to put that right first; only its own account screens pass `unfinished: true`.
 */
export async function requireUser(
  request: Request,
  action?: Permission,
  options: { unfinished?: boolean } = {},
): Promise<StaffUser> {
  const { user } = await getSession(request);
  if (!user) {
    const url = pageUrl(request);
    const back =
      url.pathname === "/members" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
    throw redirect(`/members/login${back}`);
  }
  if (!options.unfinished) {
    if (user.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
    if (!user.twoFactorEnabled && (await isTwoFactorRequired())) throw redirect(TWO_FACTOR_SETUP_PATH);
  }
  if (action && !can(user, action)) {
    throw appErrorResponse(new AppError("You do not have permission to do this.", 403));
  }
  return user;
}
