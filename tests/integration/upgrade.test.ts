import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as reportsLoader } from "~/routes/members/people/reports";
import { loader as reportsExportLoader } from "~/routes/members/people/report-csv";
import {
  ministryBreakdown,
  membersInMinistry,
  streamActiveMembers,
} from "~/server/people/member-reports.server";
import { getMemberProfile } from "~/server/people/members.server";
import { parseCsv } from "../helpers/csv";
import { databaseOfPreviousRelease, type OldRelease } from "../helpers/previous-release";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// An installed site upgrades by starting the new release on its database. This test builds the
// database the release before ministry slugs left (its first two migrations), with rows written as
// its code wrote them, opens it with the current code, and checks that nothing was lost and every
// screen and export reads the same. `upgrade-site-content.test.ts` starts from the previous release.
const RELEASE_BEFORE_SLUGS = 2;

// The ministries and roles exactly as the previous release stored them (names, not keys).
const ALL_MINISTRY_NAMES = [
  "ACTS Kids",
  "Amplify (Music)",
  "AMPM (Prayer Meeting)",
  "CIA (General Services)",
  "Cords (Couples)",
  "Finance",
  "Ignite (Media)",
  "IronMen (Men)",
  "MMK (Evangelism)",
  "Program",
  "Scribes",
  "SoundTech",
  "TEE",
  "The Gatekeepers",
  "Transport",
  "Yadah (Dance)",
];
const ALL_ROLE_NAMES = [
  "SG Leader",
  "Asst. SG Leader",
  ...ALL_MINISTRY_NAMES.map((name) => `${name.replace(/\s*\([^)]*\)\s*$/, "")} Head`),
];

interface OldMember {
  first: string;
  last: string;
  status: string;
  ministries: string[];
  roles: string[];
}

// Orders differ from the form's on purpose: a member's own order must survive.
const OLD_MEMBERS: OldMember[] = [
  {
    first: "Ana",
    last: "Cruz",
    status: "active",
    ministries: ["Amplify (Music)", "ACTS Kids"],
    roles: ["Amplify Head", "SG Leader"],
  },
  {
    first: "Joel",
    last: "Reyes",
    status: "inactive",
    ministries: ["Yadah (Dance)", "Finance"],
    roles: ["Asst. SG Leader", "Finance Head"],
  },
  {
    first: "Every",
    last: "Ministry",
    status: "active",
    ministries: [...ALL_MINISTRY_NAMES].reverse(),
    roles: [...ALL_ROLE_NAMES].reverse(),
  },
  // Values no release offered (typed into the database by hand) are kept as they are.
  {
    first: "Old",
    last: "Choir",
    status: "active",
    ministries: ["Choir", "Program"],
    roles: ["Choir Head", "Program Head"],
  },
  { first: "Mara", last: "Santos", status: "active", ministries: [], roles: [] },
];

// Every table the previous release wrote, with an order that names each row once.
const TABLES: Record<string, string> = {
  users: "email",
  accounts: "id",
  settings: "key",
  members: "email",
  visitors: "email",
  documents: "file_name",
  sermons: "title",
  ministry_videos: "title",
  ministry_images: "ministry_slug",
  events: "title",
  ministry_registrations: "email",
  event_registrations: "email",
};

