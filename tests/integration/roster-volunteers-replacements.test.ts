import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as meAction } from "~/routes/serve/me";
import { action as offerAction, loader as offerLoader } from "~/routes/serve/offer";
import { headAddresses, takeOffer } from "~/server/rosters/replacements.server";
import { issuePageLink } from "~/server/rosters/roster-links.server";
import { reminderDueAt, sendRosterReminders } from "~/server/rosters/roster-reminders.server";
import { seatById } from "~/server/rosters/roster-seats.server";
import {
  addPeople,
  addSeat,
  addService,
  addTeam,
  clearRosters,
  type SeededPerson,
} from "../helpers/roster-volunteers-seed";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// "Find me a replacement" (issue 36): the seat is offered to the others qualified and free that
// day; of two taking it at once, one gets it and the other reads that it is taken; the person who
// asked and the head are told. Reminders: once per accepted seat, at the team's hour its days
// before the date (at once when accepted later), however many servers run the job.

const FROM = '"ACTS Church" <office@church.example.org>';
const today = todayInChurchZone();
const d1 = addDays(today, 4);
const OFFER = /http:\/\/localhost\/serve\/offer\/([\w-]{43})/;

describe.each(databaseKinds)("replacements and reminders on %s", (kind) => {
  let t: TestServices;
  let people: Record<string, SeededPerson>;
  let team: Awaited<ReturnType<typeof addTeam>>;
  let assigner: { id: string; email: string };
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const emails = (kindOf: string) =>
    q<{ to_address: string; subject: string; text_body: string; expires_at: Date | null }>(
      "select to_address, subject, text_body, expires_at from outbox_emails where kind = $1 order by to_address",
      [kindOf],
    );
  const ip = () => `203.0.113.${crypto.randomInt(1, 250)}`;

  beforeAll(async () => {
    t = await startTestServices(kind, { SMTP_URL: "smtp://127.0.0.1:2700", MAIL_FROM: FROM });
    assigner = await createStaffAccount({
      role: "ministry-head",
      ministries: ["soundtech"],
      name: "Sam Head",
    });
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearRosters(db);
    people = await addPeople(db, ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay"]);
    // Fay is in the registry but not qualified.
    const qualified = ["Ana", "Ben", "Cal", "Dee", "Eve"].map((name) => people[name]!.id);
    team = await addTeam(db, { qualified });
  });

  /** Ana accepted the main desk on d1; Dee is away that day; Eve already streams that day. */
  async function anaAsksForReplacement() {
    const { db } = t.services;
    const service = await addService(db, d1);
    const seat = await addSeat(db, {
      serviceId: service,
      positionId: team.positions["Main desk"]!,
      memberId: people.Ana!.id,
      status: "accepted",
      assignedBy: assigner.id,
    });
    await addSeat(db, {
      serviceId: service,
      positionId: team.positions["Stream"]!,
      memberId: people.Eve!.id,
      status: "pending",
    });
    await q("insert into roster_blockouts (member_id, starts_on, ends_on) values ($1, $2, $3)", [
      people.Dee!.id,
      addDays(d1, -1),
      addDays(d1, 1),
    ]);
    const token = await issuePageLink(db, people.Ana!.id);
    const asked = await callRoute(meAction, formRequest(`/serve/me/${token}`, { intent: "replace", seat }), {
      params: { token },
      clientIp: ip(),
    });
    expect(asked.status).toBe(200);
    return { seat, pageToken: token, asked };
  }

  it("offers the seat to the free and qualified, and of two taking it at once the first gets it", async () => {
    const { seat, asked } = await anaAsksForReplacement();
    expect(asked.data).toMatchObject({
      notice: { tone: "ok", text: expect.stringContaining("offered your date to 2 other people") },
    });
    expect(await q("select status, member_id from roster_slots where id = $1", [seat])).toEqual([
      { status: "replacing", member_id: people.Ana!.id },
    ]);
    const offers = await emails("roster-offer");
    expect(offers.map((mail) => mail.to_address)).toEqual(["ben@example.org", "cal@example.org"]);
    expect(offers[0]!.text_body).toContain("Worship Service");
    expect(offers[0]!.text_body).not.toContain("Ana");
    expect(offers[0]!.expires_at).toEqual(new Date(`${addDays(d1, 1)}T00:00:00+03:00`));
    const [toHead] = await emails("roster-head");
    expect(toHead).toMatchObject({ to_address: assigner.email });
    expect(toHead!.text_body).toContain("Ana Santos (ana@example.org) can no longer serve");
    // Its link opens the team's schedule at that date, where the head sees who takes it.
    expect(toHead!.text_body).toMatch(
      new RegExp(
        `Open the team's schedule: http://\\S+/members/rosters/teams/[\\w-]{36}/schedule\\?from=${d1}`,
      ),
    );

    const [ben, cal] = offers.map((mail) => OFFER.exec(mail.text_body)![1]!);
    const opened = await callRoute(offerLoader, new Request(`http://localhost/serve/offer/${ben}`), {
      params: { token: ben! },
    });
    expect(opened.data).toMatchObject({ state: "open", firstName: "Ben", seat: { position: "Main desk" } });

    const outcomes = await Promise.all([takeOffer(ben!), takeOffer(cal!)]);
    const states = outcomes.map((outcome) => (outcome.ok ? outcome.state : outcome.refusal));
    expect(states.sort()).toEqual(["taken", "yours"]);
    const winner = outcomes.findIndex((outcome) => outcome.ok && outcome.state === "yours");
    const [winnerName, loserToken] = winner === 0 ? ["Ben", cal!] : ["Cal", ben!];
    const held = (await seatById(t.services.db, seat))!;
    expect(held).toMatchObject({ memberId: people[winnerName]!.id, status: "accepted", remindedAt: null });

    // The loser, and anyone coming later, reads that it is taken; nothing changes.
    const later = await callRoute(offerAction, formRequest(`/serve/offer/${loserToken}`, {}), {
      params: { token: loserToken },
      clientIp: ip(),
    });
    expect([later.status, (later.data as { state: string }).state]).toEqual([410, "taken"]);
    expect(JSON.stringify(later.data)).not.toContain(winnerName);
    expect((await seatById(t.services.db, seat))!.memberId).toBe(people[winnerName]!.id);

    // Ana is told (without the name of who took it), and so is the head who assigned the seat.
    const [toAna] = await emails("roster-replaced");
    expect(toAna).toMatchObject({ to_address: "ana@example.org" });
    const heads = await emails("roster-head");
    expect(heads).toHaveLength(2);
    expect(heads.map((mail) => mail.text_body).join("\n")).toContain(
      `${winnerName} Santos (${winnerName.toLowerCase()}@example.org) took the place of Ana Santos (ana@example.org)`,
    );
  });

  it("closes the offers when the person can serve after all, and refuses altered offer links", async () => {
    const { seat, pageToken } = await anaAsksForReplacement();
    const [offer] = await emails("roster-offer");
    const token = OFFER.exec(offer!.text_body)![1]!;
    await callRoute(meAction, formRequest(`/serve/me/${pageToken}`, { intent: "accept", seat }), {
      params: { token: pageToken },
      clientIp: ip(),
    });
    expect(await takeOffer(token)).toMatchObject({ ok: true, state: "taken" });
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await takeOffer(altered)).toEqual({ ok: false, refusal: "invalid" });
    // A page link is no offer link.
    expect(await takeOffer(pageToken)).toEqual({ ok: false, refusal: "invalid" });
    expect(await q("select status, member_id from roster_slots where id = $1", [seat])).toEqual([
      { status: "accepted", member_id: people.Ana!.id },
    ]);
  });

  it("tells the heads of the ministry when nobody assigned the seat, else those who reach every ministry", async () => {
    const seat = { assignedBy: null, ministrySlug: "soundtech" };
    expect(await headAddresses(t.services.db, seat)).toEqual([assigner.email]);
    expect(await headAddresses(t.services.db, { ...seat, ministrySlug: "yadah" })).toEqual([
      "admin@test.local",
    ]);
    await q("update users set banned = true where id = $1", [assigner.id]);
    try {
      expect(
        await headAddresses(t.services.db, { assignedBy: assigner.id, ministrySlug: "soundtech" }),
      ).toEqual(["admin@test.local"]);
    } finally {
      await q("update users set banned = false where id = $1", [assigner.id]);
    }
  });

  it("reminds each accepted seat once, from the team's hour its days before, however many servers run the job", async () => {
    const { db } = t.services;
    // Dates of their own, far enough ahead that no other test's dates mix in.
    const date = addDays(today, 20);
    const service = await addService(db, date);
    const later = await addService(db, addDays(date, 7));
    const desk = team.positions["Main desk"]!;
    const stream = team.positions["Stream"]!;
    const ana = await addSeat(db, {
      serviceId: service,
      positionId: desk,
      memberId: people.Ana!.id,
      status: "accepted",
    });
    await addSeat(db, {
      serviceId: service,
      positionId: stream,
      memberId: people.Ben!.id,
      status: "pending",
    });
    await addSeat(db, { serviceId: later, positionId: desk, memberId: people.Cal!.id, status: "declined" });
    const cal = await addSeat(db, {
      serviceId: later,
      positionId: stream,
      memberId: people.Dee!.id,
      status: "pending",
    });

    const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);
    expect(reminderDueAt({ serviceDate: date, reminderDays: 2, reminderHour: 9 })).toEqual(
      at(addDays(date, -2), "09:00"),
    );
    const round = async (now: Date) =>
      (await Promise.all([sendRosterReminders(now), sendRosterReminders(now)])).reduce((a, b) => a + b, 0);

    expect(await round(at(addDays(date, -3), "10:00"))).toBe(0);
    expect(await round(at(addDays(date, -2), "08:59"))).toBe(0);
    expect(await emails("roster-reminder")).toEqual([]);
    expect(await round(at(addDays(date, -2), "09:00"))).toBe(1);
    for (const time of ["09:01", "12:00", "23:59"]) expect(await round(at(addDays(date, -2), time))).toBe(0);
    expect(await round(at(addDays(date, -1), "09:00"))).toBe(0);
    const [reminder] = await emails("roster-reminder");
    expect(reminder).toMatchObject({ to_address: "ana@example.org" });
    expect(reminder!.subject).toMatch(/^Reminder: you serve on /);
    expect(reminder!.text_body).toContain("Main desk");
    expect(reminder!.text_body).toMatch(/http:\/\/localhost\/serve\/me\/[\w-]{43}/);
    expect(reminder!.expires_at).toEqual(at(addDays(date, 1), "00:00"));

    // Dee accepts the week after late, the day before it: reminded at once; a date past is not.
    await q("update roster_slots set status = 'accepted' where id = $1", [cal]);
    expect(await round(at(addDays(date, 7 + 2), "10:00"))).toBe(0);
    expect(await round(at(addDays(date, 6), "20:00"))).toBe(1);
    expect((await emails("roster-reminder")).map((mail) => mail.to_address)).toEqual([
      "ana@example.org",
      "dee@example.org",
    ]);
    expect(await q("select count(*)::int as n from roster_slots where reminded_at is not null")).toEqual([
      { n: 2 },
    ]);
    void ana;
  });
});
