import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import {
  groupAttendance,
  groupMeetings,
  groupMembers,
  groups,
  type GroupKind,
} from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// Each group's attendance rate over the last 30, 60 and 90 days (issue 37; ChurchCRM #3918, Rock
// #1820). Over the meetings recorded in the window: the members present, out of the members who
// could have come, i.e. for each meeting the group's live members who had joined on or before its
// date. A member present but since taken out of the group (or deleted) counts on neither side.

export const RATE_WINDOWS = { d30: 30, d60: 60, d90: 90 } as const;
type Window = keyof typeof RATE_WINDOWS;

export interface GroupAttendanceRate {
  groupId: string;
  name: string;
  kind: GroupKind;
  meetings: Record<Window, number>;
  /** 0..1, or null when the window has no recorded meeting (or no one could have come). */
  rate: Record<Window, number | null>;
}

/** Every group (by kind and name) with its recorded meetings and attendance rate per window. */
export async function groupAttendanceRates(
  now: Date = new Date(),
  executor: Executor = services().db,
): Promise<GroupAttendanceRate[]> {
  const today = todayInChurchZone(now);
  const from = addDays(today, -RATE_WINDOWS.d90);
  const [allGroups, meetings] = await Promise.all([
    executor
      .select({ id: groups.id, name: groups.name, kind: groups.kind })
      .from(groups)
      .orderBy(asc(groups.kind), asc(sql`lower(${groups.name})`)),
    // One pass joins each meeting in the window to the members who could have come and to who
    // was there, so the work grows with the rows in the window, not the size of the registry.
    executor
      .select({
        groupId: groupMeetings.groupId,
        date: groupMeetings.meetingDate,
        eligible: sql<number>`count(${groupMembers.memberId})::int`,
        present: sql<number>`count(${groupAttendance.memberId})::int`,
      })
      .from(groupMeetings)
      .leftJoin(
        groupMembers,
        and(
          eq(groupMembers.groupId, groupMeetings.groupId),
          lte(groupMembers.joinedOn, groupMeetings.meetingDate),
          sql`${groupMembers.memberId} not in (select id from members where deleted_at is not null)`,
        ),
      )
      .leftJoin(
        groupAttendance,
        and(
          eq(groupAttendance.meetingId, groupMeetings.id),
          eq(groupAttendance.memberId, groupMembers.memberId),
        ),
      )
      .where(and(gt(groupMeetings.meetingDate, from), lte(groupMeetings.meetingDate, today)))
      .groupBy(groupMeetings.id, groupMeetings.groupId, groupMeetings.meetingDate),
  ]);
  const byGroup = new Map<string, typeof meetings>();
  for (const meeting of meetings) {
    const list = byGroup.get(meeting.groupId) ?? [];
    list.push(meeting);
    byGroup.set(meeting.groupId, list);
  }
  const windows = Object.entries(RATE_WINDOWS) as [Window, number][];
  return allGroups.map((group) => {
    const own = byGroup.get(group.id) ?? [];
    const meetingsIn = {} as Record<Window, number>;
    const rate = {} as Record<Window, number | null>;
    for (const [window, days] of windows) {
      const inWindow = own.filter((meeting) => meeting.date > addDays(today, -days));
      const eligible = inWindow.reduce((sum, meeting) => sum + meeting.eligible, 0);
      const present = inWindow.reduce((sum, meeting) => sum + meeting.present, 0);
      meetingsIn[window] = inWindow.length;
      rate[window] = eligible > 0 ? present / eligible : null;
    }
    return { groupId: group.id, name: group.name, kind: group.kind, meetings: meetingsIn, rate };
  });
}
