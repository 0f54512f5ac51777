import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { addDays, dayOfWeek, todayInChurchZone } from "../../app/lib/dates";
import { SITE_SECTIONS } from "../../app/schemas/site-sections";
import { baseURL } from "../../playwright.config";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress, dataDir } from "./fixtures";
import { createStaffAccount, linkFromOutbox } from "./staff-account";

// Every members screen in the route table, with the data a busy church office has (long names,
// long e-mail addresses, thirty registrations, messages, e-mails, audit entries), on a 360 px
// phone: nothing scrolls sideways, and axe is clean there and at 1280 px. A screen added to
// app/routes.ts is walked at once; one with a parameter fails until it gets a URL below.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
// The longest spec: its screens are walked on both workers at once (each worker has a server of
// its own, so each seeds its own rows in beforeAll and removes them in afterAll), instead of on one
// while the other runs out of work.
test.describe.configure({ mode: "parallel" });

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };

const LONG = {
  first: "Maria Concepcion",
  last: "Dela Cruz-Villanueva",
  name: "Maria Concepcion Dela Cruz-Villanueva",
  email: "maria.concepcion.delacruz.villanueva@extremely-long-example-domain.org",
  staffName: "Maria Concepcion Dela Cruz-Villanueva de los Santos",
  // Its own each run: a reset link is sent to one address only so often.
  staffEmail: `maria.concepcion.delacruz.villanueva.${crypto.randomBytes(3).toString("hex")}@extremely-long-example-domain.org`,
  title: "An Extraordinarily Long Title About Faithfulness, Perseverance and Hope in Difficult Seasons",
};

interface Entry {
  pattern: string;
  file: string;
  /** Inside the members layout (signed in); otherwise a page of its own (login, passwords). */
  isInLayout: boolean;
}

function flatten(entries: RouteConfigEntry[], isInLayout = false): Entry[] {
  return entries.flatMap((entry) => [
    ...(entry.path === undefined ? [] : [{ pattern: entry.path, file: entry.file, isInLayout }]),
    ...flatten(entry.children ?? [], isInLayout || entry.file === "routes/members/home/layout.tsx"),
  ]);
}

/** A route with a screen: its module renders something (resource routes and redirects do not). */
function hasScreen(file: string) {
  return /export default/.test(fs.readFileSync(path.join("app", file), "utf8"));
}

const screens = flatten(routes as RouteConfigEntry[]).filter(
  (entry) => (entry.pattern === "members" || entry.pattern.startsWith("members/")) && hasScreen(entry.file),
);

const seeded = {
  memberId: "",
  staffId: "",
  /** One of the church's own roles, with a long name and several areas. */
  roleId: "",
  invitedId: "",
  /** Announcements (issue 35): one sent (a recipient failed), one draft; a saved list. */
  sentAnnouncementId: "",
  draftAnnouncementId: "",
  listId: "",
  connectItemId: "",
  ministryItemId: "",
  eventItemId: "",
  sermonId: "",
  eventId: "",
  videoId: "",
  documentId: "",
  ministryRegistrationIds: [] as string[],
  eventRegistrationIds: [] as string[],
  visitorId: "",
  outboxIds: [] as string[],
  memberIds: [] as string[],
  /** A spreadsheet import waiting for its columns to be chosen, with a long file name and cells. */
  importId: "",
  /** A set-password link of the long-named account (its reset e-mail waits in the outbox). */
  passwordLink: "",
  /** The link that confirms a new e-mail address for the long-named account (issue 32). */
  confirmEmailLink: "",
  restoreLink: "",
  /** Serving rosters (issue 36): a team of Amplify, one position, the next Friday's service. */
  rosterTeamId: "",
  /** Groups (issue 37): a group with a long name, led by the long-named member. */
  groupId: "",
  rosterPositionId: "",
  rosterServiceId: "",
  /** Care (issue 38): a workflow with long steps, a member's follow-up on it, a visitor's overdue one. */
  workflowId: "",
  followUpId: "",
  visitorFollowUpId: "",
  /** Prayer requests (issue 38): a private one with a long name, address and text, and a shared one. */
  prayerIds: [] as string[],
  /** Care (issue 38): the administrator's own follow-ups, on the dashboard's "My follow-ups". */
  followUpIds: [] as string[],
};

/**
 * The pages to open for a route pattern: patterns with parameters name real seeded rows (and some
 * screens get a second state worth seeing, such as an edit form); the others are their own URL.
 */
