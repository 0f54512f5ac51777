import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { events } from "../../database/schema";
import { action as connectAction } from "~/routes/connect";
import { action as cancelAction, loader as cancelLoader } from "~/routes/events/cancel";
import { action as registerAction, loader as eventLoader } from "~/routes/events/detail";
import { action as joinGroupAction } from "~/routes/groups/join";
import { action as ministryAction, loader as ministryLoader } from "~/routes/ministries/detail";
import { action as prayerAction } from "~/routes/prayer/request";
import {
  callRoute,
  formRequest,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The public forms in Filipino (issue 39): a form on a /fil page posts to its /fil address, and
// everything that follows is in Filipino: the validation messages, the failure and success texts,
// the confirmation e-mail (its subject, text, dates, lang and links). The row keeps the language,
// and the same forms at the English addresses answer exactly as before. Staff e-mails stay English.

const today = todayInChurchZone();
const person = { name: "Maria Santos", email: "maria@example.ph", mobile: "+973 3311 2233" };

describe("the public forms in Filipino", () => {
  let t: TestServices;
  const query = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<Row>(sql, params);
  const mailTo = async (address: string) =>
    query<{ kind: string; subject: string; text_body: string; html_body: string }>(
      "select kind, subject, text_body, html_body from outbox_emails where to_address = $1 order by created_at, kind",
      [address],
    );

  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    for (const table of [
      "outbox_emails",
      "rate_limits",
      "ministry_registrations",
      "event_registrations",
      "visitors",
      "group_join_requests",
      "prayer_requests",
    ]) {
      await query(`delete from ${table}`);
    }
  });

  async function addEvent(capacity: number | null = null) {
    const [row] = await t.services.db
      .insert(events)
      .values({
        title: "Family Day",
        eventDate: addDays(today, 10),
        eventTime: "16:00",
        eventEndTime: "19:00",
        locationName: "Church hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
        capacity,
      })
      .returning();
    return row!;
  }

  it("answers a ministry sign-up in Filipino, keeps 'fil' and confirms it in Filipino", async () => {
    const path = "/fil/ministries/acts-kids?join";
    const refused = await callRoute(
      ministryAction,
      formRequest(path, { name: "", email: "x", mobile: "12" }),
      {
        params: { slug: "acts-kids" },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      toast: { title: "Hindi Natuloy ang Pagrehistro" },
      fieldErrors: {
        name: "Pakilagay po ang inyong buong pangalan.",
        email: "Pakilagay po ang isang tamang email address.",
        mobile: "Pakilagay po ang isang tamang mobile number.",
      },
    });
    expect(await query("select 1 from ministry_registrations")).toEqual([]);

    const answer = await callRoute(ministryAction, formRequest(path, person), {
      params: { slug: "acts-kids" },
    });
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { title: "Matagumpay ang Pagrehistro!", description: "Naka-sign up na po kayo sa ACTS Kids." },
    });
    expect(await query("select name, language from ministry_registrations")).toEqual([
      { name: "Maria Santos", language: "fil" },
    ]);
    const [mail] = await mailTo(person.email);
    expect(mail!.subject).toBe("Maligayang pagdating sa ACTS Kids");
    expect(mail!.text_body).toContain("Mahal na kaibigan,");
    expect(mail!.text_body).toContain("Tungkol sa ACTS Kids: http://localhost");
    expect(mail!.text_body).toMatch(/\/fil\/ministries\/acts-kids/);
    expect(mail!.html_body).toContain('<html lang="fil">');
    // The staff's notice stays English.
    const [notice] = await mailTo(TEST_ADMIN.email);
    expect(notice!.subject).toBe("New sign-up for ACTS Kids from Maria Santos");
    expect(notice!.html_body).toContain('<html lang="en">');

    // The page itself: its texts stand in English there, marked so.
    const page = await callRoute(ministryLoader, new Request("http://localhost/fil/ministries/acts-kids"), {
      params: { slug: "acts-kids" },
    });
    expect(page.data).toMatchObject({ lang: { ministry: "en", privacy: "en" } });
    const english = await callRoute(ministryLoader, new Request("http://localhost/ministries/acts-kids"), {
      params: { slug: "acts-kids" },
    });
    expect(english.data).toMatchObject({ lang: { ministry: undefined, privacy: undefined } });
  });

  it("registers for an event in Filipino: the e-mail's date, labels and cancel link are Filipino, and the link works", async () => {
    const event = await addEvent();
    const path = `/fil/events/${event.id}?register`;
    const refused = await callRoute(registerAction, formRequest(path, { ...person, email: "" }), {
      params: { id: event.id },
    });
    expect(refused.data).toMatchObject({
      toast: { title: "Hindi Natuloy ang Pagrehistro", description: "Pakilagay po ang inyong email." },
    });
    const answer = await callRoute(registerAction, formRequest(path, person), { params: { id: event.id } });
    expect(answer.data).toMatchObject({
      toast: { title: "Matagumpay ang Pagrehistro!", description: "Nakarehistro na po kayo sa Family Day." },
    });
    expect(await query("select language from event_registrations")).toEqual([{ language: "fil" }]);

    const [mail] = await mailTo(person.email);
    expect(mail!.subject).toBe("Rehistrado na po kayo: Family Day");
    const date = new Intl.DateTimeFormat("fil", {
      timeZone: "UTC",
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
    }).format(new Date(`${event.eventDate}T00:00:00Z`));
    expect(mail!.text_body).toContain(`Petsa: ${date}`);
    expect(mail!.text_body).toContain("Oras: 4:00 PM - 7:00 PM");
    expect(mail!.text_body).toContain("Lugar: Church hall");
    expect(mail!.html_body).toContain('<html lang="fil">');
    expect(mail!.html_body).toContain('alt="QR code para sa check-in"');
    const link =
      /Kanselahin ang aking rehistrasyon: http:\/\/localhost(\/fil\/events\/[^/]+\/cancel\?r=[\w-]+&s=[\w-]+)/.exec(
        mail!.text_body,
      )?.[1];
    expect(link).toBeTruthy();

    const shown = await callRoute(cancelLoader, new Request(`http://localhost${link}`), {
      params: { id: event.id },
    });
    expect(shown.data).toMatchObject({ state: "ask", name: "Maria Santos" });
    const cancelled = await callRoute(cancelAction, formRequest(link!, {}), { params: { id: event.id } });
    expect(cancelled.data).toEqual({ state: "cancelled", eventTitle: "Family Day" });
    expect(await query("select status from event_registrations")).toEqual([{ status: "cancelled" }]);
  });

  it("tells a Filipino registrant on the waitlist, and when a seat frees up, in Filipino", async () => {
    const event = await addEvent(1);
    await callRoute(
      registerAction,
      formRequest(`/events/${event.id}`, { ...person, email: "first@example.org" }),
      {
        params: { id: event.id },
      },
    );
    const waiting = await callRoute(registerAction, formRequest(`/fil/events/${event.id}`, person), {
      params: { id: event.id },
    });
    expect(waiting.data).toMatchObject({ toast: { title: "Nasa Waitlist na Po Kayo" } });
    const [first] = await mailTo("first@example.org");
    expect(first!.subject).toBe("You are registered: Family Day");
    const cancel = /Cancel my registration: http:\/\/localhost(\/events\/\S+)/.exec(first!.text_body)![1]!;
    await callRoute(cancelAction, formRequest(cancel, {}), { params: { id: event.id } });
    const subjects = (await mailTo(person.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(["Nasa waitlist po kayo: Family Day", "May upuan na po kayo: Family Day"]);
  });

  it("keeps a connect message's language and confirms it in Filipino; English stays English", async () => {
    const refused = await callRoute(connectAction, formRequest("/fil/connect", { ...person, message: "" }));
    expect(refused.data).toMatchObject({
      toast: { title: "Hindi Naipadala" },
      fieldErrors: { message: "Pakisulat po ang inyong mensahe." },
    });
    const answer = await callRoute(
      connectAction,
      formRequest("/fil/connect", { ...person, message: "Kumusta po" }),
    );
    expect(answer.data).toMatchObject({ toast: { title: "Naipadala ang Mensahe!" } });
    await callRoute(
      connectAction,
      formRequest("/connect", { ...person, email: "ana@example.org", message: "Hello" }),
    );
    expect(await query("select email, language from visitors order by email")).toEqual([
      { email: "ana@example.org", language: "en" },
      { email: "maria@example.ph", language: "fil" },
    ]);
    const [filipino] = await mailTo(person.email);
    expect(filipino!.subject).toBe("Natanggap po namin ang inyong mensahe");
    expect(filipino!.text_body).toContain("Natanggap: Ang inyong mensahe sa aming website,");
    const [english] = await mailTo("ana@example.org");
    expect(english!.subject).toBe("We received your message");
    expect(english!.text_body).toContain("Dear friend,");
    expect(english!.html_body).toContain('<html lang="en">');
  });

  it("keeps the language of a group join request and a prayer request", async () => {
    const [group] = await query<{ id: string }>(
      "insert into groups (name, kind, is_open) values ('Group 5', 'bible-study', true) returning id",
    );
    const noContact = await callRoute(
      joinGroupAction,
      formRequest(`/fil/groups/${group!.id}`, { name: "Maria" }),
      {
        params: { id: group!.id },
      },
    );
    expect(noContact.data).toMatchObject({
      fieldErrors: { email: "Pakilagay po ang inyong e-mail o mobile number, para makasagot ang mga lider." },
    });
    const joined = await callRoute(joinGroupAction, formRequest(`/fil/groups/${group!.id}`, person), {
      params: { id: group!.id },
    });
    expect(joined.data).toMatchObject({ toast: { title: "Naipadala ang Kahilingan!" } });
    expect(await query("select language from group_join_requests")).toEqual([{ language: "fil" }]);
    await query("update groups set is_open = false");
    const closed = await callRoute(joinGroupAction, formRequest(`/fil/groups/${group!.id}`, person), {
      params: { id: group!.id },
    });
    expect(closed.data).toMatchObject({
      toast: { description: expect.stringContaining("Hindi po tumatanggap") },
    });

    const prayed = await callRoute(
      prayerAction,
      formRequest("/fil/prayer", { request: "Para sa aking pamilya", visibility: "private" }),
    );
    expect(prayed.data).toMatchObject({
      toast: {
        title: "Naipadala ang Prayer Request",
        description: expect.stringContaining("Ipapanalangin kayo"),
      },
    });
    await callRoute(
      prayerAction,
      formRequest("/prayer", { request: "For my family", visibility: "private" }),
    );
    expect(await query("select request, language from prayer_requests order by request")).toEqual([
      { request: "For my family", language: "en" },
      { request: "Para sa aking pamilya", language: "fil" },
    ]);
  });

  it("refuses and thanks in the language of the address", async () => {
    const big = await callRoute(
      connectAction,
      formRequest("/fil/connect", { ...person, message: "x".repeat(40_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.data).toMatchObject({
      toast: {
        description: "Masyado pong mahaba ito para sa form na ito. Pakipaikliin po ang inyong mensahe.",
      },
    });
    const bot = await callRoute(
      connectAction,
      formRequest("/fil/connect", { ...person, message: "hi", website: "x" }),
    );
    expect(bot.data).toMatchObject({ ok: true, toast: { title: "Salamat po" } });
    const english = await callRoute(
      connectAction,
      formRequest("/connect", { ...person, message: "x".repeat(40_000) }),
    );
    expect(english.data).toMatchObject({
      toast: {
        title: "Submission Failed",
        description: "That is more than this form can take. Please shorten your message.",
      },
    });
  });

  it("writes the event page's dates and repeat in Filipino on /fil", async () => {
    const event = await addEvent();
    const page = await callRoute(eventLoader, new Request(`http://localhost/fil/events/${event.id}`), {
      params: { id: event.id },
    });
    expect(page.data).toMatchObject({
      event: { url: `http://localhost/fil/events/${event.id}`, textLang: "en" },
      privacyLang: "en",
    });
  });
});
