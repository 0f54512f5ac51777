import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { groupMembers, groups, members, type GroupKind } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { groupSchema, type GroupInput } from "~/schemas/groups";
import { AppError, notFound } from "../http/errors.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { isUniqueViolation } from "../platform/db-errors.server";
import { services } from "../platform/services.server";
import { memberSearchCondition } from "../people/member-list-filter.server";

// Groups (issue 37): a group's settings, its members and its leaders. Staff with groups:write
// change them; the leaders' and the public pages read them through the functions here.

export const GROUP_NOT_FOUND = "That group could not be found. It may have been deleted.";
const SAME_NAME = "Another group of this kind already has that name. Please choose another.";

export type GroupRow = typeof groups.$inferSelect;

export interface GroupSummary {
  id: string;
  name: string;
  kind: GroupKind;
  meetingDay: number | null;
  meetingTime: string | null;
  area: string;
  isOpen: boolean;
  capacity: number | null;
  members: number;
  leaders: string[];
}

export interface GroupPerson {
  memberId: string;
  name: string;
  email: string;
  mobile: string;
  isLeader: boolean;
  joinedOn: string;
}

/** A group by id, or a 404 refusal. */
export async function getGroup(groupId: string, executor: Executor = services().db): Promise<GroupRow> {
  if (!isUuid(groupId)) throw notFound(GROUP_NOT_FOUND);
  const [group] = await executor.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

/** Every group, by kind and name, with how many live members it has and its leaders' names. */
export async function listGroups(executor: Executor = services().db): Promise<GroupSummary[]> {
  const rows = await executor
    .select({
      id: groups.id,
      name: groups.name,
      kind: groups.kind,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
      area: groups.area,
      isOpen: groups.isOpen,
      capacity: groups.capacity,
    })
    .from(groups)
    .orderBy(asc(groups.kind), asc(sql`lower(${groups.name})`));
  const [leaders, counted] = await Promise.all([
    leadersOf(
      executor,
      rows.map((row) => row.id),
    ),
    executor
      .select({ groupId: groupMembers.groupId, n: count() })
      .from(groupMembers)
      .innerJoin(members, eq(members.id, groupMembers.memberId))
      .where(sql`${members.deletedAt} is null`)
      .groupBy(groupMembers.groupId),
  ]);
  const sizes = new Map(counted.map((row) => [row.groupId, row.n]));
  return rows.map((row) => ({
    ...row,
    members: sizes.get(row.id) ?? 0,
    leaders: (leaders.get(row.id) ?? []).map((leader) => leader.name),
  }));
}

/** The live leaders of groups, by group id. */
export async function leadersOf(
  executor: Executor,
  groupIds: readonly string[],
): Promise<Map<string, { memberId: string; name: string; email: string }[]>> {
  const byGroup = new Map<string, { memberId: string; name: string; email: string }[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await executor
    .select({
      groupId: groupMembers.groupId,
      memberId: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(groupMembers)
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(
      and(
        inArray(groupMembers.groupId, [...groupIds]),
        eq(groupMembers.isLeader, true),
        sql`${members.deletedAt} is null`,
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName));
  for (const row of rows) {
    const list = byGroup.get(row.groupId) ?? [];
    list.push({ memberId: row.memberId, name: fullName(row), email: row.email });
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}

/** The group's live members (leaders first, then by name). */
export async function groupPeople(
  groupId: string,
  executor: Executor = services().db,
): Promise<GroupPerson[]> {
  const rows = await executor
    .select({
      memberId: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      countryCode: members.countryCode,
      mobile: members.mobile,
      isLeader: groupMembers.isLeader,
      joinedOn: groupMembers.joinedOn,
    })
    .from(groupMembers)
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(and(eq(groupMembers.groupId, groupId), sql`${members.deletedAt} is null`))
    .orderBy(
      sql`${groupMembers.isLeader} desc`,
      asc(members.lastName),
      asc(members.firstName),
      asc(members.id),
    );
  return rows.map((row) => ({
    memberId: row.memberId,
    name: fullName(row),
    email: row.email,
    mobile: row.mobile ? `${row.countryCode} ${row.mobile}` : "",
    isLeader: row.isLeader,
    joinedOn: row.joinedOn,
  }));
}

/** The groups a member is in, by name (the profile shows them). */
export async function groupsOfMember(memberId: string, executor: Executor = services().db) {
  if (!isUuid(memberId)) return [];
  return executor
    .select({ id: groups.id, name: groups.name, kind: groups.kind, isLeader: groupMembers.isLeader })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.memberId, memberId))
    .orderBy(asc(groups.kind), asc(sql`lower(${groups.name})`));
}

function refuseSameName(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(SAME_NAME, 409, { field: "name" });
  throw error;
}

/** The group form, checked: its first problem is refused, naming its field. */
export function readGroupForm(fields: Record<string, string>): GroupInput {
  const parsed = groupSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
}

export async function createGroup(fields: Record<string, string>, actor: Actor): Promise<GroupRow> {
  const input = readGroupForm(fields);
  return services()
    .db.transaction(async (tx) => {
      const [group] = await tx.insert(groups).values(input).returning();
      await logChange(tx, actor, "group.created", {
        subject: { type: "group", id: group!.id, label: group!.name },
      });
      return group!;
    })
    .catch(refuseSameName);
}

export async function updateGroup(
  groupId: string,
  fields: Record<string, string>,
  actor: Actor,
): Promise<GroupRow> {
  const input = readGroupForm(fields);
  return services()
    .db.transaction(async (tx) => {
      const before = await getGroup(groupId, tx);
      const [group] = await tx.update(groups).set(input).where(eq(groups.id, groupId)).returning();
      const changes = fieldChanges(before, group!, Object.keys(input) as (keyof GroupInput)[]);
      if (changes.length > 0) {
        await logChange(tx, actor, "group.changed", {
          subject: { type: "group", id: groupId, label: group!.name },
          details: { changes },
        });
      }
      return group!;
    })
    .catch(refuseSameName);
}

export async function deleteGroup(groupId: string, actor: Actor): Promise<void> {
  await services().db.transaction(async (tx) => {
    const group = await getGroup(groupId, tx);
    const [counted] = await tx
      .select({ n: count() })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId));
    await tx.delete(groups).where(eq(groups.id, groupId));
    await logChange(tx, actor, "group.deleted", {
      subject: { type: "group", id: groupId, label: group.name },
      details: { members: counted?.n ?? 0 },
    });
  });
}

/** Adds members to a group (those already in it stay as they are). Answers how many were added. */
export async function addGroupMembers(groupId: string, memberIds: readonly string[], actor: Actor) {
  const ids = memberIds.filter(isUuid);
  return services().db.transaction(async (tx) => {
    const group = await getGroup(groupId, tx);
    const live = ids.length
      ? await tx
          .select({ id: members.id })
          .from(members)
          .where(and(inArray(members.id, ids), sql`${members.deletedAt} is null`))
      : [];
    if (live.length === 0) throw notFound("That member could not be found. They may have been deleted.");
    const added = await tx
      .insert(groupMembers)
      .values(live.map(({ id }) => ({ groupId, memberId: id })))
      .onConflictDoNothing()
      .returning({ memberId: groupMembers.memberId });
    if (added.length > 0) {
      await logChange(tx, actor, "group.members-added", {
        subject: { type: "group", id: groupId, label: group.name },
        details: { count: added.length },
      });
    }
    return added.length;
  });
}

/** Takes a member out of a group. */
export async function removeGroupMember(groupId: string, memberId: string, actor: Actor) {
  if (!isUuid(memberId)) throw notFound("That member is not in this group.");
  await services().db.transaction(async (tx) => {
    const group = await getGroup(groupId, tx);
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)))
      .returning({ memberId: groupMembers.memberId });
    if (removed.length === 0) throw notFound("That member is not in this group.");
    await logChange(tx, actor, "group.member-removed", {
      subject: { type: "group", id: groupId, label: group.name },
      details: { memberId },
    });
  });
}

/** Makes a member of the group one of its leaders, or no longer one. */
export async function setGroupLeader(groupId: string, memberId: string, isLeader: boolean, actor: Actor) {
  if (!isUuid(memberId)) throw notFound("That member is not in this group.");
  await services().db.transaction(async (tx) => {
    const group = await getGroup(groupId, tx);
    const changed = await tx
      .update(groupMembers)
      .set({ isLeader })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)))
      .returning({ memberId: groupMembers.memberId });
    if (changed.length === 0) throw notFound("That member is not in this group.");
    await logChange(tx, actor, isLeader ? "group.leader-added" : "group.leader-removed", {
      subject: { type: "group", id: groupId, label: group.name },
      details: { memberId },
    });
  });
}

/** Live members matching a search (name, e-mail or mobile) who are not in the group yet. */
export async function membersToAdd(groupId: string, query: string, executor: Executor = services().db) {
  const search = memberSearchCondition(query);
  if (!search) return null;
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(members)
    .where(
      and(
        search,
        sql`${members.deletedAt} is null`,
        sql`not exists (select 1 from ${groupMembers} gm where gm.group_id = ${groupId} and gm.member_id = ${members.id})`,
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: fullName(row), hint: row.email }));
}