function urlsFor(pattern: string): string[] {
  const urls: Record<string, string[]> = {
    "members/profile/:id": [`/members/profile/${seeded.memberId}`],
    // The confirmation only (GET): the walk never erases anyone.
    "members/profile/:id/erase": [`/members/profile/${seeded.memberId}/erase`],
    "members/profile/:id/data": [`/members/profile/${seeded.memberId}/data`],
    "members/privacy/people": [
      "/members/privacy/people",
      `/members/privacy/people?q=${encodeURIComponent(LONG.email)}`,
      `/members/privacy/people?email=${encodeURIComponent(LONG.email)}`,
    ],
    "members/privacy/people/erase": [`/members/privacy/people/erase?email=${encodeURIComponent(LONG.email)}`],
    "members/edit/:id": [`/members/edit/${seeded.memberId}`],
    "members/import/:id": [`/members/import/${seeded.importId}`],
    "members/messages/:id": [
      `/members/messages/${seeded.connectItemId}`,
      `/members/messages/${seeded.ministryItemId}`,
      `/members/messages/${seeded.eventItemId}`,
    ],
    "members/site/ministries/:slug": ["/members/site/ministries/acts-kids"],
    "members/site/:section": SITE_SECTIONS.map((section) => `/members/site/${section.id}`),
    "members/staff/:id": [
      `/members/staff/${seeded.staffId}`,
      `/members/staff/${seeded.staffId}?find=cruz`,
      `/members/staff/${seeded.invitedId}`,
    ],
    "members/staff/roles/:id": [
      "/members/staff/roles/new",
      "/members/staff/roles/new?from=editor",
      "/members/staff/roles/admin",
      `/members/staff/roles/${seeded.roleId}`,
    ],
    "members/announcements/:id": [
      "/members/announcements/new",
      `/members/announcements/${seeded.draftAnnouncementId}`,
      `/members/announcements/${seeded.sentAnnouncementId}`,
      `/members/announcements/${seeded.sentAnnouncementId}?status=failed`,
    ],
    "members/announcements/lists/:id": [
      `/members/announcements/lists/${seeded.listId}`,
      `/members/announcements/lists/${seeded.listId}?q=villanueva`,
    ],
    "members/groups/:groupId": [
      `/members/groups/${seeded.groupId}`,
      `/members/groups/${seeded.groupId}?delete`,
      `/members/groups/${seeded.groupId}?q=villanueva`,
    ],
    "members/groups/:groupId/attendance": [`/members/groups/${seeded.groupId}/attendance`],
    "members/care": [
      "/members/care",
      "/members/care?whose=everyone&status=all",
      "/members/care?whose=everyone&q=nobody-has-this-name",
    ],
    "members/care/new": [
      "/members/care/new",
      "/members/care/new?q=villanueva",
      `/members/care/new?member=${seeded.memberId}`,
    ],
    "members/care/:followUpId": [
      `/members/care/${seeded.followUpId}`,
      `/members/care/${seeded.visitorFollowUpId}`,
    ],
    "members/care/workflows/:workflowId": [
      `/members/care/workflows/${seeded.workflowId}`,
      `/members/care/workflows/${seeded.workflowId}?delete`,
    ],
    "members/prayer": ["/members/prayer", "/members/prayer?show=answered"],
    "members/prayer/new": [
      "/members/prayer/new",
      "/members/prayer/new?q=villanueva",
      `/members/prayer/new?member=${seeded.memberId}`,
    ],
    "members/prayer/:requestId": [
      `/members/prayer/${seeded.prayerIds[0]}`,
      `/members/prayer/${seeded.prayerIds[0]}?delete`,
      `/members/prayer/${seeded.prayerIds[1]}`,
    ],
    "members/rosters/teams/:teamId": [
      `/members/rosters/teams/${seeded.rosterTeamId}`,
      `/members/rosters/teams/${seeded.rosterTeamId}?delete`,
      `/members/rosters/teams/${seeded.rosterTeamId}?remove=${seeded.rosterPositionId}`,
    ],
    "members/rosters/teams/:teamId/positions/:positionId": [
      `/members/rosters/teams/${seeded.rosterTeamId}/positions/${seeded.rosterPositionId}`,
      `/members/rosters/teams/${seeded.rosterTeamId}/positions/${seeded.rosterPositionId}?q=villanueva`,
    ],
    "members/rosters/teams/:teamId/schedule": [
      `/members/rosters/teams/${seeded.rosterTeamId}/schedule`,
      `/members/rosters/teams/${seeded.rosterTeamId}/schedule?weeks=8`,
    ],
    "members/rosters/teams/:teamId/schedule/seat": [
      `/members/rosters/teams/${seeded.rosterTeamId}/schedule/seat?service=${seeded.rosterServiceId}&position=${seeded.rosterPositionId}&seat=1`,
    ],
    "members/rosters/services/:serviceId": [`/members/rosters/services/${seeded.rosterServiceId}`],
    "members/rosters/services/:serviceId/print": [
      `/members/rosters/services/${seeded.rosterServiceId}/print`,
    ],
    // An event without a plan yet: the page that offers to make one.
    "members/rosters/events/:eventId": [`/members/rosters/events/${seeded.eventId}`],
    "members/add-sermon": ["/members/add-sermon", `/members/add-sermon?edit=${seeded.sermonId}`],
    "members/add-event": ["/members/add-event", `/members/add-event?edit=${seeded.eventId}`],
    "members/events/:id/check-in": [`/members/events/${seeded.eventId}/check-in`],
    "members/add-ministry-video": [
      "/members/add-ministry-video",
      `/members/add-ministry-video?edit=${seeded.videoId}`,
    ],
    "members/set-password": [seeded.passwordLink],
    "members/confirm-email": [seeded.confirmEmailLink],
    // The confirmation only (GET): the walk never restores anything.
    "members/backups/restore/:name": [seeded.restoreLink],
    "members/upload": ["/members/upload", `/members/upload?details-${seeded.documentId}`],
    "members/details": [
      "/members/details",
      // Issue 38: with the optional "Last contacted" column.
      "/members/details?show=contacted",
      "/members/details?q=dela cruz",
      "/members/details?q=nobody-has-this-name",
    ],
    "members/reports": ["/members/reports", "/members/reports?ministry=TEE"],
    "members/messages": ["/members/messages", "/members/messages?status=archived&q=nobody-has-this-name"],
    "members/care/digest": ["/members/care/digest"],
  };
  if (urls[pattern]) return urls[pattern];
  if (pattern.includes(":")) {
    throw new Error(`No URL for /${pattern}: give it one (a seeded row) in urlsFor of phone-walk.spec.ts`);
  }
  return [`/${pattern}`];
}