async function fillAsThePreviousReleaseDid({ query, addAccount }: OldRelease) {
  await addAccount({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, name: "admin", role: "admin" });
  await addAccount({ email: "staff@test.local", password: "staff password 1", name: "Staff", role: "staff" });
  await query(`insert into settings (key, value) values
    ('demo_seeded_at', '"2026-01-05T10:00:00.000Z"'),
    ('registration_passcode', '{"hash": "scrypt$abc$def", "changedAt": "2026-02-01T00:00:00.000Z"}')`);
  for (const [index, m] of OLD_MEMBERS.entries()) {
    await query(
      `insert into members (first_name, middle_name, last_name, nickname, email, mobile, country_code,
         address_bh, birthday, gender, marital_status, spouse_name, wedding_anniversary, children,
         ministry_involvement, ministry_role, membership_status, bible_study_group, church_position, created_at)
       values ($1, 'M', $2, 'Nick', $3, $9, '+973', 'Manama', '1990-04-12', 'Female', 'Married',
         'Sam', '2012-06-30', $5, $6, $7, $8, 'Group 2', 'Deaconess', timestamptz '2026-01-01 10:00:00+00' + $4::int * interval '1 hour')`,
      [
        m.first,
        m.last,
        `${m.first.toLowerCase()}@example.org`,
        index,
        JSON.stringify([{ name: `${m.first} Jr`, birthday: "2016-02-29", gender: "Male" }]),
        m.ministries,
        m.roles,
        m.status,
        `3333444${index}`,
      ],
    );
  }
  await query(`insert into visitors (name, mobile, email, message) values
    ('Vera Visitor', '+973 3999 0000', 'vera@example.org', 'Hello, church!')`);
  await query(`insert into documents (file_name, file_path, file_size, category, storage_object_path) values
    ('bulletin.pdf', '/files/documents/1-bulletin.pdf', 1234, 'Bulletins', 'documents/1-bulletin.pdf')`);
  await query(`insert into sermons (sermon_date, title, speaker, youtube_id) values
    ('2026-01-02', 'Grace Upon Grace', 'Ptr. Samuel Reyes', 'dQw4w9WgXcQ')`);
  await query(`insert into ministry_videos (title, youtube_id, ministry_slug) values
    ('Kids Praise', 'dQw4w9WgXcQ', 'acts-kids')`);
  await query(`insert into ministry_images (ministry_slug, image_url, storage_object_path) values
    ('amplify', '/files/ministry-images/amplify-1.png', 'ministry-images/amplify-1.png')`);
  await query(`insert into events (title, event_date, event_time, location_name, google_maps_url) values
    ('Family Day', '2026-03-01', '10:00', 'Church Hall', 'https://maps.google.com/?q=church')`);
  await query(`insert into ministry_registrations (ministry_slug, name, email, mobile) values
    ('yadah', 'Dina Lopez', 'dina@example.org', '33335555')`);
  await query(`insert into event_registrations (event_id, event_title, name, email, mobile, message)
    select id, title, 'Guest One', 'guest@example.org', '33001122', 'See you' from events`);
}

async function snapshot(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    tables[table] = await query(`select * from ${table} order by ${order}`);
  }
  return tables;
}

/** The rows as they are now, with only the columns they had before (new columns are checked elsewhere). */
function oldColumns(now: Record<string, unknown>[], before: Record<string, unknown>[]) {
  const columns = Object.keys(before[0] ?? {});
  return now.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
}

