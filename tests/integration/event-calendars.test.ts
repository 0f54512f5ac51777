import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, events } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { loader as feedLoader } from "~/routes/events/calendar-feed";
import { loader as detailLoader } from "~/routes/events/detail";
import { loader as oneLoader } from "~/routes/events/event-calendar";
import { callRoute, startTestServices, type TestServices } from "../helpers/test-services";

// The calendars are read back with ical.js, a parser of its own (Mozilla's), as a calendar app
// would read them.

const ORIGIN = "http://localhost";

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
}

describe("event calendars", () => {
  let t: TestServices;
  const today = todayInChurchZone();

  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(eventRegistrations);
    await t.services.db.delete(events);
  });

  async function addEvent(title: string, eventDate: string, eventTime: string, eventEndTime: string | null) {
    const [row] = await t.services.db
      .insert(events)
      .values({
        title,
        eventDate,
        eventTime,
        eventEndTime,
        locationName: "Church Hall, Manama",
        googleMapsUrl: "https://maps.example.org/?q=hall",
        description: "Bring a friend; all are welcome.",
      })
      .returning();
    return row!;
  }

  it("/events.ics holds every upcoming event at the right moment in Bahrain, and no past one", async () => {
    const supper = await addEvent("Harvest Supper", addDays(today, 3), "18:30", "21:00");
    const prayer = await addEvent("Prayer Morning", addDays(today, 10), "06:00", null);
    await addEvent("Last Week", addDays(today, -7), "10:00", null);

    const answer = await callRoute(feedLoader, new Request(`${ORIGIN}/events.ics`));
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await answer.response!.text();
    expect(text).toContain("X-WR-TIMEZONE:Asia/Bahrain");
    const parsed = parse(text);
    expect(parsed.map((event) => event.summary)).toEqual(["Harvest Supper", "Prayer Morning"]);

    const [first, second] = parsed;
    // 18:30 in Bahrain (UTC+3) is 15:30 UTC.
    expect(first!.startDate.toJSDate().toISOString()).toBe(`${supper.eventDate}T15:30:00.000Z`);
    expect(first!.endDate.toJSDate().toISOString()).toBe(`${supper.eventDate}T18:00:00.000Z`);
    expect(first!.location).toBe("Church Hall, Manama");
    expect(first!.uid).toBe(`${supper.id}@localhost`);
    expect(first!.description).toContain(`${ORIGIN}/events/${supper.id}`);
    // No end time: two hours.
    expect(second!.startDate.toJSDate().toISOString()).toBe(`${prayer.eventDate}T03:00:00.000Z`);
    expect(second!.endDate.toJSDate().toISOString()).toBe(`${prayer.eventDate}T05:00:00.000Z`);
  });

  it("/events/{id}.ics is one event as a download; an unknown one is not found", async () => {
    const supper = await addEvent("Harvest Supper", addDays(today, 3), "18:30", "21:00");
    const answer = await callRoute(oneLoader, new Request(`${ORIGIN}/events/${supper.id}.ics`), {
      params: { id: supper.id },
    });
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="event.ics"');
    const parsed = parse(await answer.response!.text());
    expect(parsed.map((event) => event.summary)).toEqual(["Harvest Supper"]);

    const missing = await callRoute(oneLoader, new Request(`${ORIGIN}/events/nope.ics`), {
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
  });

  it("the event page links to its calendar file and to Google Calendar with the same times", async () => {
    const supper = await addEvent("Harvest Supper", addDays(today, 3), "18:30", "21:00");
    const page = await callRoute(detailLoader, new Request(`${ORIGIN}/events/${supper.id}`), {
      params: { id: supper.id },
    });
    const link = new URL((page.data as { event: { googleCalendar: string } }).event.googleCalendar);
    const day = supper.eventDate.replace(/-/g, "");
    expect(link.origin + link.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      action: "TEMPLATE",
      text: "Harvest Supper",
      dates: `${day}T153000Z/${day}T180000Z`,
      ctz: "Asia/Bahrain",
      location: "Church Hall, Manama",
    });
  });
});
