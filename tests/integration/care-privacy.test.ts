import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, users } from "../../database/schema";
import { saveRetentionSettings } from "~/server/privacy/retention-settings.server";
import { runRetention } from "~/server/privacy/retention.server";
import { RETENTION_DEFAULTS } from "~/schemas/retention";
import { loader as memberDataLoader } from "~/routes/members/privacy/member-data";
import { action as eraseAction } from "~/routes/members/privacy/member-erase";
import { loader as exportLoader } from "~/routes/members/privacy/member-export";
import {
  action as personEraseAction,
  loader as personEraseLoader,
} from "~/routes/members/privacy/person-erase";
import { loader as personExportLoader } from "~/routes/members/privacy/person-export";
import { loader as peopleLoader } from "~/routes/members/privacy/people";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Privacy for everything care keeps (issue 38): a person's export holds the follow-ups about them
// with their steps' notes, the visits and calls logged on their profile and their prayer requests
// (by their member record or their e-mail address, never by a mobile alone); a staff account's
// export holds a private text only when it may read it on the screens. Erasure removes all of it
// and the audit entries about it, checked by SQL. The daily retention job removes closed
// follow-ups and prayer requests past their time and keeps the rest.

const PASSWORD = "care privacy password 42";
const VISIT_NOTE = "Her husband lost his job (visit-secret-5521).";
const PRIVATE_PRAYER = "For my marriage (prayer-secret-9914).";
const TEAM_PRAYER = "For my mother's surgery on Friday.";

