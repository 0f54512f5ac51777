import { inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../http/errors.server";
import type { StaffUser } from "./staff-user.server";

// A role limited to ministries (issue 34) reaches only what belongs to the account's ministries.
// The server functions filter their queries with `ministryScope`; one-row screens check the row's
// ministry with `requireMinistry`.

/**
 * The ministries (slugs) a query is limited to; null reaches them all. Server functions take it
 * as `scope`, and leaving it out means every ministry (the console, the jobs, staff).
 */
export type MinistryScope = readonly string[] | null;

/** The ministries (slugs) a person's queries are limited to, or null when they reach them all. */
export function ministryScope(user: Pick<StaffUser, "access" | "ministries">): string[] | null {
  return user.access.ministryOnly ? user.ministries : null;
}

/** Whether a person reaches something that belongs to `slugs` (any of them). */
export function reachesMinistry(
  user: Pick<StaffUser, "access" | "ministries">,
  slugs: string | readonly string[],
): boolean {
  return inScope(ministryScope(user), slugs);
}

/** Whether something that belongs to `slugs` (any of them) is within `scope`. */
export function inScope(scope: MinistryScope | undefined, slugs: string | readonly string[]): boolean {
  if (!scope) return true;
  const wanted = typeof slugs === "string" ? [slugs] : slugs;
  return wanted.some((slug) => scope.includes(slug));
}

export const OUTSIDE_SCOPE = "That could not be found. It may belong to a ministry you do not look after.";

/**
 * Refuses, as not found, a row of a ministry the person does not look after: a forged id in a
 * URL or a form learns nothing about the row.
 */
export function requireMinistry(
  user: Pick<StaffUser, "access" | "ministries">,
  slugs: string | readonly string[],
  message = OUTSIDE_SCOPE,
): void {
  if (!reachesMinistry(user, slugs)) throw new AppError(message, 404);
}

/** `requireMinistry` for a server function given a scope rather than a person. */
export function requireInScope(
  scope: MinistryScope | undefined,
  slugs: string | readonly string[],
  message = OUTSIDE_SCOPE,
): void {
  if (!inScope(scope, slugs)) throw new AppError(message, 404);
}

/**
 * A query's condition on a column that holds one ministry's slug: none for a scope of every
 * ministry, and one that matches nothing for an account given no ministry.
 */
export function slugInScope(column: AnyPgColumn, scope: MinistryScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return scope.length > 0 ? inArray(column, [...scope]) : sql`false`;
}
