import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { groupMembers, groups, type GroupKind } from "../../../database/schema";
import type { MemberGroupNames } from "~/schemas/member-fields";
import type { Executor } from "../platform/db.server";

// A member's Bible study group and SALT group (the member form's two fields, the import's two
// columns, the member's own update form) are their place in groups of those kinds (issue 37):
// reading them names a group the member is in, and saving them moves the member between groups.
// A member may be in several groups of a kind (added on the group's page); the fields show the
// first by name, and changing a field moves the member out of that one only.

const FIELD_KINDS = { bibleStudyGroup: "bible-study", saltGroupName: "salt" } as const satisfies Record<
  keyof MemberGroupNames,
  GroupKind
>;

const NO_GROUPS: MemberGroupNames = { bibleStudyGroup: null, saltGroupName: null };

/** The group fields of each member, by id (members in no group of a kind have null). */
export async function groupNamesOf(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Map<string, MemberGroupNames>> {
  const names = new Map<string, MemberGroupNames>();
  if (memberIds.length === 0) return names;
  const rows = await executor
    .select({ memberId: groupMembers.memberId, kind: groups.kind, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(inArray(groupMembers.memberId, [...memberIds]), inArray(groups.kind, ["bible-study", "salt"])))
    .orderBy(asc(sql`lower(${groups.name})`));
  for (const row of rows) {
    const current = names.get(row.memberId) ?? { ...NO_GROUPS };
    if (row.kind === "bible-study") current.bibleStudyGroup ??= row.name;
    else current.saltGroupName ??= row.name;
    names.set(row.memberId, current);
  }
  return names;
}

/** One member's group fields. */
export async function groupNamesOfMember(executor: Executor, memberId: string): Promise<MemberGroupNames> {
  return (await groupNamesOf(executor, [memberId])).get(memberId) ?? { ...NO_GROUPS };
}

/** The group of a kind with this name (any case, spaces around ignored), made when there is none. */
export async function groupNamed(executor: Executor, kind: GroupKind, name: string): Promise<string> {
  const tidy = name.trim();
  const [found] = await executor
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.kind, kind), sql`lower(${groups.name}) = lower(${tidy})`))
    .limit(1);
  if (found) return found.id;
  const [made] = await executor
    .insert(groups)
    .values({ kind, name: tidy })
    .onConflictDoNothing()
    .returning({ id: groups.id });
  if (made) return made.id;
  // Made by another save a moment ago.
  return groupNamed(executor, kind, tidy);
}

const same = (a: string | null, b: string | null) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * Saves a member's group fields: for each field that changed, out of the group it named before,
 * into the group it names now (made when new). Unchanged fields touch nothing.
 */
export async function saveGroupNames(
  executor: Executor,
  memberId: string,
  before: MemberGroupNames,
  after: MemberGroupNames,
): Promise<void> {
  for (const field of Object.keys(FIELD_KINDS) as (keyof MemberGroupNames)[]) {
    if (same(before[field], after[field])) continue;
    const kind = FIELD_KINDS[field];
    const old = before[field]?.trim();
    if (old) {
      await executor.delete(groupMembers).where(
        and(
          eq(groupMembers.memberId, memberId),
          inArray(
            groupMembers.groupId,
            executor
              .select({ id: groups.id })
              .from(groups)
              .where(and(eq(groups.kind, kind), sql`lower(${groups.name}) = lower(${old})`)),
          ),
        ),
      );
    }
    const wanted = after[field]?.trim();
    if (wanted) {
      const groupId = await groupNamed(executor, kind, wanted);
      await executor.insert(groupMembers).values({ groupId, memberId }).onConflictDoNothing();
    }
  }
}

/** The group fields of many new members at once (an import): each into the groups its fields name. */
export async function addGroupNames(
  executor: Executor,
  rows: readonly { memberId: string; names: MemberGroupNames }[],
): Promise<void> {
  const wanted = new Map<string, { kind: GroupKind; name: string; memberIds: string[] }>();
  for (const { memberId, names } of rows) {
    for (const field of Object.keys(FIELD_KINDS) as (keyof MemberGroupNames)[]) {
      const name = names[field]?.trim();
      if (!name) continue;
      const kind = FIELD_KINDS[field];
      const key = `${kind}|${name.toLowerCase()}`;
      const entry = wanted.get(key) ?? { kind, name, memberIds: [] };
      entry.memberIds.push(memberId);
      wanted.set(key, entry);
    }
  }
  for (const { kind, name, memberIds } of wanted.values()) {
    const groupId = await groupNamed(executor, kind, name);
    await executor
      .insert(groupMembers)
      .values(memberIds.map((memberId) => ({ groupId, memberId })))
      .onConflictDoNothing();
  }
}
