import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { members, savedListMembers, savedLists } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { ANNOUNCEMENT_LIMITS } from "~/schemas/announcement";
import type { StaffUser } from "../auth/staff-user.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import { isUniqueViolation } from "../platform/db-errors.server";
import { services } from "../platform/services.server";
import { memberSearchCondition } from "../people/member-list-filter.server";

// Saved lists (issue 35): people the office picks by hand to send announcements to again. They
// hold registry members only, so consent and erasure follow the registry. A role limited to
// ministries does not use them: a list may hold anyone.

export const LIST_NAME_MAX = ANNOUNCEMENT_LIMITS.listName;
const NOT_FOUND = "That list could not be found. It may have been deleted.";

export interface SavedListSummary {
  id: string;
  name: string;
  people: number;
}

export interface ListPerson {
  id: string;
  name: string;
  email: string;
  mobile: string;
}

const personColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  mobile: members.mobile,
};

const actorOf = (user: StaffUser) => ({ id: user.id, email: user.email });

/** Refuses a role limited to ministries (403). */
export function requireWholeChurch(user: StaffUser): void {
  if (user.access.ministryOnly) {
    throw new AppError("Saved lists are for roles that send to the whole church.", 403);
  }
}

function readName(value: unknown): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name) throw new AppError("Please give the list a name.", 400, { field: "name" });
  if (name.length > LIST_NAME_MAX)
    throw new AppError(`Please keep the name under ${LIST_NAME_MAX} characters.`, 400, { field: "name" });
  return name;
}

const TAKEN = "There is already a list with that name. Please choose another.";

/** Every saved list with how many people it holds, by name. */
export async function listSavedLists(): Promise<SavedListSummary[]> {
  return services()
    .db.select({ id: savedLists.id, name: savedLists.name, people: count(savedListMembers.memberId) })
    .from(savedLists)
    .leftJoin(savedListMembers, eq(savedListMembers.listId, savedLists.id))
    .groupBy(savedLists.id)
    .orderBy(asc(sql`lower(${savedLists.name})`));
}

/** One list and its people (members not deleted), by name. */
export async function getSavedList(id: string): Promise<{ id: string; name: string; people: ListPerson[] }> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const { db } = services();
  const [list] = await db.select().from(savedLists).where(eq(savedLists.id, id)).limit(1);
  if (!list) throw notFound(NOT_FOUND);
  const rows = await db
    .select(personColumns)
    .from(savedListMembers)
    .innerJoin(members, eq(members.id, savedListMembers.memberId))
    .where(and(eq(savedListMembers.listId, id), isNull(members.deletedAt)))
    .orderBy(asc(members.lastName), asc(members.firstName));
  return {
    id: list.id,
    name: list.name,
    people: rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email, mobile: row.mobile })),
  };
}

export async function createSavedList(user: StaffUser, nameInput: unknown): Promise<string> {
  requireWholeChurch(user);
  const name = readName(nameInput);
  try {
    return await services().db.transaction(async (tx) => {
      const [row] = await tx
        .insert(savedLists)
        .values({ name, createdBy: user.id })
        .returning({ id: savedLists.id });
      await logChange(tx, actorOf(user), "saved-list.created", {
        subject: { type: "saved-list", id: row!.id, label: name },
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(TAKEN, 409, { field: "name" });
    throw error;
  }
}

export async function renameSavedList(user: StaffUser, id: string, nameInput: unknown): Promise<void> {
  requireWholeChurch(user);
  const name = readName(nameInput);
  const list = await getSavedList(id);
  try {
    await services().db.transaction(async (tx) => {
      await tx.update(savedLists).set({ name }).where(eq(savedLists.id, id));
      await logChange(tx, actorOf(user), "saved-list.renamed", {
        subject: { type: "saved-list", id, label: name },
        details: { changes: [{ field: "name", from: list.name, to: name }] },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(TAKEN, 409, { field: "name" });
    throw error;
  }
}

export async function deleteSavedList(user: StaffUser, id: string): Promise<string> {
  requireWholeChurch(user);
  const list = await getSavedList(id);
  await services().db.transaction(async (tx) => {
    await tx.delete(savedLists).where(eq(savedLists.id, id));
    await logChange(tx, actorOf(user), "saved-list.deleted", {
      subject: { type: "saved-list", id, label: list.name },
      details: { people: list.people.length },
    });
  });
  return list.name;
}

/** Adds members (not deleted ones); returns how many were new to the list. */
export async function addToSavedList(user: StaffUser, id: string, memberIds: string[]): Promise<number> {
  requireWholeChurch(user);
  const list = await getSavedList(id);
  const wanted = [...new Set(memberIds.filter(isUuid))].slice(0, 200);
  if (wanted.length === 0) throw new AppError("Please tick the people to add.", 400, { field: "member" });
  return services().db.transaction(async (tx) => {
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, wanted), isNull(members.deletedAt)));
    if (found.length === 0) throw new AppError("Those people could not be found.", 400, { field: "member" });
    const added = await tx
      .insert(savedListMembers)
      .values(found.map((member) => ({ listId: id, memberId: member.id })))
      .onConflictDoNothing()
      .returning({ memberId: savedListMembers.memberId });
    if (added.length > 0)
      await logChange(tx, actorOf(user), "saved-list.people-added", {
        subject: { type: "saved-list", id, label: list.name },
        details: { people: added.length },
      });
    return added.length;
  });
}

export async function removeFromSavedList(user: StaffUser, id: string, memberId: string): Promise<boolean> {
  requireWholeChurch(user);
  const list = await getSavedList(id);
  if (!isUuid(memberId)) return false;
  return services().db.transaction(async (tx) => {
    const removed = await tx
      .delete(savedListMembers)
      .where(and(eq(savedListMembers.listId, id), eq(savedListMembers.memberId, memberId)))
      .returning({ memberId: savedListMembers.memberId });
    if (removed.length === 0) return false;
    await logChange(tx, actorOf(user), "saved-list.person-removed", {
      subject: { type: "saved-list", id, label: list.name },
      details: { people: 1 },
    });
    return true;
  });
}

/** Members matching a search, not yet on the list (at most 20), to add. */
export async function findMembersToAdd(id: string, query: string): Promise<ListPerson[]> {
  const condition = memberSearchCondition(query);
  if (!condition) return [];
  const rows = await services()
    .db.select(personColumns)
    .from(members)
    .where(
      and(
        isNull(members.deletedAt),
        condition,
        sql`not exists (select 1 from ${savedListMembers} where ${savedListMembers.listId} = ${id}
          and ${savedListMembers.memberId} = ${members.id})`,
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email, mobile: row.mobile }));
}
