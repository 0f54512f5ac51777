import { and, asc, eq, ne, sql } from "drizzle-orm";
import { members, users } from "../../../database/schema";
import { headRoleKey } from "~/content/member-options";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { notDeleted } from "../people/members.server";
import type { StaffUser } from "./staff-user.server";
import { staffSubject, texts } from "./staff-accounts.server";

// What ties a staff account to the church (issue 34): the ministries it looks after (all that a
// role limited to ministries reaches) and the member of the registry it belongs to. An admin sets
// both on the account's screen; each change is written with its audit entry in one transaction.

export const linkTexts = {
  unknownMinistry: "Please choose among the church's ministries.",
  memberNotFound: "That member could not be found. They may have been deleted.",
  memberTaken: (member: string, account: { name: string; email: string }) =>
    `${member} is already linked to the staff account of ${account.name} (${account.email}). A member can be linked to one staff account only: unlink them there first.`,
  noLinkedMember: "This account is not linked to a member of the registry.",
  noHeadRoles: (member: string) =>
    `${member}'s ministry roles name no ministry (such as “Amplify Head”), so there are no ministries to take.`,
};

/** A ministry as the account's screen shows it. */
export interface MinistryChoice {
  slug: string;
  name: string;
}

/** The church's ministries, by name, for the account's check boxes. */
export async function ministryChoices(): Promise<MinistryChoice[]> {
  return (await getSiteContent()).ministriesByName().map(({ slug, name }) => ({ slug, name }));
}

/** The ministries (slugs) in the church's order, each once; refuses one the church does not have. */
function checkedMinistries(slugs: readonly string[], content: SiteContent): string[] {
  const unknown = slugs.find((slug) => !content.ministryBySlug(slug));
  if (unknown !== undefined) throw new AppError(linkTexts.unknownMinistry, 400, { field: "ministries" });
  return content.ministries.map((ministry) => ministry.slug).filter((slug) => slugs.includes(slug));
}

/** The ministries a member heads, from their ministry roles ('head:amplify' is "Amplify Head"). */
export function headedMinistries(ministryRole: readonly string[], content: SiteContent): MinistryChoice[] {
  return content.ministries
    .filter((ministry) => ministryRole.includes(headRoleKey(ministry.slug)))
    .map(({ slug, name }) => ({ slug, name }));
}

async function lockAccount(tx: Executor, id: string) {
  if (!isUuid(id)) throw notFound(texts.notFound);
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      ministries: users.ministries,
      memberId: users.memberId,
    })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!row) throw notFound(texts.notFound);
  return row;
}

type LockedAccount = Awaited<ReturnType<typeof lockAccount>>;

export interface MinistriesChange {
  account: LockedAccount;
  changed: boolean;
  /** The account's ministries now, by name. */
  names: string[];
}

async function writeMinistries(
  tx: Executor,
  account: LockedAccount,
  ministries: string[],
  content: SiteContent,
  actor: StaffUser,
): Promise<MinistriesChange> {
  const names = ministries.map((slug) => content.ministryBySlug(slug)!.name);
  if (ministries.join(" ") === account.ministries.join(" ")) return { account, changed: false, names };
  await tx.update(users).set({ ministries, updatedAt: new Date() }).where(eq(users.id, account.id));
  await logChange(tx, actor, "staff.ministries-changed", {
    subject: staffSubject(account),
    details: { from: account.ministries, to: ministries },
  });
  return { account, changed: true, names };
}

/** Sets the ministries an account looks after; applies from its next request. */
export async function setStaffMinistries(
  id: string,
  slugs: readonly string[],
  actor: StaffUser,
): Promise<MinistriesChange> {
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const ministries = checkedMinistries(slugs, content);
  return services().db.transaction(async (tx) =>
    writeMinistries(tx, await lockAccount(tx, id), ministries, content, actor),
  );
}

/** Gives an account the ministries its linked member heads ("Amplify Head": Amplify). */
export async function useMemberMinistries(id: string, actor: StaffUser): Promise<MinistriesChange> {
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account.memberId) throw new AppError(linkTexts.noLinkedMember, 400);
    const [member] = await tx
      .select({ firstName: members.firstName, lastName: members.lastName, roles: members.ministryRole })
      .from(members)
      .where(eq(members.id, account.memberId));
    if (!member) throw new AppError(linkTexts.noLinkedMember, 400);
    const headed = headedMinistries(member.roles, content);
    if (headed.length === 0) throw new AppError(linkTexts.noHeadRoles(fullName(member)), 400);
    return writeMinistries(
      tx,
      account,
      headed.map((ministry) => ministry.slug),
      content,
      actor,
    );
  });
}

export interface MemberLinkChange {
  account: LockedAccount;
  changed: boolean;
  memberName: string;
}

