import crypto from "node:crypto";
import { consents, events } from "../../database/schema";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import { action as answerAction, loader as answerLoader } from "~/routes/serve/answer";
import { action as askAction } from "~/routes/own-details/ask-for-link";
import { action as formAction, loader as formLoader } from "~/routes/own-details/update-form";
import { saveDraft, sendNow } from "~/server/announcements/announcements.server";
import {
  queueAnnouncementEmails,
  startDueAnnouncements,
} from "~/server/announcements/announcement-sending.server";
import { runWeeklyDigest, setDigestEnabled } from "~/server/announcements/weekly-digest.server";
import { requireUser } from "~/server/auth/guards.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { sendRosterRequests } from "~/server/rosters/requests.server";
import { startSmtpServer } from "../helpers/smtp";
import { addPeople, addSeat, addService, addTeam, clearRosters } from "../helpers/roster-volunteers-seed";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A member's language (issue 39): a Filipino member's e-mails are written in Filipino, with the
// date in Filipino and their links at the /fil addresses, which open the same tokens as the
// English ones; an English member's e-mails are as they always were. The e-mails go out through
// a real SMTP server and are read back from it.

const FROM = '"ACTS Church" <office@church.example.org>';
const FIL_DATE = new Intl.DateTimeFormat("fil", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});
const filDate = (iso: string) => FIL_DATE.format(new Date(`${iso}T00:00:00Z`));
const someIp = () => `198.51.100.${crypto.randomInt(1, 250)}`;