async function one<Row>(text: string, params: unknown[] = []) {
  const [row] = await sql<Row>(text, params);
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
}

async function seed() {
  const children = JSON.stringify([
    { name: "Gabriel Emmanuel Dela Cruz-Villanueva", birthday: "2015-03-14", gender: "Male" },
    { name: "Sofia Isabella Dela Cruz-Villanueva", birthday: "2018-11-02", gender: "Female" },
  ]);
  ({ id: seeded.memberId } = await one<{ id: string }>(
    `insert into members (first_name, middle_name, last_name, nickname, email, mobile, address_bh,
       address_ph, birthday, water_baptism_date, gender, marital_status, spouse_name,
       wedding_anniversary, children, ministry_involvement, ministry_role, church_position)
     values ($1, 'Santiago', $2, 'Connie', $3, '33112233', $4, $5, '1985-10-03', '2001-04-15',
       'Female', 'Married', 'Jose Antonio Dela Cruz-Villanueva', '2008-06-21', $6,
       '{acts-kids,amplify,tee,yadah,programs}', '{sg-leader,head:amplify,head:yadah}', 'Deaconess')
     returning id`,
    [
      LONG.first,
      LONG.last,
      LONG.email,
      "Flat 2204, Building 1458, Road 4321, Block 428, Al Seef District, Manama, Kingdom of Bahrain",
      "Unit 12B, Tower 3, Lot 45, Barangay San Lorenzo Ruiz, Makati City, Metro Manila, Philippines",
      children,
    ],
  ));
  // Group 1 (made by the migration) and a SALT group with a long name, made here.
  await sql(
    `insert into groups (kind, name) values ('salt', 'Salt Group of the Northern Governorate Families')
     on conflict do nothing`,
  );
  await sql(
    `insert into group_members (group_id, member_id)
     select id, $1 from groups where (kind, name) in (('bible-study', 'Group 1'),
       ('salt', 'Salt Group of the Northern Governorate Families'))`,
    [seeded.memberId],
  );
  seeded.memberIds = [seeded.memberId];
  for (const [first, last, email, status] of [
    [
      "Bartholomew Alexander",
      "Montgomery-Fitzgerald",
      "bartholomew.alexander.montgomery@another-very-long-domain.org",
      "inactive",
    ],
    [
      "Evangeline Rosario",
      "Macapagal-Arroyo Santos",
      "evangeline.rosario.macapagal@extremely-long-example-domain.org",
      "transferred",
    ],
  ]) {
    const row = await one<{ id: string }>(
      `insert into members (first_name, last_name, email, mobile, membership_status)
       values ($1, $2, $3, '33445566', $4) returning id`,
      [first, last, email, status],
    );
    seeded.memberIds.push(row.id);
  }

  ({ id: seeded.eventId } = await one<{ id: string }>(
    `insert into events (title, event_date, event_time, event_end_time, speaker, location_name,
       google_maps_url, description)
     values ($1, current_date + 20, '18:30', '21:00', 'Pastor Bartholomew Alexander Montgomery',
       'The Fellowship Hall of the Northern Governorate Community Centre, Building 2',
       'https://maps.google.com/?q=Manama', 'An evening of worship.')
     returning id`,
    [LONG.title],
  ));
  ({ id: seeded.sermonId } = await one<{ id: string }>(
    `insert into sermons (sermon_date, title, speaker, youtube_id)
     values (current_date - 3, $1, 'Pastor Bartholomew Alexander Montgomery-Fitzgerald', 'dQw4w9WgXcQ')
     returning id`,
    [LONG.title],
  ));
  ({ id: seeded.videoId } = await one<{ id: string }>(
    `insert into ministry_videos (title, youtube_id, ministry_slug) values ($1, 'dQw4w9WgXcQ', 'amplify')
     returning id`,
    [LONG.title],
  ));
  ({ id: seeded.documentId } = await one<{ id: string }>(
    `insert into documents (file_name, file_path, file_size, category, storage_object_path, title, description)
     values ('Extraordinarily_Long_Document_Name_About_Faithfulness_and_Perseverance_2026.pdf',
       '/files/phone-walk.pdf', 2411724, 'elibrary', 'phone-walk.pdf', $1, 'A study guide.')
     returning id`,
    [LONG.title],
  ));

  // Thirty sign-ups for three ministries and thirty registrations for two events, long names and
  // addresses among them.
  const ministries = ["acts-kids", "amplify", "programs"];
  for (let i = 0; i < 30; i++) {
    const row = await one<{ id: string }>(
      `insert into ministry_registrations (ministry_slug, name, email, mobile, created_at)
       values ($1, $2, $3, '+973 3311 22' || lpad($4::text, 2, '0'), now() - ($4 || ' hours')::interval)
       returning id`,
      [
        ministries[i % 3],
        i % 2 ? `${LONG.name} ${i}` : `Ana Reyes ${i}`,
        i % 2 ? LONG.email : `ana${i}@example.org`,
        i,
      ],
    );
    seeded.ministryRegistrationIds.push(row.id);
  }
  for (let i = 0; i < 30; i++) {
    const row = await one<{ id: string }>(
      `insert into event_registrations (event_id, event_title, name, email, mobile, message, created_at)
       values ($1, $2, $3, $4, '+973 3311 22' || lpad($5::text, 2, '0'), $6, now() - ($5 || ' hours')::interval)
       returning id`,
      [
        i % 2 ? seeded.eventId : null,
        i % 2 ? LONG.title : "Youth Night",
        i % 2 ? `${LONG.name} ${i}` : `Ben Santos ${i}`,
        i % 2 ? LONG.email : `ben${i}@example.org`,
        i,
        i % 3
          ? null
          : "We will come as a family of five; could you keep seats near the front for my grandmother, who walks with a cane? Thank you so much!",
      ],
    );
    seeded.eventRegistrationIds.push(row.id);
  }

  // The inbox: a visitor's message, a ministry sign-up and an event registration.
  ({ id: seeded.visitorId } = await one<{ id: string }>(
    `insert into visitors (name, mobile, email, message) values ($1, '+973 3300 9988', $2, $3) returning id`,
    [
      LONG.name,
      LONG.email,
      "Hello! We have just moved to Bahrain from Manila.\n\nCould someone tell us about the children's ministry and the Friday services? https://www.extremely-long-example-domain.org/a/very/long/path/that/does/not/break",
    ],
  ));
  ({ id: seeded.connectItemId } = await one<{ id: string }>(
    `insert into inbox_items (kind, source_id) values ('connect', $1) returning id`,
    [seeded.visitorId],
  ));
  ({ id: seeded.ministryItemId } = await one<{ id: string }>(
    `insert into inbox_items (kind, source_id, status, handled_by, handled_at)
     values ('ministry', $1, 'handled', $2, now()) returning id`,
    [seeded.ministryRegistrationIds[1], LONG.staffEmail],
  ));
  ({ id: seeded.eventItemId } = await one<{ id: string }>(
    `insert into inbox_items (kind, source_id, status) values ('event', $1, 'archived') returning id`,
    [seeded.eventRegistrationIds[0]],
  ));

  // E-mails waiting, sent and failed, to a long address.
  for (const [status, error] of [
    ["pending", null],
    ["sent", null],
    [
      "failed",
      "connect ECONNREFUSED 127.0.0.1:587 (the mail server refused the connection after three attempts)",
    ],
  ]) {
    const row = await one<{ id: string }>(
      `insert into outbox_emails (kind, to_address, subject, text_body, html_body, status, attempts, last_error, sent_at)
       values ('reply', $1, $2, 'Hello', '<p>Hello</p>', $3, $4, $5, case when $3 = 'sent' then now() end)
       returning id`,
      [LONG.email, `Re: ${LONG.title}`, status, status === "pending" ? 0 : 3, error],
    );
    seeded.outboxIds.push(row.id);
  }

  // An import waiting for its columns, with a long file name and a long address in its cells.
  ({ id: seeded.importId } = await one<{ id: string }>(
    `insert into member_imports (file_name, created_by_label, headers, rows, row_count)
     values ($1, 'admin@e2e.test', $2::jsonb, $3::jsonb, 2) returning id`,
    [
      "members-of-the-congregation-exported-from-the-old-spreadsheet-2026.csv",
      JSON.stringify(["First Name", "Last Name", "Email", "Mobile", "Birthday"]),
      JSON.stringify([
        [LONG.first, LONG.last, LONG.email, "3600 0001", "1990-02-03"],
        ["Ben", "Reyes", "not an address", "", "31/02/1990"],
      ]),
    ],
  ));

  // Announcements: one sent to Amplify (a long subject; a recipient the mail server refused with
  // a long answer), a draft with the event as its card, and a saved list with a long name.
  const audience = JSON.stringify({ combine: "any", parts: [{ kind: "ministry", slug: "amplify" }] });
  ({ id: seeded.sentAnnouncementId } = await one<{ id: string }>(
    `insert into announcements (subject, body, audience, status, started_at, finished_at, created_by_name)
     values ($1, $2, $3, 'sent', now(), now(), 'Maria Concepcion Dela Cruz-Villanueva') returning id`,
    [
      "Christmas Cantata rehearsals for the Worship, Youth and Children's Ministries this December",
      "Dear friends,\n\nRehearsals are on **Saturdays** at 7 PM.\n\n- Bring water\n- Be on time",
      audience,
    ],
  ));
  await sql(
    `insert into announcement_recipients (announcement_id, email, name, status, error) values
     ($1, $2, 'Maria Concepcion Dela Cruz-Villanueva', 'sent', null),
     ($1, 'unreachable.mailbox.of.someone@example-parish-office.org', 'Gabriel Emmanuel Dela Cruz-Villanueva',
      'failed', '550 5.1.1 <unreachable.mailbox.of.someone@example-parish-office.org>: Recipient address rejected: User unknown in virtual mailbox table')`,
    [seeded.sentAnnouncementId, LONG.email.toLowerCase()],
  );
  ({ id: seeded.draftAnnouncementId } = await one<{ id: string }>(
    `insert into announcements (subject, body, audience, link_kind, link_id, created_by_name)
     values ('Youth camp sign-ups are open', 'Sign up by **Friday**.', $1, 'event', $2, 'Office') returning id`,
    [audience, seeded.eventId],
  ));
  ({ id: seeded.listId } = await one<{ id: string }>(
    `insert into saved_lists (name) values ($1) returning id`,
    [`Christmas Cantata choir and musicians ${crypto.randomBytes(2).toString("hex")}`],
  ));
  await sql("insert into saved_list_members (list_id, member_id) values ($1, $2)", [
    seeded.listId,
    seeded.memberId,
  ]);

  // Groups (issue 37): a group with a long name (one word with no place to break, as another spec's
  // group may be), area and description, the long-named member its leader, and the others in it.
  ({ id: seeded.groupId } = await one<{ id: string }>(
    `insert into groups (kind, name, meeting_day, meeting_time, area, description, is_open, capacity)
     values ('other', $1, 3, '19:30', 'Seef, Sanabis and the Northern Governorate', $2, true, 12) returning id`,
    [
      `YoungProfessionalsAndNewlyMarriedCouplesFellowship${crypto.randomBytes(2).toString("hex")}`,
      "A fellowship for young professionals and newly married couples who meet on Wednesday evenings.",
    ],
  ));
  await sql(
    `insert into group_members (group_id, member_id, is_leader)
     select $1, id, id = $2 from members where id = any($3::uuid[])`,
    [seeded.groupId, seeded.memberId, seeded.memberIds],
  );

  // Care (issue 38): visits and calls to the long-named member with long names and notes, and an
  // open follow-up with a long reason, for the profile's "Pastoral care" card (they go with the
  // member). Members with and without a visit for the list's "Last contacted" column.
  await sql(
    `insert into pastoral_visits (member_id, visited_on, kind, visited_by, private_note, created_by)
     values ($1, current_date - 3, 'hospital', $2, $3, 'phone-walk'),
            ($1, current_date - 40, 'call', 'Ate Joy', '', 'phone-walk')`,
    [
      seeded.memberId,
      "Ptr. Bartholomew Alexander Montgomery-Fitzgerald and Ate Maria Concepcion Dela Cruz-Villanueva",
      "Visited at the King Hamad University Hospital after her operation; her husband asked us to pray for their eldest, https://example.org/a-very-long-address-without-any-place-to-break-it-at-all",
    ],
  );
  await sql(
    `insert into follow_ups (member_id, name, email, reason, source, due_on, created_by)
     values ($1, $2, $3, 'Not seen at the Young Professionals and Newly Married Couples Fellowship for 3 meetings', 'not-seen', current_date - 1, 'phone-walk')`,
    [seeded.memberId, LONG.name, LONG.email],
  );
  // Prayer requests (issue 38): a private one for the long-named member who asked for a call, with
  // a long text, and an answered shared one from the website without a name.
  for (const [visibility, answered, source] of [
    ["private", false, "staff"],
    ["shared", true, "form"],
  ] as const) {
    const row = await one<{ id: string }>(
      `insert into prayer_requests (member_id, name, email, mobile, request, visibility, wants_call, source,
         expires_on, answered_at, answer_note, created_by)
       values ($1, $2, $3, '+973 3300 9988', $4, $5, $6, $7, current_date + 30,
         case when $6 then null else now() end, $8, $9) returning id`,
      [
        visibility === "private" ? seeded.memberId : null,
        visibility === "private" ? LONG.name : "",
        visibility === "private" ? LONG.email : "",
        "Please pray for our family: my husband's contract ends in March and we do not know yet whether we can stay in Bahrain, and our youngest starts school. https://www.extremely-long-example-domain.org/a/very/long/path",
        visibility,
        !answered,
        source,
        answered ? "The contract was renewed for two more years, praise God, and school began well." : "",
        source === "staff" ? LONG.staffEmail : "",
      ],
    );
    seeded.prayerIds.push(row.id);
  }
  // Care (issue 38): the administrator's follow-ups, one overdue with a long name, reason and step.
  const admin = await one<{ id: string }>("select id from users where email = 'admin@e2e.test'");
  for (const [name, reason, days] of [
    [LONG.name, `Asked to join ${LONG.title}`, -3],
    ["Ana Reyes", "New visitor", 0],
  ] as const) {
    const row = await one<{ id: string }>(
      `insert into follow_ups (name, email, reason, source, assignee_id, due_on, created_by)
       values ($1, '', $2, 'manual', $3, current_date + $4::int, 'system') returning id`,
      [name, reason, admin.id, days],
    );
    seeded.followUpIds.push(row.id);
  }
  await sql(
    `insert into follow_up_steps (follow_up_id, position, title, due_on)
     values ($1, 1, 'Invite to the group and introduce to its leaders over coffee', current_date - 3)`,
    [seeded.followUpIds[0]],
  );

  // Serving rosters (issue 36): a team of Amplify with a long name and position, the long-named
  // member declined the next Friday with a long reason, another was asked and has not answered.
  ({ id: seeded.rosterTeamId } = await one<{ id: string }>(
    `insert into roster_teams (ministry_slug, name) values ('amplify', $1) returning id`,
    [`Worship Band and Production Crew of the Friday Service ${crypto.randomBytes(2).toString("hex")}`],
  ));
  ({ id: seeded.rosterPositionId } = await one<{ id: string }>(
    `insert into roster_positions (team_id, name, weekly_need, sort_order)
     values ($1, 'Keyboards and Music Direction for the Worship Team', 2, 0) returning id`,
    [seeded.rosterTeamId],
  ));
  await sql(
    `insert into roster_positions (team_id, name, weekly_need, sort_order) values ($1, 'Stream', 1, 1)`,
    [seeded.rosterTeamId],
  );
  await sql(
    `insert into roster_qualified (position_id, member_id) select $1, id from members where id = any($2::uuid[])`,
    [seeded.rosterPositionId, seeded.memberIds],
  );
  const today = todayInChurchZone();
  ({ id: seeded.rosterServiceId } = await one<{ id: string }>(
    `insert into roster_services (service_date, start_time, title, service_name)
     values ($1, '15:30', 'Worship Service', 'Worship Service')
     on conflict (service_date, service_name) do update set title = excluded.title returning id`,
    [addDays(today, (5 - dayOfWeek(today) + 7) % 7)],
  ));
  await sql(
    `insert into roster_slots (service_id, position_id, seat, member_id, status, decline_reason)
     values ($1, $2, 1, $3, 'declined', $4), ($1, $2, 2, $5, 'pending', null)`,
    [
      seeded.rosterServiceId,
      seeded.rosterPositionId,
      seeded.memberId,
      "Our family is travelling to the Philippines for my grandmother's ninetieth birthday celebration",
      seeded.memberIds[1],
    ],
  );

  // Staff: an account with a long name and address (linked to the long-named member, in a role
  // of the church's own), and one invited that has not yet come.
  ({ id: seeded.roleId } = await one<{ id: string }>(
    `insert into staff_roles (name, levels, ministry_only) values ($1, $2, true) returning id`,
    [
      `Worship and Youth Ministries Coordinator ${crypto.randomBytes(2).toString("hex")}`,
      JSON.stringify({
        members: "view",
        registrations: "view",
        website: "edit",
        sermons: "edit",
        events: "edit",
      }),
    ],
  ));
  ({ id: seeded.staffId } = await one<{ id: string }>(
    `insert into users (name, email, role, email_verified, last_sign_in_at, ministries, member_id)
     values ($1, $2, $3, true, now(), '{amplify,yadah,acts-kids}', $4) returning id`,
    [LONG.staffName, LONG.staffEmail, seeded.roleId, seeded.memberId],
  ));
  await sql(
    `insert into accounts (account_id, provider_id, user_id, password) values ($1::text, 'credential', $1::uuid, 'x')`,
    [seeded.staffId],
  );
  ({ id: seeded.invitedId } = await one<{ id: string }>(
    `insert into users (name, email, role, email_verified) values ($1, $2, 'staff', true) returning id`,
    [`${LONG.staffName} Invited`, `invited.${LONG.staffEmail}`],
  ));

  // The audit log, with long names on both sides and a change list.
  await sql(
    `insert into audit_log (actor_id, actor_label, ip, action, subject_type, subject_id, subject_label, details)
     values ($7, $1, '203.0.113.250', 'member.updated', 'member', $2, $3, $4),
            ($7, $1, '2001:db8:85a3:0000:0000:8a2e:0370:7334', 'sermon.created', 'sermon', $5, $6, '{}')`,
    [
      LONG.staffEmail,
      seeded.memberId,
      LONG.name,
      JSON.stringify({
        changes: [
          { field: "email", from: "maria@example.org", to: LONG.email },
          { field: "birthday", from: "1985-10-02", to: "1985-10-03" },
        ],
      }),
      seeded.sermonId,
      LONG.title,
      seeded.staffId,
    ],
  );

  // A member's own changes waiting in Members' Updates: long values, children and ministries.
  await sql(`insert into member_update_requests (member_id, changes) values ($1, $2::jsonb)`, [
    seeded.memberId,
    JSON.stringify([
      { field: "email", from: LONG.email, to: `new.${LONG.email}`, status: "pending" },
      {
        field: "addressBh",
        from: "Flat 2204, Building 1458, Road 4321, Block 428, Al Seef District, Manama, Kingdom of Bahrain",
        to: "Villa 77, Road 3803, Block 338, Adliya, Manama, Kingdom of Bahrain, near the old bakery",
        status: "pending",
      },
      {
        field: "children",
        from: [],
        to: [{ name: "Gabriel Emmanuel Dela Cruz-Villanueva", birthday: "2015-03-14", gender: "Male" }],
        status: "pending",
      },
      {
        field: "ministryInvolvement",
        from: ["acts-kids"],
        to: ["acts-kids", "amplify", "yadah"],
        status: "pending",
      },
    ]),
  ]);

  // Care (issue 38): a workflow with a long name and steps, the long-named staff account doing one;
  // the long-named member's follow-up on it (a step done, a long note, snoozed), and an overdue
  // follow-up of someone outside the registry with a long address, given to the admin.
  ({ id: seeded.workflowId } = await one<{ id: string }>(
    `insert into care_workflows (name, description) values ($1, $2) returning id`,
    [
      `Hospital and Bereavement Visits of the Northern Governorate ${crypto.randomBytes(2).toString("hex")}`,
      "For members in hospital or grieving: a call to the family, a visit by a pastor, and a card.",
    ],
  ));
  await sql(
    `insert into care_workflow_steps (workflow_id, position, title, days, assignee_id)
     values ($1, 1, 'Call the family and ask what they would like from the church', 0, null),
            ($1, 2, 'Visit with a pastor and pray with the whole family', 3, $2),
            ($1, 3, 'Send a card signed by the Bible study group', 14, null)`,
    [seeded.workflowId, seeded.staffId],
  );
  ({ id: seeded.followUpId } = await one<{ id: string }>(
    `insert into follow_ups (member_id, name, email, mobile, reason, source, workflow_id, assignee_id,
       due_on, snoozed_until, created_by)
     values ($1, $2, $3, '+973 33112233', $4, 'manual', $5, $6, current_date + 3, current_date + 9, $7)
     returning id`,
    [
      seeded.memberId,
      LONG.name,
      LONG.email,
      "Hospital visit after her surgery at the King Hamad University Hospital",
      seeded.workflowId,
      seeded.staffId,
      LONG.staffEmail,
    ],
  ));
  await sql(
    `insert into follow_up_steps (follow_up_id, position, title, due_on, assignee_id, done_at, done_by)
     select $1, position, title, current_date + days, assignee_id,
       case when position = 1 then now() end, case when position = 1 then $2::text end
     from care_workflow_steps where workflow_id = $3`,
    [seeded.followUpId, LONG.staffName, seeded.workflowId],
  );
  await sql(`insert into follow_up_notes (follow_up_id, body, author) values ($1, $2, $3)`, [
    seeded.followUpId,
    `Spoke with her husband ${LONG.name}; the surgery went well.\nShe would welcome a visit on Thursday afternoon, after 4 PM, at ward ${"7".repeat(40)}.`,
    LONG.staffName,
  ]);
  ({ id: seeded.visitorFollowUpId } = await one<{ id: string }>(
    `insert into follow_ups (name, email, mobile, reason, source, assignee_id, due_on, created_by)
     values ($1, $2, '+973 3311 2299', 'New visitor', 'connect', (select id from users where role = 'admin' order by created_at limit 1),
       current_date - 4, 'visitor')
     returning id`,
    [`${LONG.name} Visitor`, `visitor.${LONG.email}`],
  ));
}

