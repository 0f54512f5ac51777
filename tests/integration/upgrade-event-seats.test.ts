import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEvent } from "~/server/content/events.server";
import { listEventRegistrations } from "~/server/people/registrations.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before seats and waitlists (7 migrations) knew nothing of capacity, deadlines or a
// registration's status. Opened by this release, every event is open to all with no limit and
// every registration it kept holds a seat, exactly as before.

const REGISTRATION_COLUMNS = "id, event_id, event_title, name, email, mobile, message, created_at";

describe.each(databaseKinds)("upgrading events and registrations from the previous release on %s", (kind) => {
  let t: TestServices;
  let before: Record<string, unknown>[];
  let eventId: string;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [event] = await query<{ id: string }>(
          `insert into events (title, event_date, event_time, location_name, google_maps_url)
           values ('Harvest Supper', '2030-10-03', '18:30', 'Hall', 'https://maps.google.com/?q=hall') returning id`,
        );
        eventId = event!.id;
        await query(
          `insert into event_registrations (event_id, event_title, name, email, mobile, message)
           values ($1, 'Harvest Supper', 'Ana Cruz', 'ana@example.org', '3600 0001', 'Two of us'),
                  ($1, 'Harvest Supper', 'Ben Reyes', 'ben@example.org', '3600 0002', null),
                  (null, 'Gone Event', 'Cy Lim', 'cy@example.org', '3600 0003', null)`,
          [eventId],
        );
        before = await query(`select ${REGISTRATION_COLUMNS} from event_registrations order by email`);
      },
      7,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every registration as it was, each holding a seat", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${REGISTRATION_COLUMNS} from event_registrations order by email`)).toEqual(
      before,
    );
    expect(await db.query("select distinct status from event_registrations")).toEqual([
      { status: "confirmed" },
    ]);
    expect((await listEventRegistrations()).map((row) => row.status)).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
  });

  it("leaves every event open to all, with no limit and no deadline", async () => {
    expect(await getEvent(eventId)).toMatchObject({
      title: "Harvest Supper",
      capacity: null,
      registrationDeadline: null,
    });
  });
});