describe.each(databaseKinds)("care's personal data on %s", (kind) => {
  let t: TestServices;
  let admin = "";
  let staff = "";
  let pastor = "";
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const one = async <Row = { id: string }>(text: string, params: unknown[] = []) =>
    (await q<Row>(text, params))[0]!;
  const seeded = {
    ana: "",
    boris: "",
    anaFollowUp: "",
    anaEmailFollowUp: "",
    anaPrayer: "",
    anaEmailPrayer: "",
    mobileOnlyPrayer: "",
    borisPrayer: "",
    visitorFollowUp: "",
    visitorPrayer: "",
  };

  beforeAll(async () => {
    t = await startTestServices(kind, { BACKUP_HOUR: "off", RETENTION_HOUR: "off" });
    for (const role of ["staff", "pastor"] as const) {
      const { user } = await t.services.auth.api.createUser({
        body: { email: `${role}-care@test.local`, password: PASSWORD, name: role, role: "staff" },
      });
      await t.services.db.update(users).set({ role }).where(eq(users.id, user.id));
    }
    admin = await signInCookie();
    staff = await signInCookie("staff-care@test.local", PASSWORD);
    pastor = await signInCookie("pastor-care@test.local", PASSWORD);
  });
  afterAll(async () => {
    await t?.stop();
  });

  beforeEach(async () => {
    for (const table of ["members", "follow_ups", "prayer_requests", "settings where key like 'retention%'"])
      await q(`delete from ${table}`);
    await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.erasing', 'on', true)`);
      await tx.delete(auditLog);
    });
    seeded.ana = (
      await one(
        `insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cuidado', 'Ana.Cuidado@Example.org', '33221100') returning id`,
      )
    ).id;
    seeded.boris = (
      await one(
        `insert into members (first_name, last_name, email, mobile) values ('Boris', 'Otro', 'boris@example.org', '33998877') returning id`,
      )
    ).id;
    // Follow-ups about Ana: by her member record (with two steps and two notes), and by her
    // address only (before she was linked); one about someone else who shares her mobile.
    seeded.anaFollowUp = (
      await one(
        `insert into follow_ups (member_id, name, email, reason, source, due_on, status, created_by)
         values ($1, 'Ana Cuidado', 'ana.cuidado@example.org', 'New visitor', 'connect', current_date, 'open', 'x') returning id`,
        [seeded.ana],
      )
    ).id;
    await q(
      `insert into follow_up_steps (follow_up_id, position, title, due_on) values
       ($1, 1, 'Welcome call', current_date), ($1, 2, 'Invite to a group', current_date + 12)`,
      [seeded.anaFollowUp],
    );
    await q(
      `insert into follow_up_notes (follow_up_id, body, author) values
       ($1, 'Called: she will come on Friday', 'staff-care@test.local'),
       ($1, 'Met her at the door', 'pastor-care@test.local')`,
      [seeded.anaFollowUp],
    );
    seeded.anaEmailFollowUp = (
      await one(
        `insert into follow_ups (name, email, reason, source, due_on, status, created_by, closed_at)
         values ('Ana C', ' ANA.cuidado@example.org ', 'Asked to join Group 2', 'ask-to-join', current_date, 'done', 'x', now()) returning id`,
      )
    ).id;
    await q(
      `insert into follow_ups (name, email, mobile, reason, due_on, created_by)
       values ('Ana Other', 'someone.else@example.org', '33221100', 'New visitor', current_date, 'x')`,
    );
    // Visits and calls to Ana (one with a private note), and one to Boris.
    await q(
      `insert into pastoral_visits (member_id, visited_on, kind, visited_by, private_note, created_by) values
       ($1, current_date - 10, 'hospital', 'Ptr. Rey', $3, 'pastor-care@test.local'),
       ($1, current_date - 2, 'call', 'Ate Joy', '', 'staff-care@test.local'),
       ($2, current_date - 2, 'visit', 'Ptr. Rey', 'Boris is well', 'pastor-care@test.local')`,
      [seeded.ana, seeded.boris, VISIT_NOTE],
    );
    // Prayer requests: Ana's private one by her record, a team one by her address, one by her
    // mobile only (not hers: a shared mobile is not the same person), and Boris's.
    const prayer = (values: string, params: unknown[]) =>
      one(
        `insert into prayer_requests (member_id, name, email, mobile, request, visibility, expires_on, created_at)
         values ${values} returning id`,
        params,
      );
    seeded.anaPrayer = (
      await prayer(`($1, 'Ana', '', '', $2, 'private', current_date + 30, now() - interval '3 days')`, [
        seeded.ana,
        PRIVATE_PRAYER,
      ])
    ).id;
    seeded.anaEmailPrayer = (
      await prayer(
        `(null, 'Ana', 'ana.CUIDADO@example.org', '', $1, 'team', current_date + 30, now() - interval '2 days')`,
        [TEAM_PRAYER],
      )
    ).id;
    seeded.mobileOnlyPrayer = (
      await prayer(`(null, 'Ana', '', '33221100', 'For rain', 'shared', current_date + 30, now())`, [])
    ).id;
    seeded.borisPrayer = (
      await prayer(`($1, 'Boris', '', '', 'For work', 'team', current_date + 30, now())`, [seeded.boris])
    ).id;
    // Audit entries about care's rows: one whose subject is her follow-up, one that names her
    // prayer request in its details, and one about Boris's request.
    await q(
      `insert into audit_log (actor_label, action, subject_type, subject_id, subject_label, details) values
       ('x', 'follow-up.note-added', 'follow-up', $1, 'New visitor', '{}'),
       ('x', 'prayer.answered', 'prayer-request', null, 'A prayer request', $2),
       ('x', 'prayer.answered', 'prayer-request', $3, 'A prayer request', '{}')`,
      [seeded.anaFollowUp, JSON.stringify({ prayerRequest: seeded.anaEmailPrayer }), seeded.borisPrayer],
    );
  });

  const get = (loader: unknown, url: string, cookie: string, params: Record<string, string> = {}) =>
    callRoute(loader, new Request(`http://localhost${url}`, { headers: { cookie } }), { params });
  const exported = async (cookie: string) => {
    const file = await get(exportLoader, `/members/profile/${seeded.ana}/export?format=json`, cookie, {
      id: seeded.ana,
    });
    expect(file.status).toBe(200);
    return JSON.parse(await file.response!.text());
  };

  it("exports a member's follow-ups with their notes, visits and prayer requests, never one by her mobile alone", async () => {
    const data = await exported(admin);
    expect(data.followUps.map((row: { id: string }) => row.id).sort()).toEqual(
      [seeded.anaFollowUp, seeded.anaEmailFollowUp].sort(),
    );
    expect(data.followUpNotes.map((row: { body: string }) => row.body).sort()).toEqual([
      "Called: she will come on Friday",
      "Met her at the door",
    ]);
    expect(data.pastoralVisits).toMatchObject([
      { kind: "hospital", visitedBy: "Ptr. Rey", privateNote: VISIT_NOTE },
      { kind: "call", visitedBy: "Ate Joy", privateNote: "" },
    ]);
    expect(data.prayerRequests).toMatchObject([
      { id: seeded.anaPrayer, request: PRIVATE_PRAYER, visibility: "private" },
      { id: seeded.anaEmailPrayer, request: TEAM_PRAYER, visibility: "team" },
    ]);
    expect(JSON.stringify(data)).not.toContain("For rain");
    expect(JSON.stringify(data)).not.toContain("Boris is well");
    // The audit entries about her follow-up and her prayer request are hers too; Boris's are not.
    expect(data.auditEntries.map((row: { action: string }) => row.action).sort()).toEqual([
      "follow-up.note-added",
      "prayer.answered",
    ]);
    expect(data.counts).toMatchObject({
      followUps: 2,
      followUpNotes: 2,
      pastoralVisits: 2,
      prayerRequests: 2,
    });

    // The screen before the download counts them, and the readable file has their sections.
    const screen = await get(memberDataLoader, `/members/profile/${seeded.ana}/data`, admin, {
      id: seeded.ana,
    });
    expect((screen.data as { holds: { text: string }[] }).holds.map((line) => line.text)).toEqual(
      expect.arrayContaining([
        "2 follow-ups about them",
        "2 notes on follow-ups",
        "2 pastoral visits and calls",
        "2 prayer requests",
      ]),
    );
    const page = await get(exportLoader, `/members/profile/${seeded.ana}/export`, admin, { id: seeded.ana });
    const html = await page.response!.text();
    for (const heading of ["Follow-ups about them", "Pastoral visits and calls", "Prayer requests"])
      expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain("visit-secret-5521");
  });

  it("holds a private text in a staff export only when the account may read it on the screens", async () => {
    const byStaff = await exported(staff);
    expect(byStaff.pastoralVisits[0]).toMatchObject({
      kind: "hospital",
      privateNote: "Withheld: only a pastor's export holds it.",
    });
    // A visit without a note stays as it is.
    expect(byStaff.pastoralVisits[1]).toMatchObject({ kind: "call", privateNote: "" });
    expect(byStaff.prayerRequests).toMatchObject([
      { visibility: "private", request: "Withheld: only a pastor's export holds it." },
      { visibility: "team", request: "Withheld: only the prayer team's and pastors' exports hold it." },
    ]);
    const staffText = JSON.stringify(byStaff);
    for (const secret of ["visit-secret-5521", "prayer-secret-9914", TEAM_PRAYER])
      expect(staffText).not.toContain(secret);
    // Follow-ups and their notes are care's, which staff read.
    expect(byStaff.followUpNotes).toHaveLength(2);

    const byPastor = await exported(pastor);
    expect(byPastor.pastoralVisits[0]).toMatchObject({ privateNote: VISIT_NOTE });
    expect(byPastor.prayerRequests.map((row: { request: string }) => row.request)).toEqual([
      PRIVATE_PRAYER,
      TEAM_PRAYER,
    ]);
  });

  it("erases a member's follow-ups with their steps and notes, visits, prayer requests and the audit entries about them", async () => {
    const erased = await callRoute(
      eraseAction,
      formRequest(`/members/profile/${seeded.ana}/erase`, { confirmName: "Ana Cuidado" }, { cookie: admin }),
      { params: { id: seeded.ana } },
    );
    expect(erased.status).toBe(302);
    const left = async (text: string, params: unknown[]) =>
      (await q<{ n: number }>(`select count(*)::int as n from ${text}`, params))[0]!.n;
    const followUpIds = [seeded.anaFollowUp, seeded.anaEmailFollowUp];
    expect(
      await left(`follow_ups where member_id = $1 or lower(trim(email)) = 'ana.cuidado@example.org'`, [
        seeded.ana,
      ]),
    ).toBe(0);
    expect(await left(`follow_up_steps where follow_up_id = any($1::uuid[])`, [followUpIds])).toBe(0);
    expect(await left(`follow_up_notes where follow_up_id = any($1::uuid[])`, [followUpIds])).toBe(0);
    expect(await left(`pastoral_visits where member_id = $1`, [seeded.ana])).toBe(0);
    expect(
      await left(`prayer_requests where member_id = $1 or lower(trim(email)) = 'ana.cuidado@example.org'`, [
        seeded.ana,
      ]),
    ).toBe(0);
    expect(
      await left(
        `audit_log where subject_id = any($1::text[]) or details ->> 'prayerRequest' = any($1::text[])`,
        [[...followUpIds, seeded.anaPrayer, seeded.anaEmailPrayer]],
      ),
    ).toBe(0);
    // The one entry left says how much went, without her name.
    expect(
      await q(
        `select details -> 'removed' ->> 'pastoralVisits' as visits, details -> 'removed' ->> 'prayerRequests' as prayers
         from audit_log where action = 'member.erased'`,
      ),
    ).toEqual([{ visits: "2", prayers: "2" }]);
    // What is not hers stays: the request by her mobile only, the other person's follow-up, Boris's rows.
    expect((await q<{ id: string }>(`select id from prayer_requests`)).map((row) => row.id).sort()).toEqual(
      [seeded.mobileOnlyPrayer, seeded.borisPrayer].sort(),
    );
    expect(await q(`select name from follow_ups`)).toEqual([{ name: "Ana Other" }]);
    expect(await q(`select visited_by from pastoral_visits where member_id = $1`, [seeded.boris])).toEqual([
      { visited_by: "Ptr. Rey" },
    ]);
    expect(await left(`audit_log where subject_id = $1`, [seeded.borisPrayer])).toBe(1);
  });

  it("finds, exports and erases someone known only by a follow-up or a prayer request, by their address", async () => {
    seeded.visitorFollowUp = (
      await one(
        `insert into follow_ups (name, email, reason, source, due_on, created_by)
         values ('Vera Santos', 'vera.santos@example.net', 'New visitor', 'check-in', current_date, 'x') returning id`,
      )
    ).id;
    seeded.visitorPrayer = (
      await one(
        `insert into prayer_requests (name, email, request, visibility, expires_on)
         values ('Vera', 'Vera.Santos@example.net', 'For my visa', 'private', current_date + 30) returning id`,
      )
    ).id;
    // Data requests finds her by her address, though she is known only to care.
    const found = await get(peopleLoader, "/members/privacy/people?q=vera.santos%40example.net", admin);
    expect(found.data).toMatchObject({
      search: {
        state: "found",
        members: [],
        addresses: [
          {
            email: "vera.santos@example.net",
            names: "Vera Santos, Vera",
            summary: "1 follow-up about them, 1 prayer request",
          },
        ],
      },
    });
    const address = "vera.santos%40example.net";
    const file = await get(
      personExportLoader,
      `/members/privacy/people/export?email=${address}&format=json`,
      pastor,
    );
    expect(file.status).toBe(200);
    const data = JSON.parse(await file.response!.text());
    expect(data.followUps).toMatchObject([{ reason: "New visitor" }]);
    expect(data.prayerRequests).toMatchObject([{ request: "For my visa" }]);

    const eraseUrl = `/members/privacy/people/erase?email=${address}`;
    const screen = (await get(personEraseLoader, eraseUrl, admin)).data as { removals: { text: string }[] };
    expect(screen.removals.map((line) => line.text)).toEqual(
      expect.arrayContaining(["1 follow-up about them", "1 prayer request"]),
    );
    const erased = await callRoute(
      personEraseAction,
      formRequest(eraseUrl, { confirmName: "vera.santos@example.net" }, { cookie: admin }),
    );
    expect(erased.status).toBe(302);
    expect(await q(`select id from follow_ups where id = $1`, [seeded.visitorFollowUp])).toEqual([]);
    expect(await q(`select id from prayer_requests where id = $1`, [seeded.visitorPrayer])).toEqual([]);
    // Nothing is left under that address.
    expect(
      (await get(personExportLoader, `/members/privacy/people/export?email=${address}`, pastor)).status,
    ).toBe(404);
  });

  it("removes closed follow-ups and prayer requests past their time, and keeps the rest", async () => {
    await q("delete from follow_ups");
    await q("delete from prayer_requests");
    /** A moment in Bahrain time (UTC+3). */
    const at = (day: string, time = "12:00") => `${day}T${time}:00+03:00`;
    const now = new Date(at("2026-11-21", "10:00"));
    // 24 months (closed follow-ups) before 21 Nov 2026 is 21 Nov 2024; 6 months (prayer) is 21 May 2026.
    const followUp = (
      reason: string,
      status: string,
      closedAt: string | null,
      updatedAt = at("2026-01-01"),
    ) =>
      one(
        `insert into follow_ups (name, reason, due_on, status, created_by, created_at, updated_at, closed_at)
         values ('Someone', $1, '2020-01-01', $2, 'x', '2020-01-01T00:00:00Z', $3, $4) returning id`,
        [reason, status, updatedAt, closedAt],
      );
    const doneLongAgo = await followUp("Done long ago", "done", at("2024-11-20", "23:59"));
    await q(
      `insert into follow_up_steps (follow_up_id, position, title, due_on) values ($1, 1, 'Call', '2020-01-02')`,
      [doneLongAgo.id],
    );
    await q(`insert into follow_up_notes (follow_up_id, body, author) values ($1, 'Called', 'x')`, [
      doneLongAgo.id,
    ]);
    await followUp("No response long ago", "no-response", at("2024-06-01"));
    // Closed before closed_at was kept: its last change counts.
    await followUp("Done, no closing day", "done", null, at("2024-01-01"));
    await followUp("Done just inside", "done", at("2024-11-21", "00:01"));
    // Open and waiting ones stay, however old.
    await followUp("Open for years", "open", null, at("2020-01-01"));
    await followUp("Waiting for years", "waiting", null, at("2020-01-01"));

    const prayer = (request: string, expiresOn: string, answeredAt: string | null) =>
      q(
        `insert into prayer_requests (name, request, visibility, expires_on, answered_at, created_at)
         values ('Someone', $1, 'team', $2, $3, '2024-01-01T00:00:00Z')`,
        [request, expiresOn, answeredAt],
      );
    await prayer("Expired long ago", "2026-05-20", null);
    await prayer("Expired just inside", "2026-05-21", null);
    await prayer("Answered long ago, would expire later", "2027-01-01", at("2026-05-20", "23:59"));
    await prayer("Expired in January", "2026-01-01", null);
    await prayer("Answered recently", "2027-01-01", at("2026-11-01"));
    await prayer("Still running", "2027-01-01", null);

    const run = await runRetention(now);
    expect(run.removed).toMatchObject({ closedFollowUps: 3, prayerRequests: 3 });
    const reasons = async () =>
      (await q<{ reason: string }>(`select reason from follow_ups`)).map((r) => r.reason).sort();
    const requests = async () =>
      (await q<{ request: string }>(`select request from prayer_requests`)).map((r) => r.request).sort();
    expect(await reasons()).toEqual(["Done just inside", "Open for years", "Waiting for years"]);
    expect(await requests()).toEqual(["Answered recently", "Expired just inside", "Still running"]);
    // The steps and notes of a removed follow-up went with it.
    expect(await q(`select id from follow_up_steps where follow_up_id = $1`, [doneLongAgo.id])).toEqual([]);
    expect(await q(`select id from follow_up_notes where follow_up_id = $1`, [doneLongAgo.id])).toEqual([]);
    // The counts are in the audit entry and the screen's last run.
    expect(
      await q(
        `select details ->> 'closedFollowUps' as follow_ups, details ->> 'prayerRequests' as prayers
         from audit_log where action = 'retention.ran'`,
      ),
    ).toEqual([{ follow_ups: "3", prayers: "3" }]);

    // The periods an administrator saves: a month for prayer requests, twelve for follow-ups.
    const [office] = await q<{ id: string; email: string }>(
      `select id, email from users where email = 'admin@test.local'`,
    );
    await saveRetentionSettings({ ...RETENTION_DEFAULTS, closedFollowUpMonths: 12, prayerRequestMonths: 1 }, {
      ...office!,
    } as never);
    const again = await runRetention(now);
    expect(again.removed).toMatchObject({ closedFollowUps: 1, prayerRequests: 1 });
    expect(await reasons()).toEqual(["Open for years", "Waiting for years"]);
    expect(await requests()).toEqual(["Answered recently", "Still running"]);
  });
});