async function removeSeeded() {
  await sql("delete from inbox_items where id = any($1::uuid[])", [
    [seeded.connectItemId, seeded.ministryItemId, seeded.eventItemId].filter(Boolean),
  ]);
  await sql("delete from visitors where id = any($1::uuid[])", [[seeded.visitorId].filter(Boolean)]);
  await sql("delete from outbox_emails where id = any($1::uuid[]) or to_address = $2", [
    seeded.outboxIds,
    LONG.staffEmail,
  ]);
  await sql("delete from ministry_registrations where id = any($1::uuid[])", [
    seeded.ministryRegistrationIds,
  ]);
  await sql("delete from event_registrations where id = any($1::uuid[])", [seeded.eventRegistrationIds]);
  await sql("delete from members where id = any($1::uuid[])", [seeded.memberIds]);
  await sql("delete from member_imports where id = any($1::uuid[])", [[seeded.importId].filter(Boolean)]);
  await sql("delete from events where id = any($1::uuid[])", [[seeded.eventId].filter(Boolean)]);
  await sql("delete from sermons where id = any($1::uuid[])", [[seeded.sermonId].filter(Boolean)]);
  await sql("delete from ministry_videos where id = any($1::uuid[])", [[seeded.videoId].filter(Boolean)]);
  await sql("delete from documents where id = any($1::uuid[])", [[seeded.documentId].filter(Boolean)]);
  await sql("delete from users where id = any($1::uuid[])", [
    [seeded.staffId, seeded.invitedId].filter(Boolean),
  ]);
  await sql("delete from staff_roles where id = any($1::uuid[])", [[seeded.roleId].filter(Boolean)]);
  await sql("delete from announcements where id = any($1::uuid[])", [
    [seeded.sentAnnouncementId, seeded.draftAnnouncementId].filter(Boolean),
  ]);
  await sql("delete from saved_lists where id = any($1::uuid[])", [[seeded.listId].filter(Boolean)]);
  await sql("delete from roster_teams where id = any($1::uuid[])", [[seeded.rosterTeamId].filter(Boolean)]);
  await sql("delete from groups where id = any($1::uuid[])", [[seeded.groupId].filter(Boolean)]);
  await sql("delete from follow_ups where id = any($1::uuid[])", [
    [seeded.followUpId, seeded.visitorFollowUpId].filter(Boolean),
  ]);
  await sql("delete from care_workflows where id = any($1::uuid[])", [[seeded.workflowId].filter(Boolean)]);
  await sql("delete from prayer_requests where id = any($1::uuid[])", [seeded.prayerIds]);
  await sql("delete from follow_ups where id = any($1::uuid[])", [seeded.followUpIds]);
}

