import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as meAction, loader as meLoader } from "~/routes/serve/me";
import { rosterLinksForWhatsApp, sendRosterRequests } from "~/server/rosters/requests.server";
import { sendRosterReminders } from "~/server/rosters/roster-reminders.server";
import {
  addPeople,
  addSeat,
  addService,
  addTeam,
  clearRosters,
  type SeededPerson,
} from "../helpers/roster-volunteers-seed";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Serving rosters when e-mail is not set up (issue 36): nothing goes into the outbox; the head is
// given each person's page link with a WhatsApp-ready message instead, and fresh ones on asking.
// The page works as with e-mail; a replacement is offered to nobody; no reminder is claimed.

const today = todayInChurchZone();
const [d1, d2] = [addDays(today, 2), addDays(today, 9)];

describe.each(databaseKinds)("serving rosters without e-mail on %s", (kind) => {
  let t: TestServices;
  let people: Record<string, SeededPerson>;
  let team: Awaited<ReturnType<typeof addTeam>>;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearRosters(db);
    people = await addPeople(db, ["Ana", "Ben"]);
    team = await addTeam(db, { qualified: [people.Ana!.id, people.Ben!.id] });
    const [s1, s2] = [await addService(db, d1), await addService(db, d2)];
    const desk = team.positions["Main desk"]!;
    await addSeat(db, { serviceId: s1, positionId: desk, memberId: people.Ana!.id });
    await addSeat(db, { serviceId: s2, positionId: desk, memberId: people.Ana!.id });
    await addSeat(db, { serviceId: s1, positionId: team.positions["Stream"]!, memberId: people.Ben!.id });
  });

  it("gives each person's page link and a WhatsApp message instead of e-mails, and fresh links later", async () => {
    const outcome = await sendRosterRequests("system", null, team.id);
    expect(outcome).toMatchObject({ people: 2, slots: 3, emailed: false });
    expect(outcome.links.map((link) => [link.name, link.mobile])).toEqual([
      ["Ana Santos", "+97333001000"],
      ["Ben Santos", "+97333001001"],
    ]);
    const [ana] = outcome.links;
    expect(ana!.pageUrl).toMatch(/^http:\/\/localhost\/serve\/me\/[\w-]{43}$/);
    const lines = ana!.whatsAppText.split("\n");
    expect(lines[0]).toBe("Hello Ana, can you serve with SoundTech?");
    expect(lines.filter((line) => line.startsWith("• "))).toHaveLength(2);
    expect(lines.at(-1)).toBe(ana!.pageUrl);
    expect(await q("select id from outbox_emails")).toEqual([]);
    expect(await q("select distinct status from roster_slots")).toEqual([{ status: "pending" }]);

    const fresh = await rosterLinksForWhatsApp(null, team.id);
    expect(fresh.map((link) => link.name)).toEqual(["Ana Santos", "Ben Santos"]);
    expect(fresh[0]!.pageUrl).not.toBe(ana!.pageUrl);
    await expect(rosterLinksForWhatsApp(["amplify"], team.id)).rejects.toMatchObject({ status: 404 });
    // Both links open her page.
    for (const url of [ana!.pageUrl, fresh[0]!.pageUrl]) {
      const token = url.split("/").pop()!;
      const page = await callRoute(meLoader, new Request(url), { params: { token } });
      expect(page.data).toMatchObject({ state: "open", page: { firstName: "Ana" } });
    }
  });

  it("offers a replacement to nobody and claims no reminder while e-mail is not set up", async () => {
    const { links } = await sendRosterRequests("system", null, team.id);
    const token = links[0]!.pageUrl.split("/").pop()!;
    const [seat] = await q<{ id: string }>(
      "select id from roster_slots where member_id = $1 order by id limit 1",
      [people.Ana!.id],
    );
    const asked = await callRoute(
      meAction,
      formRequest(`/serve/me/${token}`, { intent: "replace", seat: seat!.id }),
      {
        params: { token },
        clientIp: `192.0.2.${crypto.randomInt(1, 250)}`,
      },
    );
    expect(asked.data).toMatchObject({
      notice: {
        text: "Your team's head can see that you need someone to take your place. You keep the date until then.",
      },
    });
    expect(await q("select status from roster_slots where id = $1", [seat!.id])).toEqual([
      { status: "replacing" },
    ]);
    await q("update roster_slots set status = 'accepted'");
    expect(await sendRosterReminders(new Date(`${d1}T12:00:00+03:00`))).toBe(0);
    expect(await q("select id from roster_slots where reminded_at is not null")).toEqual([]);
    expect(await q("select id from outbox_emails")).toEqual([]);
  });
});
