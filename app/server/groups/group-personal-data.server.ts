import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import {
  attendanceFollowUps,
  groupAttendance,
  groupJoinRequests,
  groupMeetings,
  groupMembers,
  groups,
  inboxItems,
} from "../../../database/schema";
import type { Executor } from "../platform/db.server";
import { forgetLeaderLinks } from "./leader-links.server";

// What groups and attendance keep about a person (issue 37), for their data export and erasure:
// the groups they are in (and lead), the meetings they came to, their requests to join a group
// and the follow-ups asked about them. Requests and follow-ups are theirs by their e-mail address
// (a shared mobile alone is never the same person: issue 33) and follow-ups also by the member.
// Erasing a member removes their memberships and attendance with the member row (on delete
// cascade); forgetGroupData removes the rest, with their inbox entries and leader's links.

export const GROUP_DATA_KINDS = [
  "groups",
  "groupAttendance",
  "groupJoinRequests",
  "attendanceFollowUps",
] as const;
type GroupDataKind = (typeof GROUP_DATA_KINDS)[number];

export const GROUP_KIND_NAMES: Record<GroupDataKind, [string, string]> = {
  groups: ["group they are in", "groups they are in"],
  groupAttendance: ["group meeting they came to", "group meetings they came to"],
  groupJoinRequests: ["request to join a group", "requests to join a group"],
  attendanceFollowUps: ["follow-up about them", "follow-ups about them"],
};

export const GROUP_SECTION_TITLES: Record<GroupDataKind, string> = {
  groups: "Groups they are in",
  groupAttendance: "Group meetings they came to",
  groupJoinRequests: "Requests to join a group",
  attendanceFollowUps: "Follow-ups after not being seen",
};

export async function groupDataOf(executor: Executor, memberId: string | null, addresses: readonly string[]) {
  const theirGroups = memberId
    ? await executor
        .select({
          group: groups.name,
          kind: groups.kind,
          leader: groupMembers.isLeader,
          joined: groupMembers.joinedOn,
        })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.memberId, memberId))
        .orderBy(asc(groups.name))
    : [];
  const attendance = memberId
    ? await executor
        .select({ group: groups.name, date: groupMeetings.meetingDate })
        .from(groupAttendance)
        .innerJoin(groupMeetings, eq(groupMeetings.id, groupAttendance.meetingId))
        .innerJoin(groups, eq(groups.id, groupMeetings.groupId))
        .where(eq(groupAttendance.memberId, memberId))
        .orderBy(asc(groupMeetings.meetingDate), asc(groups.name))
    : [];
  const emails = addresses.filter((address) => address.includes("@"));
  const byAddress = <T extends typeof groupJoinRequests | typeof attendanceFollowUps>(table: T) =>
    emails.length > 0 ? inArray(sql`lower(trim(${table.email}))`, [...emails]) : undefined;
  const requests = byAddress(groupJoinRequests)
    ? await executor
        .select()
        .from(groupJoinRequests)
        .where(byAddress(groupJoinRequests))
        .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id))
    : [];
  const followUpWhere = or(
    memberId ? eq(attendanceFollowUps.memberId, memberId) : undefined,
    byAddress(attendanceFollowUps),
  );
  const followUps = followUpWhere
    ? await executor
        .select()
        .from(attendanceFollowUps)
        .where(followUpWhere)
        .orderBy(asc(attendanceFollowUps.createdAt), asc(attendanceFollowUps.id))
    : [];
  return {
    groups: theirGroups,
    groupAttendance: attendance,
    groupJoinRequests: requests,
    attendanceFollowUps: followUps,
  };
}

type GroupData = Awaited<ReturnType<typeof groupDataOf>>;

/** Removes the person's requests and follow-ups with their inbox entries, and their leader's links. */
export async function forgetGroupData(executor: Executor, found: GroupData, memberId: string | null) {
  const requests = found.groupJoinRequests.map((row) => row.id);
  const followUps = found.attendanceFollowUps.map((row) => row.id);
  const items = [
    requests.length > 0
      ? and(eq(inboxItems.kind, "group"), inArray(inboxItems.sourceId, requests))
      : undefined,
    followUps.length > 0
      ? and(eq(inboxItems.kind, "follow-up"), inArray(inboxItems.sourceId, followUps))
      : undefined,
  ].filter((condition) => condition !== undefined);
  if (items.length > 0) await executor.delete(inboxItems).where(or(...items));
  if (requests.length > 0)
    await executor.delete(groupJoinRequests).where(inArray(groupJoinRequests.id, requests));
  if (followUps.length > 0)
    await executor.delete(attendanceFollowUps).where(inArray(attendanceFollowUps.id, followUps));
  if (memberId) await forgetLeaderLinks(executor, memberId);
}
