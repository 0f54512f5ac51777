import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, eventSeries } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { OPEN_SERIES_DAYS, seriesDates } from "~/lib/recurrence";
import { loader as feedLoader } from "~/routes/events/calendar-feed";
import { createEvent, extendOpenSeries } from "~/server/content/event-edits.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { callRoute, databaseKinds, type TestServices } from "../helpers/test-services";

// The release before series without an end date (10 migrations) made every date of a repeating
// event when it was saved, up to its last date. Opened by this release, each of its series keeps
// its dates and its end (its dates count as made up to that end), the daily job adds nothing to
// it, and a new series may go on without an end.

const today = todayInChurchZone();
const START = addDays(today, 3);
const UNTIL = addDays(START, 7 * 5);

describe.each(databaseKinds)("upgrading to series without an end date on %s", (kind) => {
  let t: TestServices;
  let seriesId: string;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [series] = await query<{ id: string }>(
          `insert into event_series (frequency, starts_on, until) values ('weekly', $1, $2) returning id`,
          [START, UNTIL],
        );
        seriesId = series!.id;
        for (const date of seriesDates("weekly", START, UNTIL)) {
          await query(
            `insert into events (title, event_date, event_time, location_name, google_maps_url, series_id, occurrence_date)
             values ('Choir Practice', $1, '19:00', 'Music Room', 'https://maps.google.com/?q=church', $2, $1)`,
            [date, seriesId],
          );
        }
      },
      10,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps each series with its end, made up to it, and the daily job adds nothing to it", async () => {
    const [series] = await t.services.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
    expect(series).toMatchObject({ startsOn: START, until: UNTIL, madeThrough: UNTIL });
    expect(await extendOpenSeries(addDays(today, 40))).toBe(0);
    const rows = await t.services.db
      .select()
      .from(events)
      .where(eq(events.seriesId, seriesId))
      .orderBy(asc(events.eventDate));
    expect(rows.map((row) => row.eventDate)).toEqual(seriesDates("weekly", START, UNTIL));
    const feed = await (
      await callRoute(feedLoader, new Request("http://localhost/events.ics"))
    ).response!.text();
    expect(feed).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z;BYDAY=/);
  });

  it("takes a new series without an end date next to it", async () => {
    const first = await createEvent(
      {
        title: "Bible Study",
        eventDate: START,
        eventTime: "19:30",
        eventEndTime: null,
        speaker: null,
        locationName: "Fellowship Hall",
        googleMapsUrl: "https://maps.google.com/?q=church",
        description: null,
        capacity: null,
        registrationDeadline: null,
      },
      null,
      "console",
      { frequency: "weekly", until: null },
      today,
    );
    const [series] = await t.services.db
      .select()
      .from(eventSeries)
      .where(eq(eventSeries.id, first.seriesId!));
    expect(series).toMatchObject({ until: null, madeThrough: addDays(today, OPEN_SERIES_DAYS) });
    expect(await extendOpenSeries(addDays(today, 7))).toBe(1);
  });
});
