import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../database/schema";
import {
  addGroupMembers,
  createGroup,
  deleteGroup,
  groupPeople,
  listGroups,
  membersToAdd,
  removeGroupMember,
  setGroupLeader,
  updateGroup,
} from "~/server/groups/groups.server";
import { AppError } from "~/server/http/errors.server";
import { getMember, updateMember } from "~/server/people/members.server";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// Groups (issue 37), the staff side: a group's settings, members and leaders. Bad input is refused
// with a message on its field and writes nothing; the member form's two group fields move the
// member between groups of those kinds.

const actor = { id: "", email: "office@test.local" };

const group = (fields: Record<string, string> = {}) => ({
  name: "Group 2",
  kind: "bible-study",
  description: "Thursday Bible study in Riffa.",
  meetingDay: "4",
  meetingTime: "19:30",
  area: "Riffa",
  capacity: "",
  isOpen: "on",
  absentWeeks: "3",
  ...fields,
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(databaseKinds)("groups on %s", (kind) => {
  let t: TestServices;
  const ids: Record<string, string> = {};
  const count = async (table: string) =>
    (await t.services.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    t = await startTestServices(kind);
    const { user } = await t.services.auth.api.createUser({
      body: { email: actor.email, password: "groups office password 42", name: "Office", role: "staff" },
    });
    actor.id = user.id;
    const rows = await t.services.db
      .insert(members)
      .values(
        ["Ana", "Ben", "Cora", "Dan"].map((firstName) => ({
          firstName,
          lastName: "Grupo",
          email: `${firstName.toLowerCase()}@example.org`,
          mobile: "33112233",
        })),
      )
      .returning({ id: members.id, firstName: members.firstName });
    for (const row of rows) ids[row.firstName] = row.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("makes a group, and refuses a blank name, a bad time or capacity, or a name taken, writing nothing", async () => {
    const made = await createGroup(group(), actor);
    ids.group = made.id;
    expect(made).toMatchObject({
      name: "Group 2",
      kind: "bible-study",
      meetingDay: 4,
      area: "Riffa",
      isOpen: true,
    });
    expect((await refusal(createGroup(group({ name: "  " }), actor))).field).toBe("name");
    expect((await refusal(createGroup(group({ name: "Other", meetingTime: "25:00" }), actor))).field).toBe(
      "meetingTime",
    );
    expect((await refusal(createGroup(group({ name: "Other", capacity: "0" }), actor))).field).toBe(
      "capacity",
    );
    expect((await refusal(createGroup(group({ name: "Other", kind: "secret" }), actor))).field).toBe("kind");
    const taken = await refusal(createGroup(group({ name: "group 2" }), actor));
    expect(taken.status).toBe(409);
    expect(taken.field).toBe("name");
    // The same name of another kind is another group.
    await createGroup(group({ name: "Group 2", kind: "other", isOpen: "" }), actor);
    expect(await count("groups")).toBe(2);
  });

  it("adds members, makes a leader, lists them leaders first, and takes one out", async () => {
    expect(await addGroupMembers(ids.group!, [ids.Ana!, ids.Ben!, ids.Cora!], actor)).toBe(3);
    // Those already in it stay as they are.
    expect(await addGroupMembers(ids.group!, [ids.Ana!], actor)).toBe(0);
    await setGroupLeader(ids.group!, ids.Cora!, true, actor);
    expect((await groupPeople(ids.group!)).map((person) => [person.name, person.isLeader])).toEqual([
      ["Cora Grupo", true],
      ["Ana Grupo", false],
      ["Ben Grupo", false],
    ]);
    // The search offers only those not in the group yet.
    expect((await membersToAdd(ids.group!, "grupo"))!.map((person) => person.name)).toEqual(["Dan Grupo"]);
    await removeGroupMember(ids.group!, ids.Ben!, actor);
    const [listed] = (await listGroups()).filter((row) => row.id === ids.group);
    expect(listed).toMatchObject({ members: 2, leaders: ["Cora Grupo"] });
    expect(await refusal(removeGroupMember(ids.group!, ids.Ben!, actor))).toMatchObject({ status: 404 });
  });

  it("changes the settings and audits what changed", async () => {
    await updateGroup(ids.group!, group({ area: "Isa Town", isOpen: "" }), actor);
    const [listed] = (await listGroups()).filter((row) => row.id === ids.group);
    expect(listed).toMatchObject({ area: "Isa Town", isOpen: false });
    const [entry] = await t.services.database.query<{ details: { changes: { field: string }[] } }>(
      "select details from audit_log where action = 'group.changed' order by at desc limit 1",
    );
    expect(entry!.details.changes.map((change) => change.field).sort()).toEqual(["area", "isOpen"]);
  });

  it("the member form's Bible study and SALT fields move the member between groups", async () => {
    const ana = (await getMember(ids.Ana!))!;
    expect(ana.bibleStudyGroup).toBe("Group 2");
    // Into a new SALT group (made for the name), and to another Bible study group.
    await updateMember(ids.Ana!, { ...ana, bibleStudyGroup: "Group 1", saltGroupName: "Riffa" }, actor);
    expect(await getMember(ids.Ana!)).toMatchObject({ bibleStudyGroup: "Group 1", saltGroupName: "Riffa" });
    expect((await groupPeople(ids.group!)).map((person) => person.name)).toEqual(["Cora Grupo"]);
    // Unchanged fields touch nothing: Cora stays a leader of Group 2 when her record is saved.
    const cora = (await getMember(ids.Cora!))!;
    await updateMember(ids.Cora!, { ...cora, nickname: "Coco" }, actor);
    expect((await groupPeople(ids.group!)).map((person) => [person.name, person.isLeader])).toEqual([
      ["Cora Grupo", true],
    ]);
    // The audit entry names the field as the form does.
    const [entry] = await t.services.database.query<{ details: { changes: { label: string }[] } }>(
      "select details from audit_log where action = 'member.updated' and subject_id = $1 order by at limit 1",
      [ids.Ana],
    );
    expect(entry!.details.changes.map((change) => change.label).sort()).toEqual([
      "Bible Study Group",
      "SALT Group Name",
    ]);
  });

  it("an announcement to a ministry team or another group reaches its members, and names it", async () => {
    const team = await createGroup(group({ name: "Ushers", kind: "ministry-team" }), actor);
    await addGroupMembers(team.id, [ids.Ben!, ids.Dan!], actor);
    const { audiencePeople } = await import("~/server/announcements/audiences.server");
    const { audienceInWords } = await import("~/server/announcements/audience-words.server");
    const audience = { combine: "any" as const, parts: [{ kind: "group" as const, groupId: team.id }] };
    expect((await audiencePeople(t.services.db, audience)).map((person) => person.name).sort()).toEqual([
      "Ben Grupo",
      "Dan Grupo",
    ]);
    const { getSiteContent } = await import("~/server/site/site-content.server");
    expect(await audienceInWords(t.services.db, audience, await getSiteContent())).toContain(
      "The group Ushers",
    );
    const { composeOptions } = await import("~/server/announcements/compose-options.server");
    const admin = { access: { levels: { announcements: "edit" }, ministryOnly: false }, ministries: [] };
    const options = await composeOptions(admin as never);
    expect(options.otherGroups).toEqual([{ value: team.id, label: "Ushers" }]);
  });

  it("deletes a group with its memberships; the members stay", async () => {
    await deleteGroup(ids.group!, actor);
    expect(await count("group_members where group_id = '" + ids.group + "'")).toBe(0);
    expect(await getMember(ids.Cora!)).toMatchObject({ bibleStudyGroup: null });
    expect(await refusal(deleteGroup(ids.group!, actor))).toMatchObject({ status: 404 });
  });
});
