import { and, count, eq, getTableColumns, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { members, type ConsentKind, type Member } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import type { MemberListFilter } from "~/lib/member-list-filter";
import { fullName } from "~/lib/names";
import { pageWindow } from "~/lib/paging";
import { labelsOf, memberOptions, type MemberOptions } from "~/content/member-options";
import type { DuplicateReason, PossibleDuplicate } from "~/lib/member-duplicates";
import {
  MEMBER_FIELD_NAMES,
  MEMBER_FIELDS,
  pickGroupNames,
  pickMemberColumns,
  type MemberFieldName,
  type MemberGroupNames,
  type MemberInput,
} from "~/schemas/member-fields";
import { groupNamesOfMember, saveGroupNames } from "../groups/memberships.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { claimFormToken, releaseFormToken, settleFormToken } from "../platform/form-tokens.server";
import { services } from "../platform/services.server";
import { privacyNoticeVersion, recordConsents } from "./consents.server";
import { getSiteContent } from "../site/site-content.server";
import { getRetentionSettings } from "../privacy/retention-settings.server";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { memberFilterCondition, memberSearchCondition } from "./member-list-filter.server";
import { membersOfMinistries } from "./member-scope.server";

export const MEMBERS_PAGE_SIZE = 25;

/**
 * Members that are not deleted: every list, report, figure and export reads only these. A deleted
 * member waits under "Recently deleted" until restored or removed for good.
 */
export const notDeleted = isNull(members.deletedAt);

/** The member form's ministries and roles, from the church's content as it is now. */
export async function loadMemberOptions(): Promise<MemberOptions> {
  return memberOptions((await getSiteContent()).ministries);
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

/**
 * One page of the membership list (a search and filters narrow it), by last name, then first name;
 * with a `scope`, only the people of those ministries (no filter reaches past it).
 */
export async function listMembers(
  options: {
    query?: string;
    scope?: MinistryScope;
    page?: number;
    pageSize?: number;
    filter?: MemberListFilter;
    /** When "this month" is (for tests). */
    now?: Date;
  } = {},
) {
  const { db } = services();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const where = and(
    notDeleted,
    membersOfMinistries(options.scope),
    memberSearchCondition(options.query ?? ""),
    memberFilterCondition(options.filter ?? {}, options.now ?? new Date()),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(members).where(where);
  const { page, pages, offset } = pageWindow(total, pageSize, options.page ?? 1);
  const rows = await db
    .select({ ...memberListColumns, possibleDuplicate: members.possibleDuplicate })
    .from(members)
    .where(where)
    // As the reports: by last name, then first name, then id so that every member keeps one place
    // from page to page (the index members_last_first_name_id_idx reads them in this order).
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(pageSize)
    .offset(offset);
  return { rows, total, page, pages };
}

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);

/** A member's row with their Bible study and SALT groups, as the member form and profile show them. */
export type MemberRecord = Member & MemberGroupNames;

/** A live member; with a `scope`, only one of the people of those ministries. */
export async function getMember(id: string, scope?: MinistryScope): Promise<MemberRecord | null> {
  if (!isUuid(id)) return null;
  const { db } = services();
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.id, id), notDeleted, membersOfMinistries(scope)))
    .limit(1);
  return row ? { ...row, ...(await groupNamesOfMember(db, row.id)) } : null;
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
export async function getMemberProfile(id: string, scope?: MinistryScope) {
  const [member, options] = await Promise.all([getMember(id, scope), loadMemberOptions()]);
  return member ? { ...member, ...ministryAndRoleNames(member, options) } : null;
}

