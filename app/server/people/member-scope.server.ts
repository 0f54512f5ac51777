import { arrayOverlaps, or, sql, type SQL } from "drizzle-orm";
import { members } from "../../../database/schema";
import type { MinistryScope } from "../auth/ministry-scope.server";

// Which members a role limited to ministries reaches (issue 34): the people of its ministries,
// that is those whose ministries include one of them, and the heads of them ("Amplify Head",
// 'head:amplify'), who may not have ticked the ministry itself. Read-only rows of the registry.

const headRoles = (slugs: readonly string[]) => slugs.map((slug) => `head:${slug}`);

/**
 * The members of the ministries of `scope` (in them, or their head), as a query's condition; none
 * for a scope of every ministry, and one that matches nothing for an account given no ministry.
 */
export function membersOfMinistries(scope: MinistryScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  if (scope.length === 0) return sql`false`;
  return or(
    arrayOverlaps(members.ministryInvolvement, [...scope]),
    arrayOverlaps(members.ministryRole, headRoles(scope)),
  );
}
