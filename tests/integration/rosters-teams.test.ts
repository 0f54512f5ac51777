import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, members, rosterPositions, rosterQualified, rosterTeams } from "../../database/schema";
import type { MinistryScope } from "~/server/auth/ministry-scope.server";
import { AppError } from "~/server/http/errors.server";
import { services } from "~/server/platform/services.server";
import {
  addQualified,
  getTeamDetail,
  positionPeople,
  removeQualified,
} from "~/server/rosters/qualified.server";
import {
  addPosition,
  createTeam,
  deleteTeam,
  listTeams,
  movePosition,
  removePosition,
  updatePosition,
  updateTeam,
} from "~/server/rosters/teams.server";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// Serving rosters (issue 36): a ministry's teams, their positions and who is qualified for each,
// as the team screen changes them. Bad input is refused with a message on its field and writes
// nothing; a head of another ministry finds nothing (404).

const actor = { id: "00000000-0000-4000-8000-000000000001", email: "head@test.local" };
const AMPLIFY: MinistryScope = ["amplify"];
const KIDS: MinistryScope = ["acts-kids"];

const team = (fields: Record<string, unknown> = {}) => ({
  name: "Worship band",
  ministrySlug: "amplify",
  maxPerFourWeeks: "2",
  reminderDays: "2",
  reminderHour: "9",
  ...fields,
});

