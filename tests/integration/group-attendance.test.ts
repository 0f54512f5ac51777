import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { action as attendanceAction, loader as attendanceLoader } from "~/routes/groups/attendance";
import { askLeadersForAttendance } from "~/server/groups/attendance-asks.server";
import { groupAttendanceRates } from "~/server/groups/attendance-rates.server";
import { makeLeaderLink } from "~/server/groups/leader-links.server";
import { addGroup, addMembers, clearGroups, join } from "../helpers/groups-seed";
import { startSmtpServer } from "../helpers/smtp";
import { action as staffAction } from "~/routes/members/groups/attendance";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A leader's attendance link (issue 37): it opens the group's members to tick, records a meeting
// (again: replaced), and refuses a changed token, another group's form, a member not in the
// group, a future date and a leader who stepped down, writing nothing. The 30/60/90-day rates
// are checked against figures worked out by hand.

const today = todayInChurchZone();

describe.each(databaseKinds)("group attendance on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let group: string;
  let other: string;
  let people: Record<string, { id: string; email: string }>;
  let token: string;
  const admin = { id: "", email: "admin@test.local" };
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const written = async () => ({
    meetings: await q<{ meeting_date: string; guests: string[]; recorded_by: string }>(
      "select to_char(meeting_date, 'YYYY-MM-DD') as meeting_date, guests, recorded_by from group_meetings order by meeting_date",
    ),
    present: (await q("select 1 from group_attendance")).length,
  });
  const post = (tokenText: string, fields: [string, string][]) =>
    callRoute(
      attendanceAction,
      new Request(`http://localhost/groups/attendance/${tokenText}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      }),
      { params: { token: tokenText }, clientIp: "192.0.2.44" },
    );
  const form = (date: string, present: string[], guests = "", groupId = group): [string, string][] => [
    ["groupId", groupId],
    ["date", date],
    ...present.map((id): [string, string] => ["present", id]),
    ["guests", guests],
  ];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: '"ACTS Church" <office@church.example.org>',
    });
    admin.id = (await q<{ id: string }>("select id from users where email = 'admin@test.local'"))[0]!.id;
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearGroups(db);
    people = await addMembers(db, ["Lea", "Ana", "Ben", "Cy", "Dee"]);
    group = await addGroup(db, { name: "Group 1", meetingDay: null });
    other = await addGroup(db, { name: "Riffa", kind: "salt" });
    await join(db, group, [people.Lea!.id], { leader: true });
    await join(db, group, [people.Ana!.id, people.Ben!.id, people.Cy!.id]);
    await join(db, other, [people.Dee!.id]);
    token = new URL(
      (await makeLeaderLink(group, people.Lea!.id, { email: false, origin: "http://localhost" }, admin)).url,
    ).pathname
      .split("/")
      .pop()!;
  });

  it("opens the group's members and records a meeting with guests; recording again replaces it", async () => {
    const opened = await callRoute(
      attendanceLoader,
      new Request(`http://localhost/groups/attendance/${token}`),
      {
        params: { token },
      },
    );
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    const view = opened.data as { state: string; sheet: { date: string; people: { name: string }[] } };
    expect(view.state).toBe("open");
    expect(view.sheet.date).toBe(today);
    expect(view.sheet.people.map((person) => person.name)).toEqual([
      "Lea Reyes",
      "Ana Reyes",
      "Ben Reyes",
      "Cy Reyes",
    ]);

    const saved = await post(token, form(today, [people.Lea!.id, people.Ana!.id], "Sam Cruz\nJo Lim\n"));
    expect(saved.status).toBe(200);
    expect((saved.data as { saved: string }).saved).toContain("2 present, 2 guests");
    expect(await written()).toEqual({
      meetings: [{ meeting_date: today, guests: ["Sam Cruz", "Jo Lim"], recorded_by: "leader:Lea Reyes" }],
      present: 2,
    });

    await post(token, form(today, [people.Ben!.id]));
    expect(await written()).toEqual({
      meetings: [{ meeting_date: today, guests: [], recorded_by: "leader:Lea Reyes" }],
      present: 1,
    });
    const reopened = await callRoute(
      attendanceLoader,
      new Request(`http://localhost/groups/attendance/${token}?date=${today}`),
      { params: { token } },
    );
    const ticks = (reopened.data as { sheet: { people: { name: string; present: boolean }[] } }).sheet.people;
    expect(ticks.filter((person) => person.present).map((person) => person.name)).toEqual(["Ben Reyes"]);
  });

  it("refuses a changed token, another group's form, a member not in the group and a future date", async () => {
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await post(changed, form(today, [people.Ana!.id]))).status).toBe(404);
    expect((await post(token, form(today, [people.Dee!.id], "", other))).status).toBe(403);
    expect((await post(token, form(today, [people.Dee!.id]))).status).toBe(400);
    const future = await post(token, form(addDays(today, 1), [people.Ana!.id]));
    expect(future.status).toBe(400);
    expect((future.data as { error: string }).error).toContain("has not come yet");
    expect(await written()).toEqual({ meetings: [], present: 0 });
  });

  it("opens nothing once the leader no longer leads the group", async () => {
    await q("update group_members set is_leader = false where member_id = $1", [people.Lea!.id]);
    const result = await post(token, form(today, [people.Ana!.id]));
    expect(result.status).toBe(403);
    expect(result.data).toMatchObject({ state: "closed", closed: "not-leader" });
    expect(await written()).toEqual({ meetings: [], present: 0 });
  });

  it("computes the 30/60/90-day rates from the recorded rows", async () => {
    // Dee joins Group 1 only 20 days ago: the older meetings do not count her.
    await join(t.services.db, group, [people.Dee!.id], { joinedOn: addDays(today, -20) });
    await q("update group_members set joined_on = $1 where member_id <> $2", [
      addDays(today, -200),
      people.Dee!.id,
    ]);
    const meet = async (daysAgo: number, present: string[]) =>
      post(
        token,
        form(
          addDays(today, -daysAgo),
          present.map((name) => people[name]!.id),
        ),
      );
    await meet(7, ["Lea", "Ana", "Ben", "Dee"]); // 4 of 5
    await meet(40, ["Lea", "Ana"]); // 2 of 4
    await meet(80, ["Lea"]); // 1 of 4
    await meet(100, ["Lea", "Ana", "Ben", "Cy"]); // outside every window
    const rates = await groupAttendanceRates(new Date());
    const mine = rates.find((row) => row.groupId === group)!;
    expect(mine.meetings).toEqual({ d30: 1, d60: 2, d90: 3 });
    expect(mine.rate.d30).toBeCloseTo(4 / 5);
    expect(mine.rate.d60).toBeCloseTo(6 / 9);
    expect(mine.rate.d90).toBeCloseTo(7 / 13);
    expect(rates.find((row) => row.groupId === other)).toMatchObject({
      name: "Riffa",
      kind: "salt",
      meetings: { d30: 0, d60: 0, d90: 0 },
      rate: { d30: null, d60: null, d90: null },
    });
    // A deleted member counts on neither side: Ben (there 7 days ago only) leaves every window.
    await q("update members set deleted_at = now() where id = $1", [people.Ben!.id]);
    const after = (await groupAttendanceRates(new Date())).find((row) => row.groupId === group)!;
    expect(after.meetings).toEqual({ d30: 1, d60: 2, d90: 3 });
    expect(after.rate.d30).toBeCloseTo(3 / 4);
    expect(after.rate.d60).toBeCloseTo(5 / 7);
    expect(after.rate.d90).toBeCloseTo(6 / 10);
  });

  it("lets staff record a meeting and make a leader's link by e-mail, which replaces the earlier one", async () => {
    const cookie = await signInCookie();
    const staffPost = (fields: [string, string][]) =>
      callRoute(
        staffAction,
        new Request(`http://localhost/members/groups/${group}/attendance`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: "http://localhost",
            cookie,
          },
        }),
        { params: { groupId: group } },
      );
    const date = addDays(today, -7);
    const saved = await staffPost([
      ["intent", "record"],
      ...form(date, [people.Ana!.id, people.Cy!.id], "Guest One"),
    ]);
    expect(saved.data).toMatchObject({
      ok: true,
      toast: { title: "Attendance saved", description: "2 present, 1 guest." },
    });
    expect(await written()).toEqual({
      meetings: [{ meeting_date: date, guests: ["Guest One"], recorded_by: "admin@test.local" }],
      present: 2,
    });
    const audit = await q<{ action: string; details: { date: string } }>(
      "select action, details from audit_log where action = 'group.attendance-recorded' and actor_label = 'admin@test.local'",
    );
    expect(audit.map((row) => row.details.date)).toEqual([date]);

    expect((await staffPost([["intent", "record"], ...form(date, [people.Dee!.id])])).status).toBe(400);

    const made = await staffPost([
      ["intent", "link"],
      ["memberId", people.Lea!.id],
      ["email", "on"],
    ]);
    const url = (made.data as { made: { url: string } }).made.url;
    const [mail] = await q<{ to_address: string; text_body: string }>(
      "select to_address, text_body from outbox_emails where kind = 'group-attendance-link'",
    );
    expect(mail!.to_address).toBe(people.Lea!.email);
    expect(mail!.text_body).toContain(url);
    // The link made in beforeEach no longer opens; the new one does.
    expect((await post(token, form(today, [people.Ana!.id]))).status).toBe(404);
    const fresh = url.split("/").pop()!;
    expect((await post(fresh, form(today, [people.Ana!.id]))).status).toBe(200);
  });

  it("answers malformed bodies on the leader's page and the staff screen without a 5xx or a write", async () => {
    const cookie = await signInCookie();
    const bodies: [string, BodyInit, string][] = [
      ["no fields", "", "application/x-www-form-urlencoded"],
      [
        "a huge guest list",
        `groupId=${group}&date=${today}&guests=${"x".repeat(300_000)}`,
        "application/x-www-form-urlencoded",
      ],
      ["an impossible date", `groupId=${group}&date=2026-02-30`, "application/x-www-form-urlencoded"],
      [
        "a malformed id",
        `groupId=../../etc&date=${today}&present=1;drop`,
        "application/x-www-form-urlencoded",
      ],
      [
        "invalid UTF-8",
        new Uint8Array([0x67, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
        "application/x-www-form-urlencoded",
      ],
      [
        "broken multipart",
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
        "multipart/form-data; boundary=XYZ",
      ],
    ];
    for (const [label, body, contentType] of bodies) {
      for (const [fn, path, params, headers] of [
        [attendanceAction, `/groups/attendance/${token}`, { token }, {}],
        [staffAction, `/members/groups/${group}/attendance`, { groupId: group }, { cookie }],
      ] as const) {
        const result = await callRoute(
          fn,
          new Request(`http://localhost${path}`, {
            method: "POST",
            body,
            headers: { "content-type": contentType, origin: "http://localhost", ...headers },
          }),
          { params, clientIp: "192.0.2.45" },
        );
        expect(result.status, `${label} on ${path}`).toBeLessThan(500);
        expect(result.status, `${label} on ${path}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await written()).toEqual({ meetings: [], present: 0 });
  });

  it("asks the leaders once, from 90 minutes after the meeting, with a link that records it", async () => {
    await q("update groups set meeting_day = null where id = $1", [other]);
    await q("update groups set meeting_day = $1, meeting_time = '19:00' where id = $2", [
      dayOfWeek(today),
      group,
    ]);
    const asks = () =>
      q<{ to_address: string; subject: string; text_body: string }>(
        "select to_address, subject, text_body from outbox_emails where kind = 'group-attendance-ask'",
      );
    expect(await askLeadersForAttendance(momentInChurchZone(today, "20:29"))).toBe(0);
    expect(await askLeadersForAttendance(momentInChurchZone(today, "20:31"))).toBe(1);
    expect(await askLeadersForAttendance(momentInChurchZone(today, "22:00"))).toBe(0);
    expect(await askLeadersForAttendance(momentInChurchZone(addDays(today, 1), "09:00"))).toBe(0);
    const [mail, ...more] = await asks();
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe(people.Lea!.email);
    expect(mail!.subject).toMatch(/^Who came to Group 1\? /);
    const asked = /\/groups\/attendance\/([\w-]{43})\?date=(\d{4}-\d{2}-\d{2})/.exec(mail!.text_body)!;
    expect(asked[2]).toBe(today);
    expect((await post(asked[1]!, form(today, [people.Ana!.id]))).status).toBe(200);

    // A late meeting is asked about after midnight; one already recorded is not asked about.
    await q("delete from settings where key like 'groups:attendance-asked:%'");
    await q("update groups set meeting_time = '23:30' where id = $1", [group]);
    expect(await askLeadersForAttendance(momentInChurchZone(addDays(today, 1), "01:05"))).toBe(0);
    await q("delete from group_meetings");
    expect(await askLeadersForAttendance(momentInChurchZone(addDays(today, 1), "01:05"))).toBe(1);
    expect((await asks()).length).toBe(2);
  });
});
