import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before groups (20 migrations: serving rosters were its last) kept a member's Bible
// study group and SALT group as two plain fields. This release makes each a group with the same
// members (issue 37): an upgraded site keeps every member's group, and the member's screens,
// announcements and the personal data file still name it.

const PEOPLE = [
  { first: "Ana", bible: "Group 2", salt: "Riffa" },
  { first: "Ben", bible: "Group 2", salt: " riffa " },
  { first: "Cora", bible: "Group 1", salt: "Isa Town" },
  { first: "Dan", bible: null, salt: "Riffa" },
  // A deleted member keeps their groups: restoring them brings everything back.
  { first: "Eve", bible: "Group 4", salt: null, deleted: true },
  { first: "Fay", bible: "", salt: "  " },
];

describe.each(databaseKinds)("upgrading to groups on %s", (kind) => {
  let t: TestServices;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        for (const person of PEOPLE) {
          const [row] = await query<{ id: string }>(
            `insert into members (first_name, last_name, email, mobile, bible_study_group, salt_group_name, deleted_at)
             values ($1, 'Cruz', $2, '33112233', $3, $4, $5) returning id`,
            [
              person.first,
              `${person.first.toLowerCase()}@example.org`,
              person.bible,
              person.salt,
              person.deleted ? new Date() : null,
            ],
          );
          ids[person.first] = row!.id;
        }
      },
      20,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const membersOf = async (kindOfGroup: string, name: string) =>
    (
      await t.services.database.query<{ first_name: string }>(
        `select m.first_name from group_members gm join groups g on g.id = gm.group_id
         join members m on m.id = gm.member_id where g.kind = $1 and g.name = $2 order by m.first_name`,
        [kindOfGroup, name],
      )
    ).map((row) => row.first_name);

  it("makes a group of each Bible study group and SALT group, with the same members", async () => {
    expect(await membersOf("bible-study", "Group 2")).toEqual(["Ana", "Ben"]);
    expect(await membersOf("bible-study", "Group 1")).toEqual(["Cora"]);
    expect(await membersOf("bible-study", "Group 4")).toEqual(["Eve"]);
    // The same name in another case or with spaces around is one group.
    expect(await membersOf("salt", "Riffa")).toEqual(["Ana", "Ben", "Dan"]);
    expect(await membersOf("salt", "Isa Town")).toEqual(["Cora"]);
    const groups = await t.services.database.query<{ kind: string; name: string }>(
      "select kind, name from groups order by kind, name",
    );
    expect(groups).toEqual([
      { kind: "bible-study", name: "Group 1" },
      { kind: "bible-study", name: "Group 2" },
      { kind: "bible-study", name: "Group 4" },
      { kind: "salt", name: "Isa Town" },
      { kind: "salt", name: "Riffa" },
    ]);
    // Blank fields made no group and no membership.
    const [fay] = await t.services.database.query<{ n: number }>(
      "select count(*)::int as n from group_members where member_id = $1",
      [ids.Fay],
    );
    expect(fay!.n).toBe(0);
  });

  it("shows each member's groups on their record as before", async () => {
    const { getMember } = await import("~/server/people/members.server");
    expect(await getMember(ids.Ana!)).toMatchObject({ bibleStudyGroup: "Group 2", saltGroupName: "Riffa" });
    expect(await getMember(ids.Dan!)).toMatchObject({ bibleStudyGroup: null, saltGroupName: "Riffa" });
    expect(await getMember(ids.Fay!)).toMatchObject({ bibleStudyGroup: null, saltGroupName: null });
  });

  it("reaches the same people when an announcement goes to a Bible study or SALT group", async () => {
    const { audiencePeople } = await import("~/server/announcements/audiences.server");
    const names = async (part: { kind: "bible-study" | "salt"; group: string }) =>
      (await audiencePeople(t.services.db, { combine: "any", parts: [part] })).map((row) => row.name).sort();
    expect(await names({ kind: "bible-study", group: "Group 2" })).toEqual(["Ana Cruz", "Ben Cruz"]);
    expect(await names({ kind: "salt", group: "Riffa" })).toEqual(["Ana Cruz", "Ben Cruz", "Dan Cruz"]);
  });
});
