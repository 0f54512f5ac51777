import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireOverdueEmails } from "~/server/messages/outbox.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before outbox expiry (10 migrations), on a site where e-mail was never set up: its
// outbox holds e-mails that waited for weeks. Opened by this release, every e-mail is still there
// as it was, and each kind that stops making sense gets the end it would have been given when
// queued: an invitation 72 hours, a reset link 1 hour, an update link 7 days, an event's
// confirmation the event's end. Sent e-mails and e-mails without an end are left alone.

const COLUMNS = "id, kind, to_address, subject, text_body, html_body, status, attempts, created_at";

describe.each(databaseKinds)("upgrading to outbox expiry on %s", (kind) => {
  let t: TestServices;
  let before: Record<string, unknown>[];
  let eventId: string;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [event] = await query<{ id: string }>(
          `insert into events (title, event_date, event_time, event_end_time, location_name, google_maps_url)
           values ('Harvest Supper', '2030-10-03', '18:30', '21:00', 'Hall', 'https://maps.google.com/?q=hall')
           returning id`,
        );
        eventId = event!.id;
        const email = (kind: string, to: string, subject: string, body: string, status = "pending") =>
          query(
            `insert into outbox_emails (kind, to_address, subject, text_body, html_body, status, created_at)
             values ($1, $2, $3, $4, $4, $5, '2030-09-01T08:00:00Z')`,
            [kind, to, subject, body, status],
          );
        await email("account.invitation", "new@example.org", "Your account", "Choose your password");
        await email("account.password-reset", "old@example.org", "Reset your password", "Choose a new one");
        await email("member.update-link", "ana@example.org", "Update your details", "Use the link");
        await email(
          "confirmation.event",
          "ben@example.org",
          "You are registered",
          `Cancel my registration: https://church.example.org/events/${eventId}/cancel?r=x&s=y`,
        );
        await email("confirmation.connect", "carla@example.org", "We received your message", "Thanks");
        await email("account.invitation", "done@example.org", "Your account", "Sent long ago", "sent");
        before = await query(`select ${COLUMNS} from outbox_emails order by to_address`);
      },
      10,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every waiting e-mail and gives each kind that runs out its end", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${COLUMNS} from outbox_emails order by to_address`)).toEqual(before);
    const ends = await db.query<{ to_address: string; expires_at: Date | null }>(
      "select to_address, expires_at from outbox_emails order by to_address",
    );
    const end = (to: string) => ends.find((row) => row.to_address === to)!.expires_at?.toISOString() ?? null;
    expect(end("new@example.org")).toBe("2030-09-04T08:00:00.000Z");
    expect(end("old@example.org")).toBe("2030-09-01T09:00:00.000Z");
    expect(end("ana@example.org")).toBe("2030-09-08T08:00:00.000Z");
    // 21:00 in Bahrain (UTC+3).
    expect(end("ben@example.org")).toBe("2030-10-03T18:00:00.000Z");
    expect(end("carla@example.org")).toBeNull();
    expect(end("done@example.org")).toBeNull();
  });

  it("expires them once their time is past, and only them", async () => {
    expect(await expireOverdueEmails(new Date("2030-09-05T00:00:00Z"))).toBe(2);
    expect(
      await t.services.database.query("select to_address, status from outbox_emails order by to_address"),
    ).toEqual([
      { to_address: "ana@example.org", status: "pending" },
      { to_address: "ben@example.org", status: "pending" },
      { to_address: "carla@example.org", status: "pending" },
      { to_address: "done@example.org", status: "sent" },
      { to_address: "new@example.org", status: "expired" },
      { to_address: "old@example.org", status: "expired" },
    ]);
  });
});