describe.each(databaseKinds)("e-mails in the member's language on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { id: string; email: string };
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
    admin = (
      await q<{ id: string; email: string }>("select id, email from users where email = 'admin@test.local'")
    )[0]!;
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    await clearRosters(t.services.db);
    smtp.received.length = 0;
  });

  /** Sends what the outbox holds and returns the one e-mail the address received. */
  async function deliveredTo(address: string) {
    await sendDueEmails(createMailTransport({ url: smtp.url, from: FROM }), FROM, { limit: 50 });
    const mails = smtp.to(address);
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  it("sends a Filipino member their update link in Filipino at /fil, an English member in English", async () => {
    const { db } = t.services;
    const people = await addPeople(db, ["Ana", "Ben"]);
    await q("update members set language = 'fil' where id = $1", [people.Ana!.id]);

    // Both ask on the Filipino page: the e-mail follows the member's own language, not the page's.
    for (const person of [people.Ana!, people.Ben!]) {
      const asked = await callRoute(
        askAction,
        formRequest("/fil/update-my-details", { email: person.email }),
        {
          clientIp: someIp(),
        },
      );
      expect(asked.status).toBe(200);
      expect(asked.data).toMatchObject({
        ok: true,
        toast: { title: "Tingnan ang inyong email" },
      });
      expect((asked.data as { toast: { description: string } }).toast.description).toBe(
        "Kung pag-aari ng isang miyembro ang address na ito, napadalhan na namin ito ng link. Magagamit ito sa loob ng 7 araw.",
      );
    }

    const ana = await deliveredTo(people.Ana!.email);
    expect(ana.subject).toBe("I-update po ang inyong detalye sa ACTS Church Bahrain");
    expect(ana.text).toContain("Kumusta po, Ana,");
    expect(ana.text).toContain("Isang beses lamang ito magagamit, sa loob ng 7 araw.");
    expect(ana.html).toContain('<html lang="fil">');
    const filLink =
      /I-update ang aking detalye: http:\/\/localhost\/fil\/update-my-details\/([\w-]{43})\n/.exec(
        ana.text ?? "",
      );
    expect(filLink, "the link is at the Filipino address").toBeTruthy();

    const ben = smtp.to(people.Ben!.email)[0]!;
    expect(ben.subject).toBe("Update your details with ACTS Church Bahrain");
    expect(ben.text).toContain("Hello Ben,");
    expect(ben.text).toMatch(/Update my details: http:\/\/localhost\/update-my-details\/[\w-]{43}\n/);
    expect(ben.html).toContain('<html lang="en">');

    // Either address opens Ana's token; the Filipino page refuses an altered one in Filipino.
    const token = filLink![1]!;
    for (const path of [`/fil/update-my-details/${token}`, `/update-my-details/${token}`]) {
      const opened = await callRoute(formLoader, new Request(`http://localhost${path}`), {
        params: { token },
      });
      expect(opened.data).toMatchObject({ state: "open", firstName: "Ana", language: "fil" });
    }
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await callRoute(
      formLoader,
      new Request(`http://localhost/fil/update-my-details/${altered}`),
      {
        params: { token: altered },
      },
    );
    expect(refused.status).toBe(404);

    // A field refused on the Filipino page is refused in Filipino; nothing is sent for review.
    const wrong = await callRoute(
      formAction,
      formRequest(`/fil/update-my-details/${token}`, {
        intent: "send",
        email: "not-an-address",
        countryCode: "+973",
        mobile: "3300 1000",
        ministryInvolvement: "",
      }),
      { params: { token }, clientIp: someIp() },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      notice: "fix",
      errors: { email: "Pakilagay po ang wastong email address." },
    });
    expect(await q("select id from member_update_requests where member_id = $1", [people.Ana!.id])).toEqual(
      [],
    );

    // Ana chooses English for her e-mails: saved at once, audited, her link still open.
    const chosen = await callRoute(
      formAction,
      formRequest(`/fil/update-my-details/${token}`, { intent: "language", language: "en" }),
      { params: { token }, clientIp: someIp() },
    );
    expect(chosen.data).toMatchObject({ state: "open", notice: "language-saved", language: "en" });
    expect(await q("select language from members where id = $1", [people.Ana!.id])).toEqual([
      { language: "en" },
    ]);
    const [entry] = await q<{ action: string; actor_label: string; details: unknown }>(
      "select action, actor_label, details from audit_log where subject_id = $1 and action = 'member.updated'",
      [people.Ana!.id],
    );
    expect(entry).toMatchObject({
      actor_label: "visitor",
      details: { changes: [{ field: "language", from: "fil", to: "en" }], by: "the member" },
    });
    expect(await q("select used_at from member_update_links where used_at is not null")).toEqual([]);
  });

  it("asks a Filipino volunteer to serve in Filipino with /fil links they can answer from; English stays English", async () => {
    const { db } = t.services;
    const people = await addPeople(db, ["Ana", "Ben"]);
    await q("update members set language = 'fil' where id = $1", [people.Ana!.id]);
    const team = await addTeam(db, { qualified: [people.Ana!.id, people.Ben!.id] });
    const date = addDays(todayInChurchZone(), 5);
    const service = await addService(db, date);
    await addSeat(db, {
      serviceId: service,
      positionId: team.positions["Main desk"]!,
      memberId: people.Ana!.id,
    });
    await addSeat(db, {
      serviceId: service,
      positionId: team.positions["Stream"]!,
      memberId: people.Ben!.id,
    });

    expect(await sendRosterRequests(admin, null, team.id)).toMatchObject({
      people: 2,
      slots: 2,
      emailed: true,
    });

    const ana = await deliveredTo(people.Ana!.email);
    expect(ana.subject).toBe("Makapaglilingkod po ba kayo kasama ng SoundTech?");
    expect(ana.html).toContain('<html lang="fil">');
    expect(ana.text).toContain("Kumusta po, Ana! Makapaglilingkod po ba kayo?");
    expect(ana.text).toContain(`${filDate(date)}, 3:30 PM`);
    expect(ana.text).toContain("Worship Service: SoundTech, Main desk");
    expect(ana.text).toMatch(/Tanggapin: http:\/\/localhost\/fil\/serve\/answer\/[\w-]{43}\?answer=accept/);
    expect(ana.text).toMatch(/Tanggihan: http:\/\/localhost\/fil\/serve\/answer\/[\w-]{43}\?answer=decline/);
    expect(ana.text).toMatch(/http:\/\/localhost\/fil\/serve\/me\/[\w-]{43}/);
    expect(ana.html).toContain(">Tanggapin</a>");

    const ben = smtp.to(people.Ben!.email)[0]!;
    expect(ben.subject).toBe("Can you serve with SoundTech?");
    expect(ben.html).toContain('<html lang="en">');
    expect(ben.text).toContain("Hello Ben, can you serve?");
    expect(ben.text).toContain(`${formatDateLong(date)}, 3:30 PM`);
    expect(ben.text).toMatch(/Accept: http:\/\/localhost\/serve\/answer\/[\w-]{43}\?answer=accept/);
    expect(ben.text).not.toContain("/fil/");

    // Ana answers from her Filipino link: the page and its answer are in Filipino.
    const token = /\/fil\/serve\/answer\/([\w-]{43})/.exec(ana.text ?? "")![1]!;
    const page = await callRoute(answerLoader, new Request(`http://localhost/fil/serve/answer/${token}`), {
      params: { token },
    });
    expect(page.data).toMatchObject({ state: "open", firstName: "Ana" });
    const answered = await callRoute(
      answerAction,
      formRequest(`/fil/serve/answer/${token}`, { answer: "decline", reason: "x".repeat(501) }),
      { params: { token }, clientIp: someIp() },
    );
    expect(answered.status).toBe(400);
    expect(answered.data).toMatchObject({ reasonError: "Hanggang 500 character lamang po ang dahilan." });
    const accepted = await callRoute(
      answerAction,
      formRequest(`/fil/serve/answer/${token}`, { answer: "accept" }),
      {
        params: { token },
        clientIp: someIp(),
      },
    );
    expect(accepted.data).toMatchObject({ state: "open", done: { answer: "accept", changed: true } });
    expect(await q("select status from roster_slots where member_id = $1", [people.Ana!.id])).toEqual([
      { status: "accepted" },
    ]);
  });
  it("frames an announcement in each recipient's language: the foot, the unsubscribe link and the card", async () => {
    const { db } = t.services;
    const people = await addPeople(db, ["Ana", "Ben"]);
    await q("update members set language = 'fil' where id = $1", [people.Ana!.id]);
    for (const person of Object.values(people)) {
      await db
        .insert(consents)
        .values({ memberId: person.id, kind: "email", noticeVersion: 1, recordedBy: "office@example.org" });
    }
    const [event] = await db
      .insert(events)
      .values({
        title: "Harvest Supper",
        titleFil: "Hapunan ng Pag-aani",
        eventDate: "2031-10-03",
        eventTime: "18:30",
        locationName: "Hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
      })
      .returning({ id: events.id });
    const user = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
    );
    const id = await saveDraft(user, {
      subject: "Supper reminder",
      body: "Bring a dish.",
      link: { kind: "event", id: event!.id },
      audience: { combine: "any", parts: [{ kind: "all-members" }] },
    });
    expect(await sendNow(user, id)).toEqual({ recipients: 2 });
    expect(await queueAnnouncementEmails({ limit: 10 })).toEqual({ queued: 2, skipped: 0 });

    const ana = await deliveredTo(people.Ana!.email);
    // Staff's own words stay as written; the frame around them is Filipino.
    expect(ana.subject).toBe("Supper reminder");
    expect(ana.text).toContain("Bring a dish.");
    expect(ana.html).toContain('<html lang="fil">');
    expect(ana.text).toContain("Hapunan ng Pag-aani");
    expect(ana.text).toContain(`${filDate("2031-10-03")}, 6:30 PM`);
    expect(ana.text).toContain(`Tingnan ang detalye: http://localhost/fil/events/${event!.id}`);
    expect(ana.text).toContain(
      "Natatanggap ninyo ito dahil pumayag kayong makatanggap ng mga email mula sa ACTS Church Bahrain.",
    );
    expect(ana.text).toMatch(/Mag-unsubscribe: http:\/\/localhost\/fil\/unsubscribe\/[\w-]+/);
    expect(ana.headerLines.find((header) => header.key === "list-unsubscribe")?.line).toMatch(
      /\/fil\/unsubscribe\//,
    );

    const ben = smtp.to(people.Ben!.email)[0]!;
    expect(ben.html).toContain('<html lang="en">');
    expect(ben.text).toContain("Harvest Supper");
    expect(ben.text).toContain(`${formatDateLong("2031-10-03")}, 6:30 PM`);
    expect(ben.text).toContain(`View details: http://localhost/events/${event!.id}`);
    expect(ben.text).toContain(
      "You receive this because you agreed to receive e-mails from ACTS Church Bahrain.",
    );
    expect(ben.text).toMatch(/Unsubscribe: http:\/\/localhost\/unsubscribe\/[\w-]+/);
    expect(ben.text).not.toContain("/fil/");
    await q("delete from announcement_recipients");
    await q("delete from announcements");
    await q("delete from events where id = $1", [event!.id]);
  });
  it("writes the weekly digest in Filipino for a Filipino member, in English for the others", async () => {
    const { db } = t.services;
    const people = await addPeople(db, ["Ana", "Ben"]);
    await q("update members set language = 'fil' where id = $1", [people.Ana!.id]);
    for (const person of Object.values(people)) {
      for (const kind of ["email", "digest"] as const) {
        await db.insert(consents).values({
          memberId: person.id,
          kind,
          noticeVersion: 1,
          recordedBy: "office@example.org",
          givenAt: new Date("2030-01-01T00:00:00Z"),
        });
      }
    }
    const [event] = await db
      .insert(events)
      .values({
        title: "Christmas Cantata",
        titleFil: "Kantata sa Pasko",
        eventDate: "2030-12-20",
        eventTime: "19:00",
        eventEndTime: "21:00",
        locationName: "Church hall",
        googleMapsUrl: "https://maps.example.org",
      })
      .returning({ id: events.id });
    const user = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
    );
    await setDigestEnabled(user, true);
    const monday = new Date("2030-12-16T04:00:00Z");
    expect(await runWeeklyDigest(monday)).toBe("made");
    await startDueAnnouncements(monday);
    expect(await queueAnnouncementEmails({ limit: 10 })).toEqual({ queued: 2, skipped: 0 });

    const ana = await deliveredTo(people.Ana!.email);
    expect(ana.subject).toBe("Ngayong linggo sa ACTS Church Bahrain: Disyembre 16 hanggang 22, 2030");
    expect(ana.html).toContain('<html lang="fil">');
    expect(ana.text).toContain("Narito po ang mga gawain sa ACTS Church Bahrain ngayong linggo");
    expect(ana.text).toContain("MGA EVENT NGAYONG LINGGO");
    expect(ana.text).toContain(`Kantata sa Pasko (http://localhost/fil/events/${event!.id})`);
    expect(ana.text).toContain(`${filDate("2030-12-20")}, 7:00 PM - 9:00 PM, Church hall`);
    expect(ana.text).toContain("Lahat ng event: http://localhost/fil/events");

    const ben = smtp.to(people.Ben!.email)[0]!;
    expect(ben.subject).toBe("This week at ACTS Church Bahrain: December 16 to 22, 2030");
    expect(ben.text).toContain(`Christmas Cantata (http://localhost/events/${event!.id})`);
    expect(ben.text).toContain("Every event: http://localhost/events");
    expect(ben.text).not.toContain("/fil/");
    await setDigestEnabled(user, false);
    await q("delete from announcement_recipients");
    await q("delete from announcements");
    await q("delete from events where id = $1", [event!.id]);
  });
});
