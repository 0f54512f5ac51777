import { redirect } from "react-router";
import { eq } from "drizzle-orm";
import { staffRoles, users } from "../../../database/schema";
import { can, permissionInWords, type Permission } from "~/lib/permissions";
import { AppError, appErrorResponse } from "../http/errors.server";
import { pageUrl } from "../http/request-guard.server";
import { services } from "../platform/services.server";
import { secureCookiesFor } from "./auth.server";
import { isTwoFactorRequired } from "./security-settings.server";
import { accessOf, ownRoleJoin } from "./staff-roles.server";
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
  const { id, name, email } = response.user;
  // The role is read fresh on every request, so a changed role applies from the next page on.
  const [row] = await services()
    .db.select({
      role: users.role,
      ministries: users.ministries,
      memberId: users.memberId,
      ownRole: { name: staffRoles.name, levels: staffRoles.levels, ministryOnly: staffRoles.ministryOnly },
    })
    .from(users)
    .leftJoin(staffRoles, ownRoleJoin)
    .where(eq(users.id, id));
  if (!row) return { user: null, setCookies };
  // An unknown role (one deleted, or written by hand) gets the least: nothing but its account.
  const { access, roleName } = accessOf(row.role, row.ownRole);
  return {
    user: {
      id,
      name,
      email,
      username: response.user.username ?? null,
      role: row.role,
      roleName,
      access,
      ministries: row.ministries,
      memberId: row.memberId,
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
 * they may do `action` (any one of them, when a list; any signed-in person when none), sends a visitor to the login
 * page (and back here afterwards), and answers 403 to someone signed in without the right.
 *
 * An account with a temporary password, or without two-factor sign-in while the church requires
 * it, is sent to put that right first; only its own account screens pass `unfinished: true`.
 */
export async function requireUser(
  request: Request,
  action?: Permission | readonly Permission[],
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
  const wanted = typeof action === "string" ? [action] : (action ?? []);
  if (wanted.length > 0 && !wanted.some((permission) => can(user, permission))) {
    throw appErrorResponse(new AppError(refusal(user, wanted[0]!), 403));
  }
  return user;
}

/** The 403 message: what was refused and the permission it needs, so the person knows whom to ask. */
export function refusal(user: StaffUser, action: Permission): string {
  const needs = `It needs “${permissionInWords(action)}”`;
  const why = can({ access: { ...user.access, ministryOnly: false } }, action)
    ? `, and your role (${user.roleName}) reaches only what belongs to your ministries`
    : `, which your role (${user.roleName}) does not give`;
  return `You do not have permission to do this. ${needs}${why}. An admin can change your role on the Staff Accounts screen.`;
}

/** For a check that depends on what a request names (a section, a row): 403 unless `user` may. */
export function requirePermission(user: StaffUser, action: Permission): void {
  if (!can(user, action)) throw appErrorResponse(new AppError(refusal(user, action), 403));
}
