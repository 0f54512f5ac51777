import { and, arrayContains, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { members, visitors, type Member } from "../../database/schema";
import { isUuid } from "~/lib/ids";
import { DASHBOARD_BIRTHDAY_DAYS, REPORT_WINDOW_DAYS, upcomingDates } from "~/lib/member-dates";
import { ministries } from "~/content/ministries";
import type { MemberInput } from "~/schemas/member";
import { services } from "./services.server";

export const MEMBERS_PAGE_SIZE = 25;

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  // Every word must match a name part, the e-mail or the mobile number ("ana cruz" finds Ana Cruz).
  return and(
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(
        ilike(members.firstName, pattern),
        ilike(members.middleName, pattern),
        ilike(members.lastName, pattern),
        ilike(members.nickname, pattern),
        ilike(members.email, pattern),
        ilike(members.mobile, pattern),
      );
    }),
  );
}

export async function listMembers(options: { query?: string; page?: number; pageSize?: number }) {
  const { db } = services();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const where = searchCondition(options.query ?? "");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(members).where(where);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pages);
  const rows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      countryCode: members.countryCode,
      mobile: members.mobile,
      membershipStatus: members.membershipStatus,
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pages };
}

export async function getMember(id: string): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

function columns(input: MemberInput) {
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    nickname: input.nickname,
    email: input.email,
    mobile: input.mobile,
    countryCode: input.countryCode,
    addressBh: input.addressBh,
    addressPh: input.addressPh,
    birthday: input.birthday,
    waterBaptismDate: input.waterBaptismDate,
    gender: input.gender,
    maritalStatus: input.maritalStatus,
    spouseName: input.spouseName,
    weddingAnniversary: input.weddingAnniversary,
    children: input.children.map((child) => ({
      name: child.name,
      birthday: child.birthday,
      gender: child.gender,
    })),
    bibleStudyGroup: input.bibleStudyGroup,
    saltGroupName: input.saltGroupName,
    ministryInvolvement: input.ministryInvolvement,
    ministryRole: input.ministryRole,
  };
}

/** A new member is always saved as active, with the position chosen (Member by default). */
export async function createMember(input: MemberInput): Promise<Member> {
  const [row] = await services()
    .db.insert(members)
    .values({ ...columns(input), churchPosition: input.churchPosition, membershipStatus: "active" })
    .returning();
  return row!;
}

export async function updateMember(id: string, input: MemberInput): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.update(members)
    .set({
      ...columns(input),
      churchPosition: input.churchPosition,
      membershipStatus: input.membershipStatus,
    })
    .where(eq(members.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMember(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services().db.delete(members).where(eq(members.id, id)).returning({ id: members.id });
  return rows.length > 0;
}

export async function dashboardStats(today: string) {
  const { db } = services();
  const [memberRows, [visitorCount]] = await Promise.all([
    db.select({ birthday: members.birthday }).from(members),
    db.select({ n: count() }).from(visitors),
  ]);
  return {
    totalMembers: memberRows.length,
    activeMinistries: ministries.length,
    upcomingBirthdays: upcomingDates(memberRows, (m) => m.birthday, today, DASHBOARD_BIRTHDAY_DAYS).length,
    newVisitors: visitorCount?.n ?? 0,
  };
}

const reportColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  countryCode: members.countryCode,
  mobile: members.mobile,
  birthday: members.birthday,
  spouseName: members.spouseName,
  weddingAnniversary: members.weddingAnniversary,
  maritalStatus: members.maritalStatus,
  membershipStatus: members.membershipStatus,
  churchPosition: members.churchPosition,
  ministryInvolvement: members.ministryInvolvement,
  ministryRole: members.ministryRole,
};

export async function upcomingBirthdays(today: string, days = REPORT_WINDOW_DAYS) {
  const rows = await services()
    .db.select(reportColumns)
    .from(members)
    .where(sql`${members.birthday} is not null`);
  return upcomingDates(rows, (m) => m.birthday, today, days);
}

export async function upcomingAnniversaries(today: string, days = REPORT_WINDOW_DAYS) {
  const rows = await services()
    .db.select(reportColumns)
    .from(members)
    .where(sql`${members.weddingAnniversary} is not null`);
  return upcomingDates(rows, (m) => m.weddingAnniversary, today, days);
}

export async function membershipCounts() {
  const [row] = await services()
    .db.select({
      total: count(),
      active: sql<number>`count(*) filter (where ${members.membershipStatus} = 'active')`.mapWith(Number),
    })
    .from(members);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

export async function activeMembers() {
  return services()
    .db.select(reportColumns)
    .from(members)
    .where(eq(members.membershipStatus, "active"))
    .orderBy(members.lastName, members.firstName);
}

/** How many members serve in each ministry, in the ministry list's order. */
export async function ministryBreakdown() {
  const rows = await services()
    .db.select({ name: sql<string>`unnest(${members.ministryInvolvement})`, n: count() })
    .from(members)
    .groupBy(sql`1`);
  const counts = new Map(rows.map((row) => [row.name, Number(row.n)]));
  return ministries.map((ministry) => ({
    name: ministry.name,
    slug: ministry.slug,
    count: counts.get(ministry.name) ?? 0,
  }));
}

export async function membersInMinistry(name: string) {
  return services()
    .db.select(reportColumns)
    .from(members)
    .where(arrayContains(members.ministryInvolvement, [name]))
    .orderBy(members.lastName, members.firstName);
}

export async function listVisitors() {
  return services().db.select().from(visitors).orderBy(desc(visitors.createdAt));
}
