import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEvent, listEventsForStaff } from "~/server/content/events.server";
import { updateEvent } from "~/server/content/event-edits.server";
import { getSermon, listSermonsPage } from "~/server/content/sermons.server";
import { prepareImage, storePreparedImage } from "~/server/platform/images.server";
import { portraitWithFaceJpeg } from "../helpers/pictures";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before pictures' focal points and sermons' video pictures (11 migrations): its
// events have a picture and no focal point, its sermons no picture. Opened by this release every
// row is as it was, events show their pictures centred as before, sermons their plain background,
// and an event saved again gets the focal point of the picture it already has.

const EVENT_COLUMNS =
  "id, title, event_date, event_time, location_name, google_maps_url, image_url, image_object_path, created_at";
const SERMON_COLUMNS = "id, sermon_date, title, speaker, youtube_id, created_at";

describe.each(databaseKinds)("upgrading to focal points and sermon pictures on %s", (kind) => {
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
          `insert into events (title, event_date, event_time, location_name, google_maps_url, image_url, image_object_path)
           values ('Choir Night', '2030-10-03', '18:30', 'Hall', 'https://maps.google.com/?q=hall',
             '/files/event-images/event-1700000000000-abcdef_1200x1600.jpg',
             'event-images/event-1700000000000-abcdef_1200x1600.jpg')
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
      11,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every event as it was, with no focal point (its picture is centred as before)", async () => {
    expect(await t.services.database.query(`select ${EVENT_COLUMNS} from events order by title`)).toEqual(
      events,
    );
    expect(await getEvent(eventId)).toMatchObject({ imageFocusX: null, imageFocusY: null });
    expect((await listEventsForStaff()).map((event) => event.title)).toEqual(["Choir Night"]);
  });

  it("keeps every sermon as it was, with no picture", async () => {
    expect(await t.services.database.query(`select ${SERMON_COLUMNS} from sermons order by title`)).toEqual(
      sermons,
    );
    expect(await getSermon(sermonId)).toMatchObject({ thumbnailUrl: null, thumbnailObjectPath: null });
    expect((await listSermonsPage(1)).rows.map((sermon) => sermon.thumbnailUrl)).toEqual([null]);
  });

  it("finds the focal point of an event's kept picture when it is saved again", async () => {
    // The picture the old release stored under the row's name.
    const prepared = await prepareImage(
      await portraitWithFaceJpeg(),
      "event-images/event-1700000000000-abcdef",
    );
    await storePreparedImage(t.services.storage, prepared, async () => {});
    const saved = await updateEvent(
      eventId,
      {
        title: "Choir Night",
        eventDate: "2030-10-03",
        eventTime: "18:30",
        eventEndTime: null,
        speaker: null,
        locationName: "Hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
        description: null,
        capacity: null,
        registrationDeadline: null,
      },
      null,
      "console",
      "http://localhost",
    );
    expect(saved!.imageObjectPath).toBe("event-images/event-1700000000000-abcdef_1200x1600.jpg");
    expect(saved!.imageFocusY).toBeLessThanOrEqual(28);
    expect(saved).toMatchObject({ imageFocusX: prepared.focus.x, imageFocusY: prepared.focus.y });
  });
});
