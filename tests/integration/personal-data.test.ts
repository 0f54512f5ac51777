import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../../database/schema";
import { action as connectAction } from "~/routes/connect";
import { action as messageAction } from "~/routes/members/messages/inbox-message";
import { action as formsAction, loader as formsLoader } from "~/routes/members/people/new-member";
import { loader as memberDataLoader } from "~/routes/members/privacy/member-data";
import { loader as exportLoader } from "~/routes/members/privacy/member-export";
import { loader as peopleLoader } from "~/routes/members/privacy/people";
import {
  action as personEraseAction,
  loader as personEraseLoader,
} from "~/routes/members/privacy/person-erase";
import { loader as personExportLoader } from "~/routes/members/privacy/person-export";
import { action as askAction } from "~/routes/own-details/ask-for-link";
import { loader as myDataLoader } from "~/routes/own-details/my-data";
import { setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import { action as eraseAction, loader as eraseLoader } from "~/routes/members/privacy/member-erase";
import { loader as profileLoader } from "~/routes/members/people/member-profile";
import { loader as reportCsvLoader } from "~/routes/members/people/report-csv";
import { loader as registrationCsvLoader } from "~/routes/members/people/registration-csv";
import { deleteMember, listMembers } from "~/server/people/members.server";
import { eraseSummary } from "~/server/people/person-erasure.server";
import { readLink } from "~/server/platform/signed-links.server";
import { issueAnswerLink, issuePageLink, renewCalendarLink } from "~/server/rosters/roster-links.server";
import { LEADER_LINK_PURPOSE } from "~/server/groups/leader-links.server";
import { issueLink } from "~/server/platform/signed-links.server";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Privacy (issue 23): "Export data" hands over everything held about one person, and "Erase
// person" removes it all for good, leaving in the audit log only that an erasure happened.

const STAFF = { email: "staff-privacy@test.local", password: "staff password 42" };
const EDITOR = { email: "editor-privacy@test.local", password: "editor password 42" };

/** Words that would give Ana away, wherever they were stored. */
const ANA_TRACES = [
  "quintela",
  "ana.quintela@example.org",
  "other.ana@example.net",
  "3311 2233",
  "3311-2233",
  "33112233",
];
const BORIS_TRACES = ["kale", "boris@example.org", "3399 8877"];

describe.each(databaseKinds)("a person's data, exported and erased, on %s", (kind) => {
  let t: TestServices;
  let adminCookie: string;
  let staffCookie: string;
  let editorCookie: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const one = async <Row = { id: string }>(text: string, params: unknown[] = []) =>
    (await q<Row>(text, params))[0]!;

  beforeAll(async () => {
    t = await startTestServices(kind);
    for (const [account, role] of [
      [STAFF, "staff"],
      [EDITOR, "editor"],
    ] as const) {
      await t.services.auth.api.createUser({
        body: { email: account.email, password: account.password, name: `${role} person`, role },
      });
    }
    adminCookie = await signInCookie();
    staffCookie = await signInCookie(STAFF.email, STAFF.password);
    editorCookie = await signInCookie(EDITOR.email, EDITOR.password);
  });
  afterAll(async () => {
    await t.stop();
  });

  const seeded = {
    ana: "",
    boris: "",
    eventId: "",
    anaMinistry: "",
    anaEvent: "",
    anaVisitor: "",
    carlaWaiting: "",
    borisMinistry: "",
    anaRosterLinks: [] as string[],
  };

  beforeEach(async () => {
    for (const table of [
      "inbox_items",
      "outbox_emails",
      "visitors",
      "ministry_registrations",
      "event_registrations",
      "events",
      "members",
      "member_imports",
      "announcements",
      "email_unsubscribes",
      "saved_lists",
      "roster_services",
      "roster_teams",
      "roster_blockouts",
      "groups",
      "group_join_requests",
      "follow_ups",
      "prayer_requests",
    ]) {
      await q(`delete from ${table}`);
    }
    // The audit log keeps entries of earlier tests; only an erasure may take them out.
    await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.erasing', 'on', true)`);
      await tx.delete(auditLog);
    });
    const children = JSON.stringify([{ name: "Lucas Quintela", birthday: "2016-02-03", gender: "Male" }]);
    seeded.ana = (
      await one(
        `insert into members (first_name, last_name, email, mobile, country_code, children, ministry_involvement, spouse_name)
         values ('Ana', 'Quintela', 'Ana.Quintela@Example.org', '3311 2233', '+973', $1, '{amplify,yadah}', 'Marco Quintela') returning id`,
        [children],
      )
    ).id;
    seeded.boris = (
      await one(
        `insert into members (first_name, last_name, email, mobile, country_code, ministry_involvement)
         values ('Boris', 'Kale', 'boris@example.org', '3399 8877', '+973', '{amplify}') returning id`,
      )
    ).id;
    seeded.eventId = (
      await one(
        `insert into events (title, event_date, event_time, location_name, google_maps_url, capacity)
         values ('Family Day', current_date + 30, '10:00', 'Church hall', 'https://maps.example.org', 1) returning id`,
      )
    ).id;
    // Ana: the same e-mail in another case with spaces, the same mobile written differently.
    seeded.anaMinistry = (
      await one(
        `insert into ministry_registrations (ministry_slug, name, email, mobile) values
         ('amplify', 'Ana S.', '  ANA.QUINTELA@example.org ', '55550000') returning id`,
      )
    ).id;
    seeded.anaEvent = (
      await one(
        `insert into event_registrations (event_id, event_title, name, email, mobile, status) values
         ($1, 'Family Day', 'Ana Quintela', 'other.ana@example.net', '+973 3311-2233', 'confirmed') returning id`,
        [seeded.eventId],
      )
    ).id;
    seeded.carlaWaiting = (
      await one(
        `insert into event_registrations (event_id, event_title, name, email, mobile, status, created_at) values
         ($1, 'Family Day', 'Carla Waiting', 'carla@example.org', '36667777', 'waitlisted', now() + interval '1 second') returning id`,
        [seeded.eventId],
      )
    ).id;
    seeded.anaVisitor = (
      await one(
        `insert into visitors (name, email, mobile, message) values
         ('Ana', 'ana.quintela@EXAMPLE.org', '00973 3311 2233', 'Please pray for my family') returning id`,
      )
    ).id;
    seeded.borisMinistry = (
      await one(
        `insert into ministry_registrations (ministry_slug, name, email, mobile) values
         ('yadah', 'Boris Kale', 'boris@example.org', '3399 8877') returning id`,
      )
    ).id;
    await q(
      `insert into visitors (name, email, mobile, message) values ('Boris Kale', 'boris@example.org', '3399 8877', 'Hello from Boris')`,
    );
    const items = await q<{ id: string; source_id: string }>(
      `insert into inbox_items (kind, source_id)
       select 'ministry', id from ministry_registrations union all
       select 'event', id from event_registrations union all
       select 'connect', id from visitors
       returning id, source_id`,
    );
    const anaVisitorItem = items.find((item) => item.source_id === seeded.anaVisitor)!.id;
    const reply = await one(
      `insert into outbox_emails (kind, to_address, subject, text_body, html_body)
       values ('reply', 'ana.quintela@example.org', 'Re: your message', 'Dear Ana, we pray with you.', '<p>Dear Ana</p>') returning id`,
    );
    await q(
      `insert into inbox_replies (item_id, to_address, body, sent_by, outbox_id) values ($1, 'ana.quintela@example.org', 'Dear Ana, we pray with you.', 'admin@test.local', $2)`,
      [anaVisitorItem, reply.id],
    );
    await q(`insert into outbox_emails (kind, to_address, subject, text_body, html_body) values
      ('confirmation.event', 'other.ana@example.net', 'Family Day', 'You are registered.', '<p>x</p>'),
      ('notification.connect', 'admin@test.local', 'New message from Ana',
        'New message\nName: Ana\nE-mail: ana.quintela@EXAMPLE.org\nMobile: 00973 3311 2233', '<p>x</p>'),
      ('confirmation.connect', 'boris@example.org', 'Thank you', 'Dear Boris', '<p>x</p>')`);
    // An announcement went to Ana (and Boris), she unsubscribed, and she is on a saved list (issue 35).
    const announcement = await one(
      `insert into announcements (subject, body, audience, status, started_at, created_by_name)
       values ('Choir practice', 'Saturday', '{"combine":"any","parts":[{"kind":"ministry","slug":"amplify"}]}',
         'sent', now(), 'Office') returning id`,
    );
    await q(
      `insert into announcement_recipients (announcement_id, email, name, member_id, status) values
       ($1, 'ana.quintela@example.org', 'Ana Quintela', $2, 'sent'), ($1, 'boris@example.org', 'Boris Kale', $3, 'sent')`,
      [announcement.id, seeded.ana, seeded.boris],
    );
    await q(
      `insert into email_unsubscribes (address, source) values ('ana.quintela@example.org', 'unsubscribe link')`,
    );
    const list = await one(`insert into saved_lists (name) values ('Choir') returning id`);
    await q(`insert into saved_list_members (list_id, member_id) values ($1, $2), ($1, $3)`, [
      list.id,
      seeded.ana,
      seeded.boris,
    ]);
    // Ana and Boris serve on SoundTech's main desk; she declined her date, is away for a week, and
    // has her serving links (issue 36).
    const team = await one(
      `insert into roster_teams (ministry_slug, name) values ('soundtech', 'SoundTech') returning id`,
    );
    const desk = await one(
      `insert into roster_positions (team_id, name) values ($1, 'Main desk') returning id`,
      [team.id],
    );
    await q(`insert into roster_qualified (position_id, member_id) values ($1, $2), ($1, $3)`, [
      desk.id,
      seeded.ana,
      seeded.boris,
    ]);
    const service = await one<{ id: string; service_date: string }>(
      `insert into roster_services (service_date, start_time, title, service_name)
       values (current_date + 10, '15:30', 'Worship Service', 'Worship Service') returning id, service_date::text`,
    );
    const [anaSeat] = await q<{ id: string }>(
      `insert into roster_slots (service_id, position_id, seat, member_id, status, decline_reason) values
       ($1, $2, 1, $3, 'declined', 'Quintela family visit'), ($1, $2, 2, $4, 'accepted', null) returning id`,
      [service.id, desk.id, seeded.ana, seeded.boris],
    );
    await q(
      `insert into roster_blockouts (member_id, starts_on, ends_on, reason) values ($1, current_date + 20, current_date + 27, 'Quintela reunion')`,
      [seeded.ana],
    );
    seeded.anaRosterLinks = await t.services.db.transaction(async (tx) => [
      await issuePageLink(tx, seeded.ana),
      await renewCalendarLink(tx, seeded.ana),
      await issueAnswerLink(tx, { id: anaSeat!.id, memberId: seeded.ana, serviceDate: service.service_date }),
    ]);
    // Ana is in Group 2 with Boris and came to a meeting, has her leader's link, asked (by her
    // address) to join Group 3, and a follow-up was asked about her (issues 37 and 38), with a note.
    const group = await one(`insert into groups (name, kind) values ('Group 2', 'bible-study') returning id`);
    await q(
      `insert into group_members (group_id, member_id, is_leader) values ($1, $2, true), ($1, $3, false)`,
      [group.id, seeded.ana, seeded.boris],
    );
    const meeting = await one(
      `insert into group_meetings (group_id, meeting_date, recorded_by) values ($1, current_date - 7, 'admin@test.local') returning id`,
      [group.id],
    );
    await q(`insert into group_attendance (meeting_id, member_id) values ($1, $2), ($1, $3)`, [
      meeting.id,
      seeded.ana,
      seeded.boris,
    ]);
    await issueLink(t.services.db, {
      purpose: LEADER_LINK_PURPOSE,
      subject: `${group.id}:${seeded.ana}`,
      singleUse: false,
    });
    const joinRequest = await one(
      `insert into group_join_requests (group_name, name, email, message) values ('Group 3', 'Ana Q', 'ANA.quintela@example.org', 'Quintela here') returning id`,
    );
    const followUp = await one(
      `insert into follow_ups (member_id, name, email, reason, source, due_on, created_by)
       values ($1, 'Ana Quintela', 'ana.quintela@example.org', 'Not seen at Group 2', 'not-seen', current_date, 'admin@test.local')
       returning id`,
      [seeded.ana],
    );
    await q(
      `insert into follow_up_notes (follow_up_id, body, author) values ($1, 'Called her: back next week', 'admin@test.local')`,
      [followUp.id],
    );
    await q(`insert into inbox_items (kind, source_id) values ('group', $1)`, [joinRequest.id]);
    // A pastor visited her, and she asked for prayer with her address (issue 38).
    await q(
      `insert into pastoral_visits (member_id, visited_on, kind, visited_by, private_note, created_by)
       values ($1, current_date - 2, 'hospital', 'Ptr. Rey', 'The Quintela family asked for prayer', 'admin@test.local')`,
      [seeded.ana],
    );
    await q(
      `insert into prayer_requests (name, email, request, visibility, expires_on)
       values ('Ana', 'Ana.Quintela@example.org', 'For my son Lucas Quintela', 'team', current_date + 30)`,
    );
    for (const member of [seeded.ana, seeded.boris]) {
      await q(
        `insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'registry', 1, 'admin@test.local')`,
        [member],
      );
    }
    const link = await one(
      `insert into member_update_links (member_id, token_hash, expires_at, sent_by)
       values ($1, 'hash-of-ana', now() + interval '7 days', 'admin@test.local') returning id`,
      [seeded.ana],
    );
    await q(`insert into member_update_requests (member_id, link_id, changes) values ($1, $2, $3)`, [
      seeded.ana,
      link.id,
      JSON.stringify([{ field: "mobile", from: "3311 2233", to: "3311 9999", status: "pending" }]),
    ]);
    await q(
      `insert into audit_log (actor_label, action, subject_type, subject_id, subject_label, details) values
       ('admin@test.local', 'member.created', 'member', $1, 'Ana Quintela', '{}'),
       ('admin@test.local', 'member.updated', 'member', $1, 'Ana Quintela',
         '{"changes":[{"field":"mobile","from":"3311-2233","to":"3311 2233"}]}'),
       ('admin@test.local', 'inbox.replied', 'inbox', $3, 'Ana', '{"to":"ana.quintela@example.org"}'),
       ('admin@test.local', 'registration.checked-in', 'event', $4, 'Family Day', $5),
       ('admin@test.local', 'member.created', 'member', $2, 'Boris Kale', '{}')`,
      [
        seeded.ana,
        seeded.boris,
        anaVisitorItem,
        seeded.eventId,
        JSON.stringify({ registration: seeded.anaEvent }),
      ],
    );
  });

  function get(loader: unknown, url: string, cookie: string, params: Record<string, string>) {
    return callRoute(loader, new Request(`http://localhost${url}`, { headers: { cookie } }), { params });
  }

  /** Tables (and how many rows in each) whose rows mention any of `needles`, as text. */
  async function tablesMentioning(needles: string[]) {
    const tables = await q<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const found: Record<string, number> = {};
    for (const { table_name } of tables) {
      for (const needle of needles) {
        const [row] = await q<{ n: number }>(
          `select count(*)::int as n from "${table_name}" as r where lower(r::text) like $1`,
          [`%${needle.toLowerCase()}%`],
        );
        if (row!.n > 0) found[`${table_name}: ${needle}`] = row!.n;
      }
    }
    return found;
  }

  async function csvText(loader: unknown, url: string, params: Record<string, string>) {
    const answer = await get(loader, url, adminCookie, params);
    expect(answer.status).toBe(200);
    return (await answer.response!.text()).toLowerCase();
  }

  it("exports every linked record and nothing of anyone else, as JSON and as a page with the JSON inside", async () => {
    // Someone else whose address merely ends like hers is not her.
    await q(`insert into outbox_emails (kind, to_address, subject, text_body, html_body) values
      ('notification.ministry', 'admin@test.local', 'New sign-up from Joana', 'E-mail: joana.quintela@example.org', '<p>x</p>')`);
    // Her event registration carries another address and only shares her mobile: a possible
    // match, in the file only when staff tick it (issue 33).
    const plain = await get(exportLoader, `/members/profile/${seeded.ana}/export?format=json`, staffCookie, {
      id: seeded.ana,
    });
    const withoutMatch = JSON.parse(await plain.response!.text());
    expect(withoutMatch.eventRegistrations).toEqual([]);
    expect(withoutMatch.possibleMatches).toBeUndefined();
    expect(JSON.stringify(withoutMatch)).not.toContain("other.ana@example.net");
    expect(withoutMatch.connectMessages.map((r: { id: string }) => r.id)).toEqual([seeded.anaVisitor]);
    const ticked = `match=event:${seeded.anaEvent}`;
    const json = await get(
      exportLoader,
      `/members/profile/${seeded.ana}/export?format=json&${ticked}`,
      staffCookie,
      {
        id: seeded.ana,
      },
    );
    expect(json.status).toBe(200);
    const headers = json.response!.headers;
    expect(headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-ana-quintela-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(headers.get("cache-control")).toBe("no-store");
    const text = await json.response!.text();
    const data = JSON.parse(text);
    expect(data.member).toMatchObject({ id: seeded.ana, firstName: "Ana", spouseName: "Marco Quintela" });
    expect(data.confirmedMatches).toBe(1);
    expect(data.member.children).toEqual([
      { name: "Lucas Quintela", birthday: "2016-02-03", gender: "Male" },
    ]);
    expect(data.member.ministryNames).toHaveLength(2);
    expect(data.ministryRegistrations.map((r: { id: string }) => r.id)).toEqual([seeded.anaMinistry]);
    expect(data.eventRegistrations.map((r: { id: string }) => r.id)).toEqual([seeded.anaEvent]);
    expect(data.connectMessages.map((r: { id: string }) => r.id)).toEqual([seeded.anaVisitor]);
    expect(data.inboxItems).toHaveLength(3);
    expect(data.inboxReplies).toHaveLength(1);
    expect(data.emails.map((e: { subject: string }) => e.subject).sort()).toEqual(
      ["Family Day", "New message from Ana", "Re: your message"].sort(),
    );
    expect(data.consents).toHaveLength(1);
    expect(data.announcements).toMatchObject([{ subject: "Choir practice", status: "sent" }]);
    expect(data.unsubscribes).toMatchObject([{ address: "ana.quintela@example.org" }]);
    expect(data.savedLists).toMatchObject([{ list: "Choir" }]);
    expect(data.rosterSeats).toMatchObject([
      {
        service: "Worship Service",
        team: "SoundTech",
        position: "Main desk",
        status: "declined",
        declineReason: "Quintela family visit",
      },
    ]);
    expect(data.rosterBlockouts).toMatchObject([{ reason: "Quintela reunion" }]);
    expect(data.rosterQualifications).toMatchObject([{ team: "SoundTech", position: "Main desk" }]);
    expect(data.groups).toMatchObject([{ group: "Group 2", kind: "bible-study", leader: true }]);
    expect(data.groupAttendance).toMatchObject([{ group: "Group 2" }]);
    expect(data.groupJoinRequests).toMatchObject([{ groupName: "Group 3", message: "Quintela here" }]);
    expect(data.followUps).toMatchObject([{ reason: "Not seen at Group 2", status: "open" }]);
    expect(data.followUpNotes).toMatchObject([{ body: "Called her: back next week" }]);
    // Staff without the pastors' or the prayer team's rights: that they exist, not what they say.
    expect(data.pastoralVisits).toMatchObject([
      { kind: "hospital", visitedBy: "Ptr. Rey", privateNote: "Withheld: only a pastor's export holds it." },
    ]);
    expect(data.prayerRequests).toMatchObject([
      { visibility: "team", request: "Withheld: only the prayer team's and pastors' exports hold it." },
    ]);
    expect(data.updateLinks).toHaveLength(1);
    expect(data.updateLinks[0].tokenHash).toBeUndefined();
    expect(data.updateRequests).toHaveLength(1);
    expect(data.auditEntries.map((e: { action: string }) => e.action).sort()).toEqual(
      // The export without the match just before is one entry about her too.
      [
        "inbox.replied",
        "member.created",
        "member.exported",
        "member.updated",
        "registration.checked-in",
      ].sort(),
    );
    for (const trace of [...BORIS_TRACES, "carla"]) expect(text.toLowerCase()).not.toContain(trace);
    expect(text).not.toContain("joana");
    await q(`delete from outbox_emails where subject = 'New sign-up from Joana'`);

    const page = await get(exportLoader, `/members/profile/${seeded.ana}/export?${ticked}`, adminCookie, {
      id: seeded.ana,
    });
    expect(page.status).toBe(200);
    expect(page.response!.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.response!.headers.get("content-disposition")).toMatch(
      /personal-data-ana-quintela-.*\.html"$/,
    );
    const html = await page.response!.text();
    expect(html).toContain("<h1>Personal data of Ana Quintela</h1>");
    expect(html).toContain("Please pray for my family");
    const embedded = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const inside = JSON.parse(embedded);
    expect(inside.eventRegistrations[0].id).toBe(seeded.anaEvent);
    // The JSON download before it is one more entry about her.
    expect(inside.counts).toEqual({ ...data.counts, auditEntries: data.counts.auditEntries + 1 });
    expect(html.toLowerCase()).not.toContain("boris");

    const exported = await q(
      `select actor_label from audit_log where action = 'member.exported' and subject_id = $1`,
      [seeded.ana],
    );
    expect(exported).toEqual([
      { actor_label: STAFF.email },
      { actor_label: STAFF.email },
      { actor_label: "admin@test.local" },
    ]);
  });

  it("refuses the export to an editor, and erasing to staff and editors, removing nothing", async () => {
    const url = `/members/profile/${seeded.ana}`;
    expect((await get(exportLoader, `${url}/export`, editorCookie, { id: seeded.ana })).status).toBe(403);
    for (const cookie of [staffCookie, editorCookie]) {
      expect((await get(eraseLoader, `${url}/erase`, cookie, { id: seeded.ana })).status).toBe(403);
      const post = await callRoute(
        eraseAction,
        formRequest(`${url}/erase`, { confirmName: "Ana Quintela" }, { cookie }),
        {
          params: { id: seeded.ana },
        },
      );
      expect(post.status).toBe(403);
    }
    // Staff see "Export data" but not "Erase person"; admins see both.
    expect((await get(profileLoader, url, staffCookie, { id: seeded.ana })).data).toMatchObject({
      canErase: false,
    });
    expect((await get(profileLoader, url, adminCookie, { id: seeded.ana })).data).toMatchObject({
      canErase: true,
    });
    expect(await q(`select id from members where id = $1`, [seeded.ana])).toHaveLength(1);
  });

  it("lists what will go, the possible matches, and only the backups taken since the person's first record, and erases nothing on a wrong name", async () => {
    // Ana was registered on 1 January at noon: the backup taken that night before holds nothing of
    // her and is not listed (issue 33, item 21).
    await q(`update members set created_at = '2026-01-01T12:00:00Z' where id = $1`, [seeded.ana]);
    const backups = path.join(t.dataDir, "backups");
    fs.mkdirSync(path.join(backups, "backup-20260101-000000"), { recursive: true });
    fs.mkdirSync(path.join(backups, "backup-29990101-000000"), { recursive: true }); // not taken yet
    fs.mkdirSync(path.join(backups, "notes"), { recursive: true });
    // A one-file backup made from the backups screen holds the data too.
    fs.writeFileSync(path.join(backups, "backup-20260102-080000-manual.tar.gz"), "");
    try {
      const summary = (await eraseSummary({ memberId: seeded.ana }, new Date("2026-01-05T00:00:00Z")))!;
      // By default what is surely hers: her record and what came in with her address; the event
      // registration with another address that only shares her mobile is a possible match.
      expect(summary.counts).toEqual({
        member: 1,
        consents: 1,
        updateLinks: 1,
        updateRequests: 1,
        ministryRegistrations: 1,
        eventRegistrations: 0,
        connectMessages: 1,
        inboxItems: 2,
        inboxReplies: 1,
        emails: 2,
        announcements: 1,
        unsubscribes: 1,
        savedLists: 1,
        rosterSeats: 1,
        rosterBlockouts: 1,
        rosterQualifications: 1,
        groups: 1,
        groupAttendance: 1,
        groupJoinRequests: 1,
        followUps: 1,
        followUpNotes: 1,
        pastoralVisits: 1,
        prayerRequests: 1,
        auditEntries: 3,
      });
      expect(summary.possibleMatches).toEqual([
        expect.objectContaining({
          key: `event:${seeded.anaEvent}`,
          what: "Event registration: Family Day",
          email: "other.ana@example.net",
          why: "Same mobile",
          chosen: false,
        }),
      ]);
      const ticked = (await eraseSummary({ memberId: seeded.ana }, new Date("2026-01-05T00:00:00Z"), [
        `event:${seeded.anaEvent}`,
        `connect:${seeded.borisMinistry}`, // not a possible match of hers: ignored
      ]))!;
      expect(ticked.counts).toEqual({
        ...summary.counts,
        eventRegistrations: 1,
        inboxItems: 3,
        emails: 3,
        auditEntries: 4,
      });
      expect(summary.backups).toEqual([
        {
          name: "backup-20260102-080000-manual.tar.gz",
          takenAt: "2026-01-02T08:00:00.000Z",
          expiresAt: "2026-01-16T08:00:00.000Z",
        },
      ]);
      const screen = await get(eraseLoader, `/members/profile/${seeded.ana}/erase`, adminCookie, {
        id: seeded.ana,
      });
      expect(screen.status).toBe(200);
      const view = screen.data as {
        removals: { text: string }[];
        backups: { name: string }[];
        possibleMatches: { key: string }[];
      };
      expect(screen.data).toMatchObject({ name: "Ana Quintela", isDeleted: false });
      expect(view.removals.map((r) => r.text)).toContain("2 inbox entries");
      expect(view.removals.map((r) => r.text)).not.toContain("1 event registration");
      expect(view.possibleMatches.map((match) => match.key)).toEqual([`event:${seeded.anaEvent}`]);
      expect(view.backups.map((backup) => backup.name)).toEqual(["backup-20260102-080000-manual.tar.gz"]);
    } finally {
      fs.rmSync(backups, { recursive: true, force: true });
    }

    const before = await tablesMentioning(ANA_TRACES);
    expect(Object.keys(before).length).toBeGreaterThan(8);
    const wrong = await callRoute(
      eraseAction,
      formRequest(
        `/members/profile/${seeded.ana}/erase`,
        { confirmName: "Ana Quintel" },
        { cookie: adminCookie },
      ),
      { params: { id: seeded.ana } },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      ok: false,
      fieldErrors: { confirmName: "That is not the name. Type Ana Quintela to confirm." },
    });
    expect(await tablesMentioning(ANA_TRACES)).toEqual(before);
    expect(await q(`select id from members where id = $1`, [seeded.ana])).toHaveLength(1);
  });

  it("erases the person and everything linked, leaves others untouched, and keeps one nameless audit entry", async () => {
    // A spreadsheet still being imported holds a row of hers (by mobile) and one of Boris's.
    const [draft] = await q<{ id: string }>(
      `insert into member_imports (file_name, status, headers, rows, row_count, created_by_label)
       values ('church.xlsx', 'draft', '["Name","E-mail","Mobile"]', $1::jsonb, 2, 'admin@test.local') returning id`,
      [
        JSON.stringify([
          ["A. Q.", "ana.quintela@example.org", "+973 3311 2233"],
          ["Boris Kale", "boris@example.org", "3399 8877"],
        ]),
      ],
    );
    const boris = await tablesMentioning(BORIS_TRACES);
    const purposes = ["roster-page", "roster-calendar", "roster-answer"];
    for (const [index, token] of seeded.anaRosterLinks.entries()) {
      expect(await readLink(t.services.db, purposes[index]!, token)).toMatchObject({ ok: true });
    }
    // Staff confirmed that the event registration with her mobile is hers, and ticked it.
    const erased = await callRoute(
      eraseAction,
      formRequest(
        `/members/profile/${seeded.ana}/erase`,
        { confirmName: "  ana   QUINTELA ", match: `event:${seeded.anaEvent}` },
        { cookie: adminCookie },
      ),
      { params: { id: seeded.ana } },
    );
    expect(erased.status).toBe(302);
    expect(erased.response!.headers.get("location")).toBe("/members/details");

    // Nothing anywhere in the database mentions Ana any more, and Boris is as he was.
    expect(await tablesMentioning(ANA_TRACES)).toEqual({});
    expect(await tablesMentioning(BORIS_TRACES)).toEqual(boris);
    expect(await q(`select id from members where id = $1`, [seeded.boris])).toHaveLength(1);
    expect(
      await q(`select id from ministry_registrations where id = $1`, [seeded.borisMinistry]),
    ).toHaveLength(1);
    for (const table of [
      "consents",
      "member_update_links",
      "member_update_requests",
      "roster_slots",
      "roster_blockouts",
      "roster_qualified",
    ]) {
      expect(await q(`select * from ${table} where member_id = $1`, [seeded.ana])).toEqual([]);
    }
    // Her serving links open nothing, and none is left with her id; Boris keeps his seat.
    expect(await q(`select id from signed_links where subject_id like $1`, [`%${seeded.ana}%`])).toEqual([]);
    for (const [index, token] of seeded.anaRosterLinks.entries()) {
      expect(await readLink(t.services.db, purposes[index]!, token)).toEqual({
        ok: false,
        refusal: "unknown",
      });
    }
    expect(await q(`select status from roster_slots where member_id = $1`, [seeded.boris])).toEqual([
      { status: "accepted" },
    ]);
    expect(await q(`select rows, row_count from member_imports where id = $1`, [draft!.id])).toEqual([
      { rows: [["Boris Kale", "boris@example.org", "3399 8877"]], row_count: 1 },
    ]);
    // Her seat at Family Day went to the first person waiting.
    expect(await q(`select status from event_registrations where id = $1`, [seeded.carlaWaiting])).toEqual([
      { status: "confirmed" },
    ]);

    // Only the erasure itself mentions her id, without her name, e-mail or mobile.
    const about = await q<{ action: string; subject_label: string; details: unknown; actor_label: string }>(
      `select action, subject_label, details, actor_label from audit_log as r where r::text like $1`,
      [`%${seeded.ana}%`],
    );
    expect(about).toEqual([
      {
        action: "member.erased",
        subject_label: "Erased person",
        actor_label: "admin@test.local",
        details: {
          removed: {
            member: 1,
            consents: 1,
            updateLinks: 1,
            updateRequests: 1,
            ministryRegistrations: 1,
            eventRegistrations: 1,
            connectMessages: 1,
            inboxItems: 3,
            inboxReplies: 1,
            emails: 3,
            announcements: 1,
            unsubscribes: 1,
            savedLists: 1,
            rosterSeats: 1,
            rosterBlockouts: 1,
            rosterQualifications: 1,
            groups: 1,
            groupAttendance: 1,
            groupJoinRequests: 1,
            followUps: 1,
            followUpNotes: 1,
            pastoralVisits: 1,
            prayerRequests: 1,
            auditEntries: 4,
          },
          confirmedMatches: 1,
        },
      },
    ]);

    // Search, reports and exports no longer show her.
    expect((await listMembers({ query: "quintela" })).total).toBe(0);
    expect((await listMembers({ query: "kale" })).total).toBe(1);
    for (const report of ["active_members", "visitors"]) {
      const csv = await csvText(reportCsvLoader, `/members/reports/export/${report}`, { report });
      expect(csv).not.toContain("quintela");
    }
    expect(
      await csvText(reportCsvLoader, "/members/reports/export/ministry?slug=amplify", { report: "ministry" }),
    ).toContain("boris");
    for (const registrations of ["ministry", "event"]) {
      const csv = await csvText(registrationCsvLoader, `/members/registrations/export/${registrations}`, {
        kind: registrations,
      });
      expect(csv).not.toContain("quintela");
      expect(csv).not.toContain("ana.quintela");
    }
    // Her profile is gone: back to the list.
    const profile = await get(profileLoader, `/members/profile/${seeded.ana}`, adminCookie, {
      id: seeded.ana,
    });
    expect(profile.response?.headers.get("location")).toBe("/members/details");
  });

  it("erases a member under Recently deleted too, and goes back to that list", async () => {
    const admin = await one<{ id: string; email: string }>(
      `select id, email from users where email = 'admin@test.local'`,
    );
    expect(await deleteMember(seeded.ana, admin)).toBe(true);
    const screen = await get(eraseLoader, `/members/profile/${seeded.ana}/erase`, adminCookie, {
      id: seeded.ana,
    });
    expect(screen.data).toMatchObject({ name: "Ana Quintela", isDeleted: true });
    const erased = await callRoute(
      eraseAction,
      formRequest(
        `/members/profile/${seeded.ana}/erase`,
        { confirmName: "Ana Quintela" },
        { cookie: adminCookie },
      ),
      { params: { id: seeded.ana } },
    );
    expect(erased.response!.headers.get("location")).toBe("/members/deleted");
    expect(await tablesMentioning(["ana.quintela@example.org", "marco quintela"])).toEqual({});
    // The registration that only shares her mobile was not ticked: it stays.
    expect(await q(`select name from event_registrations where id = $1`, [seeded.anaEvent])).toEqual([
      { name: "Ana Quintela" },
    ]);
  });

  // Issue 33, item 1: matching by "same e-mail or same mobile" treated two people as one.
  it("keeps a visitor's message from a member registered with her mobile: not in his own download, not erased by default, only offered as a possible match", async () => {
    // A visitor writes on /connect, and the office replies.
    const secret = "Please pray for my marriage (vera-secret)";
    const sent = await callRoute(
      connectAction,
      formRequest("/connect", {
        name: "Vera Santos",
        mobile: "+973 3655 1234",
        email: "vera.santos@example.net",
        message: secret,
      }),
      { clientIp: "192.0.2.90" },
    );
    expect(sent.status).toBe(200);
    const vera = await one<{ id: string; item: string }>(
      `select v.id, i.id as item from visitors v join inbox_items i on i.kind = 'connect' and i.source_id = v.id
       where v.email = 'vera.santos@example.net'`,
    );
    const reply = await callRoute(
      messageAction,
      formRequest(
        `/members/messages/${vera.item}`,
        { intent: "reply", body: "Dear Vera, we are praying with you (reply-secret)." },
        { cookie: adminCookie },
      ),
      { params: { id: vera.item } },
    );
    expect(reply.status).toBeLessThan(400);

    // Someone with the registration passcode registers a member with her mobile number.
    await setRegistrationPasscode("open sesame 2026", "system");
    const granted = await callRoute(
      formsAction,
      formRequest("/members/forms", { intent: "verify", passcode: "open sesame 2026" }),
      { clientIp: "192.0.2.91" },
    );
    const passcodeCookie = cookieHeaderFrom(granted);
    const { formToken } = (
      await callRoute(
        formsLoader,
        new Request("http://localhost/members/forms", { headers: { cookie: passcodeCookie } }),
      )
    ).data as { formToken: string };
    const registered = await callRoute(
      formsAction,
      formRequest(
        "/members/forms",
        {
          intent: "register",
          firstName: "Mallory",
          lastName: "Reyes",
          email: "mallory@example.org",
          mobile: "36551234",
          consentRegistry: "on",
          formToken,
        },
        { cookie: passcodeCookie },
      ),
    );
    expect(registered.status).toBe(200);
    const mallory = await one(`select id from members where email = 'mallory@example.org'`);

    // He asks for his update link and downloads "my data": nothing of hers is in it.
    await callRoute(askAction, formRequest("/update-my-details", { email: "mallory@example.org" }), {
      clientIp: "192.0.2.92",
    });
    const mail = await one<{ text_body: string }>(
      `select text_body from outbox_emails where kind = 'member.update-link' and to_address = 'mallory@example.org'`,
    );
    const token = /update-my-details\/([\w-]{43})/.exec(mail.text_body)![1]!;
    const file = await callRoute(
      myDataLoader,
      new Request(`http://localhost/update-my-details/${token}/my-data`),
      {
        params: { token },
      },
    );
    expect(file.status).toBe(200);
    const own = await file.response!.text();
    expect(own).toContain("mallory@example.org");
    expect(own).toContain("Update your details"); // the e-mail with his link, sent to him
    for (const hers of ["vera-secret", "reply-secret", "vera.santos", "Vera"])
      expect(own).not.toContain(hers);

    // Staff: his export and erase screens hold only what is surely his; her message is offered
    // as a possible match (same mobile), unticked.
    const key = `connect:${vera.id}`;
    for (const loader of [memberDataLoader, eraseLoader]) {
      const screen = await get(loader, `/members/profile/${mallory.id}/data`, adminCookie, {
        id: mallory.id,
      });
      const view = screen.data as {
        removals?: { text: string }[];
        holds?: { text: string }[];
        possibleMatches: unknown[];
      };
      const lines = (view.removals ?? view.holds)!.map((line) => line.text);
      expect(lines.join(" ")).not.toMatch(/connect message|inbox|repl/);
      expect(view.possibleMatches).toEqual([
        expect.objectContaining({
          key,
          what: "Connect message",
          email: "vera.santos@example.net",
          why: "Same mobile",
          chosen: false,
        }),
      ]);
    }
    const staffFile = await get(
      exportLoader,
      `/members/profile/${mallory.id}/export?format=json`,
      staffCookie,
      {
        id: mallory.id,
      },
    );
    const staffText = await staffFile.response!.text();
    for (const hers of ["vera-secret", "reply-secret", "vera.santos"]) expect(staffText).not.toContain(hers);
    // Ticked by staff who confirmed it, it is in the file.
    const tickedFile = await get(
      exportLoader,
      `/members/profile/${mallory.id}/export?format=json&match=${key}`,
      staffCookie,
      { id: mallory.id },
    );
    const ticked = JSON.parse(await tickedFile.response!.text());
    expect(ticked.connectMessages.map((row: { id: string }) => row.id)).toEqual([vera.id]);
    expect(ticked.inboxReplies).toHaveLength(1);

    // Erasing him (nothing ticked) leaves her message, the inbox entry, the reply and its e-mail.
    const before = await tablesMentioning(["vera-secret", "reply-secret", "vera.santos@example.net"]);
    const erased = await callRoute(
      eraseAction,
      formRequest(
        `/members/profile/${mallory.id}/erase`,
        { confirmName: "Mallory Reyes" },
        { cookie: adminCookie },
      ),
      { params: { id: mallory.id } },
    );
    expect(erased.status).toBe(302);
    expect(await q(`select id from members where id = $1`, [mallory.id])).toEqual([]);
    expect(await tablesMentioning(["vera-secret", "reply-secret", "vera.santos@example.net"])).toEqual(
      before,
    );
    expect(await q(`select id from visitors where id = $1`, [vera.id])).toHaveLength(1);
    expect(await q(`select id from inbox_replies`)).toHaveLength(2);
  });

  it("a member's own download holds only their record when the link proves no address (shown as a QR code)", async () => {
    const token = "QrLinkToken_0123456789abcdefghijklmnopqrstu";
    expect(token).toHaveLength(43);
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    await q(
      `insert into member_update_links (member_id, token_hash, expires_at, sent_by, sent_to)
       values ($1, $2, now() + interval '7 days', 'admin@test.local', null)`,
      [seeded.ana, hash],
    );
    const file = await callRoute(
      myDataLoader,
      new Request(`http://localhost/update-my-details/${token}/my-data`),
      {
        params: { token },
      },
    );
    expect(file.status).toBe(200);
    const html = await file.response!.text();
    const data = JSON.parse(
      /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    expect(data.member.id).toBe(seeded.ana);
    expect(data.consents).toHaveLength(1);
    for (const kind of [
      "ministryRegistrations",
      "eventRegistrations",
      "connectMessages",
      "inboxItems",
      "emails",
    ]) {
      expect(data[kind], kind).toEqual([]);
    }
    expect(html).not.toContain("Please pray for my family");
  });

  // Issue 33, item 22: someone outside the registry (a registration only) is found, exported and erased.
  it("finds anyone by e-mail or mobile, and exports and erases a registrant who is not a member, with possible matches only when ticked", async () => {
    const search = async (query: string, cookie = staffCookie) =>
      (await get(peopleLoader, `/members/privacy/people?${query}`, cookie, {})).data as {
        search: { state: string; members: { id: string }[]; addresses: { email: string; summary: string }[] };
        person: null | { holds: { text: string }[]; possibleMatches: { key: string; why: string }[] };
        members: unknown[];
      };
    // By mobile: Ana the member, and two addresses that used that number, each a person of its own.
    const byMobile = await search("q=3311%202233");
    expect(byMobile.search.state).toBe("found");
    expect(byMobile.search.members.map((member) => member.id)).toEqual([seeded.ana]);
    expect(byMobile.search.addresses.map((found) => found.email).sort()).toEqual(
      ["ana.quintela@example.org", "other.ana@example.net"].sort(),
    );
    // By e-mail, in any case.
    const byEmail = await search("q=OTHER.ANA%40example.net");
    expect(byEmail.search.addresses).toEqual([
      expect.objectContaining({ email: "other.ana@example.net", summary: "1 event registration" }),
    ]);
    expect(byEmail.search.members).toEqual([]);

    // The registrant's data: her registration with its inbox entry, e-mail and check-in; Ana's
    // connect message shares the mobile: a possible match, not hers by default.
    const person = (await search("email=other.ana%40example.net")).person!;
    expect(person.holds.map((line) => line.text)).toEqual([
      "1 event registration",
      "1 inbox entry",
      "1 e-mail in the outbox",
      "1 audit log entry about them",
    ]);
    expect(person.possibleMatches).toEqual([
      expect.objectContaining({ key: `connect:${seeded.anaVisitor}`, why: "Same mobile" }),
    ]);
    const file = await get(
      personExportLoader,
      "/members/privacy/people/export?email=other.ana%40example.net&format=json",
      staffCookie,
      {},
    );
    expect(file.status).toBe(200);
    expect(file.response!.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-other-ana-example-net-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(await file.response!.text());
    expect(data.member).toBeNull();
    expect(data.eventRegistrations.map((row: { id: string }) => row.id)).toEqual([seeded.anaEvent]);
    expect(data.connectMessages).toEqual([]);
    expect(JSON.stringify(data)).not.toContain("Please pray for my family");
    const withMatch = JSON.parse(
      await (
        await get(
          personExportLoader,
          `/members/privacy/people/export?email=other.ana%40example.net&format=json&match=connect:${seeded.anaVisitor}`,
          staffCookie,
          {},
        )
      ).response!.text(),
    );
    expect(withMatch.connectMessages.map((row: { id: string }) => row.id)).toEqual([seeded.anaVisitor]);
    expect(
      await q(
        `select actor_label, subject_type, subject_label, details from audit_log where action = 'person.exported' order by at`,
      ),
    ).toEqual([
      {
        actor_label: STAFF.email,
        subject_type: "person",
        subject_label: "other.ana@example.net",
        details: { format: "json" },
      },
      {
        actor_label: STAFF.email,
        subject_type: "person",
        subject_label: "other.ana@example.net",
        details: { format: "json", confirmedMatches: 1 },
      },
    ]);

    // Who may: staff find and export, only admins erase; an editor neither.
    expect((await get(peopleLoader, "/members/privacy/people", editorCookie, {})).status).toBe(403);
    expect(
      (
        await get(
          personExportLoader,
          "/members/privacy/people/export?email=other.ana%40example.net",
          editorCookie,
          {},
        )
      ).status,
    ).toBe(403);
    const eraseUrl = "/members/privacy/people/erase?email=other.ana%40example.net";
    expect((await get(personEraseLoader, eraseUrl, staffCookie, {})).status).toBe(403);
    const staffErase = await callRoute(
      personEraseAction,
      formRequest(eraseUrl, { confirmName: "other.ana@example.net" }, { cookie: staffCookie }),
    );
    expect(staffErase.status).toBe(403);

    // The erase screen: what goes and the possible match; a wrong address erases nothing.
    const screen = (await get(personEraseLoader, eraseUrl, adminCookie, {})).data as {
      removals: { text: string }[];
      possibleMatches: { key: string }[];
    };
    expect(screen.removals.map((line) => line.text)).toContain("1 event registration");
    expect(screen.possibleMatches.map((match) => match.key)).toEqual([`connect:${seeded.anaVisitor}`]);
    const wrong = await callRoute(
      personEraseAction,
      formRequest(eraseUrl, { confirmName: "other.ana@example.org" }, { cookie: adminCookie }),
    );
    expect(wrong.status).toBe(400);
    expect(await q(`select id from event_registrations where id = $1`, [seeded.anaEvent])).toHaveLength(1);

    const erased = await callRoute(
      personEraseAction,
      formRequest(eraseUrl, { confirmName: " Other.Ana@example.net " }, { cookie: adminCookie }),
    );
    expect(erased.status).toBe(302);
    expect(erased.response!.headers.get("location")).toBe("/members/privacy/people");
    // Her registration and everything about it are gone, the seat went to the first one waiting,
    // and Ana (the member, and her message that only shared the mobile) is as she was.
    expect(await tablesMentioning(["other.ana@example.net"])).toEqual({});
    expect(
      await q(`select id from audit_log where details ->> 'registration' = $1`, [seeded.anaEvent]),
    ).toEqual([]);
    expect(await q(`select status from event_registrations where id = $1`, [seeded.carlaWaiting])).toEqual([
      { status: "confirmed" },
    ]);
    expect(await q(`select id from visitors where id = $1`, [seeded.anaVisitor])).toHaveLength(1);
    expect(await q(`select id from members where id = $1`, [seeded.ana])).toHaveLength(1);
    expect(
      await q(
        `select actor_label, subject_type, subject_label, details from audit_log where action = 'person.erased'`,
      ),
    ).toEqual([
      {
        actor_label: "admin@test.local",
        subject_type: "person",
        subject_label: "Erased person",
        details: {
          removed: {
            member: 0,
            consents: 0,
            updateLinks: 0,
            updateRequests: 0,
            ministryRegistrations: 0,
            eventRegistrations: 1,
            connectMessages: 0,
            inboxItems: 1,
            inboxReplies: 0,
            emails: 1,
            announcements: 0,
            unsubscribes: 0,
            savedLists: 0,
            rosterSeats: 0,
            rosterBlockouts: 0,
            rosterQualifications: 0,
            groups: 0,
            groupAttendance: 0,
            groupJoinRequests: 0,
            followUps: 0,
            followUpNotes: 0,
            pastoralVisits: 0,
            prayerRequests: 0,
            auditEntries: 3,
          },
        },
      },
    ]);
    // Nothing is left to find under that address.
    expect((await search("q=other.ana%40example.net")).search.addresses).toEqual([]);
  });
});