/** A member's name as the audit log keeps it. */
export function memberLabel(member: Pick<Member, "firstName" | "lastName">) {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** The form name of member registrations in form_submissions. */
export const MEMBER_REGISTRATION_FORM = "member.register";

async function insertMember(
  tx: Executor,
  input: MemberInput,
  actor: Actor,
  /** Live members that look the same, when the record is saved for staff to check. */
  lookalikes: PossibleDuplicate[] = [],
): Promise<MemberRecord> {
  const [inserted] = await tx
    .insert(members)
    .values({
      ...pickMemberColumns(input),
      membershipStatus: "active",
      possibleDuplicate: lookalikes.length > 0,
    })
    .returning(memberColumns);
  const groupNames = pickGroupNames(input);
  await saveGroupNames(tx, inserted!.id, { bibleStudyGroup: null, saltGroupName: null }, groupNames);
  const row = { ...inserted!, ...groupNames };
  await logChange(tx, actor, "member.created", {
    subject: { type: "member", id: row.id, label: memberLabel(row) },
    ...(lookalikes.length > 0
      ? { details: { possibleDuplicateOf: lookalikes.map((member) => member.id) } }
      : {}),
  });
  return row;
}

/** A new member is always saved as active, with the position chosen (Member by default). */
export async function createMember(input: MemberInput, actor: Actor): Promise<MemberRecord> {
  return services().db.transaction((tx) => insertMember(tx, input, actor));
}

/** Who a registration saved: enough for "Registered: Ana Cruz — view profile". */
export interface RegisteredMember {
  id: string;
  name: string;
}

export type Registration =
  | { outcome: "created"; member: RegisteredMember }
  /** The same form was posted before: nothing new; the member the first post made, when known. */
  | { outcome: "repeat"; member: RegisteredMember | null }
  /** Nothing saved: live members look like this one; staff may confirm and post again. */
  | { outcome: "duplicates"; duplicates: PossibleDuplicate[] };

/**
 * The registration form's save: once per form token (a second post of the same form answers
 * with the member the first made), and, unless `allowDuplicates`, not while a live member looks
 * the same. Both checks run inside the saving transaction, so two posts at once cannot both pass.
 * With `flagDuplicates` (someone who may not read the registry, in through the passcode) a
 * look-alike does not stop the save, which would tell them who is a member: the record is saved
 * flagged as a possible duplicate, for staff to keep or delete.
 */
export async function registerMember(
  input: MemberInput,
  actor: Actor,
  options: {
    formToken: string;
    allowDuplicates?: boolean;
    flagDuplicates?: boolean;
    consents?: readonly ConsentKind[];
  },
): Promise<Registration> {
  const noticeVersion = options.consents?.length ? (await privacyNoticeVersion()).number : 0;
  return services().db.transaction(async (tx) => {
    const claim = await claimFormToken(tx, MEMBER_REGISTRATION_FORM, options.formToken);
    if (claim.isRepeat) {
      const [first] = claim.resultId
        ? await tx
            .select({
              id: members.id,
              firstName: members.firstName,
              middleName: members.middleName,
              lastName: members.lastName,
            })
            .from(members)
            .where(eq(members.id, claim.resultId))
        : [];
      return { outcome: "repeat", member: first ? { id: first.id, name: fullName(first) } : null };
    }
    let lookalikes: PossibleDuplicate[] = [];
    if (!options.allowDuplicates) {
      const duplicates = await findPossibleDuplicates(input, { executor: tx });
      if (duplicates.length > 0 && !options.flagDuplicates) {
        await releaseFormToken(tx, options.formToken);
        return { outcome: "duplicates", duplicates };
      }
      lookalikes = duplicates;
    }
    const member = await insertMember(tx, input, actor, lookalikes);
    if (options.consents?.length) {
      await recordConsents(tx, member.id, options.consents, actor, noticeVersion);
    }
    await settleFormToken(tx, options.formToken, member.id);
    return { outcome: "created", member: { id: member.id, name: fullName(member) } };
  });
}

/** The digits of a mobile number with its country code ("+973 3333-4444" → "97333334444"). */
export function mobileDigits(countryCode: string, mobile: string): string {
  const whole = mobile.trim().startsWith("+") ? mobile : `${countryCode}${mobile}`;
  return whole.replace(/\D/g, "");
}

const MAX_DUPLICATES_SHOWN = 10;

/**
 * Live members that may be the same person as `input`: the same e-mail (any case), the same
 * mobile (its digits, country code included), or the same first and last name (any case) and
 * birthday. `exceptId` leaves out the member being edited.
 */
export async function findPossibleDuplicates(
  input: Pick<MemberInput, "email" | "countryCode" | "mobile" | "firstName" | "lastName" | "birthday">,
  options: { exceptId?: string; executor?: Executor } = {},
): Promise<PossibleDuplicate[]> {
  const executor = options.executor ?? services().db;
  const storedMobile = sql`regexp_replace(case when ${members.mobile} like '+%' then ${members.mobile} else ${members.countryCode} || ${members.mobile} end, '[^0-9]', '', 'g')`;
  const digits = mobileDigits(input.countryCode, input.mobile);
  const sameEmail = sql`lower(${members.email}) = lower(${input.email.trim()})`;
  const sameMobile = digits.length >= 6 ? sql`${storedMobile} = ${digits}` : sql`false`;
  const sameNameAndBirthday = input.birthday
    ? sql`(lower(trim(${members.firstName})) = lower(${input.firstName.trim()}) and lower(trim(${members.lastName})) = lower(${input.lastName.trim()}) and ${members.birthday} = ${input.birthday})`
    : sql`false`;
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      sameEmail: sql<boolean>`${sameEmail}`,
      sameMobile: sql<boolean>`${sameMobile}`,
      sameNameAndBirthday: sql<boolean>`${sameNameAndBirthday}`,
    })
    .from(members)
    .where(
      and(
        notDeleted,
        options.exceptId && isUuid(options.exceptId) ? ne(members.id, options.exceptId) : undefined,
        or(sameEmail, sameMobile, sameNameAndBirthday),
      ),
    )
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(MAX_DUPLICATES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    reasons: (
      [row.sameEmail && "email", row.sameMobile && "mobile", row.sameNameAndBirthday && "name-birthday"] as (
        DuplicateReason | false
      )[]
    ).filter((reason): reason is DuplicateReason => Boolean(reason)),
  }));
}

