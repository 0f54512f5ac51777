import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  eventRegistrations,
  events,
  inboxItems,
  inboxReplies,
  members,
  ministryRegistrations,
  settings,
  visitors,
} from "../../database/schema";
import { loader as layoutLoader } from "~/routes/members/home/layout";
import { action, loader } from "~/routes/members/privacy/privacy";
import { startOutboxWorker } from "~/server/main/jobs.server";
import { controlHandlers } from "~/server/main/cli.server";
import { listDeletedMembers } from "~/server/people/deleted-members.server";
import { lastRetentionRun } from "~/server/privacy/retention-settings.server";
import { runRetention, runScheduledRetention } from "~/server/privacy/retention.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Data retention (privacy issue): an administrator says how long Connect messages, registrations
// and deleted members are kept; a daily job removes what is past its time (with the inbox items
// and replies that go with it) and records how many rows it removed. Walked with a clock of our
// own, like the daily backup, and once through the real worker.

/** A moment in Bahrain time (UTC+3), e.g. at("2026-11-21", "10:00"). */
const at = (day: string, time = "12:00") => new Date(`${day}T${time}:00+03:00`);
const DAY = 86_400_000;

describe.each(databaseKinds)("data retention on %s", (kind) => {
  let t: TestServices;
  let admin: string;
  let staff: string;
  /** Audit entries written before the test: the log cannot be emptied (it is append-only). */
  let earlier: Set<string>;

  beforeAll(async () => {
    t = await startTestServices(kind, { BACKUP_HOUR: "off", RETENTION_HOUR: "4" });
    await t.services.auth.api.createUser({
      body: { email: "staff@test.local", password: "staff password 42", name: "Staff", role: "staff" },
    });
    admin = await signInCookie();
    staff = await signInCookie("staff@test.local", "staff password 42");
  });
  afterAll(async () => {
    await t.stop();
  });
  // Each test starts with no messages, registrations, members or retention settings and runs.
  beforeEach(async () => {
    for (const table of [
      "inbox_items",
      "visitors",
      "ministry_registrations",
      "event_registrations",
      "events",
      "members",
      "outbox_emails",
      "follow_ups",
      "prayer_requests",
    ])
      await t.services.database.query(`delete from ${table}`);
    await t.services.database.query("delete from settings where key like 'retention%'");
    earlier = new Set((await db().select({ id: auditLog.id }).from(auditLog)).map((row) => row.id));
  });

  const db = () => t.services.db;

  async function visitor(name: string, createdAt: Date) {
    const [row] = await db()
      .insert(visitors)
      .values({
        name,
        mobile: "33334444",
        email: `${name.toLowerCase()}@example.org`,
        message: "Hello",
        createdAt,
      })
      .returning({ id: visitors.id });
    const [item] = await db()
      .insert(inboxItems)
      .values({ kind: "connect", sourceId: row!.id, createdAt })
      .returning({ id: inboxItems.id });
    await db().insert(inboxReplies).values({
      itemId: item!.id,
      toAddress: "x@example.org",
      body: "Thank you",
      sentBy: "admin@test.local",
    });
    return row!.id;
  }

  async function ministrySignUp(name: string, createdAt: Date) {
    const [row] = await db()
      .insert(ministryRegistrations)
      .values({ ministrySlug: "amplify", name, email: "m@example.org", mobile: "33334444", createdAt })
      .returning({ id: ministryRegistrations.id });
    await db().insert(inboxItems).values({ kind: "ministry", sourceId: row!.id, createdAt });
    return row!.id;
  }

  async function event(title: string, eventDate: string) {
    const [row] = await db()
      .insert(events)
      .values({
        title,
        eventDate,
        eventTime: "18:00",
        locationName: "Hall",
        googleMapsUrl: "https://maps.example",
      })
      .returning({ id: events.id });
    return row!.id;
  }

  async function eventRegistration(name: string, eventId: string | null, createdAt: Date) {
    const [row] = await db()
      .insert(eventRegistrations)
      .values({
        eventId,
        eventTitle: "Some event",
        name,
        email: "e@example.org",
        mobile: "33334444",
        createdAt,
      })
      .returning({ id: eventRegistrations.id });
    await db().insert(inboxItems).values({ kind: "event", sourceId: row!.id, createdAt });
    return row!.id;
  }

  async function deletedMember(firstName: string, deletedAt: Date | null) {
    const [row] = await db()
      .insert(members)
      .values({
        firstName,
        lastName: "Cruz",
        email: `${firstName.toLowerCase()}@example.org`,
        mobile: "33334444",
        deletedAt,
        deletedBy: deletedAt ? "admin@test.local" : null,
      })
      .returning({ id: members.id });
    return row!.id;
  }

  const names = async () => ({
    visitors: (await db().select({ name: visitors.name }).from(visitors)).map((r) => r.name).sort(),
    ministry: (await db().select({ name: ministryRegistrations.name }).from(ministryRegistrations))
      .map((r) => r.name)
      .sort(),
    event: (await db().select({ name: eventRegistrations.name }).from(eventRegistrations))
      .map((r) => r.name)
      .sort(),
    members: (await db().select({ name: members.firstName }).from(members)).map((r) => r.name).sort(),
  });
  const inboxKinds = async () =>
    (await db().select({ kind: inboxItems.kind }).from(inboxItems)).map((r) => r.kind).sort();
  const auditOf = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).filter(
      (row) => !earlier.has(row.id),
    );
  const save = (cookie: string, fields: Record<string, string>) =>
    callRoute(action, formRequest("/members/privacy", { intent: "save", ...fields }, { cookie }));
  const periods = (months: number, days = 30) => ({
    visitorMonths: String(months),
    eventRegistrationMonths: String(months),
    ministryRegistrationMonths: String(months),
    deletedMemberDays: String(days),
    // Care's periods (issue 38) as they are by default.
    closedFollowUpMonths: "24",
    prayerRequestMonths: "6",
  });

  it("removes what is older than 24 months (30 days for deleted members) and keeps the rest, with counts", async () => {
    const now = at("2026-11-21", "10:00");
    // 24 months before 21 Nov 2026 is 21 Nov 2024: what came in before that day goes.
    await visitor("Old", at("2024-11-20", "23:59"));
    await visitor("New", at("2024-11-21", "00:01"));
    await ministrySignUp("OldSignUp", at("2024-06-01"));
    await ministrySignUp("NewSignUp", at("2025-06-01"));
    // Event registrations count from the event's day, not from when they came in.
    const pastEvent = await event("Retreat 2024", "2024-11-20");
    const laterEvent = await event("Retreat 2025", "2024-11-21");
    await eventRegistration("PastEvent", pastEvent, at("2024-09-01"));
    await eventRegistration("LaterEvent", laterEvent, at("2023-01-01"));
    // A registration whose event was deleted counts from when it came in.
    await eventRegistration("GoneOld", null, at("2024-11-19"));
    await eventRegistration("GoneNew", null, at("2025-01-10"));
    await deletedMember("DeletedLongAgo", new Date(now.getTime() - 31 * DAY));
    await deletedMember("DeletedRecently", new Date(now.getTime() - 29 * DAY));
    await deletedMember("Live", null);
    // E-mails the site sent go with the Connect messages' months; one still waiting stays.
    for (const [subject, status, createdAt] of [
      ["OldSent", "sent", at("2024-11-20", "23:59")],
      ["OldWaiting", "pending", at("2024-11-20", "23:59")],
      ["NewSent", "sent", at("2024-11-21", "00:01")],
    ] as const) {
      await t.services.database.query(
        `insert into outbox_emails (kind, to_address, subject, text_body, html_body, status, created_at)
         values ('connect', 'someone@example.org', $1, 'text', '<p>text</p>', $2, $3)`,
        [subject, status, createdAt.toISOString()],
      );
    }

    const run = await runRetention(now);

    expect(run.removed).toEqual({
      visitors: 1,
      ministryRegistrations: 1,
      eventRegistrations: 2,
      deletedMembers: 1,
      outboxEmails: 1,
      closedFollowUps: 0,
      prayerRequests: 0,
    });
    expect(await t.services.database.query("select subject from outbox_emails order by subject")).toEqual([
      { subject: "NewSent" },
      { subject: "OldWaiting" },
    ]);
    expect(await names()).toEqual({
      visitors: ["New"],
      ministry: ["NewSignUp"],
      event: ["GoneNew", "LaterEvent"],
      members: ["DeletedRecently", "Live"],
    });
    // Their inbox items (and the replies sent from them) went with them; the events stay.
    expect(await inboxKinds()).toEqual(["connect", "event", "event", "ministry"]);
    expect(await db().select({ id: inboxReplies.id }).from(inboxReplies)).toHaveLength(1);
    expect((await db().select({ id: events.id }).from(events)).length).toBe(2);
    // The counts are recorded: in the audit log, as the system, and for the screen.
    const [entry, ...more] = await auditOf("retention.ran");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: null,
      actorLabel: "system",
      details: {
        visitors: 1,
        ministryRegistrations: 1,
        eventRegistrations: 2,
        deletedMembers: 1,
        outboxEmails: 1,
      },
    });
    expect(await lastRetentionRun()).toEqual({ at: now.toISOString(), removed: run.removed });
    // A second run that day finds nothing more, and says so.
    expect((await runRetention(now)).removed).toEqual({
      visitors: 0,
      ministryRegistrations: 0,
      eventRegistrations: 0,
      deletedMembers: 0,
      outboxEmails: 0,
      closedFollowUps: 0,
      prayerRequests: 0,
    });
  });

  it("removes in batches when there is a lot", async () => {
    const now = at("2026-11-21", "10:00");
    await t.services.database.query(
      `insert into visitors (name, mobile, email, message, created_at)
       select 'Bulk ' || g, '3333', 'bulk' || g || '@example.org', 'Hi', $1::timestamptz - g * interval '1 minute'
       from generate_series(1, 1203) g`,
      [at("2024-01-01").toISOString()],
    );
    await t.services.database.query(
      `insert into inbox_items (kind, source_id, created_at) select 'connect', id, created_at from visitors`,
    );
    await visitor("Kept", at("2026-01-01"));
    expect((await runRetention(now)).removed.visitors).toBe(1203);
    expect((await names()).visitors).toEqual(["Kept"]);
    expect(await inboxKinds()).toEqual(["connect"]);
  });

  it("follows the settings an administrator saves, audited from and to; staff are refused", async () => {
    const now = new Date();
    await visitor("SevenMonths", new Date(now.getTime() - 7 * 31 * DAY));
    await ministrySignUp("SevenMonthsSignUp", new Date(now.getTime() - 7 * 31 * DAY));
    await deletedMember("TenDays", new Date(now.getTime() - 10 * DAY));
    expect((await runRetention(now)).removed).toMatchObject({
      visitors: 0,
      ministryRegistrations: 0,
      deletedMembers: 0,
    });
    expect((await listDeletedMembers(now)).map((m) => m.daysLeft)).toEqual([20]);

    // Staff may not open the screen nor save; nothing is written.
    const refusedGet = await callRoute(
      loader,
      new Request("http://localhost/members/privacy", { headers: { cookie: staff } }),
    );
    expect(refusedGet.status).toBe(403);
    expect((await save(staff, periods(6, 7))).status).toBe(403);
    expect(await db().select().from(settings).where(eq(settings.key, "retention"))).toEqual([]);

    // An administrator sees the defaults, and the last run.
    const before = await callRoute(
      loader,
      new Request("http://localhost/members/privacy", { headers: { cookie: admin } }),
    );
    expect(before.data).toMatchObject({
      settings: {
        visitorMonths: 24,
        eventRegistrationMonths: 24,
        ministryRegistrationMonths: 24,
        deletedMemberDays: 30,
        closedFollowUpMonths: 24,
        prayerRequestMonths: 6,
      },
      lastRun: { at: now.toISOString(), removed: { visitors: 0 } },
      schedule: { hour: 4 },
    });

    // Bad numbers are refused with a message on their field, and nothing is written.
    for (const [field, value] of [
      ["visitorMonths", "0"],
      ["visitorMonths", "121"],
      ["eventRegistrationMonths", "2.5"],
      ["ministryRegistrationMonths", ""],
      ["deletedMemberDays", "366"],
      ["deletedMemberDays", "ten"],
      ["closedFollowUpMonths", "0"],
      ["prayerRequestMonths", "forever"],
    ] as const) {
      const refused = await save(admin, { ...periods(6, 7), [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      const answer = refused.data as { fieldErrors: Record<string, string> };
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
      expect(answer.fieldErrors[field]).toMatch(
        /^Please enter how long .* as a whole number of (months|days) from 1 to (120|365)\.$/,
      );
    }
    expect(await db().select().from(settings).where(eq(settings.key, "retention"))).toEqual([]);

    // Saved: six months for messages and sign-ups, a week for deleted members.
    const saved = await save(admin, { ...periods(6, 7), eventRegistrationMonths: "24" });
    expect(saved.status).toBe(200);
    const [changed, ...again] = await auditOf("retention.changed");
    expect(again).toEqual([]);
    expect(changed).toMatchObject({
      actorLabel: "admin@test.local",
      details: {
        from: {
          visitorMonths: 24,
          eventRegistrationMonths: 24,
          ministryRegistrationMonths: 24,
          deletedMemberDays: 30,
        },
        to: {
          visitorMonths: 6,
          eventRegistrationMonths: 24,
          ministryRegistrationMonths: 6,
          deletedMemberDays: 7,
        },
      },
    });
    expect((changed!.details.changes as unknown[]).length).toBe(3);
    // Saving the same again writes no second entry.
    expect((await save(admin, { ...periods(6, 7), eventRegistrationMonths: "24" })).status).toBe(200);
    expect(await auditOf("retention.changed")).toHaveLength(1);

    // Deleted members now show the new days left (the delete question too), and the next run
    // removes by the new periods.
    expect((await listDeletedMembers(now)).map((m) => m.daysLeft)).toEqual([0]);
    const frame = await callRoute(
      layoutLoader,
      new Request("http://localhost/members/details", { headers: { cookie: staff } }),
    );
    expect(frame.data).toMatchObject({ deletedMemberDays: 7 });
    const run = await runRetention(now);
    expect(run.removed).toEqual({
      visitors: 1,
      ministryRegistrations: 1,
      eventRegistrations: 0,
      deletedMembers: 1,
      outboxEmails: 0,
      closedFollowUps: 0,
      prayerRequests: 0,
    });
    expect(await names()).toMatchObject({ visitors: [], ministry: [], members: [] });
    const [purged] = (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.purged"), eq(auditLog.actorLabel, "system")))
    ).filter((row) => !earlier.has(row.id));
    expect(purged!.details).toEqual({ afterDays: 7 });
  });

  it("runs once a day after RETENTION_HOUR, whichever server looks first, and not at all when off", async () => {
    await visitor("Old", at("2024-01-01"));
    // The first look after the server starts runs the clean-up that is due (04:00 yesterday's).
    expect(await runScheduledRetention(at("2026-11-21", "03:59"))).toMatchObject({
      removed: { visitors: 1 },
    });
    expect(await runScheduledRetention(at("2026-11-21", "03:59"))).toBeNull();
    // Two servers looking at the same minute: only one runs it.
    const [one, two] = await Promise.all([
      runScheduledRetention(at("2026-11-21", "04:00")),
      runScheduledRetention(at("2026-11-21", "04:00")),
    ]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect(await runScheduledRetention(at("2026-11-21", "23:59"))).toBeNull();
    expect(await runScheduledRetention(at("2026-11-22", "04:01"))).not.toBeNull();
    expect(await auditOf("retention.ran")).toHaveLength(3);

    // RETENTION_HOUR=off: never (the server's settings, as parsed at start, changed for this check).
    const env = t.services.env as { RETENTION_HOUR: number | "off" };
    env.RETENTION_HOUR = "off";
    try {
      await visitor("Old", at("2024-01-01"));
      expect(await runScheduledRetention(at("2026-11-25", "04:00"))).toBeNull();
      expect((await names()).visitors).toEqual(["Old"]);
    } finally {
      env.RETENTION_HOUR = 4;
    }
  });

  it("runs now from the console (npm run retention), as the console", async () => {
    await visitor("Old", at("2023-01-01"));
    expect(await controlHandlers.retention!({})).toBe(
      "Removed 1 Connect message(s), 0 event registration(s), 0 ministry sign-up(s), 0 deleted member(s), " +
        "0 sent e-mail(s), 0 closed follow-up(s) and 0 prayer request(s) past their time.",
    );
    expect(await auditOf("retention.ran")).toMatchObject([
      { actorLabel: "console", details: { visitors: 1 } },
    ]);
  });

  it("removes a visitor message older than the retention period by itself: the server's worker runs the job", async () => {
    const now = Date.now();
    await visitor("TwoYearsAndAMonthAgo", new Date(now - 25 * 31 * DAY));
    await visitor("LastWeek", new Date(now - 7 * DAY));
    const worker = startOutboxWorker(20);
    try {
      await expect
        .poll(async () => (await lastRetentionRun())?.removed.visitors, { timeout: 10_000, interval: 50 })
        .toBe(1);
    } finally {
      await worker.stop();
    }
    expect((await names()).visitors).toEqual(["LastWeek"]);
    expect(await inboxKinds()).toEqual(["connect"]);
    expect(await auditOf("retention.ran")).toHaveLength(1);
  });
});
