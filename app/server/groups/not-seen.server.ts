import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { eventRegistrations, groupAttendance, groupMeetings, groups } from "../../../database/schema";
import { addDays, startOfDayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { groupPeople } from "./groups.server";

// "Not seen lately" (issue 37; ChurchCRM #1861): members of a group absent from its last N
// recorded meetings in a row (N per group, default 3), and regular attenders of services (checked
// in on 3 or more different weeks in the 12 weeks before) not checked in for 3 weeks. Each row's
// reason is the sentence a follow-up keeps.

/** Weeks without a check-in before a regular attender of services is listed. */
export const SERVICE_ABSENT_WEEKS = 3;
/** The weeks before those that show who comes regularly, and how many of them make a regular. */
export const REGULAR_WEEKS = 12;
export const REGULAR_MIN_WEEKS = 3;

export interface AbsentMember {
  groupId: string;
  groupName: string;
  memberId: string;
  name: string;
  email: string;
  mobile: string;
  /** The last meeting of the group they came to, or null for never. */
  lastCame: string | null;
  meetings: number;
  reason: string;
}

export interface LapsedAttender {
  email: string;
  name: string;
  mobile: string;
  weeks: number;
  lastCheckIn: string;
  reason: string;
}

const never = (date: string | null) => (date ? `last came ${formatDateLong(date)}` : "has not come yet");

/** The members absent from their group's last N recorded meetings (on or before today). */
export async function absentMembers(
  today = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<AbsentMember[]> {
  const ranked = executor
    .select({
      id: groupMeetings.id,
      groupId: groupMeetings.groupId,
      date: groupMeetings.meetingDate,
      rank: sql<number>`row_number() over (partition by ${groupMeetings.groupId} order by ${groupMeetings.meetingDate} desc)`.as(
        "rank",
      ),
    })
    .from(groupMeetings)
    .where(sql`${groupMeetings.meetingDate} <= ${today}`)
    .as("ranked");
  const recent = await executor
    .select({
      id: ranked.id,
      groupId: ranked.groupId,
      date: ranked.date,
      groupName: groups.name,
      absentWeeks: groups.absentWeeks,
    })
    .from(ranked)
    .innerJoin(groups, eq(groups.id, ranked.groupId))
    .where(sql`${ranked.rank} <= ${groups.absentWeeks}`)
    .orderBy(asc(sql`lower(${groups.name})`), desc(ranked.date));
  const byGroup = new Map<string, typeof recent>();
  for (const meeting of recent)
    byGroup.set(meeting.groupId, [...(byGroup.get(meeting.groupId) ?? []), meeting]);

  const absent: AbsentMember[] = [];
  for (const [groupId, meetings] of byGroup) {
    const { groupName, absentWeeks } = meetings[0]!;
    // Fewer recorded meetings than N say nothing yet.
    if (meetings.length < absentWeeks) continue;
    const earliest = meetings[meetings.length - 1]!.date;
    const people = (await groupPeople(groupId, executor)).filter((person) => person.joinedOn <= earliest);
    if (people.length === 0) continue;
    const cameTo = await executor
      .select({ memberId: groupAttendance.memberId })
      .from(groupAttendance)
      .where(
        inArray(
          groupAttendance.meetingId,
          meetings.map((meeting) => meeting.id),
        ),
      );
    const came = new Set(cameTo.map((row) => row.memberId));
    const missing = people.filter((person) => !came.has(person.memberId));
    if (missing.length === 0) continue;
    const last = await executor
      .select({
        memberId: groupAttendance.memberId,
        date: sql<string>`max(${groupMeetings.meetingDate})::text`,
      })
      .from(groupAttendance)
      .innerJoin(groupMeetings, eq(groupMeetings.id, groupAttendance.meetingId))
      .where(
        and(
          eq(groupMeetings.groupId, groupId),
          inArray(
            groupAttendance.memberId,
            missing.map((person) => person.memberId),
          ),
        ),
      )
      .groupBy(groupAttendance.memberId);
    const lastCame = new Map(last.map((row) => [row.memberId, row.date]));
    for (const person of missing) {
      const date = lastCame.get(person.memberId) ?? null;
      absent.push({
        groupId,
        groupName,
        memberId: person.memberId,
        name: person.name,
        email: person.email,
        mobile: person.mobile,
        lastCame: date,
        meetings: absentWeeks,
        reason: `Not seen at ${groupName} for ${absentWeeks} meetings in a row (${never(date)}).`,
      });
    }
  }
  return absent;
}

/**
 * People who checked in (events and services, by e-mail) on at least 3 different weeks of the 12
 * weeks before the last 3, and not in the last 3: named by their latest registration.
 */
export async function lapsedAttenders(
  today = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<LapsedAttender[]> {
  const recentFrom = startOfDayInChurchZone(addDays(today, -7 * SERVICE_ABSENT_WEEKS + 1));
  const regularFrom = startOfDayInChurchZone(addDays(today, -7 * (SERVICE_ABSENT_WEEKS + REGULAR_WEEKS) + 1));
  const address = sql<string>`lower(trim(${eventRegistrations.email}))`;
  const rows = await executor
    .select({
      email: address,
      weeks: sql<number>`count(distinct date_trunc('week', ${eventRegistrations.checkedInAt} at time zone 'Asia/Bahrain')) filter (where ${eventRegistrations.checkedInAt} < ${recentFrom.toISOString()}::timestamptz)::int`,
      recent: sql<number>`count(*) filter (where ${eventRegistrations.checkedInAt} >= ${recentFrom.toISOString()}::timestamptz)::int`,
      lastCheckIn: sql<string>`to_char(max(${eventRegistrations.checkedInAt}) at time zone 'Asia/Bahrain', 'YYYY-MM-DD')`,
      name: sql<string>`(array_agg(${eventRegistrations.name} order by ${eventRegistrations.createdAt} desc))[1]`,
      mobile: sql<string>`(array_agg(${eventRegistrations.mobile} order by ${eventRegistrations.createdAt} desc))[1]`,
    })
    .from(eventRegistrations)
    .where(
      and(
        isNotNull(eventRegistrations.checkedInAt),
        sql`${eventRegistrations.checkedInAt} >= ${regularFrom.toISOString()}::timestamptz`,
        sql`${address} <> ''`,
      ),
    )
    .groupBy(address);
  return rows
    .filter((row) => row.weeks >= REGULAR_MIN_WEEKS && row.recent === 0)
    .map(({ recent: _recent, ...row }) => ({
      ...row,
      reason: `Not checked in at services for ${SERVICE_ABSENT_WEEKS} weeks (came on ${row.weeks} different weeks before; last ${formatDateLong(row.lastCheckIn)}).`,
    }))
    .sort((a, b) => b.lastCheckIn.localeCompare(a.lastCheckIn) || a.name.localeCompare(b.name));
}
