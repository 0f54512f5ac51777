import crypto from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import { action as answerAction, loader as answerLoader } from "~/routes/serve/answer";
import { loader as calendarLoader } from "~/routes/serve/calendar";
import { action as meAction, loader as meLoader } from "~/routes/serve/me";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { sendRosterRequests } from "~/server/rosters/requests.server";
import { startSmtpServer } from "../helpers/smtp";
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

// The volunteers' side of serving rosters (issue 36) with e-mail set up: requests (one e-mail per
// person listing all their dates, each with Accept and Decline), answers from those links and
// from the person's own page (opening changes nothing; the answer can change until the date),
// refusals that write nothing, days away, and the calendar feed read back with ical.js.

const FROM = '"ACTS Church" <office@church.example.org>';
const today = todayInChurchZone();
const [d1, d2, d3] = [addDays(today, 3), addDays(today, 10), addDays(today, 17)];

const LINK = /http:\/\/localhost\/serve\/(answer|me)\/([\w-]{43})/g;

function linksIn(text: string) {
  return [...text.matchAll(LINK)].map((match) => ({ kind: match[1]!, token: match[2]! }));
}

const someIp = () => `198.51.100.${crypto.randomInt(1, 250)}`;

describe.each(databaseKinds)("a volunteer's requests and answers on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { id: string; email: string };
  let people: Record<string, SeededPerson>;
  let team: Awaited<ReturnType<typeof addTeam>>;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const slots = () =>
    q<{ id: string; member_id: string; status: string; decline_reason: string | null }>(
      "select id, member_id, status, decline_reason, answered_at, requested_at from roster_slots order by id",
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
    admin = (
      await q<{ id: string; email: string }>("select id, email from users where email = 'admin@test.local'")
    )[0]!;
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearRosters(db);
    people = await addPeople(db, ["Ana", "Ben", "Cal"]);
    team = await addTeam(db, { qualified: Object.values(people).map((p) => p.id) });
  });

  /** Ana on the main desk on d1 and d2, Ben streaming on d1, Cal on the main desk on d3: all chosen, not asked. */
  async function fourSeats() {
    const { db } = t.services;
    const [s1, s2, s3] = [await addService(db, d1), await addService(db, d2), await addService(db, d3)];
    const desk = team.positions["Main desk"]!;
    const stream = team.positions["Stream"]!;
    return {
      ana1: await addSeat(db, {
        serviceId: s1,
        positionId: desk,
        memberId: people.Ana!.id,
        assignedBy: admin.id,
      }),
      ana2: await addSeat(db, { serviceId: s2, positionId: desk, memberId: people.Ana!.id }),
      ben1: await addSeat(db, { serviceId: s1, positionId: stream, memberId: people.Ben!.id }),
      cal3: await addSeat(db, { serviceId: s3, positionId: desk, memberId: people.Cal!.id }),
    };
  }

  /** Sends the requests and returns each person's e-mail text, by first name. */
  async function requested() {
    const outcome = await sendRosterRequests(admin, null, team.id);
    const mails = await q<{ to_address: string; text_body: string }>(
      "select to_address, text_body from outbox_emails where kind = 'roster-request'",
    );
    const byName = Object.fromEntries(
      Object.entries(people).map(([name, p]) => [
        name,
        mails.find((m) => m.to_address === p.email)?.text_body ?? "",
      ]),
    );
    return { outcome, byName };
  }

  /** The answer token of the date `date` in an e-mail's text. */
  function answerToken(text: string, date: string) {
    const block = text.split("\n\n").find((part) => part.startsWith(`${formatDateLong(date)},`));
    return linksIn(block ?? "").find((link) => link.kind === "answer")!.token;
  }

  const get = (loader: unknown, path: string, params: Record<string, string>) =>
    callRoute(loader, new Request(`http://localhost${path}`), { params });
  const post = (
    action: unknown,
    path: string,
    fields: Record<string, string>,
    params: Record<string, string>,
  ) => callRoute(action, formRequest(path, fields), { params, clientIp: someIp() });

  it("asks each person once, listing all their dates with Accept and Decline per date, and the seats become pending", async () => {
    const seats = await fourSeats();
    const { db } = t.services;
    // Not asked: a seat on a date that has passed, and a draft in another team.
    const past = await addSeat(db, {
      serviceId: await addService(db, addDays(today, -7)),
      positionId: team.positions["Main desk"]!,
      memberId: people.Ana!.id,
    });
    const other = await addTeam(db, { name: "Amplify", ministrySlug: "amplify", positions: ["Vocals"] });
    const elsewhere = await addSeat(db, {
      serviceId: await addService(db, d1),
      positionId: other.positions["Vocals"]!,
      memberId: people.Ben!.id,
    });

    const { outcome, byName } = await requested();
    expect(outcome).toEqual({ people: 3, slots: 4, emailed: true, links: [] });
    const rows = await slots();
    const statusOf = (id: string) => rows.find((row) => row.id === id)!.status;
    for (const id of Object.values(seats)) expect(statusOf(id)).toBe("pending");
    expect(statusOf(past)).toBe("draft");
    expect(statusOf(elsewhere)).toBe("draft");

    // Ana's one e-mail lists both her dates, each with its own Accept and Decline, and her page.
    const ana = byName.Ana!;
    expect(ana).toContain("Hello Ana, can you serve?");
    expect(ana).toContain("Worship Service: SoundTech, Main desk");
    const anaLinks = linksIn(ana);
    expect(anaLinks.filter((link) => link.kind === "answer")).toHaveLength(4);
    expect(new Set(anaLinks.filter((link) => link.kind === "answer").map((l) => l.token)).size).toBe(2);
    expect(ana).toMatch(/Accept: http:\/\/localhost\/serve\/answer\/[\w-]{43}\?answer=accept/);
    expect(ana).toMatch(/Decline: http:\/\/localhost\/serve\/answer\/[\w-]{43}\?answer=decline/);
    expect(anaLinks.filter((link) => link.kind === "me")).toHaveLength(1);
    expect(ana).not.toContain("Ben");
    expect(byName.Ben).toContain("Worship Service: SoundTech, Stream");
    expect(linksIn(byName.Ben!).filter((link) => link.kind === "answer")).toHaveLength(2);

    // They go out: exactly one e-mail per person.
    const transport = createMailTransport({ url: smtp.url, from: FROM });
    smtp.received.length = 0;
    await sendDueEmails(transport, FROM, { limit: 50 });
    expect(smtp.received).toHaveLength(3);
    for (const person of Object.values(people)) expect(smtp.to(person.email)).toHaveLength(1);
    expect(smtp.to(people.Ana!.email)[0]!.html).toContain(">Accept</a>");

    // Asking again asks nobody: everyone has been asked.
    expect(await sendRosterRequests(admin, null, team.id)).toEqual({
      people: 0,
      slots: 0,
      emailed: true,
      links: [],
    });
    expect(await q("select id from outbox_emails where kind = 'roster-request'")).toHaveLength(3);
    expect(
      await q<{ actor_label: string; details: unknown }>(
        "select actor_label, details from audit_log where action = 'roster.requests-sent' and subject_id = $1",
        [team.id],
      ),
    ).toEqual([
      { actor_label: admin.email, details: { people: 3, slots: 4, emailed: true, ministry: "soundtech" } },
    ]);
  });

  it("refuses a team outside the head's ministries as not found, asking nobody", async () => {
    await fourSeats();
    await expect(sendRosterRequests(admin, ["amplify"], team.id)).rejects.toMatchObject({ status: 404 });
    await expect(sendRosterRequests(admin, null, "not-an-id")).rejects.toMatchObject({ status: 404 });
    expect((await slots()).map((row) => row.status)).toEqual(["draft", "draft", "draft", "draft"]);
    expect(await q("select id from outbox_emails")).toEqual([]);
  });

  it("accepts, declines with a reason and changes the answer until the date; opening the link changes nothing", async () => {
    const seats = await fourSeats();
    const { byName } = await requested();
    const token = answerToken(byName.Ana!, d1);
    const path = `/serve/answer/${token}`;
    const before = await slots();

    const opened = await get(answerLoader, `${path}?answer=decline`, { token });
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      state: "open",
      firstName: "Ana",
      first: "decline",
      seat: {
        id: seats.ana1,
        status: "pending",
        title: "Worship Service",
        team: "SoundTech",
        position: "Main desk",
      },
    });
    expect(await slots()).toEqual(before);

    const seatOf = async () => (await slots()).find((row) => row.id === seats.ana1)!;
    const accepted = await post(answerAction, path, { answer: "accept" }, { token });
    expect(accepted.data).toMatchObject({ state: "open", done: { answer: "accept", changed: true } });
    expect(await seatOf()).toMatchObject({ status: "accepted", decline_reason: null });
    const again = await post(answerAction, path, { answer: "accept" }, { token });
    expect(again.data).toMatchObject({ done: { answer: "accept", changed: false } });

    const declined = await post(
      answerAction,
      path,
      { answer: "decline", reason: "  Away in Riffa  " },
      { token },
    );
    expect(declined.data).toMatchObject({ done: { answer: "decline", changed: true } });
    expect(await seatOf()).toMatchObject({ status: "declined", decline_reason: "Away in Riffa" });

    // A reason that is too long: refused, nothing written.
    const long = await post(answerAction, path, { answer: "decline", reason: "x".repeat(501) }, { token });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ reasonError: "Please keep the reason to 500 characters." });
    expect(await seatOf()).toMatchObject({ status: "declined", decline_reason: "Away in Riffa" });

    await post(answerAction, path, { answer: "accept" }, { token });
    expect(await seatOf()).toMatchObject({ status: "accepted", decline_reason: null });
    // The others' seats are as they were.
    expect((await slots()).filter((row) => row.id !== seats.ana1)).toEqual(
      before.filter((row) => row.id !== seats.ana1),
    );
  });

  it("refuses an altered link, a link for a seat now someone else's and a past date, writing nothing", async () => {
    const seats = await fourSeats();
    const { byName } = await requested();
    const token = answerToken(byName.Ana!, d1);
    const before = await slots();
    const tries = async (tokenTried: string, status: number, refusal: string) => {
      const path = `/serve/answer/${tokenTried}`;
      const opened = await get(answerLoader, path, { token: tokenTried });
      expect([opened.status, opened.data]).toEqual([status, { state: "refused", refusal }]);
      for (const answer of ["accept", "decline"]) {
        const posted = await post(answerAction, path, { answer, reason: "no" }, { token: tokenTried });
        expect([posted.status, posted.data]).toEqual([status, { state: "refused", refusal }]);
      }
    };
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    await tries(altered, 404, "invalid");
    await tries("not-a-token", 404, "invalid");
    // Her page link is no answer link.
    const page = linksIn(byName.Ana!).find((link) => link.kind === "me")!.token;
    await tries(page, 404, "invalid");
    expect(await slots()).toEqual(before);

    // The seat was given to Cal since: her link answers for it no more.
    await q("update roster_slots set member_id = $1 where id = $2", [people.Cal!.id, seats.ana1]);
    const given = await slots();
    await tries(token, 409, "not-yours");
    expect(await slots()).toEqual(given);

    // A date that has passed (the service moved back), and a link past its end.
    const second = answerToken(byName.Ana!, d2);
    await q(
      "update roster_services set service_date = $1 where id = (select service_id from roster_slots where id = $2)",
      [addDays(today, -1), seats.ana2],
    );
    await tries(second, 410, "past");
    await q(
      "update signed_links set expires_at = now() - interval '1 minute' where purpose = 'roster-answer'",
    );
    await tries(second, 410, "expired");
    expect(await slots()).toEqual(given);
  });

  it("shows the person only their own upcoming dates, and answers from their page for their seats only", async () => {
    const seats = await fourSeats();
    const { byName } = await requested();
    const token = linksIn(byName.Ana!).find((link) => link.kind === "me")!.token;
    const path = `/serve/me/${token}`;
    const page = await get(meLoader, path, { token });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "open", page: { firstName: "Ana", blockouts: [] } });
    const view = page.data as { page: { seats: { id: string; status: string }[] } };
    expect(view.page.seats.map((seat) => seat.id)).toEqual([seats.ana1, seats.ana2]);
    const shown = JSON.stringify(page.data);
    for (const other of ["Ben", "Cal", "ben@example.org", "Santos", people.Ben!.id])
      expect(shown).not.toContain(other);

    const accepted = await post(meAction, path, { intent: "accept", seat: seats.ana1 }, { token });
    expect(accepted.data).toMatchObject({
      notice: { tone: "ok", text: "Thank you: you are serving on that date." },
    });
    const declined = await post(
      meAction,
      path,
      { intent: "decline", seat: seats.ana2, reason: "Family visit" },
      { token },
    );
    expect(declined.data).toMatchObject({ notice: { tone: "ok" } });
    expect((await slots()).find((row) => row.id === seats.ana2)).toMatchObject({
      status: "declined",
      decline_reason: "Family visit",
    });

    // Someone else's seat id in her form: refused, Ben's seat untouched.
    const before = await slots();
    for (const intent of ["accept", "decline", "replace"]) {
      const forged = await post(meAction, path, { intent, seat: seats.ben1 }, { token });
      expect(forged.status).toBe(409);
      expect(forged.data).toMatchObject({ notice: { tone: "error" } });
    }
    expect(await slots()).toEqual(before);

    // An altered page link opens nothing and changes nothing.
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await get(meLoader, `/serve/me/${altered}`, { token: altered })).status).toBe(404);
    const forgedPost = await post(
      meAction,
      `/serve/me/${altered}`,
      { intent: "accept", seat: seats.ana2 },
      { token: altered },
    );
    expect(forgedPost.data).toEqual({ state: "refused", refusal: "invalid" });
    expect(await slots()).toEqual(before);
  });

  it("adds and removes days away: past days and a last day before the first are refused", async () => {
    await fourSeats();
    const { byName } = await requested();
    const token = linksIn(byName.Ana!).find((link) => link.kind === "me")!.token;
    const path = `/serve/me/${token}`;
    const add = (fields: Record<string, string>) =>
      post(meAction, path, { intent: "add-blockout", ...fields }, { token });
    const blockouts = () =>
      q<{ id: string; member_id: string; starts_on: string; ends_on: string; reason: string | null }>(
        "select id, member_id, starts_on::text, ends_on::text, reason from roster_blockouts order by starts_on",
      );

    const past = await add({ from: addDays(today, -1), to: addDays(today, 2), reason: "" });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({
      errors: { from: "That day has already passed. Please choose today or a later day." },
    });
    const backwards = await add({ from: addDays(today, 5), to: addDays(today, 4), reason: "" });
    expect(backwards.data).toMatchObject({ errors: { to: "The last day cannot be before the first day." } });
    expect(await add({ from: "2026-02-30", to: "", reason: "" })).toMatchObject({ status: 400 });
    expect(await blockouts()).toEqual([]);

    const added = await add({ from: addDays(today, 20), to: addDays(today, 27), reason: "Holiday in Cebu" });
    expect(added.status).toBe(200);
    await add({ from: addDays(today, 40), to: "", reason: "" });
    const rows = await blockouts();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        member_id: people.Ana!.id,
        starts_on: addDays(today, 20),
        ends_on: addDays(today, 27),
        reason: "Holiday in Cebu",
      },
      {
        id: expect.any(String),
        member_id: people.Ana!.id,
        starts_on: addDays(today, 40),
        ends_on: addDays(today, 40),
        reason: null,
      },
    ]);
    expect(added.data).toMatchObject({ page: { blockouts: [{ reason: "Holiday in Cebu" }] } });

    // Ben's blockout cannot be removed from Ana's page.
    const [bens] = await q<{ id: string }>(
      "insert into roster_blockouts (member_id, starts_on, ends_on) values ($1, $2, $2) returning id",
      [people.Ben!.id, addDays(today, 9)],
    );
    const forged = await post(meAction, path, { intent: "remove-blockout", blockout: bens!.id }, { token });
    expect(forged.data).toMatchObject({ notice: { text: "That was already removed." } });
    expect(JSON.stringify(forged.data)).not.toContain(bens!.id);
    const removed = await post(
      meAction,
      path,
      { intent: "remove-blockout", blockout: rows[0]!.id },
      { token },
    );
    expect(removed.data).toMatchObject({ notice: { text: "Removed." } });
    expect((await blockouts()).map((row) => row.member_id)).toEqual([people.Ben!.id, people.Ana!.id]);
  });

  it("makes a calendar feed of the accepted dates only, which ical.js reads; a new link stops the old one", async () => {
    const seats = await fourSeats();
    const { byName } = await requested();
    const token = linksIn(byName.Ana!).find((link) => link.kind === "me")!.token;
    const path = `/serve/me/${token}`;
    await post(meAction, path, { intent: "accept", seat: seats.ana1 }, { token });
    // Ben accepts his: it is not in Ana's feed.
    await post(
      answerAction,
      "/serve/answer/x",
      { answer: "accept" },
      { token: answerToken(byName.Ben!, d1) },
    );

    const made = await post(meAction, path, { intent: "calendar" }, { token });
    const { calendar } = made.data as { calendar: { https: string; webcal: string } };
    expect(calendar.https).toMatch(/^http:\/\/localhost\/serve\/calendar\/[\w-]{43}\.ics$/);
    expect(calendar.webcal).toBe(calendar.https.replace("http:", "webcal:"));
    const feedToken = calendar.https.split("/").pop()!;

    const feed = await get(calendarLoader, `/serve/calendar/${feedToken}`, { token: feedToken });
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await feed.response!.text();
    const events = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents("vevent")
      .map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(`roster-${seats.ana1}@localhost`);
    expect(events[0]!.summary).toBe("Main desk (SoundTech): Worship Service");
    // 15:30 in Bahrain (UTC+3).
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(`${d1}T12:30:00.000Z`);
    expect(text).not.toContain("Stream");

    // The same feed without ".ics"; an altered one and the one before a new link: not found.
    const bare = feedToken.replace(/\.ics$/, "");
    expect((await get(calendarLoader, `/serve/calendar/${bare}`, { token: bare })).status).toBe(200);
    const altered = bare.slice(0, -1) + (bare.endsWith("A") ? "B" : "A");
    expect(
      (await get(calendarLoader, `/serve/calendar/${altered}.ics`, { token: `${altered}.ics` })).status,
    ).toBe(404);
    await post(meAction, path, { intent: "calendar" }, { token });
    expect((await get(calendarLoader, `/serve/calendar/${feedToken}`, { token: feedToken })).status).toBe(
      404,
    );
  });
});
