import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatDateLong, formatTime12 } from "~/lib/format";
import { consents, members, type Audience } from "../../database/schema";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/announcements/unsubscribe";
import {
  cancelAnnouncement,
  getAnnouncement,
  listAnnouncements,
  NOBODY_REACHABLE,
  saveDraft,
  schedule,
  sendNow,
  sendTest,
} from "~/server/announcements/announcements.server";
import {
  queueAnnouncementEmails,
  settleAnnouncements,
  startDueAnnouncements,
} from "~/server/announcements/announcement-sending.server";
import { countAudience } from "~/server/announcements/audiences.server";
import { requireUser } from "~/server/auth/guards.server";
import type { StaffUser } from "~/server/auth/staff-user.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { changeConsent } from "~/server/people/consents.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { startSmtpServer } from "../helpers/smtp";
import { createStaffAccount, signInWith } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Announcements end to end with a real SMTP server: an audience of a ministry, with consent
// applied; each consenting member receives it once with the RFC 8058 headers; the one-click
// unsubscribe withdraws consent (audited) and the next announcement skips them; refusals write
// nothing; queuing twice, or from two connections at once, queues nobody twice.

const FROM = '"ACTS Church" <office@church.example.org>';
const AMPLIFY: Audience = { combine: "any", parts: [{ kind: "ministry", slug: "amplify" }] };

