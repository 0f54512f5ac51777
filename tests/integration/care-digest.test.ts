import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { startFollowUp, type NewFollowUp } from "~/server/care/follow-ups.server";
import { queueFollowUpDigests } from "~/server/care/follow-up-digest.server";
import { controlHandlers } from "~/server/main/cli.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { startSmtpServer } from "../helpers/smtp";
import { createStaffAccount } from "../helpers/staff-account";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// The daily e-mail of one's follow-ups (issue 38): from the hour the account chose (Bahrain time),
// once a day however many servers run the job, listing only its own follow-ups overdue and due
// that day, overdue first: names, reasons, steps, dates and links, never a note or a contact.

const FROM = '"ACTS Church" <office@church.example.org>';
// A day ahead of the real one, so the e-mails' end-of-day expiry is still to come when sent.
const day = addDays(todayInChurchZone(), 5);
const at = (isoDay: string, time: string) => momentInChurchZone(isoDay, time);

describe.each(databaseKinds)("the daily follow-up digest on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let grace: { id: string; email: string };
  let ben: { id: string; email: string };
  let newVisitorWorkflow: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const digestOf = async (userId: string) =>
    (
      await q<{ enabled: boolean; hour: number; last_sent_on: string | null }>(
        "select enabled, hour, last_sent_on::text as last_sent_on from follow_up_digests where user_id = $1",
        [userId],
      )
    )[0];
  const turnOn = (userId: string, hour: number, enabled = true) =>
    q(
      `insert into follow_up_digests (user_id, enabled, hour) values ($1, $2, $3)
       on conflict (user_id) do update set enabled = $2, hour = $3, last_sent_on = null`,
      [userId, enabled, hour],
    );
  const digests = () =>
    q<{ to_address: string; subject: string; text_body: string; html_body: string }>(
      "select to_address, subject, text_body, html_body from outbox_emails where kind = 'follow-up-digest' order by created_at",
    );
  /** A follow-up started `daysAgo` before the digest's day, assigned to `assigneeId`. */
  async function followUp(
    name: string,
    assigneeId: string,
    dueOn: string,
    more: Partial<NewFollowUp> = {},
    startedOn = day,
  ) {
    const { id } = await t.services.db.transaction((tx) =>
      startFollowUp(
        tx,
        {
          memberId: null,
          name,
          email: `${name.split(" ")[0]!.toLowerCase()}@example.net`,
          mobile: "+973 3999 0001",
          reason: "New visitor",
          source: "manual",
          workflowId: null,
          assigneeId,
          dueOn,
          ...more,
        },
        "system",
        startedOn,
      ),
    );
    return id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM, TEST_HOOKS: "true" });
    newVisitorWorkflow = (
      await q<{ id: string }>("select id from care_workflows where trigger = 'new-visitor'")
    )[0]!.id;
    grace = await createStaffAccount({ name: "Grace Santos" });
    ben = await createStaffAccount({ name: "Ben Uy" });
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    await q("delete from follow_ups");
    await q("delete from follow_up_digests");
    await q("delete from outbox_emails");
    await q("update users set banned = false, role = 'staff' where id in ($1, $2)", [grace.id, ben.id]);
    smtp.received.length = 0;
  });

  it("goes from the account's hour, once a day, even when two servers run it at the same moment", async () => {
    await turnOn(grace.id, 9);
    await followUp("Nadia Karim", grace.id, day);
    expect(await queueFollowUpDigests(at(day, "08:59"))).toBe(0);
    expect((await digestOf(grace.id))!.last_sent_on).toBeNull();
    expect(await queueFollowUpDigests(at(day, "09:00"))).toBe(1);
    expect((await digestOf(grace.id))!.last_sent_on).toBe(day);
    expect(await queueFollowUpDigests(at(day, "17:30"))).toBe(0);
    expect(await digests()).toHaveLength(1);

    // The next day, two servers' workers at once: one e-mail.
    const next = addDays(day, 1);
    const both = await Promise.all([
      queueFollowUpDigests(at(next, "09:01")),
      queueFollowUpDigests(at(next, "09:01")),
    ]);
    expect(both.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await digests()).toHaveLength(2);
    expect((await digestOf(grace.id))!.last_sent_on).toBe(next);
  });

  it("lists only the assignee's follow-ups overdue, then due today, with no note and no contact", async () => {
    await turnOn(grace.id, 7);
    // Started three days before with the New visitor workflow: its welcome call was due yesterday.
    const overdue = await followUp(
      "Nadia Karim",
      grace.id,
      day,
      { workflowId: newVisitorWorkflow, note: "Mentioned her mother is in hospital." },
      addDays(day, -3),
    );
    const dueToday = await followUp("Omar Haddad", grace.id, day, { reason: "Asked to join Group 2" });
    const waiting = await followUp("Pia Lim", grace.id, addDays(day, -5));
    await q("update follow_ups set status = 'waiting' where id = $1", [waiting]);
    // Not in it: due tomorrow, snoozed past today, done, and Ben's.
    await followUp("Later Person", grace.id, addDays(day, 1));
    const snoozed = await followUp("Snoozed Person", grace.id, addDays(day, -2));
    await q("update follow_ups set snoozed_until = $2 where id = $1", [snoozed, addDays(day, 2)]);
    const done = await followUp("Done Person", grace.id, addDays(day, -1));
    await q("update follow_ups set status = 'done', closed_at = now() where id = $1", [done]);
    await followUp("Bens Person", ben.id, day);
    await turnOn(ben.id, 23);

    expect(await queueFollowUpDigests(at(day, "07:05"))).toBe(1);
    const transport = createMailTransport({ url: smtp.url, from: FROM });
    await sendDueEmails(transport, FROM, { limit: 10 });
    transport.close();
    const [mail, ...others] = smtp.to(grace.email);
    expect(others).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.subject).toBe("Your follow-ups: 2 overdue, 1 due today");
    const text = mail!.text!;
    const link = (id: string) => `http://localhost/members/care/${id}`;
    // Overdue first (soonest due first), then due today.
    const order = [
      "Overdue (2)",
      "Pia Lim: New visitor",
      `Due ${formatDate(addDays(day, -5))}`,
      link(waiting),
      "Nadia Karim: New visitor",
      `Step: Welcome call, due ${formatDate(addDays(day, -1))}`,
      link(overdue),
      "Due today (1)",
      "Omar Haddad: Asked to join Group 2",
      `Due ${formatDate(day)}`,
      link(dueToday),
    ].map((part) => text.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(mail!.html).toContain(`<a href="${link(overdue)}"`);
    expect(text).toContain("http://localhost/members/care/digest");
    for (const absent of [
      "Later Person",
      "Snoozed Person",
      "Done Person",
      "Bens Person",
      "hospital",
      "@example.net",
      "3999",
    ]) {
      expect(text).not.toContain(absent);
      expect(mail!.html).not.toContain(absent);
    }
  });

  it("claims a day with nothing due without an e-mail, and sends nothing to an account turned off, disabled or without care", async () => {
    await turnOn(grace.id, 8);
    await followUp("Later Person", grace.id, addDays(day, 1));
    expect(await queueFollowUpDigests(at(day, "10:00"))).toBe(0);
    expect((await digestOf(grace.id))!.last_sent_on).toBe(day);

    await followUp("Nadia Karim", ben.id, day);
    await turnOn(ben.id, 8, false);
    expect(await queueFollowUpDigests(at(day, "10:00"))).toBe(0);
    await turnOn(ben.id, 8);
    await q("update users set banned = true where id = $1", [ben.id]);
    expect(await queueFollowUpDigests(at(day, "10:00"))).toBe(0);
    await q("update users set banned = false, role = 'editor' where id = $1", [ben.id]);
    expect(await queueFollowUpDigests(at(day, "10:00"))).toBe(0);
    expect((await digestOf(ben.id))!.last_sent_on).toBeNull();
    expect(await digests()).toEqual([]);

    // Back to a role with care: it goes.
    await q("update users set role = 'pastor' where id = $1", [ben.id]);
    expect(await queueFollowUpDigests(at(day, "10:00"))).toBe(1);
    expect((await digests()).map((mail) => mail.to_address)).toEqual([ben.email]);
  });

  it("runs as at a given moment through the test hook", async () => {
    await turnOn(grace.id, 6);
    await followUp("Nadia Karim", grace.id, day);
    const hook = controlHandlers["test:follow-up-digests-at"]!;
    expect(JSON.parse(await hook({ at: at(day, "05:00").toISOString() }))).toEqual({ queued: 0 });
    expect(JSON.parse(await hook({ at: at(day, "06:00").toISOString() }))).toEqual({ queued: 1 });
    await expect(hook({ at: "not a moment" })).rejects.toThrow(/ISO moment/);
  });
});
