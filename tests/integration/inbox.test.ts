import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, inboxItems, inboxReplies, outboxEmails, users, visitors } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { action as messageAction, loader as messageLoader } from "~/routes/members/messages/inbox-message";
import { loader as inboxLoader } from "~/routes/members/messages/inbox";
import { loader as outboxLoader } from "~/routes/members/messages/outbox";
import { recordInboxItem } from "~/server/messages/inbox.server";
import { saveMinistryRegistration } from "~/server/people/registrations.server";
import { registerForEvent } from "~/server/people/event-seats.server";
import { saveVisitorMessage } from "~/server/people/visitors.server";
import { getSiteContent } from "~/server/site/site-content.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

const ORIGIN = "http://localhost";

interface ListRow {
  id: string;
  kind: string;
  status: string;
  name: string;
  what: string;
}
interface Listed {
  rows: ListRow[];
  total: number;
  page: number;
  pages: number;
  unread: number;
  outbox: { emailConfigured: boolean; waiting: number };
  loadFailed: boolean;
}
interface Opened {
  item: {
    id: string;
    kind: string;
    status: string;
    name: string;
    email: string;
    message: string | null;
    handledBy: string | null;
    handledAt: string | null;
    canReply: boolean;
    telHref: string;
    whatsAppHref: string;
    ministry: { slug: string; name: string; exists: boolean } | null;
    event: { id: string | null; title: string } | null;
    replies: { body: string; sentBy: string; toAddress: string; emailStatus: string | null }[];
  } | null;
  outbox: { emailConfigured: boolean; waiting: number };
}

