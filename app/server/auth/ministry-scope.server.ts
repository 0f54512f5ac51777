import { AppError } from "../http/errors.server";
import type { StaffUser } from "./staff-user.server";

// A role limited to ministries (issue 34) reaches only what belongs to the account's ministries.
// The server functions filter their queries with `ministryScope`; one-row screens check the row's
// ministry with `requireMinistry`.

/** The ministries (slugs) a person's queries are limited to, or null when they reach them all. */
export function ministryScope(user: Pick<StaffUser, "access" | "ministries">): string[] | null {
  return user.access.ministryOnly ? user.ministries : null;
}

/** Whether a person reaches something that belongs to `slugs` (any of them). */
export function reachesMinistry(
  user: Pick<StaffUser, "access" | "ministries">,
  slugs: string | readonly string[],
): boolean {
  const scope = ministryScope(user);
  if (!scope) return true;
  const wanted = typeof slugs === "string" ? [slugs] : slugs;
  return wanted.some((slug) => scope.includes(slug));
}

/**
 * Refuses, as not found, a row of a ministry the person does not look after: a forged id in a
 * URL or a form learns nothing about the row.
 */
export function requireMinistry(
  user: Pick<StaffUser, "access" | "ministries">,
  slugs: string | readonly string[],
  message = "That could not be found. It may belong to a ministry you do not look after.",
): void {
  if (!reachesMinistry(user, slugs)) throw new AppError(message, 404);
}
