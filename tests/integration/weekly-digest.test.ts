import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consents, emailUnsubscribes, events, members, sermons } from "../../database/schema";
import { parseAnnouncement } from "~/lib/announcement-markdown";
import {
  queueAnnouncementEmails,
  settleAnnouncements,
  startDueAnnouncements,
} from "~/server/announcements/announcement-sending.server";
import {
  buildDigest,
  digestWeekRecord,
  nextDigestMonday,
  runWeeklyDigest,
  setDigestEnabled,
} from "~/server/announcements/weekly-digest.server";
import { requireUser } from "~/server/auth/guards.server";
import type { StaffUser } from "~/server/auth/staff-user.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { changeConsent } from "~/server/people/consents.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { startSmtpServer } from "../helpers/smtp";
import { databaseKinds, signInCookie, startTestServices, type TestServices } from "../helpers/test-services";

// The weekly digest (issue 35) with a real SMTP server: its content for a seeded week, made once
// per week however often (or from however many connections) the worker's job runs, off by
// default, and received only by members who asked for it and may receive e-mails.

const FROM = '"ACTS Church" <office@church.example.org>';
// Monday 16 December 2030 in Bahrain (UTC+3): 06:59 and 07:00 there.
const MONDAY_EARLY = new Date("2030-12-16T03:59:00Z");
const MONDAY_SEVEN = new Date("2030-12-16T04:00:00Z");
const WEDNESDAY = new Date("2030-12-18T12:00:00Z");
// A Monday with nothing on and no sermon the week before.
const QUIET_MONDAY = new Date("2031-03-03T06:00:00Z");

