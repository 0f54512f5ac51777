import { eq } from "drizzle-orm";
import { staffRoles, users } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { accessOf, ownRoleJoin } from "./staff-roles.server";

// The staff account a member of the registry is linked to (issue 34), as the member's side sees
// it: the profile says so, and erasing the member waits until the account is removed.

export interface MemberStaffAccount {
  id: string;
  name: string;
  email: string;
  roleName: string;
}

/** The staff account linked to `memberId`, or null (a member links to at most one). */
export async function staffAccountOfMember(
  memberId: string,
  executor: Executor = services().db,
): Promise<MemberStaffAccount | null> {
  if (!isUuid(memberId)) return null;
  const [row] = await executor
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      ownRole: { name: staffRoles.name, levels: staffRoles.levels, ministryOnly: staffRoles.ministryOnly },
    })
    .from(users)
    .leftJoin(staffRoles, ownRoleJoin)
    .where(eq(users.memberId, memberId))
    .limit(1);
  if (!row) return null;
  return { id: row.id, name: row.name, email: row.email, roleName: accessOf(row.role, row.ownRole).roleName };
}

/** Why a member with a staff account cannot be erased yet, naming the account. */
export function linkedAccountRefusal(memberName: string, account: MemberStaffAccount): string {
  return `${memberName} has a staff account: ${account.name} (${account.email}), ${account.roleName}. A person with a staff account cannot be erased: delete the account on the Staff accounts screen first (or unlink it there, if it belongs to someone else). Nothing was erased.`;
}
