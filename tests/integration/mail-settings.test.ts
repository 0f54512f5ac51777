import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/members/settings/email";
import { action as outboxAction, loader as outboxLoader } from "~/routes/members/messages/outbox";
import { startOutboxWorker } from "~/server/main/jobs.server";
import { expireOverdueEmails, queueEmail, sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { refreshOfficeSettings } from "~/server/platform/office-settings.server";
import { sealSecret } from "~/server/platform/secret-box.server";
import {
  effectiveMailSettings,
  MAIL_SETTING,
  mailSettingsView,
} from "~/server/settings/mail-settings.server";
import { setupChecklist } from "~/server/site/setup-checklist.server";
import { startSmtpServer } from "../helpers/smtp";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The e-mail settings screen (issue 32): the mail server saved in the browser with its password
// sealed, the environment winning when it has SMTP_URL, the test e-mail's answer from a real SMTP
// server, and the outbox after a quiet time (held, expired, discarded and resent e-mails).

const FROM = '"ACTS Church" <office@church.example.org>';
const PASSWORD = "app-password-7f3k";

/** A local port nobody listens on (a mail server that is down). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(databaseKinds)("e-mail settings on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  const rows = (sql: string, params: unknown[] = []) =>
    t.services.database.query<Record<string, unknown>>(sql, params);
  const post = (fields: Record<string, string>, path = "/members/settings/email", fn: unknown = action) =>
    callRoute(fn, formRequest(path, fields, { cookie: admin }));
  const smtpPort = () => Number(new URL(smtp.url).port);
  const save = (fields: Record<string, string> = {}) =>
    post({
      intent: "save",
      host: "127.0.0.1",
      port: String(smtpPort()),
      security: "none",
      user: "",
      password: "",
      from: FROM,
      ...fields,
    });
  const queue = (kind: string, to: string, subject: string, expiresAt?: Date) =>
    queueEmail(t.services.db, { kind, to, subject, text: subject, html: `<p>${subject}</p>`, expiresAt });

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    admin = await signInCookie();
  });
  afterEach(async () => {
    smtp.received.length = 0;
    await rows("delete from outbox_emails");
    await rows(`delete from settings where key = '${MAIL_SETTING}'`);
    await refreshOfficeSettings();
  });
  afterAll(async () => {
    await smtp.stop();
    await t.stop();
  });

  it("names e-mail on the setup checklist until it is set up", async () => {
    const keys = async () => (await setupChecklist())?.items.map((item) => item.key) ?? [];
    expect(await keys()).toContain("mail-server");
    await save();
    expect(await keys()).not.toContain("mail-server");
  });

  it("refuses a bad server, port or sender with a clear message and stores nothing", async () => {
    const answer = await save({ host: "smtp://mail.example.org", port: "70000", from: "office at church" });
    expect(answer.status).toBe(400);
    expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      host: "Enter only the server's name, such as smtp.gmail.com (no smtp://, no port).",
      port: "The port is a whole number from 1 to 65535 (usually 587 or 465).",
      from: 'Enter the sender as office@example.org or "ACTS Church" <office@example.org>.',
    });
    expect(await rows(`select * from settings where key = '${MAIL_SETTING}'`)).toEqual([]);
    expect(effectiveMailSettings()).toBeNull();
  });

  it("seals the password: never in the settings row or the audit log in clear, never sent back to the page", async () => {
    const saved = await save({
      host: "mail.example.org",
      port: "587",
      security: "starttls",
      user: "office@example.org",
      password: PASSWORD,
    });
    expect(saved.status).toBe(200);
    const [row] = await rows(`select value::text as value from settings where key = '${MAIL_SETTING}'`);
    expect(row!.value).not.toContain(PASSWORD);
    expect(JSON.parse(row!.value as string)).toMatchObject({
      host: "mail.example.org",
      port: 587,
      user: "office@example.org",
      password: expect.stringMatching(/^v1:/),
    });
    const audit = await rows(
      "select details::text as details from audit_log where action = 'settings.mail-saved'",
    );
    expect(audit.some((entry) => String(entry.details).includes('"password": "set"'))).toBe(true);
    for (const entry of audit) {
      expect(entry.details).not.toContain(PASSWORD);
      expect(entry.details).not.toContain("v1:");
    }
    expect(effectiveMailSettings()).toMatchObject({
      host: "mail.example.org",
      user: "office@example.org",
      password: PASSWORD,
    });
    const page = await callRoute(
      loader,
      new Request("http://localhost/members/settings/email", { headers: { cookie: admin } }),
    );
    expect(JSON.stringify(page.data)).not.toContain(PASSWORD);
    expect(JSON.stringify(page.data)).not.toContain("v1:");
    expect(page.data).toMatchObject({
      settings: { source: "settings", hasPassword: true, passwordUnreadable: false },
    });

    // An empty password keeps the saved one; "remove" takes it away.
    await save({
      host: "mail.example.org",
      port: "587",
      security: "starttls",
      user: "office@example.org",
      password: "",
    });
    expect(effectiveMailSettings()).toMatchObject({ password: PASSWORD });
    await save({
      host: "mail.example.org",
      port: "587",
      security: "starttls",
      user: "office@example.org",
      removePassword: "on",
    });
    expect(effectiveMailSettings()).not.toHaveProperty("password");
    expect(mailSettingsView().hasPassword).toBe(false);
  });

  it("asks for the password again when it was sealed with another key (a backup restored elsewhere)", async () => {
    await save({ user: "office@example.org", password: PASSWORD });
    const otherKey = Buffer.alloc(32, 7);
    await rows(
      `update settings set value = jsonb_set(value, '{password}', to_jsonb($1::text)) where key = '${MAIL_SETTING}'`,
      [sealSecret(PASSWORD, otherKey)],
    );
    await refreshOfficeSettings();
    expect(effectiveMailSettings()).toBeNull();
    expect(mailSettingsView()).toMatchObject({ source: "none", passwordUnreadable: true });
  });

  it("sends a test e-mail at once and shows the mail server's answer, or its error", async () => {
    expect(
      ((await post({ intent: "test", to: TEST_ADMIN.email })).data as { test: unknown }).test,
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("not set up"),
    });
    await save();
    const sent = await post({ intent: "test", to: TEST_ADMIN.email });
    expect((sent.data as { test: unknown }).test).toMatchObject({
      ok: true,
      response: expect.stringMatching(/^250 /),
    });
    expect(smtp.to(TEST_ADMIN.email)).toHaveLength(1);
    expect(smtp.to(TEST_ADMIN.email)[0]!.subject).toMatch(/^Test e-mail from the /);
    expect(await rows("select * from outbox_emails")).toEqual([]);

    await save({ port: String(await closedPort()) });
    const refused = await post({ intent: "test", to: TEST_ADMIN.email });
    expect((refused.data as { test: unknown }).test).toMatchObject({
      ok: false,
      error: expect.stringContaining("ECONNREFUSED"),
    });

    // A sign-in the server refuses (it takes none over a plain connection).
    await save({ user: "office@example.org", password: "wrong" });
    const denied = await post({ intent: "test", to: TEST_ADMIN.email });
    expect((denied.data as { test: { ok: boolean; error: string } }).test.ok).toBe(false);
    expect((denied.data as { test: { error: string } }).test.error).toMatch(/\d{3}/);
  });

  it("holds what waited while mail was off until an admin sends or discards it; newer e-mails go out", async () => {
    await queue("account.invitation", "new.staff@example.org", "Your account");
    await queue("confirmation.connect", "visitor@example.org", "We received your message");
    await save();
    expect(await rows("select status from outbox_emails order by subject")).toEqual([
      { status: "held" },
      { status: "held" },
    ]);
    const transport = createMailTransport({ url: smtp.url, from: FROM });
    try {
      await queue("notification.connect", TEST_ADMIN.email, "New message");
      expect(await sendDueEmails(transport, FROM)).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received.map((mail) => mail.subject)).toEqual(["New message"]);

      const page = await callRoute(
        outboxLoader,
        new Request("http://localhost/members/messages/outbox", { headers: { cookie: admin } }),
      );
      expect(page.data).toMatchObject({
        held: {
          count: 2,
          kinds: expect.arrayContaining([
            expect.objectContaining({ label: "Staff invitation", subjects: ["Your account"] }),
          ]),
        },
      });

      expect((await post({ intent: "send-held" })).status).toBe(200);
      expect(await sendDueEmails(transport, FROM)).toEqual({ sent: 2, failed: 0 });
      expect(await rows("select action, details from audit_log where action like 'outbox.%'")).toEqual([
        { action: "outbox.held-sent", details: { emails: 2 } },
      ]);

      // Switched off and on again: what waited is held once more, and this time discarded.
      await post({ intent: "remove" });
      await queue("confirmation.connect", "late@example.org", "Late");
      await save();
      expect((await post({ intent: "discard-held" }, "/members/messages/outbox", outboxAction)).status).toBe(
        200,
      );
      expect(await rows("select status from outbox_emails where subject = 'Late'")).toEqual([
        { status: "discarded" },
      ]);
      expect(await sendDueEmails(transport, FROM)).toEqual({ sent: 0, failed: 0 });
      expect(smtp.to("late@example.org")).toEqual([]);
      expect(await rows("select details from audit_log where action = 'outbox.held-discarded'")).toEqual([
        { details: { emails: 1 } },
      ]);
    } finally {
      transport.close();
    }
  });

  it("never sends an e-mail past its time, and marks it expired", async () => {
    await save();
    const transport = createMailTransport({ url: smtp.url, from: FROM });
    try {
      await queue("account.password-reset", "late@example.org", "Reset", new Date(Date.now() - 60_000));
      await queue("account.invitation", "fresh@example.org", "Invite", new Date(Date.now() + 3600_000));
      expect(await sendDueEmails(transport, FROM)).toEqual({ sent: 1, failed: 0 });
      expect(smtp.to("late@example.org")).toEqual([]);
      expect(await expireOverdueEmails()).toBe(1);
      expect(await rows("select subject, status from outbox_emails order by subject")).toEqual([
        { subject: "Invite", status: "sent" },
        { subject: "Reset", status: "expired" },
      ]);
    } finally {
      transport.close();
    }
  });

  it("discards a waiting e-mail and sends a failed one again, both audited", async () => {
    const waiting = await queue("reply", "a@example.org", "Waiting");
    const failed = await queue("reply", "b@example.org", "Failed");
    await rows(
      "update outbox_emails set status = 'failed', attempts = 8, last_error = '550 No such user' where id = $1",
      [failed],
    );
    expect(
      (await post({ intent: "discard", id: waiting }, "/members/messages/outbox", outboxAction)).status,
    ).toBe(200);
    expect(
      (await post({ intent: "resend", id: failed }, "/members/messages/outbox", outboxAction)).status,
    ).toBe(200);
    expect(await rows("select subject, status, attempts from outbox_emails order by subject")).toEqual([
      { subject: "Failed", status: "pending", attempts: 0 },
      { subject: "Waiting", status: "discarded", attempts: 0 },
    ]);
    // A second discard finds nothing to discard.
    expect(
      (await post({ intent: "discard", id: waiting }, "/members/messages/outbox", outboxAction)).status,
    ).toBe(409);
    expect(
      await rows(
        "select action, subject_label from audit_log where action in ('outbox.discarded', 'outbox.resent') order by action",
      ),
    ).toEqual([
      { action: "outbox.discarded", subject_label: "Waiting" },
      { action: "outbox.resent", subject_label: "Failed" },
    ]);
  });

  it("the worker takes new settings without a restart", async () => {
    const second = await startSmtpServer();
    const worker = startOutboxWorker(100);
    try {
      await save();
      await queue("reply", "first@example.org", "First");
      await expect.poll(() => smtp.to("first@example.org").length, { timeout: 10_000 }).toBe(1);
      await save({ port: new URL(second.url).port });
      await queue("reply", "second@example.org", "Second");
      await expect.poll(() => second.to("second@example.org").length, { timeout: 10_000 }).toBe(1);
      expect(smtp.to("second@example.org")).toEqual([]);
    } finally {
      await worker.stop();
      await second.stop();
    }
  });
});

describe("e-mail settings when the server has SMTP_URL and MAIL_FROM", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite", {
      SMTP_URL: "smtp://user:secret@mail.example.org:587",
      MAIL_FROM: FROM,
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("uses the environment's settings and refuses to save others", async () => {
    const admin = await signInCookie();
    expect(effectiveMailSettings()).toEqual({ url: "smtp://user:secret@mail.example.org:587", from: FROM });
    const page = await callRoute(
      loader,
      new Request("http://localhost/members/settings/email", { headers: { cookie: admin } }),
    );
    expect(page.data).toMatchObject({
      settings: { source: "env", envServer: "smtp://mail.example.org:587", envFrom: FROM },
    });
    expect(JSON.stringify(page.data)).not.toContain("secret");
    const saved = await callRoute(
      action,
      formRequest(
        "/members/settings/email",
        {
          intent: "save",
          host: "other.example.org",
          port: "587",
          security: "starttls",
          user: "",
          password: "",
          from: FROM,
        },
        { cookie: admin },
      ),
    );
    expect(saved.status).toBe(409);
    expect(await t.services.database.query(`select * from settings where key = '${MAIL_SETTING}'`)).toEqual(
      [],
    );
  });
});
