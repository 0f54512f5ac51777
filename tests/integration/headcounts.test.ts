import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as usherAction, loader as usherLoader } from "~/routes/headcount/usher";
import { action as staffAction, loader as staffLoader } from "~/routes/members/attendance/headcounts";
import { pastServiceDates } from "~/server/attendance/headcounts.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Service headcounts (issue 37): staff enter and replace the counts of a service date or an event,
// a date to come or a wrong count is refused and writes nothing, an event's attendance is the larger
// of the people counted and the QR check-ins (never their sum), and an usher's signed link saves
// counts for recent dates only, while an altered or revoked link opens nothing and writes nothing.

const today = todayInChurchZone();
const main = { name: "Worship Service", day: "Friday" as const, start: "15:30", end: null };
const [lastFriday, fridayBefore] = pastServiceDates(main, today, 2) as [string, string];
const nextFriday = addDays(lastFriday, 7);
const someIp = () => `198.51.100.${crypto.randomInt(1, 250)}`;
const occasion = (date: string, name = "Worship Service") => `service|${date}|${name}`;

describe.each(databaseKinds)("service headcounts on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const counts = () =>
    q<{
      service_date: string;
      service_name: string | null;
      event_id: string | null;
      adults: number;
      children: number;
      online: number;
      first_time: number;
      recorded_by: string;
    }>(
      "select service_date::text, service_name, event_id, adults, children, online, first_time, recorded_by from headcounts order by service_date",
    );

  const staffPost = (fields: Record<string, string>) =>
    callRoute(staffAction, formRequest("/members/attendance", fields, { cookie }));
  const staffScreen = async () =>
    (
      await callRoute(
        staffLoader,
        new Request("http://localhost/members/attendance", { headers: { cookie } }),
      )
    ).data as Awaited<ReturnType<typeof staffLoader>>;
  const usherGet = (token: string) =>
    callRoute(usherLoader, new Request(`http://localhost/headcount/${token}`), { params: { token } });
  const usherPost = (token: string, fields: Record<string, string>) =>
    callRoute(usherAction, formRequest(`/headcount/${token}`, fields), {
      params: { token },
      clientIp: someIp(),
    });

  async function addEvent(title: string, date: string) {
    const [row] = await q<{ id: string }>(
      `insert into events (title, event_date, event_time, location_name, google_maps_url)
       values ($1, $2, '18:00', 'Hall', 'https://maps.example.org') returning id`,
      [title, date],
    );
    return row!.id;
  }

  async function register(eventId: string, n: number, how: { checkedIn: boolean; status?: string }) {
    for (let i = 0; i < n; i++) {
      await q(
        `insert into event_registrations (event_id, event_title, name, email, mobile, status, checked_in_at)
         values ($1, 'Event', $2, $3, '+973 3000 0000', $4, $5)`,
        [
          eventId,
          `P ${i}`,
          `p${crypto.randomUUID()}@example.org`,
          how.status ?? "confirmed",
          how.checkedIn ? new Date() : null,
        ],
      );
    }
  }

  async function makeLink(usher: string) {
    const made = await staffPost({ intent: "make-link", usher });
    expect(made.status).toBe(200);
    const url = (made.data as { made: { url: string } }).made.url;
    return url.split("/headcount/")[1]!;
  }

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    for (const table of ["headcounts", "event_registrations", "events", "signed_links", "rate_limits"]) {
      await q(`delete from ${table}`);
    }
  });

  it("saves a Friday's counts and replaces them on the second save: one row, the new counts", async () => {
    const first = await staffPost({
      intent: "save",
      occasion: occasion(lastFriday),
      adults: "120",
      children: "30",
      online: "45",
      firstTime: "4",
    });
    expect(first.status).toBe(200);
    expect(await counts()).toEqual([
      {
        service_date: lastFriday,
        service_name: "Worship Service",
        event_id: null,
        adults: 120,
        children: 30,
        online: 45,
        first_time: 4,
        recorded_by: "admin@test.local",
      },
    ]);
    const second = await staffPost({
      intent: "save",
      occasion: occasion(lastFriday),
      adults: "125",
      children: "",
      online: "40",
      firstTime: "2",
    });
    expect((second.data as { toast: { description: string } }).toast.description).toContain("replaced");
    const rows = await counts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adults: 125, children: 0, online: 40, first_time: 2 });
    const audit = await q<{ action: string; subject_label: string }>(
      "select action, subject_label from audit_log where action = 'headcount.recorded' order by at",
    );
    expect(audit.map((a) => a.subject_label)).toEqual([
      `Worship Service on ${lastFriday}`,
      `Worship Service on ${lastFriday}`,
    ]);

    // The screen lists the last ten Fridays, newest first, with the counts of the one saved.
    const screen = await staffScreen();
    const fridays = screen.services.filter((row) => row.title === "Worship Service");
    expect(fridays).toHaveLength(10);
    expect(fridays[0]!.date).toBe(lastFriday);
    expect(fridays[0]!.attendance).toBe(125);
    expect(fridays[1]!.counts).toBeNull();
  });

  it("refuses a date to come, a day the service does not meet, an unknown service and wrong counts, writing nothing", async () => {
    const refusals: [Record<string, string>, string, RegExp][] = [
      [{ occasion: occasion(nextFriday), adults: "10" }, "occasion", /not come yet/],
      [{ occasion: occasion(addDays(lastFriday, -1)), adults: "10" }, "occasion", /does not meet/],
      [{ occasion: occasion(lastFriday, "Coffee Hour"), adults: "10" }, "occasion", /does not meet/],
      [{ occasion: "service|yesterday|Worship Service", adults: "10" }, "occasion", /Choose the service/],
      [{ occasion: occasion(lastFriday), adults: "-3" }, "adults", /whole number/],
      [{ occasion: occasion(lastFriday), adults: "12", children: "many" }, "children", /whole number/],
      [{ occasion: occasion(lastFriday), online: "1000001" }, "online", /whole number/],
    ];
    for (const [fields, field, message] of refusals) {
      const answer = await staffPost({ intent: "save", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      const fieldErrors = (answer.data as { fieldErrors: Record<string, string> }).fieldErrors;
      expect(fieldErrors[field]).toMatch(message);
    }
    expect(await counts()).toEqual([]);
    // Another weekly service of the service times is counted on its own day.
    const thursday = addDays(lastFriday, -1);
    expect(
      (await staffPost({ intent: "save", occasion: occasion(thursday, "Bible Study"), adults: "18" })).status,
    ).toBe(200);
    expect(await counts()).toMatchObject([
      { service_date: thursday, service_name: "Bible Study", adults: 18 },
    ]);
  });

  it("counts an event as the larger of the headcount and the QR check-ins, never their sum", async () => {
    const eventId = await addEvent("Harvest Night", addDays(today, -3));
    await register(eventId, 30, { checkedIn: true });
    await register(eventId, 2, { checkedIn: true, status: "cancelled" });
    await register(eventId, 5, { checkedIn: false });
    const eventRow = async () => (await staffScreen()).events.find((row) => row.title === "Harvest Night")!;

    expect(await eventRow()).toMatchObject({ checkedIn: 30, attendance: 30, counts: null });
    await staffPost({ intent: "save", occasion: `event|${eventId}`, adults: "35", children: "7" });
    expect(await eventRow()).toMatchObject({ checkedIn: 30, attendance: 42 });
    await staffPost({ intent: "save", occasion: `event|${eventId}`, adults: "20", children: "5" });
    expect(await eventRow()).toMatchObject({ checkedIn: 30, attendance: 30 });
    expect(await counts()).toMatchObject([
      { event_id: eventId, service_name: null, adults: 20, children: 5 },
    ]);

    const future = await addEvent("Carols", addDays(today, 5));
    const refused = await staffPost({ intent: "save", occasion: `event|${future}`, adults: "10" });
    expect(refused.status).toBe(400);
    expect(await counts()).toHaveLength(1);
    const unknown = await staffPost({
      intent: "save",
      occasion: `event|${crypto.randomUUID()}`,
      adults: "10",
    });
    expect(unknown.status).toBe(404);
  });

  it("an usher's link saves recent counts as the usher; altered or revoked, it opens nothing and writes nothing", async () => {
    const token = await makeLink("Samuel Idowu");
    const opened = await usherGet(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    const view = opened.data as { state: string; usher: string; choices: { value: string }[] };
    expect(view).toMatchObject({ state: "open", usher: "Samuel Idowu" });
    expect(view.choices.map((c) => c.value)).toContain(occasion(lastFriday));
    expect(view.choices.every((c) => !c.value.includes(nextFriday))).toBe(true);

    const saved = await usherPost(token, {
      occasion: occasion(lastFriday),
      adults: "90",
      children: "20",
      online: "12",
      firstTime: "3",
    });
    expect(saved.status).toBe(200);
    expect(await counts()).toMatchObject([
      { service_date: lastFriday, adults: 90, children: 20, recorded_by: "usher:Samuel Idowu" },
    ]);
    // Saving again replaces; a date more than 7 days ago or to come is refused.
    await usherPost(token, { occasion: occasion(lastFriday), adults: "95", children: "20" });
    expect(await counts()).toMatchObject([{ adults: 95 }]);
    const old = addDays(fridayBefore, -7);
    expect((await usherPost(token, { occasion: occasion(old), adults: "5" })).status).toBe(400);
    expect((await usherPost(token, { occasion: occasion(nextFriday), adults: "5" })).status).toBe(400);

    // An altered link: a clear page, nothing written.
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await usherGet(altered)).status).toBe(404);
    const refused = await usherPost(altered, { occasion: occasion(lastFriday), adults: "1" });
    expect(refused.status).toBe(404);
    expect(refused.data).toMatchObject({ state: "closed" });
    expect(await counts()).toMatchObject([{ adults: 95 }]);

    // Revoked from the screen: the same.
    const links = (await staffScreen()).links;
    expect(links.map((l) => l.usher)).toEqual(["Samuel Idowu"]);
    await staffPost({ intent: "revoke-link", linkId: links[0]!.id });
    expect((await usherGet(token)).data).toMatchObject({ state: "closed" });
    expect((await usherPost(token, { occasion: occasion(lastFriday), adults: "1" })).status).toBe(404);
    expect(await counts()).toMatchObject([{ adults: 95 }]);
    expect((await staffScreen()).links).toEqual([]);
  });
});
