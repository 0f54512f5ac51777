import { and, desc, eq, sql } from "drizzle-orm";
import { groupAttendance, groupMeetings } from "../../../database/schema";
import { addDays, dayOfWeek, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateLong } from "~/lib/format";
import type { AttendanceInput } from "~/schemas/group-attendance";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getGroup, groupPeople } from "./groups.server";

// A group meeting's attendance (issue 37): the members ticked present and the guests by name, from
// the leader's signed link or the staff screen. Recording a date again replaces what was recorded
// for it; a future date, another group's form or a member not in the group is refused and
// nothing is written.

export const FUTURE_DATE =
  "That date has not come yet: attendance can be recorded on the day of the meeting or after.";
export const NOT_IN_GROUP = "Someone ticked is not a member of this group. Please open the page again.";
export const OTHER_GROUP = "This form is for another group. Please open the page again from your link.";

/** The latest date on or before `today` that falls on the group's meeting day (today when it has none). */
export function latestMeetingDate(meetingDay: number | null, today = todayInChurchZone()): string {
  if (meetingDay === null) return today;
  return addDays(today, -((dayOfWeek(today) - meetingDay + 7) % 7));
}

/** The last `count` meeting dates on or before today (weekly on the meeting day; daily when it has none). */
export function recentMeetingDates(meetingDay: number | null, count = 6, today = todayInChurchZone()) {
  const latest = latestMeetingDate(meetingDay, today);
  const step = meetingDay === null ? 1 : 7;
  return Array.from({ length: count }, (_, i) => addDays(latest, -i * step));
}

export interface AttendanceSheet {
  group: { id: string; name: string };
  date: string;
  dateInWords: string;
  /** The choices offered for the date, newest first (the chosen one among them). */
  dates: { value: string; label: string; recorded: boolean }[];
  people: { memberId: string; name: string; isLeader: boolean; present: boolean }[];
  guests: string[];
  /** Who recorded the date, when it has been. */
  recordedBy: string | null;
}

/** What the form shows for a group and date: its live members with their ticks, and the guests. */
export async function attendanceSheet(
  groupId: string,
  date: string,
  executor: Executor = services().db,
): Promise<AttendanceSheet> {
  const group = await getGroup(groupId, executor);
  const [people, [meeting], recent] = await Promise.all([
    groupPeople(group.id, executor),
    executor
      .select({ id: groupMeetings.id, guests: groupMeetings.guests, recordedBy: groupMeetings.recordedBy })
      .from(groupMeetings)
      .where(and(eq(groupMeetings.groupId, group.id), eq(groupMeetings.meetingDate, date)))
      .limit(1),
    executor
      .select({ date: groupMeetings.meetingDate })
      .from(groupMeetings)
      .where(eq(groupMeetings.groupId, group.id))
      .orderBy(desc(groupMeetings.meetingDate))
      .limit(12),
  ]);
  const present = meeting
    ? new Set(
        (
          await executor
            .select({ memberId: groupAttendance.memberId })
            .from(groupAttendance)
            .where(eq(groupAttendance.meetingId, meeting.id))
        ).map((row) => row.memberId),
      )
    : new Set<string>();
  const recorded = new Set(recent.map((row) => row.date));
  const choices = [...new Set([date, ...recentMeetingDates(group.meetingDay), ...recorded])]
    .filter((value) => value <= todayInChurchZone() || value === date)
    .sort((a, b) => b.localeCompare(a))
    .slice(0, 16);
  return {
    group: { id: group.id, name: group.name },
    date,
    dateInWords: formatDateLong(date),
    dates: choices.map((value) => ({ value, label: formatDate(value), recorded: recorded.has(value) })),
    people: people.map((person) => ({
      memberId: person.memberId,
      name: person.name,
      isLeader: person.isLeader,
      present: present.has(person.memberId),
    })),
    guests: meeting?.guests ?? [],
    recordedBy: meeting?.recordedBy ?? null,
  };
}

/**
 * Records a meeting's attendance, replacing what was recorded for the date. Checks, before
 * writing anything: the group exists, the date is not in the future, every ticked member is a
 * live member of the group. Answers how many were present.
 */
export async function recordAttendance(
  executor: Executor,
  input: AttendanceInput,
  recordedBy: string,
  actor: Actor,
): Promise<number> {
  const group = await getGroup(input.groupId, executor);
  if (input.date > todayInChurchZone()) throw new AppError(FUTURE_DATE, 400, { field: "date" });
  const members = new Set((await groupPeople(group.id, executor)).map((person) => person.memberId));
  if (!input.present.every((id) => members.has(id)))
    throw new AppError(NOT_IN_GROUP, 400, { field: "present" });
  const [meeting] = await executor
    .insert(groupMeetings)
    .values({ groupId: group.id, meetingDate: input.date, guests: input.guests, recordedBy })
    .onConflictDoUpdate({
      target: [groupMeetings.groupId, groupMeetings.meetingDate],
      set: { guests: input.guests, recordedBy, recordedAt: sql`now()` },
    })
    .returning({ id: groupMeetings.id });
  await executor.delete(groupAttendance).where(eq(groupAttendance.meetingId, meeting!.id));
  if (input.present.length > 0) {
    await executor
      .insert(groupAttendance)
      .values(input.present.map((memberId) => ({ meetingId: meeting!.id, memberId })));
  }
  await logChange(executor, actor, "group.attendance-recorded", {
    subject: { type: "group", id: group.id, label: group.name },
    details: {
      date: input.date,
      present: input.present.length,
      guests: input.guests.length,
      ...(typeof actor === "string" ? { by: recordedBy } : {}),
    },
  });
  return input.present.length;
}

/** Staff record or correct a meeting (groups:write), in one transaction. */
export async function recordAttendanceAsStaff(
  input: AttendanceInput,
  actor: { id: string; email: string },
): Promise<number> {
  return services().db.transaction((tx) => recordAttendance(tx, input, actor.email, actor));
}

export interface MeetingSummary {
  date: string;
  dateInWords: string;
  present: number;
  guests: string[];
  recordedBy: string;
}

/** The group's recorded meetings, newest first, with how many members came. */
export async function listMeetings(
  groupId: string,
  limit = 52,
  executor: Executor = services().db,
): Promise<MeetingSummary[]> {
  const rows = await executor
    .select({
      date: groupMeetings.meetingDate,
      guests: groupMeetings.guests,
      recordedBy: groupMeetings.recordedBy,
      present: sql<number>`(select count(*)::int from ${groupAttendance} a where a.meeting_id = "group_meetings"."id")`,
    })
    .from(groupMeetings)
    .where(eq(groupMeetings.groupId, groupId))
    .orderBy(desc(groupMeetings.meetingDate))
    .limit(limit);
  return rows.map((row) => ({ ...row, dateInWords: formatDateLong(row.date) }));
}
