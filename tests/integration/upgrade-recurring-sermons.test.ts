import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEvent, listUpcomingEventsPage } from "~/server/content/events.server";
import { getSermon } from "~/server/content/sermons.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before repeating events and sermon details (8 migrations): its events are one-off
// events and its sermons have a date, title, speaker and video only. Opened by this release,
// every row is still there exactly as it was, and the new fields are empty.

const EVENT_COLUMNS =
  "id, title, event_date, event_time, event_end_time, speaker, location_name, google_maps_url, description, capacity, registration_deadline, is_demo, created_at";
const SERMON_COLUMNS = "id, sermon_date, title, speaker, youtube_id, is_demo, created_at";

describe.each(databaseKinds)("upgrading events and sermons from the previous release on %s", (kind) => {
  let t: TestServices;
  let events: Record<string, unknown>[];
  let sermons: Record<string, unknown>[];
  let eventId: string;
  let sermonId: string;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [event] = await query<{ id: string }>(
          `insert into events (title, event_date, event_time, location_name, google_maps_url, capacity)
           values ('Harvest Supper', '2030-10-03', '18:30', 'Hall', 'https://maps.google.com/?q=hall', 40),
                  ('Prayer Morning', '2030-10-10', '06:00', 'Chapel', 'https://maps.google.com/?q=chapel', null)
           returning id`,
        );
        eventId = event!.id;
        const [sermon] = await query<{ id: string }>(
          `insert into sermons (sermon_date, title, speaker, youtube_id)
           values ('2026-11-01', 'Grace Upon Grace', 'Pastor John', 'dQw4w9WgXcQ') returning id`,
        );
        sermonId = sermon!.id;
        events = await query(`select ${EVENT_COLUMNS} from events order by title`);
        sermons = await query(`select ${SERMON_COLUMNS} from sermons order by title`);
      },
      8,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every event, each a one-off shown in the list as before", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${EVENT_COLUMNS} from events order by title`)).toEqual(events);
    expect(await getEvent(eventId)).toMatchObject({
      title: "Harvest Supper",
      seriesId: null,
      occurrenceDate: null,
      isSeriesException: false,
      repeatFrequency: null,
    });
    const { rows } = await listUpcomingEventsPage("2030-01-01", 1);
    expect(rows.map((row) => row.title)).toEqual(["Harvest Supper", "Prayer Morning"]);
  });

  it("keeps every sermon, with no series, passage, notes or recording", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${SERMON_COLUMNS} from sermons order by title`)).toEqual(sermons);
    expect(await getSermon(sermonId)).toMatchObject({
      title: "Grace Upon Grace",
      seriesId: null,
      passage: null,
      description: null,
      notesDocumentId: null,
      audioObjectPath: null,
    });
  });
});