describe.each(databaseKinds)("upgrading from the release before ministry slugs on %s", (kind) => {
  let t: TestServices;
  let before: Record<string, Record<string, unknown>[]>;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async (release) => {
        await fillAsThePreviousReleaseDid(release);
        before = await snapshot((text) => release.query(text));
      },
      RELEASE_BEFORE_SLUGS,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const after = () => snapshot((text) => t.services.database.query(text));

  it("keeps every row of every table", async () => {
    const now = await after();
    // Settings gain the website content's version; every setting there was stays as it was.
    const oldKeys = new Set(before.settings!.map((row) => row.key));
    expect(now.settings!.filter((row) => !oldKeys.has(row.key)).map((row) => row.key)).toEqual([
      "site_content_version",
    ]);
    now.settings = now.settings!.filter((row) => oldKeys.has(row.key));
    for (const table of Object.keys(TABLES)) {
      expect(now[table], table).toHaveLength(before[table]!.length);
      expect(now[table]!.length, table).toBeGreaterThan(0);
    }
    // The lists became slugs and keys (checked below); the Bible study group became a group (issue
    // 37, checked in upgrade-groups).
    const withoutLists = (rows: Record<string, unknown>[]) =>
      rows.map(
        ({
          ministry_involvement: _m,
          ministry_role: _r,
          bible_study_group: _b,
          salt_group_name: _s,
          ...row
        }) => row,
      );
    for (const table of Object.keys(TABLES)) {
      const kept = oldColumns(now[table]!, before[table]!);
      if (table === "members") expect(withoutLists(kept)).toEqual(withoutLists(before.members!));
      // Roles arrived later: every account that could do everything before stays an admin.
      else if (table === "users") {
        expect(kept.map(({ role: _role, ...row }) => row)).toEqual(
          before.users!.map(({ role: _role, ...row }) => row),
        );
        expect(kept.map((row) => row.role)).toEqual(kept.map(() => "admin"));
      } else expect(kept, table).toEqual(before[table]);
    }
  });

  it("stores ministries by slug and roles by key, in each member's order, unknown values as they were", async () => {
    const rows = await t.services.database.query<{
      first_name: string;
      ministry_involvement: string[];
      ministry_role: string[];
    }>("select first_name, ministry_involvement, ministry_role from members");
    const byName = new Map(rows.map((row) => [row.first_name, row]));
    expect(byName.get("Ana")).toMatchObject({
      ministry_involvement: ["amplify", "acts-kids"],
      ministry_role: ["head:amplify", "sg-leader"],
    });
    expect(byName.get("Joel")).toMatchObject({
      ministry_involvement: ["yadah", "finance"],
      ministry_role: ["asst-sg-leader", "head:finance"],
    });
    expect(byName.get("Old")).toMatchObject({
      ministry_involvement: ["Choir", "programs"],
      ministry_role: ["Choir Head", "head:programs"],
    });
    expect(byName.get("Every")!.ministry_involvement).toHaveLength(16);
    expect(byName.get("Every")!.ministry_involvement.every((slug) => /^[a-z-]+$/.test(slug))).toBe(true);
    expect(
      byName
        .get("Every")!
        .ministry_role.every((key) => /^(head:[a-z-]+|sg-leader|asst-sg-leader)$/.test(key)),
    ).toBe(true);
  });

  it("shows every member's ministries and roles by the same names as before", async () => {
    const ids = await t.services.database.query<{ id: string; email: string }>(
      "select id, email from members",
    );
    for (const member of OLD_MEMBERS) {
      const { id } = ids.find((row) => row.email === `${member.first.toLowerCase()}@example.org`)!;
      const profile = await getMemberProfile(id);
      expect(profile, member.first).toMatchObject({
        ministryNames: member.ministries,
        roleNames: member.roles,
      });
    }

    const active: { email: string; ministryNames: string[]; roleNames: string[] }[] = [];
    for await (const row of await streamActiveMembers()) active.push(row);
    for (const member of OLD_MEMBERS.filter((m) => m.status === "active")) {
      expect(active.find((row) => row.email === `${member.first.toLowerCase()}@example.org`)).toMatchObject({
        ministryNames: member.ministries,
        roleNames: member.roles,
      });
    }
  });

  it("counts and lists each ministry's members as before", async () => {
    const breakdown = await ministryBreakdown();
    for (const name of ALL_MINISTRY_NAMES) {
      const had = OLD_MEMBERS.filter((m) => m.ministries.includes(name))
        .map((m) => m.first)
        .sort();
      const row = breakdown.find((b) => b.name === name)!;
      expect(row.count, name).toBe(had.length);
      expect((await membersInMinistry(row.slug)).map((m) => m.firstName).sort(), name).toEqual(had);
    }
  });

  it("downloads the same CSV files, and signs in the accounts made before", async () => {
    const cookie = await signInCookie();
    await signInCookie("staff@test.local", "staff password 1");
    const download = async (report: string, query = "") => {
      const result = await callRoute(
        reportsExportLoader,
        new Request(`http://localhost/members/reports/export/${report}${query}`, { headers: { cookie } }),
        { params: { report } },
      );
      expect(result.status).toBe(200);
      return {
        name: result.response!.headers.get("content-disposition"),
        rows: parseCsv(await result.response!.text()),
      };
    };

    const active = await download("active_members");
    expect(active.rows.find((row) => row[0] === "Ana M Cruz")).toEqual([
      "Ana M Cruz",
      "ana@example.org",
      "+973 33334440",
      "Deaconess",
      "Amplify (Music), ACTS Kids",
      "Amplify Head, SG Leader",
      "active",
    ]);
    expect(active.rows.find((row) => row[0] === "Old M Choir")!.slice(4, 6)).toEqual([
      "Choir, Program",
      "Choir Head, Program Head",
    ]);

    // The link a person saved before the upgrade, and the one the reports page makes now.
    for (const query of ["?name=Amplify%20(Music)", "?slug=amplify"]) {
      const ministry = await download("ministry", query);
      expect(ministry.name).toContain('filename="Amplify (Music)_members.csv"');
      expect(ministry.rows.map((row) => [row[0], row[3]])).toEqual([
        ["Name", "Ministry Role"],
        ["Ana M Cruz", "Amplify Head, SG Leader"],
        ["Every M Ministry", [...ALL_ROLE_NAMES].reverse().join(", ")],
      ]);
    }

    const reports = await callRoute(
      reportsLoader,
      new Request("http://localhost/members/reports?ministry=Finance", { headers: { cookie } }),
    );
    expect(reports.data).toMatchObject({
      loadFailed: false,
      ministry: "Finance",
      ministryMembers: [
        { name: "Every M Ministry", roles: [...ALL_ROLE_NAMES].reverse().join(", ") },
        { name: "Joel M Reyes", roles: "Asst. SG Leader, Finance Head" },
      ],
    });
  });
});
