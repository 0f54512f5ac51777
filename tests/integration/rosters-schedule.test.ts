import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  events,
  members,
  rosterBlockouts,
  rosterServices,
  rosterSlots,
} from "../../database/schema";
import { addDays, dayOfWeek, todayInChurchZone } from "~/lib/dates";
import { timesInFourWeeks } from "~/lib/roster-seats";
import type { MinistryScope } from "~/server/auth/ministry-scope.server";
import { AppError } from "~/server/http/errors.server";
import { fillAutomatically } from "~/server/rosters/auto-fill.server";
import { getServicePlan, makeEventPlan, setNeeds } from "~/server/rosters/plans.server";
import { updateEvent } from "~/server/content/event-edits.server";
import { addQualified } from "~/server/rosters/qualified.server";
import { rosterAlerts } from "~/server/rosters/roster-views.server";
import { loadSchedule, scheduleRange } from "~/server/rosters/schedule.server";
import { assignSeat, seatChoices, unassignSeat } from "~/server/rosters/seats.server";
import { addPosition, createTeam, updateTeam } from "~/server/rosters/teams.server";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// A team's schedule (issue 36): the next Fridays (the main weekly service), seats given by hand
// with their warnings, "Fill automatically" keeping to blockouts, one seat a day and the team's
// frequency and sharing the seats out fairly, two heads on one seat, and what needs attention.

const SOUND: MinistryScope = ["soundtech"];
const KIDS: MinistryScope = ["acts-kids"];
const today = todayInChurchZone();
/** The next four Fridays, today included. */
const fridays = Array.from({ length: 4 }, (_, week) =>
  addDays(today, ((5 - dayOfWeek(today) + 7) % 7) + week * 7),
);
const range = scheduleRange(new URLSearchParams({ from: today, weeks: "4" }));

const actor = { id: "", email: "sound-head@test.local" };