async function counts() {
  const { db } = services();
  const one = async (
    table: typeof rosterTeams | typeof rosterPositions | typeof rosterQualified | typeof auditLog,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    teams: await one(rosterTeams),
    positions: await one(rosterPositions),
    qualified: await one(rosterQualified),
    audit: await one(auditLog),
  };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(databaseKinds)("roster teams on %s", (kind) => {
  let t: TestServices;
  const people: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestServices(kind);
    // The audit log's actor must be a real account.
    const { user } = await t.services.auth.api.createUser({
      body: {
        email: "roster-head@test.local",
        password: "roster head password 42",
        name: "Head",
        role: "staff",
      },
    });
    actor.id = user.id;
    const rows = await t.services.db
      .insert(members)
      .values(
        [
          ["Ana", ["amplify"], []],
          ["Ben", ["acts-kids", "amplify"], []],
          ["Hal", [], ["head:amplify"]],
          ["Kim", ["acts-kids"], []],
          ["Nia", [], []],
        ].map(([firstName, ministries, roles]) => ({
          firstName: firstName as string,
          lastName: "Roster",
          email: `${(firstName as string).toLowerCase()}.roster@example.org`,
          mobile: "33001234",
          ministryInvolvement: ministries as string[],
          ministryRole: roles as string[],
        })),
      )
      .returning({ id: members.id, firstName: members.firstName });
    for (const row of rows) people[row.firstName] = row.id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it("makes a team with positions and qualified people, in order, and audits each change", async () => {
    const before = await counts();
    const teamId = await createTeam(actor, AMPLIFY, team());
    const vocals = await addPosition(actor, AMPLIFY, teamId, { name: "Vocals", weeklyNeed: "2" });
    const keys = await addPosition(actor, AMPLIFY, teamId, { name: "Keys", weeklyNeed: "1" });
    await movePosition(actor, AMPLIFY, teamId, keys, "up");
    expect(await addQualified(actor, AMPLIFY, teamId, vocals, [people.Ana!, people.Nia!, people.Ana!])).toBe(
      2,
    );
    expect(await addQualified(actor, AMPLIFY, teamId, vocals, [people.Ana!])).toBe(0);
    const detail = await getTeamDetail(AMPLIFY, teamId);
    expect(detail.positions.map((position) => [position.name, position.weeklyNeed])).toEqual([
      ["Keys", 1],
      ["Vocals", 2],
    ]);
    expect(detail.positions[1]!.people).toEqual([
      { id: people.Ana, name: "Ana Roster", inMinistry: true },
      { id: people.Nia, name: "Nia Roster", inMinistry: false },
    ]);
    const listed = await listTeams(AMPLIFY);
    expect(listed).toMatchObject([
      { name: "Worship band", people: 2, positions: [{ name: "Keys" }, { name: "Vocals", people: 2 }] },
    ]);
    expect(await listTeams(KIDS)).toEqual([]);

    // The ministry's people are suggested (Ana is already on the list; Hal is its head); a search finds anyone.
    const found = await positionPeople(AMPLIFY, teamId, vocals, "kim");
    expect(found.suggested.map((person) => person.name)).toEqual(["Ben Roster", "Hal Roster"]);
    expect(found.found?.map((person) => person.name)).toEqual(["Kim Roster"]);
    expect(found.found?.[0]?.hint).toBe("mobile ending 234");

    const after = await counts();
    expect(after.audit - before.audit).toBe(5);
    const actions = await t.services.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(["roster.team-created", "roster.position-added", "roster.qualified-added"]),
    );

    await updatePosition(actor, AMPLIFY, teamId, vocals, { name: "Singers", weeklyNeed: "3" });
    await updateTeam(actor, AMPLIFY, teamId, team({ maxPerFourWeeks: "3", reminderHour: "18" }));
    expect(await removeQualified(actor, AMPLIFY, teamId, vocals, people.Nia!)).toBe(true);
    expect(await removeQualified(actor, AMPLIFY, teamId, vocals, people.Nia!)).toBe(false);
    const changed = await getTeamDetail(AMPLIFY, teamId);
    expect(changed).toMatchObject({ maxPerFourWeeks: 3, reminderHour: 18 });
    expect(changed.positions[1]).toMatchObject({ name: "Singers", weeklyNeed: 3 });
    expect(changed.positions[1]!.people.map((person) => person.name)).toEqual(["Ana Roster"]);

    expect(await removePosition(actor, AMPLIFY, teamId, keys)).toEqual({ name: "Keys", upcomingSeats: 0 });
    expect(await deleteTeam(actor, AMPLIFY, teamId)).toBe("Worship band");
    expect((await counts()).teams).toBe(before.teams);
    expect((await counts()).qualified).toBe(before.qualified);
  });

  it("refuses bad input with a message on its field, and writes nothing", async () => {
    const teamId = await createTeam(actor, AMPLIFY, team({ name: "Sound" }));
    const position = await addPosition(actor, AMPLIFY, teamId, { name: "Desk", weeklyNeed: "1" });
    const before = await counts();
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [() => createTeam(actor, AMPLIFY, team({ name: "  " })), "name", /name/],
      [() => createTeam(actor, AMPLIFY, team({ name: "x".repeat(81) })), "name", /80 characters/],
      [() => createTeam(actor, AMPLIFY, team({ name: "sound" })), "name", /already has a team/],
      [
        () => createTeam(actor, AMPLIFY, team({ ministrySlug: "no-such-ministry" })),
        "ministrySlug",
        /from the list/,
      ],
      [() => createTeam(actor, AMPLIFY, team({ maxPerFourWeeks: "0" })), "maxPerFourWeeks", /1 to 12/],
      [() => createTeam(actor, AMPLIFY, team({ maxPerFourWeeks: "two" })), "maxPerFourWeeks", /1 to 12/],
      [() => createTeam(actor, AMPLIFY, team({ reminderHour: "24" })), "reminderHour", /0 to 23/],
      [() => createTeam(actor, AMPLIFY, team({ reminderDays: "-1" })), "reminderDays", /0 to 14/],
      [
        () => addPosition(actor, AMPLIFY, teamId, { name: "desk", weeklyNeed: "1" }),
        "name",
        /already has a position/,
      ],
      [
        () => addPosition(actor, AMPLIFY, teamId, { name: "Stream", weeklyNeed: "21" }),
        "weeklyNeed",
        /0 to 20/,
      ],
      [() => addPosition(actor, AMPLIFY, teamId, { name: "", weeklyNeed: "1" }), "name", /name/],
      [
        () => updatePosition(actor, AMPLIFY, teamId, position, { name: "Desk", weeklyNeed: "1.5" }),
        "weeklyNeed",
        /0 to 20/,
      ],
      [() => addQualified(actor, AMPLIFY, teamId, position, []), "member", /tick/],
      [
        () => addQualified(actor, AMPLIFY, teamId, position, [crypto.randomUUID()]),
        "member",
        /could not be found/,
      ],
    ];
    for (const [work, field, message] of cases) {
      const error = await refusal(work());
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("finds nothing of another ministry's team: every read and change is 404 and writes nothing", async () => {
    const teamId = await createTeam(actor, AMPLIFY, team({ name: "Projection" }));
    const position = await addPosition(actor, AMPLIFY, teamId, { name: "Screens", weeklyNeed: "1" });
    await addQualified(actor, AMPLIFY, teamId, position, [people.Ana!]);
    const before = await counts();
    const attempts = [
      () => getTeamDetail(KIDS, teamId),
      () => positionPeople(KIDS, teamId, position, ""),
      () => updateTeam(actor, KIDS, teamId, team({ ministrySlug: "acts-kids" })),
      () => addPosition(actor, KIDS, teamId, { name: "Camera", weeklyNeed: "1" }),
      () => updatePosition(actor, KIDS, teamId, position, { name: "Camera", weeklyNeed: "1" }),
      () => movePosition(actor, KIDS, teamId, position, "down"),
      () => removePosition(actor, KIDS, teamId, position),
      () => addQualified(actor, KIDS, teamId, position, [people.Kim!]),
      () => removeQualified(actor, KIDS, teamId, position, people.Ana!),
      () => deleteTeam(actor, KIDS, teamId),
      // A head with no ministry yet reaches none.
      () => getTeamDetail([], teamId),
      // A team made for a ministry outside the scope.
      () => createTeam(actor, KIDS, team({ name: "Band two" })),
      // Its own team moved into another ministry.
      () => updateTeam(actor, AMPLIFY, teamId, team({ name: "Projection", ministrySlug: "acts-kids" })),
    ];
    for (const work of attempts) expect((await refusal(work())).status).toBe(404);
    expect(await counts()).toEqual(before);
    const [row] = await t.services.db.select().from(rosterTeams).where(eq(rosterTeams.id, teamId));
    expect(row).toMatchObject({ name: "Projection", ministrySlug: "amplify" });
  });
});