const storageState = path.join(dataDir, "phone-walk-signed-in.json");

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  await seed();
  // Signed in once; every screen below reuses the session.
  // (Contexts made here take the options of the test that comes first: start with no session.)
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const admin = await context.newPage();
  await signIn(admin);
  await context.storageState({ path: storageState });
  // A backup to open the restore confirmation of (the e2e servers take no daily backup).
  await admin.goto("/members/backups");
  await admin.waitForFunction(() => "__reactRouterDataRouter" in window);
  await admin.getByRole("button", { name: "Back up now" }).click();
  const restoreLink = admin.locator('a[href^="/members/backups/restore/"]').first();
  await expect(restoreLink).toBeVisible({ timeout: 30_000 });
  seeded.restoreLink = (await restoreLink.getAttribute("href"))!;
  const asked = await context.request.post("/members/forgot-password", {
    form: { email: LONG.staffEmail },
    headers: { origin: baseURL },
  });
  expect(asked.ok()).toBe(true);
  seeded.passwordLink = await linkFromOutbox(LONG.staffEmail);
  // A pending change of address as My account writes it: the token kept only as its hash.
  const token = crypto.randomBytes(32).toString("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  await sql(
    "insert into verifications (identifier, value, expires_at) values ($1, $2, now() + interval '1 hour')",
    [`change-email:${hash}|${LONG.staffEmail.replace("@", ".new@")}`, seeded.staffId],
  );
  seeded.confirmEmailLink = `/members/confirm-email?token=${token}`;
  await context.close();
});