describe.each(databaseKinds)("a team's schedule on %s", (kind) => {
  let t: TestServices;
  let teamId: string;
  let desk: string;
  let stream: string;
  const people: Record<string, string> = {};

  const slots = async () =>
    t.services.db
      .select({
        memberId: rosterSlots.memberId,
        date: rosterServices.serviceDate,
        positionId: rosterSlots.positionId,
        seat: rosterSlots.seat,
        status: rosterSlots.status,
      })
      .from(rosterSlots)
      .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
      .where(inArray(rosterSlots.positionId, [desk, stream]));
  const clear = () =>
    t.services.db.delete(rosterSlots).where(inArray(rosterSlots.positionId, [desk, stream]));

  beforeAll(async () => {
    t = await startTestServices(kind);
    const { user } = await t.services.auth.api.createUser({
      body: { email: actor.email, password: "sound head password 42", name: "Sound Head", role: "staff" },
    });
    actor.id = user.id;
    const rows = await t.services.db
      .insert(members)
      .values(
        ["Ada", "Bea", "Cy", "Dee"].map((firstName) => ({
          firstName,
          lastName: "Sound",
          email: `${firstName.toLowerCase()}.sound@example.org`,
          mobile: "33005555",
          ministryInvolvement: ["soundtech"],
        })),
      )
      .returning({ id: members.id, firstName: members.firstName });
    for (const row of rows) people[row.firstName] = row.id;
    teamId = await createTeam(actor, SOUND, {
      name: "SoundTech",
      ministrySlug: "soundtech",
      maxPerFourWeeks: "3",
      reminderDays: "2",
      reminderHour: "9",
    });
    desk = await addPosition(actor, SOUND, teamId, { name: "Main desk", weeklyNeed: "1" });
    stream = await addPosition(actor, SOUND, teamId, { name: "Stream", weeklyNeed: "1" });
    await addQualified(actor, SOUND, teamId, desk, [people.Ada!, people.Bea!, people.Cy!]);
    await addQualified(actor, SOUND, teamId, stream, [people.Ada!, people.Bea!, people.Cy!]);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("shows the next four Fridays with a seat per position, made as they are first needed", async () => {
    const grid = await loadSchedule(SOUND, teamId, range);
    expect(grid.services.map((service) => service.date)).toEqual(fridays);
    expect(grid.services.every((service) => service.title === "Worship Service")).toBe(true);
    expect(grid.positions.map((position) => position.name)).toEqual(["Main desk", "Stream"]);
    expect(grid.services[0]!.cells.map((cell) => cell.seats.length)).toEqual([1, 1]);
    expect(grid.counts).toMatchObject({ seats: 8, empty: 8 });
    // A second look makes no second row for the same Friday.
    await loadSchedule(SOUND, teamId, range);
    const [rows] = await t.services.db
      .select({ n: count() })
      .from(rosterServices)
      .where(inArray(rosterServices.serviceDate, fridays));
    expect(rows!.n).toBe(4);
  });

  it("fills four Fridays: no one on a blockout date, no one twice a day, within the frequency, shared out", async () => {
    await t.services.db
      .insert(rosterBlockouts)
      .values({ memberId: people.Bea!, startsOn: fridays[1]!, endsOn: fridays[1]!, reason: "Away" });
    const outcome = await fillAutomatically(actor, SOUND, teamId, range);
    expect(outcome).toEqual({ filled: 8, left: [] });
    const held = await slots();
    expect(held).toHaveLength(8);
    expect(held.every((slot) => slot.status === "draft")).toBe(true);
    expect(held.find((slot) => slot.memberId === people.Bea && slot.date === fridays[1])).toBeUndefined();
    for (const date of fridays) {
      const that = held.filter((slot) => slot.date === date).map((slot) => slot.memberId);
      expect(new Set(that).size, `two seats for one person on ${date}`).toBe(that.length);
    }
    const perPerson = Object.values(people).map((id) =>
      held.filter((slot) => slot.memberId === id).map((s) => s.date),
    );
    for (const dates of perPerson)
      for (const date of dates)
        expect(
          timesInFourWeeks(
            dates.filter((d) => d !== date),
            date,
          ),
        ).toBeLessThanOrEqual(3);
    // 8 seats for three people: 3, 3 and 2; Dee is not qualified.
    expect(perPerson.map((dates) => dates.length).sort()).toEqual([0, 2, 3, 3]);
    const [entry] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "roster.fill"));
    expect(entry?.details).toMatchObject({ filled: 8, left: 0 });
    // Filling again finds nothing empty and changes nothing.
    expect(await fillAutomatically(actor, SOUND, teamId, range)).toEqual({ filled: 0, left: [] });
    // "Send requests" asks every proposed seat from today on: the two first weeks shown, all 8 counted.
    const firstTwoWeeks = { ...range, weeks: 2, to: addDays(range.from, 13) };
    const shown = await loadSchedule(SOUND, teamId, firstTwoWeeks);
    expect(shown.counts.proposed).toBe(4);
    expect(shown.toAsk).toBe(8);
    await clear();
    await t.services.db.delete(rosterBlockouts);
  });

  it("keeps to the team's frequency, and says which seats stay empty and why", async () => {
    await updateTeam(actor, SOUND, teamId, {
      name: "SoundTech",
      ministrySlug: "soundtech",
      maxPerFourWeeks: "2",
      reminderDays: "2",
      reminderHour: "9",
    });
    const outcome = await fillAutomatically(actor, SOUND, teamId, range);
    expect(outcome.filled).toBe(6);
    expect(outcome.left).toHaveLength(2);
    expect(outcome.left[0]!.reason).toMatch(
      /^No one qualified is free on .+ \(.*at the team's 2 times in 4 weeks\)\.$/,
    );
    const held = await slots();
    for (const id of Object.values(people))
      expect(held.filter((slot) => slot.memberId === id).length).toBeLessThanOrEqual(2);
    // Shared out: the first Friday's two seats go to the two first by name (no one has served yet).
    const first = held.filter((slot) => slot.date === fridays[0]).map((slot) => slot.memberId);
    expect(first.sort()).toEqual([people.Ada, people.Bea].sort());
    await clear();
  });

  it("passes over someone serving in another team that day", async () => {
    const other = await createTeam(actor, SOUND, {
      name: "Lights",
      ministrySlug: "soundtech",
      maxPerFourWeeks: "4",
      reminderDays: "2",
      reminderHour: "9",
    });
    const lights = await addPosition(actor, SOUND, other, { name: "Lights", weeklyNeed: "1" });
    await addQualified(actor, SOUND, other, lights, [people.Ada!]);
    const grid = await loadSchedule(SOUND, other, range);
    await assignSeat(actor, SOUND, {
      teamId: other,
      serviceId: grid.services[0]!.id,
      positionId: lights,
      seat: "1",
      memberId: people.Ada!,
      replacing: "",
    });
    await fillAutomatically(actor, SOUND, teamId, range);
    const held = await slots();
    expect(held.filter((slot) => slot.date === fridays[0]).map((slot) => slot.memberId)).not.toContain(
      people.Ada,
    );
    // The chooser still offers her, with the warning.
    const sound = await loadSchedule(SOUND, teamId, range);
    const choices = await seatChoices(SOUND, {
      teamId,
      serviceId: sound.services[0]!.id,
      positionId: desk,
      seat: "1",
    });
    const ada = choices.candidates.find((candidate) => candidate.id === people.Ada);
    expect(ada?.warnings).toContain("already serving that day (Lights, Lights)");
    await clear();
  });

  it("gives a seat with its warnings, and lets only one of two heads fill it at once", async () => {
    const grid = await loadSchedule(SOUND, teamId, range);
    const serviceId = grid.services[2]!.id;
    await t.services.db.insert(rosterBlockouts).values({
      memberId: people.Cy!,
      startsOn: addDays(fridays[2]!, -1),
      endsOn: fridays[2]!,
      reason: "Trip",
    });
    const seat = { teamId, serviceId, positionId: desk, seat: "1", replacing: "" };
    const auditBefore = (
      await t.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "roster.assign"))
    )[0]!.n;
    const [one, two] = await Promise.allSettled([
      assignSeat(actor, SOUND, { ...seat, memberId: people.Ada! }),
      assignSeat(actor, SOUND, { ...seat, memberId: people.Bea! }),
    ]);
    const won =
      one.status === "fulfilled" ? one.value : (two as PromiseFulfilledResult<{ name: string }>).value;
    const lost = (one.status === "rejected" ? one.reason : (two as PromiseRejectedResult).reason) as AppError;
    expect([one.status, two.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(lost).toBeInstanceOf(AppError);
    expect(lost.status).toBe(409);
    expect(lost.message).toContain(`gave seat 1 of Main desk`);
    expect(lost.message).toContain(won.name);
    expect(await slots()).toHaveLength(1);
    const auditAfter = (
      await t.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "roster.assign"))
    )[0]!.n;
    expect(auditAfter - auditBefore).toBe(1);

    // Changing the person: from the holder the chooser showed; a stale holder is refused.
    const [holder] = await t.services.db
      .select()
      .from(rosterSlots)
      .where(eq(rosterSlots.serviceId, serviceId));
    const changed = await assignSeat(actor, SOUND, { ...seat, memberId: people.Cy!, replacing: holder!.id });
    expect(changed.warnings).toEqual(["blocked out that day"]);
    const stale = await assignSeat(actor, SOUND, {
      ...seat,
      memberId: people.Ada!,
      replacing: holder!.id,
    }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(AppError);
    expect((stale as AppError).message).toContain("Cy Sound");
    // Not qualified, or in another seat of the position, is refused.
    const notQualified = await assignSeat(actor, SOUND, {
      ...seat,
      positionId: stream,
      memberId: people.Dee!,
    }).catch((e: unknown) => e);
    expect((notQualified as AppError).message).toMatch(/not on the list for Stream/);

    // Emptying it.
    const [now] = await t.services.db.select().from(rosterSlots).where(eq(rosterSlots.serviceId, serviceId));
    expect(await unassignSeat(actor, SOUND, teamId, now!.id)).toMatchObject({ name: "Cy Sound" });
    expect(await slots()).toHaveLength(0);
    expect(await unassignSeat(actor, SOUND, teamId, now!.id).catch((e: AppError) => e.status)).toBe(404);
    await t.services.db.delete(rosterBlockouts);
  });

  it("refuses a head of another ministry every read and change of the team's seats (404), writing nothing", async () => {
    const grid = await loadSchedule(SOUND, teamId, range);
    const serviceId = grid.services[0]!.id;
    await assignSeat(actor, SOUND, {
      teamId,
      serviceId,
      positionId: desk,
      seat: "1",
      memberId: people.Ada!,
      replacing: "",
    });
    const [slot] = await slots();
    const before = (await t.services.db.select({ n: count() }).from(auditLog))[0]!.n;
    const [held] = await t.services.db.select().from(rosterSlots);
    const attempts = [
      () => loadSchedule(KIDS, teamId, range),
      () => seatChoices(KIDS, { teamId, serviceId, positionId: desk, seat: "1" }),
      () =>
        assignSeat(actor, KIDS, {
          teamId,
          serviceId,
          positionId: stream,
          seat: "1",
          memberId: people.Bea!,
          replacing: "",
        }),
      () => unassignSeat(actor, KIDS, teamId, held!.id),
      () => fillAutomatically(actor, KIDS, teamId, range),
      () => setNeeds(actor, KIDS, serviceId, teamId, { [desk]: "2" }),
    ];
    for (const work of attempts)
      expect(
        await work().then(
          () => 0,
          (e: AppError) => e.status,
        ),
      ).toBe(404);
    expect((await t.services.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
    expect(await slots()).toEqual([slot]);
    expect(await rosterAlerts(KIDS)).toEqual([]);
    await clear();
  });

  it("changes a date's counts only, and will not drop a seat someone holds", async () => {
    const grid = await loadSchedule(SOUND, teamId, range);
    const serviceId = grid.services[1]!.id;
    expect(await setNeeds(actor, SOUND, serviceId, teamId, { [desk]: "2", [stream]: "1" })).toBe(1);
    const after = await loadSchedule(SOUND, teamId, range);
    expect(after.services.map((service) => service.cells[0]!.need)).toEqual([1, 2, 1, 1]);
    await assignSeat(actor, SOUND, {
      teamId,
      serviceId,
      positionId: desk,
      seat: "2",
      memberId: people.Bea!,
      replacing: "",
    });
    const refused = await setNeeds(actor, SOUND, serviceId, teamId, { [desk]: "1" }).catch(
      (e: AppError) => e,
    );
    expect((refused as AppError).message).toBe(
      "Bea Sound has seat 2 of Main desk: take them off that seat first, or keep 2.",
    );
    const bad = await setNeeds(actor, SOUND, serviceId, teamId, { [desk]: "many" }).catch((e: AppError) => e);
    expect((bad as AppError).status).toBe(400);
    await clear();
  });

  it("makes an event's plan once, and shows the event in the schedule once the team is needed there", async () => {
    const eventDate = addDays(fridays[1]!, 1);
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Youth concert",
        eventDate,
        eventTime: "18:00",
        locationName: "Church hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
      })
      .returning();
    const planId = await makeEventPlan(actor, event!.id);
    expect(await makeEventPlan(actor, event!.id)).toBe(planId);
    const made = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "roster.plan-made"));
    expect(made).toHaveLength(1);
    const before = await loadSchedule(SOUND, teamId, range);
    expect(before.services.map((service) => service.id)).not.toContain(planId);
    await setNeeds(actor, SOUND, planId, teamId, { [stream]: "2" });
    const after = await loadSchedule(SOUND, teamId, range);
    const concert = after.services.find((service) => service.id === planId);
    expect(concert).toMatchObject({
      date: eventDate,
      title: "Youth concert",
      kind: "event",
      startTime: "18:00:00",
    });
    expect(concert!.cells.map((cell) => cell.need)).toEqual([0, 2]);
    expect(after.services.map((service) => service.date)).toEqual([
      ...fridays.slice(0, 2),
      eventDate,
      ...fridays.slice(2),
    ]);
    const plan = await getServicePlan(SOUND, planId);
    expect(plan.service.kind).toBe("event");
    expect(
      plan.teams.flatMap((team) => team.positions.map((position) => [position.name, position.need])),
    ).toEqual(expect.arrayContaining([["Stream", 2]]));
    // The event moved a day and renamed: its plan follows.
    const moved = addDays(eventDate, 1);
    await updateEvent(
      event!.id,
      {
        title: "Youth concert night",
        eventDate: moved,
        eventTime: "19:00",
        eventEndTime: null,
        speaker: null,
        locationName: event!.locationName,
        googleMapsUrl: event!.googleMapsUrl,
        description: null,
        capacity: null,
        registrationDeadline: null,
      },
      null,
      "system",
      "http://localhost",
    );
    expect((await getServicePlan(SOUND, planId)).service).toMatchObject({
      serviceDate: moved,
      title: "Youth concert night",
      startTime: "19:00:00",
    });
    await t.services.db.delete(events).where(eq(events.id, event!.id));
  });

  it("flags declined, unanswered and empty seats within three days", async () => {
    const soon = addDays(today, 2);
    const [service] = await t.services.db
      .insert(rosterServices)
      .values({ serviceDate: soon, title: "Prayer night", startTime: "19:00" })
      .returning();
    await setNeeds(actor, SOUND, service!.id, teamId, { [desk]: "2", [stream]: "1" });
    await t.services.db.insert(rosterSlots).values([
      {
        serviceId: service!.id,
        positionId: desk,
        seat: 1,
        memberId: people.Ada!,
        status: "declined",
        declineReason: "Sick",
      },
      { serviceId: service!.id, positionId: stream, seat: 1, memberId: people.Bea!, status: "pending" },
    ]);
    const alerts = (await rosterAlerts(SOUND)).filter((alert) => alert.date === soon);
    expect(
      alerts.map(({ kind, position, seat, person, reason }) => ({ kind, position, seat, person, reason })),
    ).toEqual([
      { kind: "declined", position: "Main desk", seat: 1, person: "Ada Sound", reason: "Sick" },
      { kind: "empty", position: "Main desk", seat: 2, person: null, reason: null },
      { kind: "unanswered", position: "Stream", seat: 1, person: "Bea Sound", reason: null },
    ]);
    await t.services.db.delete(rosterServices).where(and(eq(rosterServices.id, service!.id)));
  });
});