describe.each(databaseKinds)("the staff inbox on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let adminName: string;
  let ana: string;
  let ben: string;
  let cara: string;
  const today = todayInChurchZone();

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
    const [admin] = await t.services.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, TEST_ADMIN.email));
    adminName = admin!.name;
  });
  afterAll(async () => {
    await t.stop();
  });

  const get = (path: string, withCookie = true) =>
    new Request(`http://localhost${path}`, { headers: withCookie ? { cookie } : {} });
  const list = async (query = "") =>
    (await callRoute(inboxLoader, get(`/members/messages${query}`))).data as Listed;
  const open = async (id: string) => {
    const answer = await callRoute(messageLoader, get(`/members/messages/${id}`), { params: { id } });
    return { status: answer.status, ...(answer.data as Opened) };
  };
  const post = (id: string, fields: Record<string, string>) =>
    callRoute(messageAction, formRequest(`/members/messages/${id}`, fields, { cookie }), { params: { id } });
  const stored = async (id: string) =>
    (await t.services.db.select().from(inboxItems).where(eq(inboxItems.id, id)))[0]!;
  const writes = async () => {
    const db = t.services.db;
    const [[outbox], [replies], [items]] = await Promise.all([
      db.select({ n: count() }).from(outboxEmails),
      db.select({ n: count() }).from(inboxReplies),
      db.select({ n: count() }).from(inboxItems).where(eq(inboxItems.status, "new")),
    ]);
    return { outbox: outbox!.n, replies: replies!.n, newItems: items!.n };
  };

  it("shows a connect message as new, counted on the dashboard", async () => {
    await saveVisitorMessage(
      {
        name: "Ana Cruz",
        mobile: "3311 2233",
        email: "ana@example.org",
        message: "Hello!\nI would like to visit on <b>Friday</b>.",
      },
      ORIGIN,
    );
    const loaded = await list();
    expect(loaded.loadFailed).toBe(false);
    expect(loaded.unread).toBe(1);
    expect(loaded.rows).toEqual([
      expect.objectContaining({
        kind: "connect",
        status: "new",
        name: "Ana Cruz",
        what: "Hello! I would like to visit on <b>Friday</b>.",
      }),
    ]);
    ana = loaded.rows[0]!.id;

    const dashboard = await callRoute(dashboardLoader, get("/members"));
    expect((dashboard.data as { unreadMessages: number }).unreadMessages).toBe(1);

    // Opening it shows the whole message and how to reach Ana, and leaves it new.
    const opened = await open(ana);
    expect(opened.status).toBe(200);
    expect(opened.item).toMatchObject({
      status: "new",
      email: "ana@example.org",
      message: "Hello!\nI would like to visit on <b>Friday</b>.",
      canReply: true,
      telHref: "tel:33112233",
      // A local number gets the church's country code (from its phone number) for WhatsApp.
      whatsAppHref: "https://wa.me/97333112233",
      handledBy: null,
      replies: [],
    });
    expect((await stored(ana)).status).toBe("new");
  });

  it("lists sign-ups and registrations too, newest first, by type, status and search, a page at a time", async () => {
    await saveMinistryRegistration(
      { ministrySlug: "acts-kids", name: "Ben Reyes", email: "ben@example.org", mobile: "+63 917 555 0101" },
      ORIGIN,
    );
    const [event] = await t.services.db
      .insert(events)
      .values({
        title: "Prayer Night",
        eventDate: addDays(today, 5),
        eventTime: "19:30",
        locationName: "Main hall",
        googleMapsUrl: "https://www.google.com/maps",
      })
      .returning();
    const registered = await registerForEvent(
      event!.id,
      {
        name: "Cara Lim",
        email: "cara@example.org",
        mobile: "33998877",
        message: "Bringing 100% of my family_",
      },
      today,
      ORIGIN,
    );
    expect(registered.ok).toBe(true);

    const all = await list();
    expect(all.rows.map((row) => [row.kind, row.name])).toEqual([
      ["event", "Cara Lim"],
      ["ministry", "Ben Reyes"],
      ["connect", "Ana Cruz"],
    ]);
    [cara, ben] = [all.rows[0]!.id, all.rows[1]!.id];
    const kidsName = (await getSiteContent()).ministryBySlug("acts-kids")!.name;
    expect(all.rows[0]!.what).toBe("Prayer Night");
    expect(all.rows[1]!.what).toBe(kidsName);
    expect(all.unread).toBe(3);

    const names = async (query: string) => (await list(query)).rows.map((row) => row.name);
    expect(await names("?type=ministry")).toEqual(["Ben Reyes"]);
    expect(await names("?type=event")).toEqual(["Cara Lim"]);
    expect(await names("?type=connect")).toEqual(["Ana Cruz"]);
    expect(await names("?type=nonsense")).toHaveLength(3);
    expect(await names("?q=reyes")).toEqual(["Ben Reyes"]);
    expect(await names("?q=CARA%40example")).toEqual(["Cara Lim"]);
    expect(await names("?q=917")).toEqual(["Ben Reyes"]);
    // The mobile number as digits, however it was written.
    expect(await names("?q=33112233")).toEqual(["Ana Cruz"]);
    expect(await names("?q=friday")).toEqual(["Ana Cruz"]);
    expect(await names("?q=ana+visit")).toEqual(["Ana Cruz"]);
    expect(await names("?q=family_")).toEqual(["Cara Lim"]);
    expect(await names("?q=100%25")).toEqual(["Cara Lim"]);
    expect(await names("?q=%25")).toEqual(["Cara Lim"]);
    expect(await names("?q=nobody")).toEqual([]);
    expect(await names("?status=archived")).toEqual([]);
    expect(await names("?status=new&type=event")).toEqual(["Cara Lim"]);

    // The event page and the ministry page are linked while they exist.
    const opened = await open(cara);
    expect(opened.item).toMatchObject({
      event: { id: event!.id, title: "Prayer Night" },
      message: "Bringing 100% of my family_",
    });
    expect((await open(ben)).item).toMatchObject({
      ministry: { slug: "acts-kids", name: kidsName, exists: true },
      whatsAppHref: "https://wa.me/639175550101",
    });
    await t.services.db.delete(events).where(eq(events.id, event!.id));
    expect((await open(cara)).item).toMatchObject({ event: { id: null, title: "Prayer Night" } });

    // A message whose source row is gone is left out, and not counted.
    const [gone] = await t.services.db
      .insert(visitors)
      .values({ name: "Gone", mobile: "1", email: "gone@example.org", message: "x" })
      .returning();
    await recordInboxItem(t.services.db, "connect", gone!.id, gone!.createdAt);
    await t.services.db.delete(visitors).where(eq(visitors.id, gone!.id));
    expect((await list()).total).toBe(3);
    expect((await list()).unread).toBe(3);

    // Thirty to a page.
    const extra = await t.services.db
      .insert(visitors)
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          name: `Paged ${String(i).padStart(2, "0")}`,
          mobile: "33000000",
          email: `paged${i}@example.org`,
          message: "Paging",
          createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
        })),
      )
      .returning();
    for (const row of extra) await recordInboxItem(t.services.db, "connect", row.id, row.createdAt);
    const first = await list("?q=paging");
    const second = await list("?q=paging&page=2");
    expect([first.total, first.page, first.pages, first.rows.length]).toEqual([31, 1, 2, 30]);
    expect([second.page, second.rows.length]).toEqual([2, 1]);
    expect(second.rows[0]!.name).toBe("Paged 00");
    expect((await list("?q=paging&page=99")).page).toBe(2);
    expect((await list()).total).toBe(34);
    // Their sources removed, they leave the inbox.
    await t.services.db.delete(visitors).where(eq(visitors.message, "Paging"));
    expect((await list()).total).toBe(3);
  });

  it("marks handled, new, archived and back, recording who and when", async () => {
    const before = Date.now();
    let answer = await post(ana, { intent: "handled" });
    expect(answer.status).toBe(200);
    expect((answer.data as { ok: boolean }).ok).toBe(true);
    let row = await stored(ana);
    expect(row).toMatchObject({ status: "handled", handledBy: adminName });
    expect(row.handledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await open(ana)).item).toMatchObject({ status: "handled", handledBy: adminName });
    expect((await list()).unread).toBe(2);

    answer = await post(ana, { intent: "new" });
    expect(answer.status).toBe(200);
    expect(await stored(ana)).toMatchObject({ status: "new", handledBy: null, handledAt: null });

    answer = await post(ana, { intent: "archived" });
    expect(answer.status).toBe(200);
    row = await stored(ana);
    expect(row).toMatchObject({ status: "archived", handledBy: adminName });
    expect(row.handledAt).not.toBeNull();
    expect((await list()).rows.map((r) => r.name)).not.toContain("Ana Cruz");
    expect((await list("?status=archived")).rows.map((r) => r.name)).toEqual(["Ana Cruz"]);
    expect((await list("?status=all")).total).toBe(3);

    answer = await post(ana, { intent: "restored" });
    expect(answer.status).toBe(200);
    expect(await stored(ana)).toMatchObject({ status: "handled", handledBy: adminName });
    expect((await list()).rows.map((r) => r.name)).toContain("Ana Cruz");

    expect((await post(ana, { intent: "delete" })).status).toBe(400);
    expect((await stored(ana)).status).toBe("handled");
  });

  it("a reply queues an e-mail, is kept with the message and marks it handled", async () => {
    await post(ana, { intent: "new" });
    const before = await writes();
    const body = "Welcome, Ana!\nWe meet at 3:30.\n\nSee you on Friday.";
    const answer = await post(ana, { intent: "reply", body });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true });

    const church = (await getSiteContent()).church.name;
    const emails = await t.services.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "reply"));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({ toAddress: "ana@example.org", status: "pending" });
    expect(email!.subject).toBe(`Re: your message to ${church}`);
    expect(email!.textBody).toContain("We meet at 3:30.");
    expect(email!.textBody).toContain("See you on Friday.");
    // Ana's message quoted below the reply, escaped in the HTML part.
    expect(email!.textBody).toContain("> Hello!\n> I would like to visit on <b>Friday</b>.");
    expect(email!.textBody.indexOf("See you on Friday.")).toBeLessThan(email!.textBody.indexOf("> Hello!"));
    expect(email!.htmlBody).toContain("&lt;b&gt;Friday&lt;/b&gt;");
    expect(email!.htmlBody).not.toContain("<b>Friday</b>");

    const replies = await t.services.db.select().from(inboxReplies);
    expect(replies).toEqual([
      expect.objectContaining({
        itemId: ana,
        toAddress: "ana@example.org",
        body,
        sentBy: adminName,
        outboxId: email!.id,
      }),
    ]);
    expect(await stored(ana)).toMatchObject({ status: "handled", handledBy: adminName });
    expect(await writes()).toEqual({
      outbox: before.outbox + 1,
      replies: before.replies + 1,
      newItems: before.newItems - 1,
    });

    const opened = await open(ana);
    expect(opened.item!.replies).toEqual([
      expect.objectContaining({
        body,
        sentBy: adminName,
        toAddress: "ana@example.org",
        emailStatus: "pending",
      }),
    ]);
    // Without SMTP settings the page says the reply waits, and the outbox lists it.
    expect(opened.outbox.emailConfigured).toBe(false);
    expect(opened.outbox.waiting).toBeGreaterThanOrEqual(1);
    const outbox = await callRoute(outboxLoader, get("/members/messages/outbox"));
    expect(
      (outbox.data as { emails: { to: string; subject: string; attempts: number }[] }).emails,
    ).toContainEqual(
      expect.objectContaining({ to: "ana@example.org", subject: email!.subject, attempts: 0 }),
    );

    // A sign-up is answered about the ministry, with no message to quote.
    await post(ben, { intent: "reply", body: "Thank you for joining." });
    const [benEmail] = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, "ben@example.org"))
      .then((rows) => rows.filter((row) => row.kind === "reply"));
    expect(benEmail!.subject).toMatch(/^Re: your sign-up for /);
    expect(benEmail!.textBody).not.toContain("you wrote");
  });

  it("refuses an empty, oversized or misdirected reply and an unknown message, writing nothing", async () => {
    const before = await writes();
    const empty = await post(cara, { intent: "reply", body: "   \n " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, fieldErrors: { body: "Please write a reply." } });

    const tooLong = await post(cara, { intent: "reply", body: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ fieldErrors: { body: expect.stringMatching(/5000/) } });
    expect((tooLong.data as { values: { body: string } }).values.body).toHaveLength(5001);

    const huge = await post(cara, { intent: "reply", body: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);

    expect((await post(cara, { intent: "reply" })).status).toBe(400);

    const unknown = crypto.randomUUID();
    expect((await post(unknown, { intent: "reply", body: "Hello" })).status).toBe(404);
    expect((await post(unknown, { intent: "handled" })).status).toBe(404);
    expect((await post("not-an-id", { intent: "reply", body: "Hello" })).status).toBe(404);
    expect((await post("not-an-id", { intent: "archived" })).status).toBe(404);
    expect((await open(unknown)).status).toBe(404);
    expect((await open(unknown)).item).toBeNull();
    expect((await open("../../etc/passwd")).status).toBe(404);

    // Someone without an address that mail can go to cannot be answered by e-mail.
    const [odd] = await t.services.db
      .insert(visitors)
      .values({ name: "No Mail", mobile: "33001122", email: "", message: "Call me" })
      .returning();
    await recordInboxItem(t.services.db, "connect", odd!.id, odd!.createdAt);
    const oddId = (await list("?q=no+mail")).rows[0]!.id;
    expect((await open(oddId)).item!.canReply).toBe(false);
    const refused = await post(oddId, { intent: "reply", body: "Hello" });
    expect(refused.status).toBe(400);
    await t.services.db.update(visitors).set({ email: "a@b.c, x@y.z" }).where(eq(visitors.id, odd!.id));
    expect((await post(oddId, { intent: "reply", body: "Hello" })).status).toBe(400);
    await t.services.db.delete(inboxItems).where(eq(inboxItems.id, oddId));

    expect(await writes()).toEqual(before);
    expect((await stored(cara)).status).toBe("new");
  });

  it("refuses an anonymous visitor, and writes nothing", async () => {
    const before = await writes();
    for (const [loader, path, params] of [
      [inboxLoader, "/members/messages", {}],
      [outboxLoader, "/members/messages/outbox", {}],
      [messageLoader, `/members/messages/${cara}`, { id: cara }],
    ] as const) {
      const answer = await callRoute(loader, get(path, false), { params });
      expect(answer.status).toBe(302);
      expect(answer.response!.headers.get("location")).toMatch(/^\/members\/login/);
    }
    for (const fields of [{ intent: "reply", body: "Hello" }, { intent: "handled" }] as Record<
      string,
      string
    >[]) {
      const answer = await callRoute(messageAction, formRequest(`/members/messages/${cara}`, fields), {
        params: { id: cara },
      });
      expect(answer.status).toBe(302);
    }
    expect(await writes()).toEqual(before);
  });
});
