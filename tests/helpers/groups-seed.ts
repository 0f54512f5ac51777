import { sql } from "drizzle-orm";
import { groupMembers, groups, members } from "../../database/schema";
import type { Database } from "~/server/platform/db.server";

// Groups, their members and leaders written straight into the tables (issue 37), for the tests of
// the finder, attendance and "Not seen lately".

/** Empties groups, attendance, join requests, follow-ups, the inbox, the outbox, links and members. */
export async function clearGroups(db: Database) {
  for (const table of [
    "group_attendance",
    "group_meetings",
    "group_members",
    "group_join_requests",
    "follow_ups",
    "groups",
    "inbox_items",
    "outbox_emails",
    "signed_links",
    "rate_limits",
    "event_registrations",
  ]) {
    await db.execute(sql.raw(`delete from ${table}`));
  }
  await db.delete(members);
}

/** Members with these first names (surname Reyes, "{first}@example.org"). */
export async function addMembers(db: Database, firstNames: string[]) {
  const rows = await db
    .insert(members)
    .values(
      firstNames.map((firstName, index) => ({
        firstName,
        lastName: "Reyes",
        email: `${firstName.toLowerCase()}@example.org`,
        mobile: `3311 20${String(index).padStart(2, "0")}`,
        countryCode: "+973",
      })),
    )
    .returning({ id: members.id, firstName: members.firstName, email: members.email });
  return Object.fromEntries(rows.map((row) => [row.firstName, { id: row.id, email: row.email }]));
}

export async function addGroup(
  db: Database,
  values: Partial<typeof groups.$inferInsert> & { name: string },
): Promise<string> {
  const [row] = await db
    .insert(groups)
    .values({
      kind: "bible-study",
      isOpen: true,
      meetingDay: 4,
      meetingTime: "19:30",
      area: "Riffa",
      ...values,
    })
    .returning({ id: groups.id });
  return row!.id;
}

export async function join(
  db: Database,
  groupId: string,
  memberIds: string[],
  options: { leader?: boolean; joinedOn?: string } = {},
) {
  await db.insert(groupMembers).values(
    memberIds.map((memberId) => ({
      groupId,
      memberId,
      isLeader: options.leader ?? false,
      ...(options.joinedOn ? { joinedOn: options.joinedOn } : {}),
    })),
  );
}
