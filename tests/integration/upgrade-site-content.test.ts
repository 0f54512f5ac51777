import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_SECTIONS } from "~/schemas/site-sections";
import { defaultSiteContent, getSiteContent } from "~/server/site/site-content.server";
import { listRevisions } from "~/server/site/site-sections.server";
import { databaseOfPreviousRelease, type OldRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before 0003 kept the church's content in code and marked nothing as demo. Opened by
// this release, its database must show exactly the same site (the content written as version 1 of
// each section), keep every row, and know which rows its first start's demo seed wrote.

const SEEDED = "2026-01-05 10:00:00.123456+00";

/** The release before the website content and the messages (migrations 0000-0002). */
const RELEASE_BEFORE_SITE_CONTENT = 3;

async function fillAsThePreviousReleaseDid({ query }: OldRelease) {
  await query(`insert into settings (key, value) values ('demo_seeded_at', '"2026-01-05T10:00:00.000Z"')`);
  // The demo seed: one transaction, so one created_at for all its rows.
  await query(
    `insert into sermons (sermon_date, title, speaker, youtube_id, created_at) values
      ('2026-01-02', 'Demo One', 'Ptr. Demo', 'demoSermon1', $1), ('2025-12-26', 'Demo Two', 'Ptr. Demo', 'demoSermon2', $1)`,
    [SEEDED],
  );
  await query(
    `insert into events (title, event_date, event_time, location_name, google_maps_url, created_at) values
      ('Youth Worship Night', '2026-01-18', '19:00', 'Main hall', 'https://maps.example/1', $1)`,
    [SEEDED],
  );
  await query(
    `insert into documents (file_name, file_path, file_size, category, storage_object_path, created_at) values
      ('welcome.pdf', '1767225600001.pdf', 100, 'elibrary', '1767225600001.pdf', $1)`,
    [SEEDED],
  );
  // Messages: one of last week, one of last year, and a registration.
  await query(`insert into visitors (name, mobile, email, message, created_at) values
    ('Recent Visitor', '33000000', 'recent@example.org', 'Hello', now() - interval '7 days'),
    ('Old Visitor', '33000001', 'old@example.org', 'Hi', now() - interval '400 days')`);
  await query(`insert into ministry_registrations (ministry_slug, name, email, mobile) values
    ('yadah', 'Dina Lopez', 'dina@example.org', '33335555')`);
  // The church's own, added later.
  await query(`insert into sermons (sermon_date, title, speaker, youtube_id) values
    ('2026-02-06', 'Grace Upon Grace', 'Ptr. Samuel Reyes', 'dQw4w9WgXcQ')`);
  await query(`insert into events (title, event_date, event_time, location_name, google_maps_url) values
    ('Family Day', '2026-03-01', '10:00', 'Church Hall', 'https://maps.google.com/?q=church')`);
  await query(`insert into documents (file_name, file_path, file_size, category, storage_object_path) values
    ('bulletin.pdf', 'documents/1-bulletin.pdf', 1234, 'Bulletins', 'documents/1-bulletin.pdf')`);
}

const ORDER = { sermons: "title", events: "title", documents: "file_name" };

/** The content as plain data (its lookup functions set aside). */
const plain = (value: object) => JSON.parse(JSON.stringify(value)) as unknown;

describe.each(databaseKinds)("upgrading from the release before site content on %s", (kind) => {
  let t: TestServices;
  let before: Record<string, Record<string, unknown>[]>;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async (release) => {
        await fillAsThePreviousReleaseDid(release);
        before = {};
        for (const [table, order] of Object.entries(ORDER)) {
          before[table] = await release.query(`select * from ${table} order by ${order}`);
        }
      },
      RELEASE_BEFORE_SITE_CONTENT,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("shows the same site: every section holds the content the previous release showed", async () => {
    const content = await getSiteContent();
    expect(plain(content)).toEqual(plain(defaultSiteContent()));
    expect(content.church.phone).toBe("+973 XXXX XXXX");
    expect(content.ministries).toHaveLength(16);
    const sections = await t.services.database.query<{ key: string; version: number; updated_by: string }>(
      "select key, version, updated_by from site_sections order by key",
    );
    expect(sections.length).toBe(SITE_SECTIONS.length + 16);
    expect(sections.every((row) => row.version === 1 && row.updated_by === "Default content")).toBe(true);
    expect(await listRevisions("church")).toMatchObject([{ version: 1, savedBy: "Default content" }]);
  });

  it("puts every message into the inbox: last month's as new, older ones as handled", async () => {
    const items = await t.services.database.query<{ kind: string; status: string; name: string }>(
      `select i.kind, i.status, coalesce(v.name, m.name) as name from inbox_items i
       left join visitors v on i.kind = 'connect' and v.id = i.source_id
       left join ministry_registrations m on i.kind = 'ministry' and m.id = i.source_id
       order by name`,
    );
    expect(items).toEqual([
      { kind: "ministry", status: "new", name: "Dina Lopez" },
      { kind: "connect", status: "handled", name: "Old Visitor" },
      { kind: "connect", status: "new", name: "Recent Visitor" },
    ]);
  });

  it("keeps every sermon, event and document, and marks only the demo seed's as demo", async () => {
    for (const [table, order] of Object.entries(ORDER)) {
      const now = await t.services.database.query<Record<string, unknown>>(
        `select * from ${table} order by ${order}`,
      );
      const columns = Object.keys(before[table]![0]!);
      expect(
        now.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))),
        table,
      ).toEqual(before[table]);
    }
    const demo = await t.services.database.query<{ what: string }>(
      `select title as what from sermons where is_demo union all select title from events where is_demo
       union all select file_name from documents where is_demo order by what`,
    );
    expect(demo.map((row) => row.what)).toEqual([
      "Demo One",
      "Demo Two",
      "Youth Worship Night",
      "welcome.pdf",
    ]);
  });
});
