import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "~/server/platform/mail.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { issueLink, readLink } from "~/server/platform/signed-links.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { startSmtpServer } from "../helpers/smtp";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before announcements (17 migrations): its outbox holds an e-mail waiting to go and
// its registry a member with e-mail consent. Opened by this release, the e-mail is kept as it was
// (with no extra headers) and still goes out; the new tables (signed links, announcements, their
// recipients, unsubscribed addresses) are there and empty, and work.

const FROM = '"ACTS Church" <office@church.example.org>';

describe.each(databaseKinds)("upgrading to announcements on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [member] = await query<{ id: string }>(
          `insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cruz', 'ana@example.org', '33001122')
           returning id`,
        );
        await query(
          `insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'email', 1, 'office@example.org')`,
          [member!.id],
        );
        await query(
          `insert into outbox_emails (kind, to_address, subject, text_body, html_body)
           values ('confirmation.connect', 'carla@example.org', 'We received your message', 'Thanks', '<p>Thanks</p>')`,
        );
      },
      17,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.stop();
  });

  it("keeps the waiting e-mail, with no extra headers, and sends it", async () => {
    const db = t.services.database;
    expect(await db.query("select to_address, status, headers from outbox_emails")).toEqual([
      { to_address: "carla@example.org", status: "pending", headers: {} },
    ]);
    const transport = createMailTransport({ url: smtp.url, from: FROM });
    try {
      expect(await sendDueEmails(transport, FROM)).toEqual({ sent: 1, failed: 0 });
    } finally {
      transport.close();
    }
    expect(smtp.to("carla@example.org")).toHaveLength(1);
    expect(smtp.to("carla@example.org")[0]!.headers.has("list-unsubscribe")).toBe(false);
  });

  it("has the new tables, empty, and they work", async () => {
    const db = t.services.database;
    for (const table of ["signed_links", "announcements", "announcement_recipients", "email_unsubscribes"]) {
      expect(await db.query(`select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }]);
    }
    const token = await issueLink(t.services.db, {
      purpose: "unsubscribe",
      subject: "ana@example.org",
      singleUse: false,
    });
    expect(await readLink(t.services.db, "unsubscribe", token)).toMatchObject({
      ok: true,
      subject: "ana@example.org",
    });
    expect(await db.query("select count(*)::int as n from consents where withdrawn_at is null")).toEqual([
      { n: 1 },
    ]);
  });
});