/**
 * Links an account to a member of the registry (not one under "Recently deleted"). A member
 * links to one account at most: refused, with the account named, when another has them.
 */
export async function linkStaffMember(
  id: string,
  memberId: string,
  actor: StaffUser,
): Promise<MemberLinkChange> {
  const missing = () => new AppError(linkTexts.memberNotFound, 404, { field: "member" });
  if (!isUuid(memberId)) throw missing();
  return services().db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    // Holding the member's row serves two admins linking the same member one after the other.
    const [member] = await tx
      .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
      .from(members)
      .where(and(eq(members.id, memberId), notDeleted))
      .for("update");
    if (!member) throw missing();
    const memberName = fullName(member);
    if (account.memberId === memberId) return { account, changed: false, memberName };
    const [other] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.memberId, memberId), ne(users.id, account.id)));
    if (other) throw new AppError(linkTexts.memberTaken(memberName, other), 409, { field: "member" });
    await tx.update(users).set({ memberId, updatedAt: new Date() }).where(eq(users.id, account.id));
    // The member's id only: the audit log keeps no name that erasing the member would have to find.
    await logChange(tx, actor, "staff.member-linked", {
      subject: staffSubject(account),
      details: { memberId, ...(account.memberId ? { previousMemberId: account.memberId } : {}) },
    });
    return { account, changed: true, memberName };
  });
}

/** Takes the link to the registry off an account. */
export async function unlinkStaffMember(id: string, actor: StaffUser): Promise<MemberLinkChange> {
  return services().db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account.memberId) return { account, changed: false, memberName: "" };
    const [member] = await tx
      .select({ firstName: members.firstName, lastName: members.lastName })
      .from(members)
      .where(eq(members.id, account.memberId));
    await tx.update(users).set({ memberId: null, updatedAt: new Date() }).where(eq(users.id, account.id));
    await logChange(tx, actor, "staff.member-unlinked", {
      subject: staffSubject(account),
      details: { memberId: account.memberId },
    });
    return { account, changed: true, memberName: member ? fullName(member) : "" };
  });
}

/** A member as the account's screen offers them for linking. */
export interface MemberChoice {
  id: string;
  name: string;
  email: string;
  /** The name of another staff account that is linked to the member already. */
  linkedTo: string | null;
}

/** The member an account is linked to, as its screen shows them. */
export interface LinkedMember {
  id: string;
  name: string;
  email: string;
  /** Under "Recently deleted": the link stays until the member is removed for good. */
  isDeleted: boolean;
  /** The ministries their ministry roles say they head. */
  heads: MinistryChoice[];
}

const choiceColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  linkedTo: users.name,
};

type ChoiceRow = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  linkedTo: string | null;
};

const toChoice = (row: ChoiceRow): MemberChoice => ({
  id: row.id,
  name: fullName(row),
  email: row.email,
  linkedTo: row.linkedTo,
});

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to ten members whose name, e-mail or mobile holds every word of `query`. */
export async function findMembersToLink(query: string): Promise<MemberChoice[]> {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return [];
  const rows = await services()
    .db.select(choiceColumns)
    .from(members)
    .leftJoin(users, eq(users.memberId, members.id))
    .where(
      and(
        notDeleted,
        ...words.map((word) => sql`${members.searchText} like lower(${likePattern(word.slice(0, 100))})`),
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(10);
  return rows.map(toChoice);
}

/**
 * What the account's screen shows of its member record: the member it is linked to, or else the
 * members with the account's e-mail address who are not linked to another account (suggested).
 */
export async function memberLinkOf(account: {
  email: string;
  memberId: string | null;
}): Promise<{ member: LinkedMember | null; suggestions: MemberChoice[] }> {
  const { db } = services();
  if (account.memberId) {
    const content = await getSiteContent();
    const [row] = await db
      .select({
        id: members.id,
        firstName: members.firstName,
        middleName: members.middleName,
        lastName: members.lastName,
        email: members.email,
        deletedAt: members.deletedAt,
        roles: members.ministryRole,
      })
      .from(members)
      .where(eq(members.id, account.memberId));
    if (row) {
      return {
        member: {
          id: row.id,
          name: fullName(row),
          email: row.email,
          isDeleted: row.deletedAt !== null,
          heads: headedMinistries(row.roles, content),
        },
        suggestions: [],
      };
    }
  }
  const rows = await db
    .select(choiceColumns)
    .from(members)
    .leftJoin(users, eq(users.memberId, members.id))
    .where(and(notDeleted, sql`lower(${members.email}) = lower(${account.email})`))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(5);
  return { member: null, suggestions: rows.filter((row) => row.linkedTo === null).map(toChoice) };
}
