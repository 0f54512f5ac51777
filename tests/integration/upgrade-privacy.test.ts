import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before consents and members' own updates (9 migrations). Opened by this release,
// every member, registration and audit entry is still there as it was; no consent is invented
// for anyone (none was asked for), registrations have not agreed to e-mails, and the audit log
// is still append-only outside an erasure.

const MEMBER_COLUMNS = "id, first_name, last_name, email, mobile, children, created_at";
const REGISTRATION_COLUMNS = "id, name, email, mobile, created_at";

describe.each(databaseKinds)("upgrading to consents and member updates on %s", (kind) => {
  let t: TestServices;
  let members: Record<string, unknown>[];
  let ministryRegistrations: Record<string, unknown>[];
  let eventRegistrations: Record<string, unknown>[];
  let audit: Record<string, unknown>[];

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        await query(
          `insert into members (first_name, last_name, email, mobile, children)
           values ('Ana', 'Santos', 'ana@example.org', '33112233', '[{"name":"Mia","birthday":"2016-05-01","gender":"Female"}]'),
                  ('Ben', 'Reyes', 'ben@example.org', '33445566', '[]')`,
        );
        await query(
          `insert into ministry_registrations (ministry_slug, name, email, mobile)
           values ('acts-kids', 'Ana Santos', 'ana@example.org', '33112233')`,
        );
        await query(
          `insert into events (title, event_date, event_time, location_name, google_maps_url)
           values ('Harvest Supper', '2030-10-03', '18:30', 'Hall', 'https://maps.google.com/?q=hall')`,
        );
        await query(
          `insert into event_registrations (event_id, event_title, name, email, mobile)
           select id, title, 'Ben Reyes', 'ben@example.org', '33445566' from events`,
        );
        await query(
          `insert into audit_log (actor_label, action, subject_type, subject_label)
           values ('console', 'member.updated', 'member', 'Ana Santos')`,
        );
        members = await query(`select ${MEMBER_COLUMNS} from members order by first_name`);
        ministryRegistrations = await query(`select ${REGISTRATION_COLUMNS} from ministry_registrations`);
        eventRegistrations = await query(`select ${REGISTRATION_COLUMNS} from event_registrations`);
        audit = await query("select * from audit_log order by at");
      },
      9,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every member, registration and audit entry, and records no consent nobody gave", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${MEMBER_COLUMNS} from members order by first_name`)).toEqual(members);
    expect(await db.query(`select ${REGISTRATION_COLUMNS} from ministry_registrations`)).toEqual(
      ministryRegistrations,
    );
    expect(await db.query(`select ${REGISTRATION_COLUMNS} from event_registrations`)).toEqual(
      eventRegistrations,
    );
    // (Opening the upgraded site adds its own entries, such as the first administrator's.)
    expect(
      await db.query("select * from audit_log where id = any($1::uuid[]) order by at", [
        audit.map((entry) => entry.id),
      ]),
    ).toEqual(audit);
    expect(await db.query("select * from consents")).toEqual([]);
    expect(await db.query("select email_consent from ministry_registrations")).toEqual([
      { email_consent: false },
    ]);
    expect(await db.query("select email_consent from event_registrations")).toEqual([
      { email_consent: false },
    ]);
  });

  it("still refuses to change or remove an audit entry outside an erasure", async () => {
    const db = t.services.database;
    await expect(db.query("delete from audit_log")).rejects.toThrow(/append-only/);
    await expect(db.query("update audit_log set actor_label = 'x'")).rejects.toThrow(/append-only/);
    expect(
      await db.query("select actor_label from audit_log where id = any($1::uuid[])", [
        audit.map((entry) => entry.id),
      ]),
    ).toEqual([{ actor_label: "console" }]);
  });
});
