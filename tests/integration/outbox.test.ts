import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { events } from "../../database/schema";
import { queueEmail, sendDueEmails, LEASE_MS, RETRY_DELAYS_MS } from "~/server/messages/outbox.server";
import { CONFIRMATIONS_PER_HOUR } from "~/server/messages/message-emails.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { saveMinistryRegistration } from "~/server/people/registrations.server";
import { registerForEvent } from "~/server/people/event-seats.server";
import { saveVisitorMessage } from "~/server/people/visitors.server";
import { startSmtpServer } from "../helpers/smtp";
import { action as cancelAction } from "~/routes/events/cancel";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// E-mail goes through the outbox to a real SMTP server started here: what arrives, retries while
// the server refuses, no duplicates between workers, nothing lost by a worker that dies mid-send.

const ORIGIN = "https://church.example.org";
const FROM = '"ACTS Church" <office@church.example.org>';

describe.each(databaseKinds)("the e-mail outbox on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  const send = (now?: Date) => sendDueEmails(transport, FROM, { now });
  const rows = (sql: string, params: unknown[] = []) =>
    t.services.database.query<Record<string, unknown>>(sql, params);

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    transport = createMailTransport({ url: smtp.url, from: FROM });
  });
  afterEach(async () => {
    smtp.received.length = 0;
    smtp.raw.length = 0;
    smtp.state.refuse = false;
    await rows("delete from outbox_emails");
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    await t.stop();
  });

  it("a connect message: the visitor's confirmation and the administrator's notification arrive", async () => {
    await saveVisitorMessage(
      {
        name: "Carla Reyes",
        email: "carla@example.net",
        mobile: "+973 3999 0000",
        message: "Can I visit on Friday?\nWith my kids.",
      },
      ORIGIN,
    );
    expect(await send()).toEqual({ sent: 2, failed: 0 });

    const [confirmation] = smtp.to("carla@example.net");
    expect(confirmation!.subject).toBe("We received your message");
    expect(confirmation!.from!.text).toBe('"ACTS Church" <office@church.example.org>');
    expect(confirmation!.text).toContain("Dear friend,");
    expect(confirmation!.text).toContain("Received: Your message through our website");
    expect(confirmation!.text).toContain("ACTS Church Bahrain");
    expect(confirmation!.html).not.toMatch(/<img|<script/i);

    const [notification] = smtp.to(TEST_ADMIN.email);
    expect(notification!.subject).toBe("New message from Carla Reyes");
    expect(notification!.text).toContain("carla@example.net");
    expect(notification!.text).toContain("Can I visit on Friday?\nWith my kids.");
    expect(notification!.text).toContain(`${ORIGIN}/members/messages`);
    expect(await rows("select status, attempts from outbox_emails")).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
  });

  it("an event registration: the confirmation has the date, place, map and a calendar file", async () => {
    const date = addDays(todayInChurchZone(), 20);
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Family Day",
        eventDate: date,
        eventTime: "09:00",
        eventEndTime: "14:00",
        locationName: "Church Hall, Manama",
        googleMapsUrl: "https://maps.example.org/?q=hall",
      })
      .returning();
    await registerForEvent(
      event!.id,
      { name: "Ben Cruz", email: "ben@example.net", mobile: "+973 3333 4444", message: null },
      todayInChurchZone(),
      ORIGIN,
    );
    await send();
    const [mail] = smtp.to("ben@example.net");
    expect(mail!.subject).toBe("You are registered: Family Day");
    expect(mail!.text).toContain("Church Hall, Manama");
    expect(mail!.text).toContain("9:00 AM - 2:00 PM");
    expect(mail!.text).toContain("https://maps.example.org/?q=hall");
    const ics = mail!.attachments.find((attachment) => attachment.filename === "event.ics");
    expect(ics?.contentType).toBe("text/calendar");
    const lines = ics!.content
      .toString("utf8")
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n");
    const field = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(field("SUMMARY")).toBe("Family Day");
    expect(field("LOCATION")).toBe("Church Hall\\, Manama");
    // 09:00 in Bahrain is 06:00 UTC.
    expect(field("DTSTART")).toBe(`${date.replace(/-/g, "")}T060000Z`);
    expect(field("DTEND")).toBe(`${date.replace(/-/g, "")}T110000Z`);
    expect(field("UID")).toBe(`${event!.id}@church.example.org`);
  });

  it("a full event: the waitlisted person is told, and told again by e-mail when a cancellation frees a seat", async () => {
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Couples Dinner",
        eventDate: addDays(todayInChurchZone(), 9),
        eventTime: "19:00",
        locationName: "Fellowship Hall",
        googleMapsUrl: "https://maps.example.org/?q=fellowship",
        capacity: 1,
      })
      .returning();
    for (const [name, email] of [
      ["Dan Uy", "dan@example.net"],
      ["Eva Go", "eva@example.net"],
    ]) {
      await registerForEvent(
        event!.id,
        { name: name!, email: email!, mobile: "+973 3333 4444", message: null },
        todayInChurchZone(),
        ORIGIN,
      );
    }
    await send();
    const [confirmed] = smtp.to("dan@example.net");
    expect(confirmed!.subject).toBe("You are registered: Couples Dinner");
    const [waiting] = smtp.to("eva@example.net");
    expect(waiting!.subject).toBe("You are on the waitlist: Couples Dinner");
    expect(waiting!.attachments).toEqual([]);

    // Dan cancels with the link his confirmation brought (the page's button sends the form).
    const link = new URL(
      /https:\/\/church\.example\.org\/events\/\S+\/cancel\?\S+/.exec(confirmed!.text!)![0],
    );
    expect(link.searchParams.get("r")).toMatch(/^[0-9a-f-]{36}$/);
    const answer = await callRoute(cancelAction, formRequest(link.pathname + link.search, {}), {
      params: { id: event!.id },
    });
    expect(answer.data).toEqual({ state: "cancelled", eventTitle: "Couples Dinner" });
    await send();
    const seat = smtp
      .to("eva@example.net")
      .find((mail) => mail.subject === "A seat is yours: Couples Dinner");
    expect(seat?.text).toContain("you are now registered");
    expect(seat?.attachments.map((attachment) => attachment.filename).sort()).toEqual([
      "check-in.png",
      "event.ics",
    ]);
  });

  it("a confirmation names what was received and never repeats what the sender typed, to any address", async () => {
    // Someone types a stranger's address, with words of their own in the name and the message.
    const name = "Win a prize at prize.example.com";
    const message = "Call +973 3999 1234 now to claim it: https://prize.example.com/claim";
    const stranger = "stranger@example.net";
    await saveVisitorMessage({ name, email: stranger, mobile: "+973 3999 0000", message }, ORIGIN);
    await saveMinistryRegistration(
      { ministrySlug: "yadah", name, email: stranger, mobile: "33335555" },
      ORIGIN,
    );
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Prayer Night",
        eventDate: addDays(todayInChurchZone(), 12),
        eventTime: "19:00",
        locationName: "Chapel",
        googleMapsUrl: "https://maps.example.org/?q=chapel",
        capacity: 1,
      })
      .returning();
    // The first takes the only seat; the stranger's two registrations wait, until the seat frees up.
    const first = await registerForEvent(
      event!.id,
      { name, email: stranger, mobile: "+973 3333 4444", message },
      todayInChurchZone(),
      ORIGIN,
    );
    await registerForEvent(
      event!.id,
      { name, email: "waiting@example.net", mobile: "+973 3333 4445", message },
      todayInChurchZone(),
      ORIGIN,
    );
    expect(await send()).toMatchObject({ failed: 0 });
    const cancel = /https:\/\/church\.example\.org\/events\/\S+\/cancel\?\S+/.exec(
      smtp.to(stranger).find((mail) => mail.subject === "You are registered: Prayer Night")!.text!,
    )![0];
    expect(first).toMatchObject({ ok: true, status: "confirmed" });
    const link = new URL(cancel);
    await callRoute(cancelAction, formRequest(link.pathname + link.search, {}), {
      params: { id: event!.id },
    });
    await send();

    const confirmations = [...smtp.to(stranger), ...smtp.to("waiting@example.net")];
    expect(confirmations.map((mail) => mail.subject).sort()).toEqual([
      "A seat is yours: Prayer Night",
      "We received your message",
      "Welcome to Yadah (Dance)",
      "You are on the waitlist: Prayer Night",
      "You are registered: Prayer Night",
    ]);
    for (const mail of confirmations) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part, mail.subject).not.toContain("prize.example.com");
        expect(part, mail.subject).not.toContain("3999 1234");
      }
      // What was received is named, and whoever did not write is told they may ignore it.
      expect(mail.text).toContain("someone may have typed your address by mistake");
    }
    expect(smtp.to(stranger).find((mail) => mail.subject === "We received your message")!.text).toContain(
      "Received: Your message through our website",
    );
    expect(smtp.to(stranger).find((mail) => mail.subject?.startsWith("Welcome"))!.text).toContain(
      "Ministry: Yadah (Dance)",
    );
    // Staff see everything that was sent.
    const notices = smtp.to(TEST_ADMIN.email);
    expect(notices.some((mail) => mail.text!.includes(message))).toBe(true);
  });

  it("a ministry sign-up is confirmed with the ministry's name", async () => {
    await saveMinistryRegistration(
      { ministrySlug: "yadah", name: "Dina", email: "dina@example.net", mobile: "33335555" },
      ORIGIN,
    );
    await send();
    expect(smtp.to("dina@example.net")[0]!.subject).toBe("Welcome to Yadah (Dance)");
    expect(smtp.to(TEST_ADMIN.email)[0]!.subject).toBe("New sign-up for Yadah (Dance) from Dina");
  });

  it("keeps an e-mail the server refused, with the error, and sends it once the server is back", async () => {
    smtp.state.refuse = true;
    await queueEmail(t.services.db, {
      kind: "test",
      to: "later@example.net",
      subject: "Hello",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    // A second ahead: the database's clock may run a little ahead of this process's.
    const start = new Date(Date.now() + 1000);
    expect(await send(start)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows("select status, attempts, last_error, next_attempt_at from outbox_emails");
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(String(failed!.last_error)).toContain("Try again later");
    expect(new Date(failed!.next_attempt_at as Date).getTime()).toBe(start.getTime() + RETRY_DELAYS_MS[0]!);

    smtp.state.refuse = false;
    expect(await send(start)).toEqual({ sent: 0, failed: 0 }); // not due yet
    expect(await send(new Date(start.getTime() + RETRY_DELAYS_MS[0]! + 1000))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.to("later@example.net")).toHaveLength(1);
  });

  it("gives up after the last retry and says so", async () => {
    smtp.state.refuse = true;
    await queueEmail(t.services.db, {
      kind: "test",
      to: "never@example.net",
      subject: "S",
      text: "T",
      html: "<p>T</p>",
    });
    let now = new Date(Date.now() + 1000);
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      await send(now);
      now = new Date(now.getTime() + 25 * 3600_000);
    }
    expect(await rows("select status, attempts from outbox_emails")).toEqual([
      { status: "failed", attempts: RETRY_DELAYS_MS.length + 1 },
    ]);
  });

  it("two workers at once deliver each e-mail exactly once", async () => {
    for (let i = 0; i < 12; i++) {
      await queueEmail(t.services.db, {
        kind: "test",
        to: `many${i}@example.net`,
        subject: `No. ${i}`,
        text: "x",
        html: "<p>x</p>",
      });
    }
    const other = createMailTransport({ url: smtp.url, from: FROM });
    try {
      // Rounds of four workers at once, as busy servers would run them, until nothing is left.
      let sent = 0;
      for (let round = 0; round < 5 && sent < 12; round++) {
        const results = await Promise.all([
          sendDueEmails(transport, FROM, { limit: 4 }),
          sendDueEmails(other, FROM, { limit: 4 }),
          sendDueEmails(transport, FROM, { limit: 4 }),
          sendDueEmails(other, FROM, { limit: 4 }),
        ]);
        sent += results.reduce((sum, result) => sum + result.sent, 0);
      }
      expect(sent).toBe(12);
    } finally {
      other.close();
    }
    const subjects = smtp.received.map((mail) => mail.subject).sort();
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
  });

  it("an e-mail whose worker died mid-send is sent by another once the lease runs out", async () => {
    await queueEmail(t.services.db, {
      kind: "test",
      to: "orphan@example.net",
      subject: "Orphan",
      text: "x",
      html: "<p>x</p>",
    });
    const start = new Date(Date.now() + 1000);
    // A worker that leases the e-mail and then never finishes (the process was killed).
    const dying = { sendMail: () => new Promise<never>(() => {}) };
    void sendDueEmails(dying, FROM, { now: start });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await send(start)).toEqual({ sent: 0, failed: 0 }); // leased by the other worker
    expect(await send(new Date(start.getTime() + LEASE_MS + 1000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to("orphan@example.net")).toHaveLength(1);
  });

  it("a name with line breaks and markup changes no header and shows as text", async () => {
    await saveVisitorMessage(
      {
        name: 'Eve\r\nBcc: victim@example.net\r\nSubject: Win <b onclick="x">big</b>',
        email: "eve@example.net",
        mobile: "33000000",
        message: "<script>alert(1)</script>",
      },
      ORIGIN,
    );
    await send();
    expect(smtp.received).toHaveLength(2);
    for (const mail of smtp.received) {
      expect(mail.bcc).toBeUndefined();
      expect(JSON.stringify(mail.to)).not.toContain("victim");
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<b onclick");
    }
    const notification = smtp.to(TEST_ADMIN.email)[0]!;
    expect(notification.subject).toBe(
      'New message from Eve Bcc: victim@example.net Subject: Win <b onclick="x">big</b>',
    );
    expect(notification.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    for (const source of smtp.raw) {
      const headers = source.slice(0, source.indexOf("\r\n\r\n"));
      expect(headers).not.toMatch(/^(Bcc|Cc):/im);
      expect(headers.match(/^Subject:/gim)).toHaveLength(1);
    }
    // In the text, the name stays on its one line.
    expect(notification.text).toContain("Name: Eve Bcc: victim@example.net Subject:");
  });

  it("confirms at most a few submissions an hour to one address, and keeps every submission", async () => {
    for (let i = 0; i < CONFIRMATIONS_PER_HOUR + 3; i++) {
      await saveVisitorMessage(
        { name: "Flood", email: "flood@example.net", mobile: "33000001", message: `No. ${i}` },
        ORIGIN,
      );
    }
    const confirmations = await rows(
      "select count(*)::int as n from outbox_emails where to_address = 'flood@example.net'",
    );
    expect(confirmations).toEqual([{ n: CONFIRMATIONS_PER_HOUR }]);
    expect(await rows("select count(*)::int as n from visitors where name = 'Flood'")).toEqual([
      { n: CONFIRMATIONS_PER_HOUR + 3 },
    ]);
  });

  it("confirms an address with an apostrophe, and keeps a message whose address it cannot send to", async () => {
    await saveVisitorMessage(
      { name: "Pat", email: "o'brien@example.net", mobile: "33000002", message: "Hi" },
      ORIGIN,
    );
    await saveVisitorMessage(
      { name: "Odd", email: "odd address@example", mobile: "33000003", message: "Hi" },
      ORIGIN,
    );
    await send();
    expect(smtp.to("o'brien@example.net").map((mail) => mail.subject)).toEqual(["We received your message"]);
    expect(await rows("select count(*)::int as n from visitors where name = 'Odd'")).toEqual([{ n: 1 }]);
    expect(
      await rows("select count(*)::int as n from outbox_emails where kind = 'confirmation.connect'"),
    ).toEqual([{ n: 1 }]);
  });

  it("without SMTP settings nothing is taken: the e-mails wait", async () => {
    await queueEmail(t.services.db, {
      kind: "test",
      to: "wait@example.net",
      subject: "Wait",
      text: "x",
      html: "<p>x</p>",
    });
    expect(await sendDueEmails(null, undefined)).toEqual({ sent: 0, failed: 0 });
    expect(await rows("select status, attempts from outbox_emails")).toEqual([
      { status: "pending", attempts: 0 },
    ]);
  });
});
