import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as prayerAction, loader as prayerLoader } from "~/routes/prayer/request";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { startSmtpServer } from "../helpers/smtp";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The public prayer request form (issue 38): a request is kept 30 days; asking for a call keeps
// the contact and starts a follow-up (without the request's words); every account that reads
// private requests is e-mailed that one came in, through a real SMTP server, without its words or
// the name. Bad input, a bot and a connection past the rate limit write nothing.

const FROM = '"ACTS Church" <office@church.example.org>';
const WORDS = "Please pray for my mother's surgery on Tuesday at the Salmaniya hospital.";
const ask = { name: "Hannah Cruz", request: WORDS, visibility: "private" };

describe.each(databaseKinds)("the prayer request form on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  let pastor: { email: string };
  let staff: { email: string };
  const today = todayInChurchZone();
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const counts = async () => ({
    requests: (await q("select 1 from prayer_requests")).length,
    followUps: (await q("select 1 from follow_ups")).length,
    emails: (await q("select 1 from outbox_emails")).length,
  });
  const post = (fields: Record<string, string>, ip = "192.0.2.30") =>
    callRoute(prayerAction, formRequest("/prayer", fields), { clientIp: ip });

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    transport = createMailTransport({ url: smtp.url, from: FROM });
    pastor = await createStaffAccount({ role: "pastor", name: "Ptr. Rey" });
    staff = await createStaffAccount({ role: "staff" });
    // A pastor whose account is disabled is told nothing.
    const away = await createStaffAccount({ role: "pastor", name: "Ptr. Away" });
    await q("update users set banned = true where id = $1", [away.id]);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await t?.stop();
  });
  beforeEach(async () => {
    for (const table of ["prayer_requests", "follow_ups", "outbox_emails", "rate_limits"]) {
      await q(`delete from ${table}`);
    }
    smtp.received.length = 0;
  });

  it("is a page of its own, drawn on the server", async () => {
    const page = await callRoute(prayerLoader, new Request("http://localhost/prayer"));
    expect(page.status).toBe(200);
  });

  it("keeps a request for 30 days and tells the pastors by e-mail, without its words or the name", async () => {
    const result = await post(ask);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      ok: true,
      toast: { title: "Prayer Request Sent", description: expect.stringContaining("Our pastors will pray") },
    });
    const [row] = await q<Record<string, unknown>>(
      `select id, name, email, mobile, request, visibility, wants_call, source, expires_on::text as expires_on,
         answered_at, created_by from prayer_requests`,
    );
    expect(row).toMatchObject({
      name: "Hannah Cruz",
      email: "",
      request: WORDS,
      visibility: "private",
      wants_call: false,
      source: "form",
      expires_on: addDays(today, 30),
      answered_at: null,
      created_by: "",
    });
    expect((await counts()).followUps).toBe(0);

    // Told: the admin and the pastor (both read private requests); not staff, not a disabled pastor.
    const queued = await q<{ to_address: string }>(
      "select to_address from outbox_emails where kind = 'notification.prayer' order by to_address",
    );
    expect(queued.map((mail) => mail.to_address).sort()).toEqual([TEST_ADMIN.email, pastor.email].sort());
    expect(await sendDueEmails(transport, FROM, { limit: 10 })).toEqual({ sent: 2, failed: 0 });
    expect(smtp.to(staff.email)).toEqual([]);
    const [mail] = smtp.to(pastor.email);
    expect(mail!.subject).toBe("A new prayer request");
    expect(mail!.text).toContain(`http://localhost/members/prayer/${String(row!.id)}`);
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain("surgery");
      expect(part).not.toContain("Hannah");
    }

    // The audit log says that it came, not what it says.
    const [entry] = await q<{ actor_label: string; details: unknown; subject_id: string }>(
      "select actor_label, details, subject_id from audit_log where action = 'prayer.created' and subject_id = $1",
      [row!.id],
    );
    expect(entry).toEqual({
      actor_label: "visitor",
      subject_id: row!.id,
      details: { source: "form", visibility: "private", wantsCall: false },
    });
  });

  it("with a call asked for, keeps the contact and starts one follow-up without the request's words", async () => {
    const call = { ...ask, visibility: "team", wantsCall: "on", email: "hannah@example.net", mobile: "" };
    const result = await post(call);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      toast: { description: expect.stringContaining("Someone will call or write to you soon.") },
    });
    const [row] = await q<{ email: string; wants_call: boolean; visibility: string }>(
      "select email, wants_call, visibility from prayer_requests",
    );
    expect(row).toEqual({ email: "hannah@example.net", wants_call: true, visibility: "team" });
    const followUps = await q<Record<string, unknown>>(
      "select id, name, email, reason, source, status, member_id from follow_ups",
    );
    expect(followUps).toEqual([
      {
        id: expect.any(String),
        name: "Hannah Cruz",
        email: "hannah@example.net",
        reason: "Asked for a call after a prayer request",
        source: "prayer",
        status: "open",
        member_id: null,
      },
    ]);
    expect(await q("select 1 from follow_up_notes")).toEqual([]);
    const started = await q<{ details: unknown }>(
      "select details from audit_log where action = 'follow-up.started' and details->>'followUp' = $1",
      [followUps[0]!.id],
    );
    expect(JSON.stringify(started)).not.toContain("surgery");

    // A second request from the same address while the call is still to make: the same follow-up.
    expect((await post({ ...call, request: "And for her recovery." })).status).toBe(200);
    expect(await counts()).toMatchObject({ requests: 2, followUps: 1 });
  });

  it("without a call, keeps no contact typed in, and a name is not needed", async () => {
    const result = await post({
      request: WORDS,
      visibility: "shared",
      email: "someone@example.net",
      mobile: "+973 3999 1234",
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      toast: { description: expect.stringContaining("weekly prayer list without your name") },
    });
    expect(await q("select name, email, mobile, wants_call from prayer_requests")).toEqual([
      { name: "", email: "", mobile: "", wants_call: false },
    ]);
    expect((await counts()).followUps).toBe(0);
  });

  it("refuses bad input on its field and writes nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...ask, request: "   " }, "request", "Please write your prayer request."],
      [{ ...ask, request: "x".repeat(2001) }, "request", "under 2000 characters"],
      [{ name: ask.name, request: WORDS }, "visibility", "Please choose who may read it."],
      [{ ...ask, visibility: "everyone" }, "visibility", "Please choose who may read it."],
      [{ ...ask, wantsCall: "on" }, "email", "your e-mail or your mobile number"],
      [{ ...ask, wantsCall: "on", email: "not an address" }, "email", "valid email"],
      [{ ...ask, wantsCall: "on", mobile: "call me" }, "mobile", "valid mobile"],
      [{ ...ask, name: "n".repeat(121) }, "name", "under 120 characters"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post(fields);
      expect(result.status, field).toBe(400);
      const answer = result.data as { fieldErrors: Record<string, string>; values: Record<string, string> };
      expect(answer.fieldErrors[field], JSON.stringify(fields).slice(0, 80)).toContain(message);
      // What was typed comes back to the form.
      expect(answer.values.request).toBe(fields.request);
    }
    expect(await counts()).toEqual({ requests: 0, followUps: 0, emails: 0 });
  });

  it("thanks a bot that fills the hidden field, and keeps nothing", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const bot = await post({
      ...ask,
      wantsCall: "on",
      email: "bot@example.net",
      website: "http://spam.example",
    });
    info.mockRestore();
    expect(bot.status).toBe(200);
    expect(bot.data).toMatchObject({ ok: true, toast: { title: "Thank you" } });
    expect(await counts()).toEqual({ requests: 0, followUps: 0, emails: 0 });
  });

  it("slows down a connection past the public forms' limit, keeping nothing from it", async () => {
    await q(
      "insert into rate_limits (key, count, reset_at) values ('forms:minute:192.0.2.31', 30, now() + interval '1 minute')",
    );
    const refused = await post(ask, "192.0.2.31");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, toast: { title: "Submission Failed" } });
    expect(await counts()).toEqual({ requests: 0, followUps: 0, emails: 0 });
    // Another connection is not slowed down.
    expect((await post(ask, "192.0.2.32")).status).toBe(200);
    expect((await counts()).requests).toBe(1);
  });

  it("answers malformed bodies without a 5xx or a write", async () => {
    const bodies: [string, BodyInit, string][] = [
      ["no fields", "", "application/x-www-form-urlencoded"],
      [
        "repeated fields",
        "request=a&request=&visibility=team&visibility=anyone",
        "application/x-www-form-urlencoded",
      ],
      [
        "a huge request",
        `visibility=team&request=${"x".repeat(40_000)}`,
        "application/x-www-form-urlencoded",
      ],
      [
        "invalid UTF-8",
        new Uint8Array([0x72, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
        "application/x-www-form-urlencoded",
      ],
      ["multipart without a boundary", "garbage", "multipart/form-data"],
    ];
    for (const [label, body, contentType] of bodies) {
      const result = await callRoute(
        prayerAction,
        new Request("http://localhost/prayer", {
          method: "POST",
          body,
          headers: { "content-type": contentType, origin: "http://localhost" },
        }),
        { clientIp: "192.0.2.33" },
      );
      expect(result.status, label).toBeGreaterThanOrEqual(400);
      expect(result.status, label).toBeLessThan(500);
    }
    expect(await counts()).toEqual({ requests: 0, followUps: 0, emails: 0 });
  });
});