test.afterAll(async () => {
  await removeSeeded();
});

/**
 * For the failure message: the elements that stick out past the window's right edge while their
 * parent does not, with the boxes around the first (a grid column sized by its widest content is
 * the usual cause), and the deepest ones.
 */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 5).join(".");
      const text = element.textContent?.trim().replace(/\s+/g, " ").slice(0, 50) ?? "";
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} (${Math.round(box.width)} px wide, right edge ${Math.round(box.right)} px): ${text}`;
    };
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > window.innerWidth + 0.5;
    };
    const ancestors = (element: Element | null): string[] =>
      element && element !== document.body
        ? [...ancestors(element.parentElement), `  ${describe(element).replace(/: .*$/, "")}`]
        : [];
    const all = [...document.body.querySelectorAll("*")].filter(sticksOut);
    const outermost = all.filter((element) => !element.parentElement || !sticksOut(element.parentElement));
    const deepest = all.filter((element) => ![...element.children].some(sticksOut));
    return [
      "outermost:",
      ...outermost.slice(0, 5).map(describe),
      "inside:",
      ...ancestors(outermost[0]?.parentElement ?? null),
      "deepest:",
      ...deepest.slice(0, 5).map(describe),
    ];
  });
}

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers`).toBeLessThan(400);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

async function walk(page: Page, url: string) {
  await page.setViewportSize(PHONE);
  await open(page, url);
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect
    .soft(extra, `${url} scrolls sideways at 360 px; too wide:\n${(await overflowing(page)).join("\n")}`)
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, `${url} at 360 px`);
  // The same page turned wide (as a tablet turns), without loading it again.
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expectAxeClean(page, `${url} at 1280 px`);
}

