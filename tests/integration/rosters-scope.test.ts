import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  events,
  rosterNeeds,
  rosterPositions,
  rosterQualified,
  rosterServices,
  rosterSlots,
  rosterTeams,
  staffRoles,
  users,
} from "../../database/schema";
import { action as eventPlanAction, loader as eventPlanLoader } from "~/routes/members/rosters/event-plan";
import { action as positionAction, loader as positionLoader } from "~/routes/members/rosters/position-people";
import { loader as rostersLoader } from "~/routes/members/rosters/rosters";
import { action as scheduleAction, loader as scheduleLoader } from "~/routes/members/rosters/schedule";
import { loader as scheduleCsv } from "~/routes/members/rosters/schedule-csv";
import { action as seatAction, loader as seatLoader } from "~/routes/members/rosters/seat";
import { loader as serviceCsv } from "~/routes/members/rosters/service-csv";
import { action as planAction, loader as planLoader } from "~/routes/members/rosters/service-plan";
import { loader as printLoader } from "~/routes/members/rosters/service-print";
import { action as teamAction, loader as teamLoader } from "~/routes/members/rosters/team";
import { action as newTeamAction, loader as newTeamLoader } from "~/routes/members/rosters/team-new";
import { services } from "~/server/platform/services.server";
import { addQualified } from "~/server/rosters/qualified.server";
import { loadSchedule, scheduleRange } from "~/server/rosters/schedule.server";
import { assignSeat } from "~/server/rosters/seats.server";
import { addPosition, createTeam } from "~/server/rosters/teams.server";
import { get, seedScopeWorld, type ScopeWorld } from "../helpers/ministry-scope";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Serving rosters under the ministry scope (issue 36): a head of Amplify meets Amplify's teams
// only. SoundTech's team, its positions, schedule, seats and rows of a service's plan are not
// found (404) by screen, download or forged form, and nothing is written; their lists leave them
// out. A role that may only view rosters reads them and is refused every change (403).

const admin = { id: "", email: "admin@test.local" };

async function rosterCounts() {
  const { db } = services();
  const n = async (
    table:
      | typeof rosterTeams
      | typeof rosterPositions
      | typeof rosterQualified
      | typeof rosterSlots
      | typeof rosterNeeds
      | typeof auditLog,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    teams: await n(rosterTeams),
    positions: await n(rosterPositions),
    qualified: await n(rosterQualified),
    slots: await n(rosterSlots),
    needs: await n(rosterNeeds),
    audit: await n(auditLog),
  };
}

