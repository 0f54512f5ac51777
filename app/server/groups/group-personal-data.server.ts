import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
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
// the groups they are in (and lead), the meetings they came to and their requests to join a group.
// Requests are theirs by their e-mail address (a shared mobile alone is never the same person:
// issue 33). Erasing a member removes their memberships and attendance with the member row (on
// delete cascade); forgetGroupData removes the rest, with their inbox entries and leader's links.
// The follow-ups about them are care's (issue 38: care-personal-data.server.ts).

export const GROUP_DATA_KINDS = [
  "groups",
  "groupAttendance",
  "groupJoinRequests",
] as const;
type GroupDataKind = (typeof GROUP_DATA_KINDS)[number];

export const GROUP_KIND_NAMES: Record<GroupDataKind, [string, string]> = {
  groups: ["group they are in", "groups they are in"],
  groupAttendance: ["group meeting they came to", "group meetings they came to"],
  groupJoinRequests: ["request to join a group", "requests to join a group"],
};

export const GROUP_SECTION_TITLES: Record<GroupDataKind, string> = {
  groups: "Groups they are in",
  groupAttendance: "Group meetings they came to",
  groupJoinRequests: "Requests to join a group",
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
  const byAddress = <T extends typeof groupJoinRequests>(table: T) =>
    emails.length > 0 ? inArray(sql`lower(trim(${table.email}))`, [...emails]) : undefined;
  const requests = byAddress(groupJoinRequests)
    ? await executor
        .select()
        .from(groupJoinRequests)
        .where(byAddress(groupJoinRequests))
        .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id))
    : [];
  return {
    groups: theirGroups,
    groupAttendance: attendance,
    groupJoinRequests: requests,
  };
}

type GroupData = Awaited<ReturnType<typeof groupDataOf>>;

/** Removes the person's requests with their inbox entries, and their leader's links. */
export async function forgetGroupData(executor: Executor, found: GroupData, memberId: string | null) {
  const requests = found.groupJoinRequests.map((row) => row.id);
  if (requests.length > 0) {
    await executor
      .delete(inboxItems)
      .where(and(eq(inboxItems.kind, "group"), inArray(inboxItems.sourceId, requests)));
    await executor.delete(groupJoinRequests).where(inArray(groupJoinRequests.id, requests));
  }
  if (memberId) await forgetLeaderLinks(executor, memberId);
}