/** The member as saved, or null when there is no such member. The audit entry names each changed field. */
export async function updateMember(
  id: string,
  input: MemberInput,
  actor: Actor,
): Promise<MemberRecord | null> {
  if (!isUuid(id)) return null;
  return services().db.transaction((tx) => updateMemberIn(tx, id, input, actor));
}

/** `updateMember` inside the caller's transaction (accepting a member's own change writes it so). */
export async function updateMemberIn(
  tx: Executor,
  id: string,
  input: MemberInput,
  actor: Actor,
  /** False when the caller writes its own audit entry for the change (an accepted member update). */
  { audit = true }: { audit?: boolean } = {},
): Promise<MemberRecord | null> {
  if (!isUuid(id)) return null;
  const [beforeRow] = await tx
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.id, id), notDeleted))
    .for("update");
  if (!beforeRow) return null;
  const before = { ...beforeRow, ...(await groupNamesOfMember(tx, id)) };
  const [updated] = await tx
    .update(members)
    .set(pickMemberColumns(input))
    .where(eq(members.id, id))
    .returning(memberColumns);
  await saveGroupNames(tx, id, before, pickGroupNames(input));
  const row = { ...updated!, ...(await groupNamesOfMember(tx, id)) };
  const changes = fieldChanges(before, row, MEMBER_FIELD_NAMES).map((change) => ({
    ...change,
    label: MEMBER_FIELDS[change.field as MemberFieldName].label,
  }));
  if (audit) {
    await logChange(tx, actor, "member.updated", {
      subject: { type: "member", id, label: memberLabel(row) },
      details: { changes },
    });
  }
  return row;
}

/** How the deleted_by column names who deleted: the account's e-mail, or 'system', 'console' ... */
export function actorLabel(actor: Actor): string {
  return typeof actor === "string" ? actor : actor.email;
}

/**
 * Moves a live member to "Recently deleted": hidden from every list, report and export, restorable
 * with everything for the days the retention settings give. True when the member was deleted, false when there
 * was no live member to delete; throws on failure.
 */
export async function deleteMember(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return services().db.transaction(async (tx) => {
    const rows = await tx
      .update(members)
      .set({ deletedAt: sql`now()`, deletedBy: actorLabel(actor) })
      .where(and(eq(members.id, id), notDeleted))
      .returning({ id: members.id, firstName: members.firstName, lastName: members.lastName });
    if (rows.length === 0) return false;
    const { deletedMemberDays } = await getRetentionSettings(tx);
    await logChange(tx, actor, "member.deleted", {
      subject: { type: "member", id, label: memberLabel(rows[0]!) },
      details: { restorableForDays: deletedMemberDays },
    });
    return true;
  });
}

/** True when `id` is a member under "Recently deleted" (their pages answer 404, not the list). */
export async function isDeletedMember(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services()
    .db.select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), isNotNull(members.deletedAt)))
    .limit(1);
  return rows.length > 0;
}
