import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eventRegistrations, events, rateLimits, visitors } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as connectAction } from "~/routes/connect";
import { action as registerAction, loader as detailLoader } from "~/routes/events/detail";
import { loader as listLoader } from "~/routes/events/index";
import { getEvent, listEventsForStaff, listUpcomingEvents } from "~/server/content/events.server";
import { registerForEvent } from "~/server/people/event-seats.server";
import { saveVisitorMessage } from "~/server/people/visitors.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const mapsUrl = "https://www.google.com/maps/search/?api=1&query=Manama";

const ORIGIN = "http://localhost";

describe.each(databaseKinds)("events and connect on %s", (kind) => {
  let t: TestServices;
  const today = todayInChurchZone();

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const db = t.services.db;
    await db.delete(eventRegistrations);
    await db.delete(events);
    await db.delete(visitors);
    await db.delete(rateLimits);
  });

  async function addEvent(
    title: string,
    eventDate: string,
    eventTime: string,
    extra: Partial<typeof events.$inferInsert> = {},
  ) {
    const [row] = await t.services.db
      .insert(events)
      .values({ title, eventDate, eventTime, locationName: "Main hall", googleMapsUrl: mapsUrl, ...extra })
      .returning();
    return row!;
  }

  const registrant = { name: "Ana Cruz", email: "ana@example.org", mobile: "+973 3333 4444", message: null };

  it("lists events from today on, by date and then by time, and leaves out yesterday's", async () => {
    await addEvent("Next week", addDays(today, 7), "09:00");
    await addEvent("Yesterday", addDays(today, -1), "23:00");
    await addEvent("Today evening", today, "19:00", { eventEndTime: "21:00" });
    await addEvent("Today morning", today, "08:30");
    await addEvent("Tomorrow", addDays(today, 1), "07:00");

    const upcoming = await listUpcomingEvents(today);
    expect(upcoming.map((e) => e.title)).toEqual(["Today morning", "Today evening", "Tomorrow", "Next week"]);
    expect(upcoming[1]).toMatchObject({
      eventDate: today,
      eventEndTime: "21:00:00",
      imageUrl: null,
      speaker: null,
    });

    const page = await callRoute(listLoader, new Request("http://localhost/events"));
    expect(page.status).toBe(200);
    expect((page.data as { events: { title: string }[] }).events.map((e) => e.title)).toEqual(
      upcoming.map((e) => e.title),
    );
  });

  it("the staff list has every event, the latest date and time first, each in one place", async () => {
    await addEvent("Next week", addDays(today, 7), "09:00");
    await addEvent("Yesterday", addDays(today, -1), "23:00");
    await addEvent("Today evening", today, "19:00");
    await addEvent("Today morning", today, "08:30");
    const twins = [
      await addEvent("Twin", addDays(today, 3), "10:00"),
      await addEvent("Twin", addDays(today, 3), "10:00"),
    ];
    const listed = await listEventsForStaff();
    expect(listed.map((e) => e.title)).toEqual([
      "Next week",
      "Twin",
      "Twin",
      "Today evening",
      "Today morning",
      "Yesterday",
    ]);
    const twinIds = twins
      .map((e) => e.id)
      .sort()
      .reverse();
    expect(listed.filter((e) => e.title === "Twin").map((e) => e.id)).toEqual(twinIds);
    expect((await listEventsForStaff()).map((e) => e.id)).toEqual(listed.map((e) => e.id));
  });

  it("reads one event by id, and answers null for an unknown or malformed id without asking the database amiss", async () => {
    const event = await addEvent("Prayer Night", addDays(today, 3), "19:30", { speaker: "Pastor Ana" });
    expect(await getEvent(event.id)).toMatchObject({
      id: event.id,
      title: "Prayer Night",
      speaker: "Pastor Ana",
    });
    expect(await getEvent("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getEvent("not-a-uuid")).toBeNull();
    expect(await getEvent("1; drop table events")).toBeNull();

    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const result = await callRoute(detailLoader, new Request(`http://localhost/events/${id}`), {
        params: { id },
      });
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ event: null, isPast: false, isClosed: false, loadFailed: false });
    }
    const found = await callRoute(detailLoader, new Request(`http://localhost/events/${event.id}`), {
      params: { id: event.id },
    });
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ loadFailed: false, isPast: false, event: { title: "Prayer Night" } });
  });

  it("registers someone with the event's title from the database", async () => {
    const event = await addEvent("Family Day", addDays(today, 10), "09:00");
    expect(
      await registerForEvent(event.id, { ...registrant, message: "Two adults, one child" }, today, ORIGIN),
    ).toEqual({
      ok: true,
      eventTitle: "Family Day",
      status: "confirmed",
    });
    const rows = await t.services.db.select().from(eventRegistrations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId: event.id,
      eventTitle: "Family Day",
      name: "Ana Cruz",
      email: "ana@example.org",
      mobile: "+973 3333 4444",
      message: "Two adults, one child",
    });
  });

  it("registers through the page's action, with an empty message stored as null", async () => {
    const event = await addEvent("Youth Night", addDays(today, 2), "19:00");
    const result = await callRoute(
      registerAction,
      formRequest(`/events/${event.id}`, {
        name: " Ben Reyes ",
        email: "ben@example.org",
        mobile: "33335555",
        message: "",
      }),
      { params: { id: event.id }, clientIp: "192.0.2.31" },
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      ok: true,
      toast: { title: "Registration Successful!", description: "You've registered for Youth Night." },
    });
    const [row] = await t.services.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(row).toMatchObject({ eventTitle: "Youth Night", name: "Ben Reyes", message: null });
  });

  it("refuses a registration for an event that is gone or already past, and writes nothing", async () => {
    const past = await addEvent("Last month", addDays(today, -30), "10:00");
    expect(await registerForEvent(past.id, registrant, today, ORIGIN)).toEqual({ ok: false, reason: "past" });
    expect(await registerForEvent("00000000-0000-4000-8000-000000000000", registrant, today, ORIGIN)).toEqual(
      {
        ok: false,
        reason: "not-found",
      },
    );
    expect(await registerForEvent("bad-id", registrant, today, ORIGIN)).toEqual({
      ok: false,
      reason: "not-found",
    });

    const fields = { name: "Ana", email: "ana@example.org", mobile: "33334444" };
    const gone = await callRoute(registerAction, formRequest("/events/x", fields), {
      params: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({
      ok: false,
      toast: { title: "Registration Failed", description: "This event is no longer available." },
      values: fields,
    });
    const closed = await callRoute(registerAction, formRequest("/events/x", fields), {
      params: { id: past.id },
    });
    expect(closed.status).toBe(409);
    expect(closed.data).toMatchObject({
      ok: false,
      toast: {
        title: "Registration Failed",
        description: "This event has already taken place, so registration is closed.",
      },
    });
    const invalid = await callRoute(
      registerAction,
      formRequest("/events/x", { name: "", email: "nope", mobile: "33334444" }),
      { params: { id: past.id } },
    );
    expect(invalid.status).toBe(400);

    const [count] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(eventRegistrations);
    expect(count!.n).toBe(0);
  });

  it("keeps a visitor's message from the connect form", async () => {
    await saveVisitorMessage(
      {
        name: "Carla",
        mobile: "+973 3999 0000",
        email: "carla@example.org",
        message: "Hello!",
      },
      ORIGIN,
    );
    const result = await callRoute(
      connectAction,
      formRequest("/connect", {
        name: "Dan",
        mobile: "36660000",
        email: "dan@example.org",
        message: "Service times?",
      }),
      { clientIp: "192.0.2.32" },
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      ok: true,
      toast: {
        title: "Message Sent!",
        description: "Thank you for connecting with us. We will get back to you soon.",
      },
    });
    const missing = await callRoute(
      connectAction,
      formRequest("/connect", { name: "Eve", mobile: "36660000", email: "eve@example.org" }),
    );
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      ok: false,
      toast: { title: "Submission Failed" },
      fieldErrors: { message: "Please enter a message." },
    });

    const rows = await t.services.db.select().from(visitors).orderBy(visitors.name);
    expect(rows.map(({ name, mobile, email, message }) => ({ name, mobile, email, message }))).toEqual([
      { name: "Carla", mobile: "+973 3999 0000", email: "carla@example.org", message: "Hello!" },
      { name: "Dan", mobile: "36660000", email: "dan@example.org", message: "Service times?" },
    ]);
  });

  it("shows an error state instead of failing when the events cannot be read", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await t.services.db.execute(sql`alter table events rename to events_unavailable`);
    try {
      const list = await callRoute(listLoader, new Request("http://localhost/events"));
      expect(list.status).toBe(503);
      expect(list.data).toEqual({
        events: [],
        page: 1,
        pages: 1,
        subscribe: expect.objectContaining({ webcal: "webcal://localhost/events.ics" }),
        loadFailed: true,
      });
      const id = "00000000-0000-4000-8000-000000000000";
      const one = await callRoute(detailLoader, new Request(`http://localhost/events/${id}`), {
        params: { id },
      });
      expect(one.status).toBe(503);
      expect(one.data).toEqual({ event: null, isPast: false, isClosed: false, loadFailed: true });
    } finally {
      await t.services.db.execute(sql`alter table events_unavailable rename to events`);
    }
    expect(logged.mock.calls.map((call) => call[0])).toEqual([
      "Reading events failed:",
      "Reading an event failed:",
    ]);
  });
});
