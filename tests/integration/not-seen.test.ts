import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, groupAttendance, groupMeetings } from "../../database/schema";
import { addDays, startOfDayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { action as notSeenAction, loader as notSeenLoader } from "~/routes/members/groups/not-seen";
import { erasePerson } from "~/server/people/person-erasure.server";
import { addGroup, addMembers, clearGroups, join } from "../helpers/groups-seed";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// "Not seen lately" (issue 37): a member absent from the group's last 3 meetings is listed, one
// absent from 2 of them is not; a regular attender of services (3 different weeks) not checked in
// for 3 weeks is listed; "Follow up" makes one inbox item, and a second click none.

const today = todayInChurchZone();

describe.each(databaseKinds)("not seen lately on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let people: Record<string, { id: string; email: string }>;
  let group: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  async function meeting(groupId: string, daysAgo: number, present: string[]) {
    const [row] = await t.services.db
      .insert(groupMeetings)
      .values({ groupId, meetingDate: addDays(today, -daysAgo), recordedBy: "test" })
      .returning({ id: groupMeetings.id });
    if (present.length > 0) {
      await t.services.db
        .insert(groupAttendance)
        .values(present.map((name) => ({ meetingId: row!.id, memberId: people[name]!.id })));
    }
  }

  async function checkIn(name: string, email: string, weeksAgo: number) {
    const at = new Date(startOfDayInChurchZone(addDays(today, -7 * weeksAgo)).getTime() + 10 * 3600_000);
    await t.services.db.insert(eventRegistrations).values({
      eventTitle: "Friday Service",
      name,
      email,
      mobile: "+973 3000 0000",
      checkedInAt: at,
      createdAt: at,
    });
  }

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearGroups(db);
    people = await addMembers(db, ["Lea", "Ana", "Ben", "Cy"]);
    group = await addGroup(db, { name: "Group 2" });
    const young = await addGroup(db, { name: "Group 5" });
    await join(db, group, [people.Lea!.id, people.Ana!.id, people.Ben!.id], {
      joinedOn: addDays(today, -100),
    });
    await join(db, young, [people.Cy!.id], { joinedOn: addDays(today, -100) });
    await meeting(group, 28, ["Lea", "Ana", "Ben"]);
    await meeting(group, 21, ["Lea"]);
    await meeting(group, 14, ["Lea", "Ben"]);
    await meeting(group, 7, ["Lea"]);
    // Only two meetings recorded: Cy's absence says nothing yet.
    await meeting(young, 14, []);
    await meeting(young, 7, []);
    // Rita came on 4 different weeks, then not for 3 weeks; Sol still comes; Tom came twice only.
    for (const weeks of [4, 5, 7, 9]) await checkIn("Rita Old", "Rita@Example.net", weeks);
    await checkIn("Rita Lopez", "rita@example.net", 10);
    for (const weeks of [1, 4, 5, 6]) await checkIn("Sol Tan", "sol@example.net", weeks);
    for (const weeks of [4, 5]) await checkIn("Tom Ng", "tom@example.net", weeks);
  });

  const load = async () =>
    (
      await callRoute(
        notSeenLoader,
        new Request("http://localhost/members/groups/not-seen", { headers: { cookie } }),
      )
    ).data as {
      members: {
        name: string;
        groupName: string;
        lastCame: string | null;
        asked: boolean;
        memberId: string;
        groupId: string;
      }[];
      attenders: { name: string; email: string; weeks: number; asked: boolean }[];
    };

  it("lists a member absent 3 meetings in a row, not one absent 2, and a lapsed regular attender", async () => {
    const view = await load();
    expect(view.members.map((row) => [row.name, row.groupName, row.lastCame])).toEqual([
      ["Ana Reyes", "Group 2", addDays(today, -28)],
    ]);
    // Named by the latest registration (Rita Old came later than Rita Lopez), one row per address.
    expect(view.attenders.map((row) => [row.name, row.email, row.weeks])).toEqual([
      ["Rita Old", "rita@example.net", 5],
    ]);
  });

  it("makes one follow-up per person and reason, however often it is clicked", async () => {
    const post = (fields: Record<string, string>) =>
      callRoute(notSeenAction, formRequest("/members/groups/not-seen", fields, { cookie }));
    const fields = { kind: "group", groupId: group, memberId: people.Ana!.id };
    expect((await post(fields)).data).toMatchObject({ ok: true, toast: { title: "Follow-up asked" } });
    expect((await post(fields)).data).toMatchObject({ ok: true, toast: { title: "Already asked" } });
    expect((await post({ kind: "service", email: "rita@example.net" })).data).toMatchObject({
      toast: { title: "Follow-up asked" },
    });
    // Ben is not on the list: nothing is asked.
    expect((await post({ kind: "group", groupId: group, memberId: people.Ben!.id })).status).toBe(404);

    const open = await q<{ name: string; reason: string; source: string; status: string }>(
      "select name, reason, source, status from follow_ups order by name",
    );
    expect(open.map((row) => [row.name, row.source, row.status])).toEqual([
      ["Ana Reyes", "not-seen", "open"],
      ["Rita Old", "not-seen", "open"],
    ]);
    expect(open[0]!.reason).toContain("Not seen at Group 2 for 3 meetings");
    const view = await load();
    expect(view.members[0]!.asked).toBe(true);
    expect(view.attenders[0]!.asked).toBe(true);

    // Erasing Rita (outside the registry, by her address) takes her follow-up and the audit
    // entry that named her.
    const admin = (
      await q<{ id: string; email: string }>("select id, email from users where email = 'admin@test.local'")
    )[0]!;
    const erased = await erasePerson({ email: "rita@example.net" }, admin);
    expect(erased?.counts).toMatchObject({ followUps: 1 });
    expect((await q<{ name: string }>("select name from follow_ups")).map((row) => row.name)).toEqual([
      "Ana Reyes",
    ]);
    expect(
      await q(
        "select 1 from audit_log where action = 'follow-up.started' and subject_label = 'rita@example.net'",
      ),
    ).toEqual([]);
    expect(
      await q("select 1 from audit_log where action = 'follow-up.started' and subject_label = 'Ana Reyes'"),
    ).toHaveLength(1);
  });
});
