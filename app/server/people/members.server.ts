import { and, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { members, type Member } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { labelsOf, memberOptions, type MemberOptions } from "~/content/member-options";
import { pickMemberFields, type MemberInput } from "~/schemas/member-fields";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";

export const MEMBERS_PAGE_SIZE = 25;

/** The member form's ministries and roles, from the church's content as it is now. */
export async function loadMemberOptions(): Promise<MemberOptions> {
  return memberOptions((await getSiteContent()).ministries);
}

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  // Every word must match a name part, the e-mail or the mobile number ("ana cruz" finds Ana Cruz).
  // search_text holds those fields lower-cased; lower() on the word too makes this ilike.
  return and(...words.map((word) => sql`${members.searchText} like lower(${likePattern(word)})`));
}

/** Who a member is and how to reach them: what every list and report shows first. */
export const memberContactColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  countryCode: members.countryCode,
  mobile: members.mobile,
};

/** What the membership list shows of each member. */
export const memberListColumns = { ...memberContactColumns, membershipStatus: members.membershipStatus };

export async function listMembers(options: { query?: string; page?: number; pageSize?: number }) {
  const { db } = services();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const where = searchCondition(options.query ?? "");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(members).where(where);
  const { page, pages, offset } = pageWindow(total, pageSize, options.page ?? 1);
  const rows = await db
    .select(memberListColumns)
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total, page, pages };
}

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);

export async function getMember(id: string): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select(memberColumns).from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** The names a member's stored ministry slugs and role keys stand for, in their order. */
export function ministryAndRoleNames(
  member: Pick<Member, "ministryInvolvement" | "ministryRole">,
  options: MemberOptions,
) {
  return {
    ministryNames: labelsOf(member.ministryInvolvement, options.ministries),
    roleNames: labelsOf(member.ministryRole, options.roles),
  };
}

/** A member as the profile shows them: with the names of their ministries and roles. */
export async function getMemberProfile(id: string) {
  const [member, options] = await Promise.all([getMember(id), loadMemberOptions()]);
  return member ? { ...member, ...ministryAndRoleNames(member, options) } : null;
}

/** A new member is always saved as active, with the position chosen (Member by default). */
export async function createMember(input: MemberInput, actor: Actor): Promise<Member> {
  const [row] = await services()
    .db.insert(members)
    .values({ ...pickMemberFields(input), membershipStatus: "active" })
    .returning(memberColumns);
  logChange(actor, "member.created", { memberId: row!.id });
  return row!;
}

/** The member as saved, or null when there is no such member. */
export async function updateMember(id: string, input: MemberInput, actor: Actor): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.update(members)
    .set(pickMemberFields(input))
    .where(eq(members.id, id))
    .returning(memberColumns);
  if (row) logChange(actor, "member.updated", { memberId: id });
  return row ?? null;
}

/** True when the member was removed, false when there was none to remove; throws on failure. */
export async function deleteMember(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services().db.delete(members).where(eq(members.id, id)).returning({ id: members.id });
  if (rows.length > 0) logChange(actor, "member.deleted", { memberId: id });
  return rows.length > 0;
}
