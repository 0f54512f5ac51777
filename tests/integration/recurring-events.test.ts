import fs from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventRegistrations, events, eventSeries } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { OPEN_SERIES_DAYS, seriesDates } from "~/lib/recurrence";
import { loader as feedLoader } from "~/routes/events/calendar-feed";
import { loader as detailLoader } from "~/routes/events/detail";
import { loader as listLoader } from "~/routes/events/index";
import { action as staffAction } from "~/routes/members/content/events";
import { action as saveEvent } from "~/routes/members/content/event-upload";
import { makePng } from "~/server/content/demo-files.server";
import { extendOpenSeries } from "~/server/content/event-edits.server";
import { loader as staffLoader } from "~/routes/members/content/events";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Repeating events as staff make them (the add-event form's own request), as visitors see them,
// and as a calendar app reads the feed (ical.js expands the rule; it must give the dates we hold).

const ORIGIN = "http://localhost";

function saveRequest(fields: Record<string, string>, cookie: string, image?: Uint8Array) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (image) body.set("image", new File([Uint8Array.from(image)], "friday.png", { type: "image/png" }));
  return new Request(`${ORIGIN}/members/add-event/save`, {
    method: "POST",
    body,
    headers: { cookie, accept: "application/json", origin: ORIGIN },
  });
}

/** The next date after `from` that falls on `weekday` (0 = Sunday). */
function nextWeekday(from: string, weekday: number): string {
  let date = addDays(from, 1);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== weekday) date = addDays(date, 1);
  return date;
}