describe.each(databaseKinds)("the weekly digest on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  let admin: StaffUser;
  const ids: Record<string, string> = {};
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<T>(sql, params);
  const digests = () =>
    rows<{ id: string; subject: string; status: string }>(
      "select id, subject, status from announcements where created_by_name = 'Weekly digest' order by created_at",
    );

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    transport = createMailTransport({ url: smtp.url, from: FROM });
    const { db } = t.services;
    const people = await db
      .insert(members)
      .values(
        [
          ["Ana", "ana@example.org", "active"],
          ["Ben", "ben@example.org", "active"],
          ["Cal", "cal@example.org", "active"],
          ["Dee", "dee@example.org", "active"],
          ["Eli", "eli@example.org", "inactive"],
        ].map(([firstName, email, membershipStatus], index) => ({
          firstName: firstName!,
          lastName: "Santos",
          email: email!,
          mobile: `3300001${index}`,
          membershipStatus: membershipStatus!,
        })),
      )
      .returning({ id: members.id, firstName: members.firstName });
    for (const person of people) ids[person.firstName] = person.id;
    // Ana: digest and e-mails. Ben: digest only. Cal: e-mails only. Dee: both, but unsubscribed
    // with an announcement's link since. Eli: both, but no longer an active member.
    const given: [string, "email" | "digest"][] = [
      ["Ana", "email"],
      ["Ana", "digest"],
      ["Ben", "digest"],
      ["Cal", "email"],
      ["Dee", "email"],
      ["Dee", "digest"],
      ["Eli", "email"],
      ["Eli", "digest"],
    ];
    await db.insert(consents).values(
      given.map(([name, consent]) => ({
        memberId: ids[name]!,
        kind: consent,
        noticeVersion: 1,
        recordedBy: "office@example.org",
        givenAt: new Date("2030-01-01T00:00:00Z"),
      })),
    );
    await db.insert(emailUnsubscribes).values({
      address: "dee@example.org",
      source: "unsubscribe link",
      at: new Date("2030-06-01T00:00:00Z"),
    });

    const place = { locationName: "Church hall", googleMapsUrl: "https://maps.example.org" };
    const madeEvents = await db
      .insert(events)
      .values([
        { title: "Sunday before", eventDate: "2030-12-15", eventTime: "10:00", ...place },
        { title: "Prayer *night* <b>", eventDate: "2030-12-18", eventTime: "19:30", ...place },
        {
          title: "Christmas Cantata",
          eventDate: "2030-12-20",
          eventTime: "19:00",
          eventEndTime: "21:00",
          ...place,
        },
        { title: "Sunday service", eventDate: "2030-12-22", eventTime: "10:00", ...place },
        { title: "Demo picnic", eventDate: "2030-12-19", eventTime: "09:00", isDemo: true, ...place },
        { title: "Monday after", eventDate: "2030-12-23", eventTime: "08:00", ...place },
      ])
      .returning({ id: events.id, title: events.title });
    for (const event of madeEvents) ids[event.title] = event.id;
    const madeSermons = await db
      .insert(sermons)
      .values(
        [
          ["Too old", "2030-12-08"],
          ["Advent 1", "2030-12-09"],
          ["Advent 2", "2030-12-11"],
          ["Advent 3", "2030-12-13"],
          ["Advent 4", "2030-12-15"],
          ["This Monday", "2030-12-16"],
        ].map(([title, sermonDate]) => ({
          title: title!,
          sermonDate: sermonDate!,
          speaker: "Ps. Mark Lim",
          passage: title === "Advent 4" ? "Luke 2:1-20" : null,
          youtubeId: "dQw4w9WgXcQ",
        })),
      )
      .returning({ id: sermons.id, title: sermons.title });
    for (const sermon of madeSermons) ids[sermon.title] = sermon.id;
    admin = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
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

  it("holds the week's events, Monday to Sunday, and the three newest sermons of the week before", async () => {
    const digest = await buildDigest(WEDNESDAY);
    expect(digest).toMatchObject({
      monday: "2030-12-16",
      sunday: "2030-12-22",
      subject: expect.stringMatching(/^This week at .+: December 16 to 22, 2030$/),
    });
    expect(digest.events.map((event) => event.title)).toEqual([
      "Prayer *night* <b>",
      "Christmas Cantata",
      "Sunday service",
    ]);
    expect(digest.events[1]).toEqual({
      id: ids["Christmas Cantata"],
      title: "Christmas Cantata",
      when: "Friday, December 20, 2030, 7:00 PM - 9:00 PM",
      place: "Church hall",
      url: `http://localhost/events/${ids["Christmas Cantata"]}`,
    });
    expect(digest.sermons.map((sermon) => sermon.title)).toEqual(["Advent 4", "Advent 3", "Advent 2"]);
    expect(digest.sermons[0]).toMatchObject({
      when: "Sunday, December 15, 2030",
      passage: "Luke 2:1-20",
      url: `http://localhost/media/sermons/${ids["Advent 4"]}`,
    });
    // The body reads as an announcement does: titles as typed (no markup from them), linked.
    const blocks = JSON.stringify(parseAnnouncement(digest.body));
    expect(blocks).toContain(
      JSON.stringify({
        a: `http://localhost/events/${ids["Prayer *night* <b>"]}`,
        c: ["Prayer *night* <b>"],
      }),
    );
    expect(blocks).toContain("Friday, December 20, 2030, 7:00 PM - 9:00 PM, Church hall");
    expect(blocks).toContain("Sunday, December 15, 2030, Ps. Mark Lim, Luke 2:1-20");
    expect(blocks).not.toContain("Demo picnic");
    expect(blocks).not.toContain("Too old");
    // Every day of the week (Monday 00:00 to Sunday 23:59 in Bahrain) is the same week.
    expect((await buildDigest(new Date("2030-12-15T21:00:00Z"))).monday).toBe("2030-12-16");
    expect((await buildDigest(new Date("2030-12-22T20:59:00Z"))).monday).toBe("2030-12-16");
    expect((await buildDigest(new Date("2030-12-22T21:00:00Z"))).monday).toBe("2030-12-23");
  });

  it("is off by default: the job makes nothing, even on a Monday morning", async () => {
    expect(await runWeeklyDigest(MONDAY_SEVEN)).toBe("off");
    expect(await digests()).toEqual([]);
    expect(await digestWeekRecord("2030-12-16")).toBeNull();
  });

  it("switched on, waits for Monday 07:00 in Bahrain", async () => {
    expect(await setDigestEnabled(admin, true)).toBe(true);
    expect(await setDigestEnabled(admin, true)).toBe(false);
    const [audit] = await rows<{ actor_label: string; details: unknown }>(
      "select actor_label, details from audit_log where action = 'settings.digest-changed'",
    );
    expect(audit).toEqual({ actor_label: admin.email, details: { on: true } });
    expect(await runWeeklyDigest(new Date("2030-12-15T12:00:00Z"))).toBe("not-due");
    expect(await runWeeklyDigest(MONDAY_EARLY)).toBe("not-due");
    expect(await runWeeklyDigest(new Date("2030-12-17T05:00:00Z"))).toBe("not-due");
    expect(await digests()).toEqual([]);
    expect(nextDigestMonday(MONDAY_EARLY, false)).toBe("2030-12-16");
    expect(nextDigestMonday(WEDNESDAY, false)).toBe("2030-12-23");
  });

  it("makes this week's digest once, however often and from however many connections it runs", async () => {
    const outcomes = await Promise.all([
      runWeeklyDigest(MONDAY_SEVEN),
      runWeeklyDigest(MONDAY_SEVEN),
      runWeeklyDigest(MONDAY_SEVEN),
    ]);
    expect(outcomes.sort()).toEqual(["done-already", "done-already", "made"]);
    expect(await runWeeklyDigest(new Date("2030-12-16T15:00:00Z"))).toBe("done-already");
    const made = await digests();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "scheduled", subject: expect.stringMatching(/^This week at /) });
    expect(await digestWeekRecord("2030-12-16")).toEqual({ announcementId: made[0]!.id, recipients: 1 });
    expect(nextDigestMonday(new Date("2030-12-16T15:00:00Z"), true)).toBe("2030-12-23");
  });

  it("reaches only members who asked for it and may receive e-mails, once, with the unsubscribe headers", async () => {
    const [digest] = await digests();
    expect(await startDueAnnouncements(MONDAY_SEVEN)).toBe(1);
    expect(await startDueAnnouncements(MONDAY_SEVEN)).toBe(0);
    expect(await queueAnnouncementEmails({ limit: 100 })).toEqual({ queued: 1, skipped: 0 });
    expect(await sendDueEmails(transport, FROM, { limit: 100 })).toEqual({ sent: 1, failed: 0 });
    await settleAnnouncements();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.to("ana@example.org");
    expect(mail!.subject).toBe(digest!.subject);
    expect(mail!.text).toContain("Christmas Cantata");
    expect(mail!.text).toContain(`http://localhost/events/${ids["Christmas Cantata"]}`);
    expect(mail!.html).toContain("Prayer *night* &lt;b&gt;");
    const headers = smtp.raw[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost\/unsubscribe\/[\w-]{43}>\r?$/m);
    expect(smtp.raw[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(await rows("select status from announcements where id = $1", [digest!.id])).toEqual([
      { status: "sent" },
    ]);
    const [audit] = await rows<{ actor_label: string; details: Record<string, unknown> }>(
      "select actor_label, details from audit_log where action = 'announcement.sent' and subject_id = $1",
      [digest!.id],
    );
    expect(audit).toMatchObject({
      actor_label: "system",
      details: {
        recipients: 1,
        audience: "People who asked for the weekly digest",
        scheduledBy: "Weekly digest",
      },
    });
  });

  it("sends nothing in a week with no events and no new sermons, and the week is done", async () => {
    expect(await runWeeklyDigest(QUIET_MONDAY)).toBe("nothing-new");
    expect(await runWeeklyDigest(QUIET_MONDAY)).toBe("done-already");
    expect(await digestWeekRecord("2031-03-03")).toEqual({ skipped: "nothing-new" });
    expect(await digests()).toHaveLength(1);
  });

  it("sends nothing when nobody who asked for it may receive it", async () => {
    await rows(
      `insert into events (title, event_date, event_time, location_name, google_maps_url)
       values ('Lent retreat', '2031-03-12', '09:00', 'Camp', 'https://maps.example.org')`,
    );
    // Ana withdraws her digest consent: Ben asked for it but has no e-mail consent.
    expect(await changeConsent(ids.Ana!, "Ana Santos", "digest", false, "member")).toBe(true);
    const monday = new Date("2031-03-10T04:00:00Z");
    expect((await buildDigest(monday)).events).toHaveLength(1);
    expect(await runWeeklyDigest(monday)).toBe("nobody");
    expect(await digestWeekRecord("2031-03-10")).toEqual({ skipped: "nobody" });
    expect(await digests()).toHaveLength(1);
  });
});