describe.each(databaseKinds)("rosters under a ministry head's scope on %s", (kind) => {
  let t: TestServices;
  let world: ScopeWorld;
  let sound: { team: string; desk: string; service: string; slot: string };
  let viewer: string;

  beforeAll(async () => {
    t = await startTestServices(kind);
    world = await seedScopeWorld();
    const [row] = await t.services.db.select().from(users).where(eq(users.email, admin.email));
    admin.id = row!.id;
    const team = await createTeam(admin, null, {
      name: "SoundTech crew",
      ministrySlug: "soundtech",
      maxPerFourWeeks: "2",
      reminderDays: "2",
      reminderHour: "9",
    });
    const desk = await addPosition(admin, null, team, { name: "Main desk", weeklyNeed: "2" });
    await addQualified(admin, null, team, desk, [world.member.nia, world.member.ana]);
    const grid = await loadSchedule(null, team, scheduleRange(new URLSearchParams()));
    const service = grid.services[0]!.id;
    await assignSeat(admin, null, {
      teamId: team,
      serviceId: service,
      positionId: desk,
      seat: "1",
      memberId: world.member.nia,
      replacing: "",
    });
    const [slot] = await t.services.db.select().from(rosterSlots);
    sound = { team, desk, service, slot: slot!.id };
    // A role of the church's own that may look at rosters but change nothing.
    const [role] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Roster viewer", levels: { rosters: "view" } })
      .returning();
    const account = await createStaffAccount({ role: role!.id, name: "Roster Viewer" });
    viewer = await signInCookie(account.email, account.password);
  });
  afterAll(async () => {
    await t.stop();
  });

  const teamUrl = () => `/members/rosters/teams/${sound.team}`;
  const seatUrl = () => `${teamUrl()}/schedule/seat?service=${sound.service}&position=${sound.desk}&seat=1`;

  it("lists no team of another ministry, and shows a service's plan without its teams", async () => {
    const list = await callRoute(rostersLoader, get("/members/rosters", world.head));
    expect(list.status).toBe(200);
    const data = list.data as {
      teams: unknown[];
      alerts: unknown[];
      week: { teams: unknown[] };
      ministries: { slug: string }[];
    };
    expect(data.teams).toEqual([]);
    expect(data.alerts).toEqual([]);
    expect(data.week.teams).toEqual([]);
    expect(data.ministries.map((ministry) => ministry.slug)).toEqual(["amplify"]);
    const adminList = await callRoute(rostersLoader, get("/members/rosters", world.admin));
    expect((adminList.data as { teams: { name: string }[] }).teams.map((one) => one.name)).toEqual([
      "SoundTech crew",
    ]);

    const plan = await callRoute(planLoader, get(`/members/rosters/services/${sound.service}`, world.head), {
      params: { serviceId: sound.service },
    });
    expect(plan.status).toBe(200);
    expect((plan.data as { plan: { teams: unknown[] } }).plan.teams).toEqual([]);
    expect(JSON.stringify(plan.data)).not.toContain("Nia");
    const print = await callRoute(
      printLoader,
      get(`/members/rosters/services/${sound.service}/print`, world.head),
      {
        params: { serviceId: sound.service },
      },
    );
    expect(JSON.stringify(print.data)).not.toContain("SoundTech crew");
    const csv = await callRoute(
      serviceCsv,
      get(`/members/rosters/services/${sound.service}/export`, world.head),
      {
        params: { serviceId: sound.service },
      },
    );
    const text = await csv.response!.text();
    expect(text).not.toContain("Nia");
    expect(text.trim().split("\r\n")).toHaveLength(1);
  });

  it("answers 404 to every screen and download of another ministry's team", async () => {
    const params = { teamId: sound.team, positionId: sound.desk };
    const answers = await Promise.all([
      callRoute(teamLoader, get(teamUrl(), world.head), { params }),
      callRoute(positionLoader, get(`${teamUrl()}/positions/${sound.desk}`, world.head), { params }),
      callRoute(scheduleLoader, get(`${teamUrl()}/schedule`, world.head), { params }),
      callRoute(seatLoader, get(seatUrl(), world.head), { params }),
      callRoute(scheduleCsv, get(`${teamUrl()}/schedule/export`, world.head), { params }),
      // A head given no ministry yet reaches none.
      callRoute(teamLoader, get(teamUrl(), world.headOfNone), { params }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const page = await answers[0]!.response!.text();
    expect(page).not.toContain("SoundTech crew");
  });

  it("refuses every forged change of another ministry's team (404), writing nothing", async () => {
    const before = await rosterCounts();
    const params = { teamId: sound.team, positionId: sound.desk, serviceId: sound.service };
    const post = (fn: unknown, url: string, fields: Record<string, string>) =>
      callRoute(fn, formRequest(url, fields, { cookie: world.head }), { params });
    const team = {
      name: "Taken",
      ministrySlug: "amplify",
      maxPerFourWeeks: "3",
      reminderDays: "1",
      reminderHour: "8",
    };
    const answers = await Promise.all([
      post(teamAction, teamUrl(), { intent: "save-team", ...team }),
      post(teamAction, teamUrl(), { intent: "add-position", name: "Forged", weeklyNeed: "1" }),
      post(teamAction, teamUrl(), {
        intent: "save-position",
        positionId: sound.desk,
        name: "Forged",
        weeklyNeed: "5",
      }),
      post(teamAction, teamUrl(), { intent: "up", positionId: sound.desk }),
      post(teamAction, teamUrl(), { intent: "remove-position", positionId: sound.desk }),
      post(teamAction, teamUrl(), { intent: "delete-team" }),
      post(positionAction, `${teamUrl()}/positions/${sound.desk}`, {
        intent: "add",
        member: world.member.ana,
      }),
      post(positionAction, `${teamUrl()}/positions/${sound.desk}`, {
        intent: "remove",
        member: world.member.nia,
      }),
      post(scheduleAction, `${teamUrl()}/schedule`, { intent: "fill" }),
      post(scheduleAction, `${teamUrl()}/schedule`, { intent: "send" }),
      post(scheduleAction, `${teamUrl()}/schedule`, { intent: "links" }),
      post(seatAction, seatUrl(), { intent: "assign", member: world.member.ana, replacing: "" }),
      post(seatAction, seatUrl(), { intent: "unassign", slot: sound.slot }),
      post(planAction, `/members/rosters/services/${sound.service}`, {
        intent: "needs",
        teamId: sound.team,
        [`need-${sound.desk}`]: "5",
      }),
      // A new team for a ministry the head does not look after.
      post(newTeamAction, "/members/rosters/teams/new", { ...team, ministrySlug: "soundtech" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404));
    expect(await rosterCounts()).toEqual(before);
    const [row] = await t.services.db.select().from(rosterTeams).where(eq(rosterTeams.id, sound.team));
    expect(row).toMatchObject({ name: "SoundTech crew", ministrySlug: "soundtech" });
  });

  it("offers the head its own ministries, and makes its team", async () => {
    const page = await callRoute(newTeamLoader, get("/members/rosters/teams/new", world.head));
    expect((page.data as { ministries: { slug: string }[] }).ministries.map((m) => m.slug)).toEqual([
      "amplify",
    ]);
    const made = await callRoute(
      newTeamAction,
      formRequest(
        "/members/rosters/teams/new",
        {
          name: "Amplify band",
          ministrySlug: "amplify",
          maxPerFourWeeks: "2",
          reminderDays: "2",
          reminderHour: "9",
        },
        { cookie: world.head },
      ),
    );
    expect(made.status).toBe(302);
    const list = await callRoute(rostersLoader, get("/members/rosters", world.head));
    expect((list.data as { teams: { name: string }[] }).teams.map((team) => team.name)).toEqual([
      "Amplify band",
    ]);
  });

  it("gives the schedule and a service's roster as CSV files, each download in the audit log", async () => {
    const params = { teamId: sound.team, serviceId: sound.service };
    const schedule = await callRoute(scheduleCsv, get(`${teamUrl()}/schedule/export?weeks=4`, world.admin), {
      params,
    });
    expect(schedule.response!.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await schedule.response!.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Time,Service,Position,Seat,Person,Status,Reason");
    // Four Fridays, two seats of Main desk each; Nia is proposed for the first.
    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},15:30,Worship Service,Main desk,1,Nia Scope,Proposed,$/);
    const roster = await callRoute(
      serviceCsv,
      get(`/members/rosters/services/${sound.service}/export`, world.admin),
      {
        params,
      },
    );
    expect(
      (await roster.response!.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      "Team,Position,Seat,Person,Status,Reason",
      "SoundTech crew,Main desk,1,Nia Scope,Proposed,",
      "SoundTech crew,Main desk,2,,Empty,",
    ]);
    const exports = await t.services.db.select().from(auditLog);
    expect(exports.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["export.roster-schedule", "export.roster-service"]),
    );
  });

  it("makes an event's plan from the events screen's button, and opens it", async () => {
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Harvest night",
        eventDate: "2031-03-07",
        eventTime: "19:00",
        locationName: "Hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
      })
      .returning();
    const params = { eventId: event!.id };
    const before = await callRoute(
      eventPlanLoader,
      get(`/members/rosters/events/${event!.id}`, world.admin),
      { params },
    );
    expect(before.status).toBe(200);
    const made = await callRoute(
      eventPlanAction,
      formRequest(`/members/rosters/events/${event!.id}`, {}, { cookie: world.admin }),
      {
        params,
      },
    );
    expect(made.status).toBe(302);
    const [plan] = await t.services.db
      .select()
      .from(rosterServices)
      .where(eq(rosterServices.eventId, event!.id));
    expect(made.response!.headers.get("location")).toBe(`/members/rosters/services/${plan!.id}`);
    const again = await callRoute(eventPlanLoader, get(`/members/rosters/events/${event!.id}`, world.head), {
      params,
    });
    expect(again.status).toBe(302);
    expect(again.response!.headers.get("location")).toBe(`/members/rosters/services/${plan!.id}`);
  });

  it("lets a role that may view rosters read them, and refuses it every change (403)", async () => {
    const params = { teamId: sound.team, positionId: sound.desk, serviceId: sound.service };
    const read = await callRoute(scheduleLoader, get(`${teamUrl()}/schedule`, viewer), { params });
    expect(read.status).toBe(200);
    expect((read.data as { canWrite: boolean }).canWrite).toBe(false);
    const before = await rosterCounts();
    const answers = await Promise.all([
      callRoute(
        scheduleAction,
        formRequest(`${teamUrl()}/schedule`, { intent: "fill" }, { cookie: viewer }),
        { params },
      ),
      callRoute(seatLoader, get(seatUrl(), viewer), { params }),
      callRoute(teamAction, formRequest(teamUrl(), { intent: "delete-team" }, { cookie: viewer }), {
        params,
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(await rosterCounts()).toEqual(before);
  });
});
