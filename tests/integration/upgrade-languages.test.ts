import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInChurchZone } from "~/lib/dates";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before two languages (22 migrations: care and follow-up was its last) kept no
// language with what people sent, and no Filipino texts of events and sermons. This release
// (migration 0022, issue 39) keeps every row as it was, each person's language 'en' (everything
// before it was sent from English pages) and no Filipino text: an upgraded site shows and sends
// exactly what it did, and Filipino registrations sit beside the old ones.

/** The tables that gained a column, and the columns they gained. */
const ADDED: Record<string, string[]> = {
  members: ["language"],
  ministry_registrations: ["language"],
  event_registrations: ["language"],
  visitors: ["language"],
  group_join_requests: ["language"],
  prayer_requests: ["language"],
  events: ["title_fil", "description_fil"],
  sermons: ["title_fil", "description_fil"],
};

const without = (row: Record<string, unknown>, columns: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));

describe.each(databaseKinds)("upgrading to two languages on %s", (kind) => {
  let t: TestServices;
  const before: Record<string, Record<string, unknown>[]> = {};
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<T>(text, params);

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        await query(
          `insert into members (first_name, last_name, email, mobile)
           values ('Ana', 'Santos', 'ana@example.org', '33112233'), ('Ben', 'Reyes', 'ben@example.org', '33445566')`,
        );
        await query(
          `insert into ministry_registrations (ministry_slug, name, email, mobile, email_consent)
           values ('acts-kids', 'Ana Santos', 'ana@example.org', '33112233', true)`,
        );
        await query(
          `insert into events (title, description, event_date, event_time, location_name, google_maps_url, capacity)
           values ('Harvest Supper', 'Bring a dish to share.', $1, '18:30', 'Hall', 'https://maps.google.com/?q=hall', 1)`,
          [todayInChurchZone().replace(/^\d{4}/, (year) => String(Number(year) + 1))],
        );
        await query(
          `insert into event_registrations (event_id, event_title, name, email, mobile, status)
           select id, title, 'Ben Reyes', 'ben@example.org', '33445566', 'confirmed' from events`,
        );
        await query(
          `insert into event_registrations (event_id, event_title, name, email, mobile, status)
           select id, title, 'Cara Lim', 'cara@example.org', '33778899', 'waitlisted' from events`,
        );
        await query(
          `insert into sermons (sermon_date, title, speaker, youtube_id, description)
           values ('2026-10-04', 'Grace Upon Grace', 'Ptr. Joel', 'dQw4w9WgXcQ', 'John 1:16')`,
        );
        await query(
          `insert into visitors (name, mobile, email, message) values ('Dina Cruz', '33001122', 'dina@example.net', 'Hello!')`,
        );
        await query(
          `with g as (insert into groups (name, kind, is_open) values ('Group 2', 'bible-study', true) returning id)
           insert into group_join_requests (group_id, group_name, name, email) select id, 'Group 2', 'Eli Tan', 'eli@example.net' from g`,
        );
        await query(
          `insert into prayer_requests (name, request, visibility, expires_on) values ('Fe', 'For my mother', 'team', '2030-01-01')`,
        );
        for (const table of Object.keys(ADDED)) {
          before[table] = await query(`select * from ${table} order by created_at, id`);
        }
      },
      22,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every row as it was, each person's language English and no Filipino text", async () => {
    for (const [table, columns] of Object.entries(ADDED)) {
      const after = await q(`select * from ${table} order by created_at, id`);
      expect(before[table]!.length, `${table} had rows`).toBeGreaterThan(0);
      expect({ table, rows: after.map((row) => without(row, columns)) }).toEqual({
        table,
        rows: before[table],
      });
      for (const row of after) {
        if (columns.includes("language"))
          expect({ table, language: row.language }).toEqual({ table, language: "en" });
        else
          expect({ table, fil: [row.title_fil, row.description_fil] }).toEqual({ table, fil: [null, null] });
      }
    }
  });

  it("writes to a registrant from before in English, and keeps a Filipino one's language beside them", async () => {
    const { cancelRegistration } = await import("~/server/people/event-seats.server");
    const { registerForEvent } = await import("~/server/people/event-seats.server");
    const [ben] = await q<{ id: string; event_id: string }>(
      "select id, event_id from event_registrations where email = 'ben@example.org'",
    );
    // Ben cancels: Cara, who waited from before the upgrade, is told in English.
    expect(await cancelRegistration(ben!.id, "https://church.example.org")).toMatchObject({ ok: true });
    const [told] = await q<{ subject: string; html_body: string }>(
      "select subject, html_body from outbox_emails where to_address = 'cara@example.org'",
    );
    expect(told!.subject).toBe("A seat is yours: Harvest Supper");
    expect(told!.html_body).toContain('<html lang="en">');

    await registerForEvent(
      ben!.event_id,
      { name: "Gina Ramos", email: "gina@example.ph", mobile: "33990011", message: null, language: "fil" },
      todayInChurchZone(),
      "https://church.example.org",
    );
    expect(await q("select email, language from event_registrations order by email")).toEqual([
      { email: "ben@example.org", language: "en" },
      { email: "cara@example.org", language: "en" },
      { email: "gina@example.ph", language: "fil" },
    ]);
  });
});
