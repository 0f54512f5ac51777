import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, events, sermons } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as saveEvent } from "~/routes/members/content/event-upload";
import { action as saveSermon } from "~/routes/members/content/sermon-upload";
import { extendOpenSeries } from "~/server/content/event-edits.server";
import { getEvent, listUpcomingEvents, listUpcomingEventsPage } from "~/server/content/events.server";
import { findSeriesBySlug, getSermonDetail, listSermonsPage } from "~/server/content/sermons.server";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Events and sermons with their Filipino title and description (issue 39): saved from the staff
// forms beside the English, read by the public pages in either language, English standing in
// (and saying so) where no Filipino was written.

const MAPS = "https://www.google.com/maps/search/?api=1&query=Manama";

function post(url: string, fields: Record<string, string>, cookie: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body,
    headers: { cookie, accept: "application/json", origin: "http://localhost" },
  });
}

describe.each(databaseKinds)("Filipino titles and descriptions of events and sermons on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const today = todayInChurchZone();
  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  const event = (fields: Record<string, string>) => ({
    intent: "create",
    title: "Prayer Night",
    eventDate: addDays(today, 5),
    eventTime: "19:00",
    locationName: "Main hall",
    googleMapsUrl: MAPS,
    description: "An evening of prayer.",
    ...fields,
  });
  const eventTitled = async (title: string) =>
    (await t.services.db.select().from(events).where(eq(events.title, title)))[0]!;

  it("saves an event's Filipino texts beside the English, and reads them per language", async () => {
    const saved = await callRoute(
      saveEvent,
      post(
        "/members/add-event/save",
        event({ titleFil: "  Gabi ng Panalangin ", descriptionFil: "" }),
        cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const row = await eventTitled("Prayer Night");
    expect(row).toMatchObject({ titleFil: "Gabi ng Panalangin", descriptionFil: null });

    // English pages: exactly as before, and saying they are English.
    expect(await getEvent(row.id)).toMatchObject({
      title: "Prayer Night",
      description: "An evening of prayer.",
      titleLang: "en",
      descriptionLang: "en",
    });
    // Filipino pages: the Filipino title; no Filipino description, so the English one, marked so.
    expect(await getEvent(row.id, "fil")).toMatchObject({
      title: "Gabi ng Panalangin",
      description: "An evening of prayer.",
      titleLang: "fil",
      descriptionLang: "en",
    });
    const listed = (await listUpcomingEvents(today, "fil")).find((item) => item.id === row.id);
    expect(listed).toMatchObject({ title: "Gabi ng Panalangin", titleLang: "fil" });
    const page = await listUpcomingEventsPage(today, 1, "fil");
    expect(page.rows.find((item) => item.id === row.id)?.title).toBe("Gabi ng Panalangin");
    expect((await listUpcomingEventsPage(today, 1)).rows.find((item) => item.id === row.id)?.title).toBe(
      "Prayer Night",
    );

    // An edit adds the Filipino description and is in the audit log like every change.
    const updated = await callRoute(
      saveEvent,
      post(
        "/members/add-event/save",
        event({
          intent: "update",
          id: row.id,
          titleFil: "Gabi ng Panalangin",
          descriptionFil: "Isang gabi ng panalangin.",
        }),
        cookie,
      ),
    );
    expect(updated.status).toBe(200);
    expect(await getEvent(row.id, "fil")).toMatchObject({
      description: "Isang gabi ng panalangin.",
      descriptionLang: "fil",
    });
    const [entry] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "event.updated"));
    expect(JSON.stringify(entry!.details)).toContain("descriptionFil");

    // Emptied again: the English stands in.
    await callRoute(
      saveEvent,
      post("/members/add-event/save", event({ intent: "update", id: row.id, titleFil: " " }), cookie),
    );
    expect(await getEvent(row.id, "fil")).toMatchObject({ title: "Prayer Night", titleLang: "en" });
  });

  it("refuses a Filipino title that is too long, and writes nothing", async () => {
    const refused = await callRoute(
      saveEvent,
      post("/members/add-event/save", event({ title: "Too long", titleFil: "x".repeat(201) }), cookie),
    );
    expect(refused.status).toBe(400);
    expect(await t.services.db.select().from(events).where(eq(events.title, "Too long"))).toEqual([]);
  });

  it("a repeating event's later dates keep its Filipino texts; a fixed picture stays under a Filipino title", async () => {
    const saved = await callRoute(
      saveEvent,
      post(
        "/members/add-event/save",
        event({
          title: "IronMen Basketball Fellowship",
          titleFil: "Basketball ng IronMen",
          repeat: "weekly",
          repeatNoEnd: "on",
        }),
        cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const rows = await t.services.db
      .select()
      .from(events)
      .where(eq(events.title, "IronMen Basketball Fellowship"));
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.every((row) => row.titleFil === "Basketball ng IronMen")).toBe(true);
    // The dates made later, day by day, are like the series' latest.
    expect(await extendOpenSeries(addDays(today, 30))).toBeGreaterThan(0);
    const after = await t.services.db
      .select()
      .from(events)
      .where(eq(events.title, "IronMen Basketball Fellowship"));
    expect(after.length).toBeGreaterThan(rows.length);
    expect(after.every((row) => row.titleFil === "Basketball ng IronMen")).toBe(true);

    const shown = await getEvent(rows[0]!.id, "fil");
    expect(shown).toMatchObject({
      title: "Basketball ng IronMen",
      imageUrl: "/images/ironmen-basketball.svg",
    });
    expect((await getEvent(rows[0]!.id))!.imageUrl).toBeNull();
  });

  it("saves a sermon's Filipino texts; lists, search, series and its own page read them per language", async () => {
    const saved = await callRoute(
      saveSermon,
      post(
        "/members/add-sermon/save",
        {
          intent: "create",
          sermonDate: "2030-03-02",
          title: "Born Again",
          speaker: "Pastor Sam",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          seriesName: "New Birth",
          description: "Nicodemus comes by night.",
          titleFil: "Ipinanganak Muli",
          descriptionFil: "",
        },
        cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const [row] = await t.services.db.select().from(sermons).where(eq(sermons.title, "Born Again"));
    expect(row).toMatchObject({ titleFil: "Ipinanganak Muli", descriptionFil: null });

    const english = (await listSermonsPage(1)).rows[0]!;
    expect(english).toMatchObject({ title: "Born Again", titleLang: "en", descriptionLang: "en" });
    const filipino = (await listSermonsPage(1, {}, "fil")).rows[0]!;
    expect(filipino).toMatchObject({
      title: "Ipinanganak Muli",
      titleLang: "fil",
      description: "Nicodemus comes by night.",
      descriptionLang: "en",
    });
    // A Filipino page's search finds the Filipino title; an English page's does not.
    expect((await listSermonsPage(1, { q: "Ipinanganak" }, "fil")).rows).toHaveLength(1);
    expect((await listSermonsPage(1, { q: "Ipinanganak" })).rows).toHaveLength(0);
    expect((await listSermonsPage(1, { q: "Born" }, "fil")).rows).toHaveLength(1);
    // A series' page (and a speaker's) lists through the same read.
    const series = await findSeriesBySlug("new-birth");
    expect((await listSermonsPage(1, { series: series!.slug }, "fil")).rows[0]?.title).toBe(
      "Ipinanganak Muli",
    );
    expect((await listSermonsPage(1, { speaker: "pastor-sam" }, "fil")).rows[0]?.title).toBe(
      "Ipinanganak Muli",
    );

    expect(await getSermonDetail(row!.id, "fil")).toMatchObject({
      title: "Ipinanganak Muli",
      titleLang: "fil",
      series: { name: "New Birth" },
    });
    expect(await getSermonDetail(row!.id)).toMatchObject({ title: "Born Again", titleLang: "en" });

    const edited = await callRoute(
      saveSermon,
      post(
        "/members/add-sermon/save",
        {
          intent: "update",
          id: row!.id,
          sermonDate: "2030-03-02",
          title: "Born Again",
          speaker: "Pastor Sam",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          titleFil: "Ipinanganak Muli",
          descriptionFil: "Dumating si Nicodemo sa gabi.",
        },
        cookie,
      ),
    );
    expect(edited.status).toBe(200);
    expect(await getSermonDetail(row!.id, "fil")).toMatchObject({
      description: "Dumating si Nicodemo sa gabi.",
      descriptionLang: "fil",
    });
  });
});