/** The start dates (in Bahrain) a calendar app shows for the feed, per summary, in order. */
function expandFeed(text: string, horizon: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents("vevent");
  const shown: { summary: string; date: string; location: string }[] = [];
  const overrides = vevents.filter((vevent) => vevent.hasProperty("recurrence-id"));
  for (const vevent of vevents) {
    if (vevent.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(vevent);
    for (const override of overrides) {
      if (override.getFirstPropertyValue("uid") === event.uid) event.relateException(override);
    }
    const bahrain = (moment: Date) => new Date(moment.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    if (!event.isRecurring()) {
      shown.push({
        summary: event.summary,
        date: bahrain(event.startDate.toJSDate()),
        location: event.location,
      });
      continue;
    }
    const expand = event.iterator();
    for (let next = expand.next(); next; next = expand.next()) {
      const details = event.getOccurrenceDetails(next);
      const date = bahrain(details.startDate.toJSDate());
      if (date > horizon) break;
      shown.push({ summary: details.item.summary, date, location: details.item.location });
    }
  }
  return shown.sort((a, b) => a.date.localeCompare(b.date));
}

describe.each(databaseKinds)("repeating events on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const today = todayInChurchZone();
  const firstFriday = nextWeekday(today, 5);
  const lastFriday = addDays(firstFriday, 7 * 9);

  const friday = {
    intent: "create",
    title: "Friday Service",
    eventDate: firstFriday,
    eventTime: "09:00",
    eventEndTime: "10:30",
    locationName: "Main Hall",
    googleMapsUrl: "https://maps.google.com/?q=hall",
    capacity: "40",
    repeat: "weekly",
    repeatUntil: lastFriday,
  };

  const seriesRows = () => t.services.db.select().from(events).orderBy(asc(events.eventDate));

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(eventRegistrations);
    await t.services.db.delete(events);
    await t.services.db.delete(eventSeries);
  });

  it("makes one event per date, each with its own seats, shown once in the list with its next dates", async () => {
    const saved = await callRoute(saveEvent, saveRequest(friday, cookie));
    expect(saved.status).toBe(200);
    const answer = (await saved.response!.json()) as { toast: { description: string } };
    expect(answer.toast.description).toContain("Every Friday, 10 dates until");

    const rows = await seriesRows();
    expect(rows.map((row) => row.eventDate)).toEqual(seriesDates("weekly", firstFriday, lastFriday));
    expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1);
    expect(rows.every((row) => row.capacity === 40 && row.occurrenceDate === row.eventDate)).toBe(true);
    const [logged] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "event.created"));
    expect(logged?.details).toMatchObject({ repeats: "Every Friday", dates: 10 });

    // The list shows the series once, at its soonest date, with the rule in words.
    const list = (await callRoute(listLoader, new Request(`${ORIGIN}/events`))).data as {
      events: { id: string; title: string; repeats: string | null }[];
    };
    expect(list.events).toEqual([expect.objectContaining({ id: rows[0]!.id, repeats: "Every Friday" })]);

    // Each date's page lists the later ones.
    const page = (
      await callRoute(detailLoader, new Request(`${ORIGIN}/events/${rows[0]!.id}`), {
        params: { id: rows[0]!.id },
      })
    ).data as { event: { repeats: string; laterDates: { eventDate: string }[] } };
    expect(page.event.repeats).toBe("Every Friday");
    expect(page.event.laterDates.map((later) => later.eventDate)).toEqual(
      rows.slice(1, 9).map((row) => row.eventDate),
    );
  });

  it("refuses a series without a last date, or one reaching beyond two years, and writes nothing", async () => {
    for (const [repeatUntil, message] of [
      ["", "Please enter the date of the last repeat, or tick No end date."],
      [firstFriday, "The last repeat must be after the event's date."],
      [addDays(firstFriday, 800), "A repeating event can reach at most two years ahead"],
    ] as const) {
      const refused = await callRoute(saveEvent, saveRequest({ ...friday, repeatUntil }, cookie));
      expect(refused.status).toBe(400);
      const body = (await refused.response!.json()) as { fieldErrors: Record<string, string> };
      expect(body.fieldErrors.repeatUntil).toContain(message);
    }
    expect(await seriesRows()).toEqual([]);
    expect(await t.services.db.select().from(eventSeries)).toEqual([]);
  });

  it("a weekly event with no end date: a year of dates, kept a year ahead each day, a removed date not made again", async () => {
    const saved = await callRoute(
      saveEvent,
      saveRequest({ ...friday, title: "Bible Study", repeatUntil: "", repeatNoEnd: "on" }, cookie),
    );
    expect(saved.status).toBe(200);
    const answer = (await saved.response!.json()) as { toast: { description: string } };
    expect(answer.toast.description).toContain("Every Friday, with no end date");
    const horizon = addDays(today, OPEN_SERIES_DAYS);
    let rows = await seriesRows();
    expect(rows.map((row) => row.eventDate)).toEqual(seriesDates("weekly", firstFriday, horizon));
    const [series] = await t.services.db.select().from(eventSeries);
    expect(series).toMatchObject({ until: null, madeThrough: horizon });
    const screen = (await callRoute(
      staffLoader,
      new Request(`${ORIGIN}/members/add-event`, { headers: { cookie } }),
    )) as { data: { items: { repeats: string | null }[] } };
    expect(screen.data.items[0]!.repeats).toBe("Every Friday, no end date");

    // Calendars get a rule without an end, which gives exactly the dates we hold.
    const feed = await (await callRoute(feedLoader, new Request(`${ORIGIN}/events.ics`))).response!.text();
    expect(feed).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=FR\r\n/);
    expect(expandFeed(feed, horizon).map((shown) => shown.date)).toEqual(rows.map((row) => row.eventDate));

    // The third date is cancelled; from the tenth on, the study meets in the garden.
    await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: rows[2]!.id }, { cookie }),
    );
    const moved = await callRoute(
      saveEvent,
      saveRequest(
        {
          ...friday,
          title: "Bible Study",
          // The edit form has no Repeats field.
          repeat: "none",
          intent: "update",
          id: rows[9]!.id,
          eventDate: rows[9]!.eventDate,
          locationName: "Garden",
          applyTo: "following",
        },
        cookie,
      ),
    );
    expect(moved.status).toBe(200);

    // A month on, the daily job has added the dates of the month, once, like the latest date.
    const later = addDays(today, 30);
    const expected = seriesDates("weekly", firstFriday, addDays(later, OPEN_SERIES_DAYS)).filter(
      (date) => date > horizon,
    );
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const [made, again] = await Promise.all([extendOpenSeries(later), extendOpenSeries(later)]);
    expect(made + again).toBe(expected.length);
    expect(await extendOpenSeries(later)).toBe(0);
    rows = await seriesRows();
    expect(rows.map((row) => row.eventDate)).toEqual(
      seriesDates("weekly", firstFriday, addDays(later, OPEN_SERIES_DAYS)).filter((_, index) => index !== 2),
    );
    const added = rows.filter((row) => expected.includes(row.eventDate));
    expect(added.every((row) => row.locationName === "Garden" && row.capacity === 40)).toBe(true);
    expect(added.every((row) => row.occurrenceDate === row.eventDate && !row.isSeriesException)).toBe(true);

    // Deleting a date and every later one gives the series its end: nothing more is added.
    const last = rows.at(-5)!;
    await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: last.id, scope: "following" }, { cookie }),
    );
    expect(await extendOpenSeries(addDays(today, 60))).toBe(0);
    expect((await seriesRows()).at(-1)!.eventDate < last.eventDate).toBe(true);
  });

  it("edits one date on its own, or it and every later date, and the calendar feed agrees", async () => {
    await callRoute(saveEvent, saveRequest(friday, cookie));
    let rows = await seriesRows();
    const [, second, third, , fifth] = rows;

    // One date moves to Saturday; one date is cancelled.
    const moved = await callRoute(
      saveEvent,
      saveRequest(
        {
          ...friday,
          intent: "update",
          id: second!.id,
          eventDate: addDays(second!.eventDate, 1),
          applyTo: "this",
        },
        cookie,
      ),
    );
    expect(moved.status).toBe(200);
    const removed = await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: third!.id }, { cookie }),
    );
    expect(removed.status).toBe(200);

    // From the fifth date on, the service is in another hall (the fifth date and later keep their dates).
    const later = await callRoute(
      saveEvent,
      saveRequest(
        {
          ...friday,
          intent: "update",
          id: fifth!.id,
          eventDate: fifth!.eventDate,
          locationName: "Garden",
          applyTo: "following",
        },
        cookie,
      ),
    );
    expect(later.status).toBe(200);

    rows = await seriesRows();
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.locationName === "Garden").map((row) => row.eventDate)).toEqual(
      seriesDates("weekly", fifth!.eventDate, lastFriday),
    );
    // The series was split at the fifth date: the earlier dates end the day before it.
    const series = await t.services.db.select().from(eventSeries).orderBy(asc(eventSeries.startsOn));
    expect(series.map((row) => [row.startsOn, row.until])).toEqual([
      [firstFriday, addDays(fifth!.eventDate, -1)],
      [fifth!.eventDate, lastFriday],
    ]);
    expect(rows.find((row) => row.id === second!.id)).toMatchObject({ isSeriesException: true });

    // What a calendar app shows: exactly the dates and places we hold.
    const feed = await callRoute(feedLoader, new Request(`${ORIGIN}/events.ics`));
    const text = await feed.response!.text();
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z;BYDAY=FR/);
    expect(text).toContain("EXDATE");
    expect(text).toContain("RECURRENCE-ID");
    expect(expandFeed(text, lastFriday)).toEqual(
      rows.map((row) => ({ summary: "Friday Service", date: row.eventDate, location: row.locationName })),
    );
  });

  it("deletes a date and every later one, ending the series the day before", async () => {
    await callRoute(saveEvent, saveRequest(friday, cookie));
    const rows = await seriesRows();
    const sixth = rows[5]!;
    const removed = await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: sixth.id, scope: "following" }, { cookie }),
    );
    expect(removed.status).toBe(200);
    expect((await seriesRows()).map((row) => row.eventDate)).toEqual(
      rows.slice(0, 5).map((row) => row.eventDate),
    );
    const [series] = await t.services.db.select().from(eventSeries);
    expect(series?.until).toBe(addDays(sixth.eventDate, -1));
    const [logged] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "event.deleted"), eq(auditLog.subjectId, sixth.id)));
    expect(logged?.details).toMatchObject({ dates: 5 });

    // The feed's rule ends there too.
    const text = await (await callRoute(feedLoader, new Request(`${ORIGIN}/events.ics`))).response!.text();
    expect(expandFeed(text, lastFriday).map((shown) => shown.date)).toEqual(
      rows.slice(0, 5).map((row) => row.eventDate),
    );
  });

  it("keeps the shared picture until the last date using it is gone", async () => {
    await callRoute(
      saveEvent,
      saveRequest(
        { ...friday, repeatUntil: addDays(firstFriday, 7) },
        cookie,
        makePng(8, 8, [0, 0, 0], [255, 255, 255]),
      ),
    );
    const [first, second] = await seriesRows();
    expect(first!.imageObjectPath).toBeTruthy();
    expect(second!.imageObjectPath).toBe(first!.imageObjectPath);
    const file = path.join(t.dataDir, "uploads", first!.imageObjectPath!);
    expect(fs.existsSync(file)).toBe(true);

    await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: first!.id }, { cookie }),
    );
    expect(fs.existsSync(file)).toBe(true);
    await callRoute(
      staffAction,
      formRequest("/members/add-event", { intent: "delete", id: second!.id }, { cookie }),
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it("a monthly series on a weekday is the same dates in the feed as in the table", async () => {
    const start = nextWeekday(today, 6);
    const until = addDays(start, 200);
    await callRoute(
      saveEvent,
      saveRequest(
        {
          ...friday,
          title: "Hospital Visit",
          eventDate: start,
          repeat: "monthly-weekday",
          repeatUntil: until,
        },
        cookie,
      ),
    );
    const rows = await seriesRows();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const text = await (await callRoute(feedLoader, new Request(`${ORIGIN}/events.ics`))).response!.text();
    expect(text).toMatch(/BYDAY=SA;BYSETPOS=(-1|[1-4])/);
    expect(expandFeed(text, until).map((shown) => shown.date)).toEqual(rows.map((row) => row.eventDate));
  });
});