describe.each(databaseKinds)("announcements on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  let admin: StaffUser;
  let head: StaffUser;
  const ids: Record<string, string> = {};
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<T>(sql, params);
  const send = () => sendDueEmails(transport, FROM, { limit: 100 });
  const draft = (subject: string, audience: Audience = AMPLIFY, as = admin) =>
    saveDraft(as, { subject, body: "Practice moves to **Saturday**.\n\nSee you there.", audience });
  const linkOf = (raw: string) => {
    const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
    return /^List-Unsubscribe: <([^>]+)>/im.exec(unfolded)?.[1];
  };

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    transport = createMailTransport({ url: smtp.url, from: FROM });
    const { db } = t.services;
    const people = await db
      .insert(members)
      .values([
        {
          firstName: "Ana",
          lastName: "Reyes",
          email: "Ana.Reyes@Example.org ",
          mobile: "33000001",
          ministryInvolvement: ["amplify"],
        },
        {
          firstName: "Ben",
          lastName: "Cruz",
          email: "ben@example.org",
          mobile: "33000002",
          ministryInvolvement: ["amplify"],
        },
        {
          firstName: "Cal",
          lastName: "Diaz",
          email: "cal@example.org",
          mobile: "33000003",
          ministryInvolvement: ["amplify"],
        },
        {
          firstName: "Dee",
          lastName: "Lim",
          email: "dee@example.org",
          mobile: "33000004",
          ministryInvolvement: ["acts-kids"],
        },
      ])
      .returning({ id: members.id, firstName: members.firstName });
    for (const person of people) ids[person.firstName] = person.id;
    await db.insert(consents).values(
      ["Ana", "Ben", "Dee"].map((name) => ({
        memberId: ids[name]!,
        kind: "email" as const,
        noticeVersion: 1,
        recordedBy: "office@example.org",
      })),
    );
    admin = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
    );
    const account = await createStaffAccount({
      role: "ministry-head",
      ministries: ["amplify"],
      name: "Hal Head",
    });
    const signedIn = await signInWith(account.email, account.password);
    head = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: signedIn.cookie } }),
    );
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.raw.length = 0;
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await t?.stop();
  });

  it("counts the ministry's people and those who can receive it", async () => {
    expect(await countAudience(AMPLIFY)).toEqual({
      people: 3,
      reachable: 2,
      noConsent: 1,
      noAddress: 0,
      unsubscribed: 0,
    });
    expect(
      await countAudience({
        combine: "all",
        parts: [{ kind: "ministry", slug: "amplify" }, { kind: "all-members" }],
      }),
    ).toMatchObject({ people: 3, reachable: 2 });
    expect(
      await countAudience({
        combine: "any",
        parts: [
          { kind: "ministry", slug: "amplify" },
          { kind: "ministry", slug: "acts-kids" },
        ],
      }),
    ).toMatchObject({ people: 4, reachable: 3 });
  });

  it("a ministry head sends only to their own ministry's people", async () => {
    expect(ministryScope(head)).toEqual(["amplify"]);
    expect(await countAudience(AMPLIFY, ministryScope(head))).toMatchObject({ reachable: 2 });
    await expect(
      countAudience({ combine: "any", parts: [{ kind: "all-members" }] }, ministryScope(head)),
    ).rejects.toMatchObject({
      status: 403,
    });
    const before = await rows("select count(*)::int as n from announcements");
    await expect(
      draft("For everyone", { combine: "any", parts: [{ kind: "ministry", slug: "acts-kids" }] }, head),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(await rows("select count(*)::int as n from announcements")).toEqual(before);
  });

  it("refuses an empty subject or body, or no audience, writing nothing", async () => {
    const before = await rows("select count(*)::int as n from announcements");
    await expect(saveDraft(admin, { subject: " ", body: "Hi", audience: AMPLIFY })).rejects.toMatchObject({
      message: "Please enter a subject.",
      field: "subject",
    });
    await expect(saveDraft(admin, { subject: "Hi", body: "", audience: AMPLIFY })).rejects.toMatchObject({
      message: "Please write the message.",
    });
    await expect(
      saveDraft(admin, { subject: "Hi", body: "Hi", audience: { combine: "any", parts: [] } }),
    ).rejects.toMatchObject({
      message: "Please choose who receives it: at least one group of people.",
    });
    await expect(
      saveDraft(admin, { subject: "x".repeat(201), body: "Hi", audience: AMPLIFY }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await rows("select count(*)::int as n from announcements")).toEqual(before);
  });

  it("sends a test to the staff member's own address only, marked as a test", async () => {
    const id = await draft("Test first");
    await sendTest(admin, id);
    await send();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.to(admin.email)[0]!.subject).toBe("[Test] Test first");
    expect(
      await rows("select count(*)::int as n from announcement_recipients where announcement_id = $1", [id]),
    ).toEqual([{ n: 0 }]);
  });

  it("writes the body's Markdown and the linked event's card, its date as the site writes dates", async () => {
    const [event] = await rows<{ id: string; title: string; event_date: string; event_time: string }>(
      `insert into events (title, event_date, event_time, location_name, google_maps_url)
       values ('Christmas Cantata', '2030-12-20', '19:00', 'Church hall', 'https://maps.example.org')
       returning id, title, event_date::text, event_time::text`,
    );
    const id = await saveDraft(admin, {
      subject: "Christmas practice",
      body: "Practice moves to **Saturday**.",
      audience: AMPLIFY,
      link: { kind: "event", id: event!.id },
    });
    await sendTest(admin, id);
    await send();
    const [mail] = smtp.to(admin.email).filter((one) => one.subject === "[Test] Christmas practice");
    expect(mail!.html).toContain("<strong>Saturday</strong>");
    expect(mail!.text).toContain(event!.title);
    expect(mail!.text).toContain(`${formatDateLong(event!.event_date)}, ${formatTime12(event!.event_time)}`);
    expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });

  it("reaches exactly the two consenting members, once each, with both unsubscribe headers", async () => {
    const id = await draft("Practice on Saturday");
    expect(await sendNow(admin, id)).toEqual({ recipients: 2 });
    await expect(sendNow(admin, id)).rejects.toMatchObject({ status: 409 });
    expect(await queueAnnouncementEmails({ limit: 100 })).toEqual({ queued: 2, skipped: 0 });
    expect(await queueAnnouncementEmails({ limit: 100 })).toEqual({ queued: 0, skipped: 0 });
    expect(await send()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.to("ana.reyes@example.org")).toHaveLength(1);
    expect(smtp.to("ben@example.org")).toHaveLength(1);
    expect(smtp.to("cal@example.org")).toHaveLength(0);
    for (const raw of smtp.raw) {
      expect(linkOf(raw)).toMatch(/^http:\/\/localhost\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    }
    const mail = smtp.to("ben@example.org")[0]!;
    expect(mail.subject).toBe("Practice on Saturday");
    expect(mail.text).toContain(linkOf(smtp.raw.find((raw) => raw.includes("ben@example.org"))!));
    await settleAnnouncements();
    const sent = await getAnnouncement(id, null);
    expect(sent.status).toBe("sent");
    expect(sent.recipients).toMatchObject({ sent: 2, waiting: 0, queued: 0 });
    const [audit] = await rows<{ actor_label: string; details: Record<string, unknown> }>(
      "select actor_label, details from audit_log where action = 'announcement.sent' and subject_id = $1",
      [id],
    );
    expect(audit).toMatchObject({
      actor_label: admin.email,
      details: { recipients: 2, people: 3, audience: expect.stringMatching(/^Members of /) },
    });
  });

  it("the unsubscribe page changes nothing when opened; a one-click POST withdraws the consent", async () => {
    const id = await draft("Another one");
    await sendNow(admin, id);
    await queueAnnouncementEmails({ limit: 100 });
    await send();
    const url = linkOf(smtp.raw.find((raw) => raw.includes("ana.reyes@example.org"))!)!;
    const token = url.split("/").at(-1)!;
    const page = await callRoute(unsubscribeLoader, new Request(url), { params: { token } });
    expect(page).toMatchObject({ status: 200, data: { state: "ask", address: "ana.reyes@example.org" } });
    expect(await rows("select count(*)::int as n from email_unsubscribes")).toEqual([{ n: 0 }]);

    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await callRoute(unsubscribeAction, oneClick(altered), { params: { token: altered } });
    expect(refused).toMatchObject({ status: 404, data: { state: "invalid" } });
    expect(await rows("select count(*)::int as n from email_unsubscribes")).toEqual([{ n: 0 }]);

    const done = await callRoute(unsubscribeAction, oneClick(token), {
      params: { token },
      clientIp: "192.0.2.7",
    });
    expect(done).toMatchObject({ status: 200, data: { state: "done", address: "ana.reyes@example.org" } });
    expect(
      await rows("select withdrawn_by from consents where member_id = $1 and kind = 'email'", [ids.Ana]),
    ).toEqual([{ withdrawn_by: "unsubscribe link" }]);
    expect(
      await rows(
        "select action, subject_id, subject_label from audit_log where action in ('person.unsubscribed', 'member.consent-withdrawn') order by action",
      ),
    ).toEqual([
      { action: "member.consent-withdrawn", subject_id: ids.Ana, subject_label: "Ana Reyes" },
      { action: "person.unsubscribed", subject_id: null, subject_label: "ana.reyes@example.org" },
    ]);
    expect(await countAudience(AMPLIFY)).toEqual({
      people: 3,
      reachable: 1,
      noConsent: 1,
      noAddress: 0,
      unsubscribed: 1,
    });
  });

  it("the next announcement reaches only the other consenting member", async () => {
    const id = await draft("Only Ben now");
    expect(await sendNow(admin, id)).toEqual({ recipients: 1 });
    await queueAnnouncementEmails({ limit: 100 });
    await send();
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["Only Ben now"]);
    expect(smtp.to("ben@example.org")).toHaveLength(1);
  });

  it("refuses an audience nobody can receive, and a time in the past, queuing nothing", async () => {
    const before = await rows("select count(*)::int as n from outbox_emails");
    const cal = await draft("Nobody", {
      combine: "all",
      parts: [
        { kind: "ministry", slug: "amplify" },
        { kind: "ministry", slug: "acts-kids" },
      ],
    });
    await expect(sendNow(admin, cal)).rejects.toMatchObject({ message: NOBODY_REACHABLE, status: 400 });
    await expect(schedule(admin, cal, "2030-01-01T09:00")).rejects.toMatchObject({
      message: NOBODY_REACHABLE,
    });
    const id = await draft("Too late");
    await expect(schedule(admin, id, "2020-01-01T09:00")).rejects.toMatchObject({
      message: "That time has already passed. Please choose a time in the future.",
    });
    await expect(schedule(admin, id, "tomorrow")).rejects.toMatchObject({ field: "scheduledAt" });
    expect(await rows("select status from announcements where id in ($1, $2)", [cal, id])).toEqual([
      { status: "draft" },
      { status: "draft" },
    ]);
    expect(await rows("select count(*)::int as n from outbox_emails")).toEqual(before);
  });

  it("a scheduled announcement starts at its time (Bahrain), once, and skips those who withdrew since", async () => {
    const id = await draft("Scheduled");
    const at = await schedule(admin, id, "2031-03-01T09:30");
    expect(at.toISOString()).toBe("2031-03-01T06:30:00.000Z");
    expect(await startDueAnnouncements(new Date("2031-03-01T06:29:00Z"))).toBe(0);
    const [first, second] = await Promise.all([
      startDueAnnouncements(new Date("2031-03-01T06:31:00Z")),
      startDueAnnouncements(new Date("2031-03-01T06:31:00Z")),
    ]);
    expect(first! + second!).toBe(1);
    expect(
      await rows("select count(*)::int as n from announcement_recipients where announcement_id = $1", [id]),
    ).toEqual([{ n: 1 }]);
    await changeConsent(ids.Ben!, "Ben Cruz", "email", false, { id: admin.id, email: admin.email });
    expect(await queueAnnouncementEmails({ limit: 100 })).toEqual({ queued: 0, skipped: 1 });
    await settleAnnouncements();
    expect((await getAnnouncement(id, null)).status).toBe("sent");
    await changeConsent(ids.Ben!, "Ben Cruz", "email", true, { id: admin.id, email: admin.email });
  });

  it("queuing from two connections at once, or twice, queues nobody twice; the pace holds", async () => {
    const id = await draft("Everyone", { combine: "any", parts: [{ kind: "all-members" }] });
    await rows("insert into settings (key, value) values ('announcements:per-second', '0.1'::jsonb)");
    expect(await sendNow(admin, id)).toEqual({ recipients: 2 });
    // The earlier tests' e-mails are out of the pace's window.
    await rows("update outbox_emails set created_at = created_at - interval '1 minute'");
    // 0.1 a second over ten seconds: one e-mail now, the next after the window.
    const paced = await Promise.all([queueAnnouncementEmails(), queueAnnouncementEmails()]);
    expect(paced.reduce((sum, round) => sum + round.queued, 0)).toBe(1);
    const both = await Promise.all([
      queueAnnouncementEmails({ limit: 100 }),
      queueAnnouncementEmails({ limit: 100 }),
    ]);
    expect(both.reduce((sum, round) => sum + round.queued, 0)).toBe(1);
    await send();
    expect(smtp.received).toHaveLength(2);
    expect(
      await rows(
        "select count(*)::int as n from outbox_emails where kind = 'announcement' and subject = 'Everyone'",
      ),
    ).toEqual([{ n: 2 }]);
  });

  it("a ministry head lists only their ministries' announcements; cancelling stops what waits", async () => {
    const own = await draft("Amplify only", AMPLIFY, head);
    const listed = await listAnnouncements(ministryScope(head));
    expect(listed.map((row) => row.subject)).toContain("Amplify only");
    expect(listed.map((row) => row.subject)).not.toContain("Everyone");
    await expect(getAnnouncement(ids.Ana!, ministryScope(head))).rejects.toMatchObject({ status: 404 });
    expect(await cancelAnnouncement(head, own)).toBe(true);
    expect(await cancelAnnouncement(head, own)).toBe(false);
    expect((await getAnnouncement(own, null)).status).toBe("cancelled");
    expect(
      await rows("select count(*)::int as n from audit_log where action = 'announcement.cancelled'"),
    ).toEqual([{ n: 1 }]);
  });
});

/** A mail provider's one-click unsubscribe (RFC 8058): a POST from no page of ours. */
function oneClick(token: string) {
  return new Request(`http://localhost/unsubscribe/${token}`, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}
