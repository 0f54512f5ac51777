import { and, asc, eq, sql } from "drizzle-orm";
import { groups, type GroupKind } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// The public group finder (issue 37): the groups open to newcomers, with what a visitor needs to
// choose one (kind, day and time, the area, a short description, whether it is full). Never a
// member's name, never an address: the area is a district.

export interface FinderGroup {
  id: string;
  name: string;
  kind: GroupKind;
  description: string;
  meetingDay: number | null;
  meetingTime: string | null;
  area: string;
  capacity: number | null;
  /** Whether it has as many live members as its capacity (it still takes requests). */
  isFull: boolean;
}

// Written out in full: inside a select, a column of the outer table would lose its table's name.
const liveMembers = sql<number>`(select count(*)::int from group_members gm join members m
  on m.id = gm.member_id where gm.group_id = "groups"."id" and m.deleted_at is null)`;

function finderQuery(executor: Executor) {
  return executor
    .select({
      id: groups.id,
      name: groups.name,
      kind: groups.kind,
      description: groups.description,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
      area: groups.area,
      capacity: groups.capacity,
      members: liveMembers,
    })
    .from(groups)
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof finderQuery>["execute"]>>[number];

const asFinderGroup = ({ members: count, ...row }: Row): FinderGroup => ({
  ...row,
  isFull: row.capacity !== null && count >= row.capacity,
});

/** The open groups, by kind, meeting day and name. */
export async function listOpenGroups(executor: Executor = services().db): Promise<FinderGroup[]> {
  const rows = await finderQuery(executor)
    .where(eq(groups.isOpen, true))
    .orderBy(asc(groups.kind), sql`${groups.meetingDay} nulls last`, asc(sql`lower(${groups.name})`));
  return rows.map(asFinderGroup);
}

/** One open group, or null when there is none with this id or it is closed to newcomers. */
export async function getOpenGroup(
  groupId: string,
  executor: Executor = services().db,
): Promise<FinderGroup | null> {
  if (!isUuid(groupId)) return null;
  const [row] = await finderQuery(executor)
    .where(and(eq(groups.id, groupId), eq(groups.isOpen, true)))
    .limit(1);
  return row ? asFinderGroup(row) : null;
}