test("the walk covers the members screens of the route table", () => {
  // A sanity check on the table walk itself: the screens everyone knows are among them.
  const patterns = screens.map((entry) => entry.pattern);
  for (const known of ["members", "members/details", "members/ministry-registrations", "members/login"]) {
    expect(patterns).toContain(known);
  }
  expect(patterns).not.toContain("members/logout");
  expect(patterns).not.toContain("members/audit/export");
});

test.describe("signed in", () => {
  test.use({ storageState });

  for (const entry of screens.filter((screen) => screen.isInLayout)) {
    test(`/${entry.pattern} fits a 360 px phone and passes axe there and at 1280 px`, async ({ page }) => {
      test.setTimeout(240_000);
      for (const url of urlsFor(entry.pattern)) await walk(page, url);
    });
  }
});

// A head of Amplify (issue 34) meets other versions of the same screens: its ministry's members
// and sign-ups only, without the buttons of those who may change them.
test.describe("as a ministry head", () => {
  test("the screens a ministry head reaches fit a 360 px phone and pass axe there and at 1280 px", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const head = await createStaffAccount("Hana Head");
    await sql("update users set role = 'ministry-head', ministries = '{amplify}' where id = $1", [head.id]);
    await sql(
      `insert into ministry_registrations (ministry_slug, name, email, mobile)
       values ('amplify', 'Maria Concepcion Dela Cruz-Villanueva', 'maria.walk@example.org', '33110003')`,
    );
    await signIn(page, { email: head.email, password: head.password });
    for (const url of [
      "/members",
      "/members/details",
      `/members/profile/${seeded.memberId}`,
      "/members/ministry-registrations",
      "/members/add-ministry-video",
      "/members/update-ministry-image",
      "/members/site",
      "/members/site/ministries/amplify",
      "/members/rosters",
      `/members/rosters/teams/${seeded.rosterTeamId}/schedule`,
      "/members/announcements",
      "/members/announcements/new",
    ]) {
      await walk(page, url);
      // Its own version of the screen, not the sign-in page or another screen it was sent to.
      expect(new URL(page.url()).pathname).toBe(url);
    }
  });
});

test.describe("signed out", () => {
  for (const entry of screens.filter((screen) => !screen.isInLayout)) {
    test(`/${entry.pattern} fits a 360 px phone and passes axe there and at 1280 px`, async ({ page }) => {
      test.setTimeout(60_000);
      for (const url of urlsFor(entry.pattern)) await walk(page, url);
    });
  }
});
