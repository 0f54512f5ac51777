import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, members, ministryRegistrations, visitors } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { loader as registrationsExportLoader } from "~/routes/members/people/registration-csv";
import { loader as reportsLoader } from "~/routes/members/people/reports";
import { loader as reportsExportLoader } from "~/routes/members/people/report-csv";
import { EXPORT_BATCH_SIZE } from "~/server/http/csv.server";
import { membersInMinistry, upcomingBirthdays } from "~/server/people/member-reports.server";
import { listVisitors, VISITORS_PAGE_SIZE } from "~/server/people/visitors.server";
import { listEventRegistrations, listMinistryRegistrations } from "~/server/people/registrations.server";
import { parseCsv } from "../helpers/csv";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Exports read the database in batches; a file longer than a few batches must still hold every
// row exactly once, in the order the screens show them. Rows are made to tie on the sort keys
// across batch boundaries, with timestamps apart by microseconds only (finer than a JS Date).
const ROWS = 2 * EXPORT_BATCH_SIZE + 103;
const base = "2026-01-01 10:00:00+00";

describe.each(databaseKinds)("CSV exports of more rows than one batch on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await db.delete(members);
    await db.delete(visitors);
    await db.delete(ministryRegistrations);
    await db.delete(eventRegistrations);
  });

  async function download(loader: unknown, path: string, params: Record<string, string>) {
    const result = await callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie } }), {
      params,
    });
    expect(result.status).toBe(200);
    const [header, ...rows] = parseCsv(await result.response!.text());
    return { header: header!, rows };
  }

  /** Groups of 7 rows share a created_at; the groups are one microsecond apart. */
  const tiedCreatedAt = sql.raw(`timestamptz '${base}' + (i / 7) * interval '1 microsecond'`);

  it("lists the visitors on the reports page fifty at a time, each once, in the export's order", async () => {
    await t.services.db.execute(sql`
      insert into visitors (name, mobile, email, message, created_at)
      select 'Visitor ' || i, '3300' || i, 'visitor' || i || '@example.org', 'Hello ' || i, ${tiedCreatedAt}
      from generate_series(1, ${ROWS}) as i`);
    type Page = {
      visitors: { email: string }[];
      visitorPages: { page: number; pages: number; total: number };
    };
    const pageOf = async (query: string) =>
      (
        await callRoute(
          reportsLoader,
          new Request(`http://localhost/members/reports${query}`, { headers: { cookie } }),
        )
      ).data as Page;
    const first = await pageOf("");
    const pages = Math.ceil(ROWS / VISITORS_PAGE_SIZE);
    expect(first.visitorPages).toEqual({ page: 1, pages, total: ROWS });
    const emails = [...first.visitors.map((v) => v.email)];
    for (let page = 2; page <= pages; page++) {
      emails.push(...(await pageOf(`?visitors=${page}`)).visitors.map((v) => v.email));
    }
    expect(emails).toEqual((await listVisitors()).map((v) => v.email));
    expect((await pageOf(`?visitors=${pages + 5}`)).visitorPages.page).toBe(pages);
  });

  it("sends every visitor once, newest first, as the reports page lists them", async () => {
    await t.services.db.execute(sql`
      insert into visitors (name, mobile, email, message, created_at)
      select 'Visitor ' || i, '3300' || i, 'visitor' || i || '@example.org', 'Hello ' || i, ${tiedCreatedAt}
      from generate_series(1, ${ROWS}) as i`);

    const { header, rows } = await download(reportsExportLoader, "/members/reports/export/visitors", {
      report: "visitors",
    });
    expect(header).toEqual(["Name", "Mobile", "Email", "Message", "Date"]);
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((row) => row[2])).size).toBe(ROWS);
    expect(rows.map((row) => row[2])).toEqual((await listVisitors()).map((v) => v.email));
    expect(rows.find((row) => row[0] === "Visitor 7")).toEqual([
      "Visitor 7",
      "33007",
      "visitor7@example.org",
      "Hello 7",
      "2026-01-01",
    ]);
  });

  it("sends every active member once, by last name, first name (and id when the names are the same)", async () => {
    await t.services.db.execute(sql`
      insert into members (first_name, last_name, email, mobile, membership_status, ministry_involvement)
      select 'Ana', 'Cruz ' || (i % 3), 'member' || i || '@example.org', '3400' || i,
             case when i % 10 = 0 then 'left' else 'active' end, array['tee']
      from generate_series(1, ${ROWS}) as i`);
    const expected = await t.services.db
      .select({ email: members.email })
      .from(members)
      .where(sql`${members.membershipStatus} = 'active'`)
      .orderBy(members.lastName, members.firstName, members.id);

    const { rows } = await download(reportsExportLoader, "/members/reports/export/active_members", {
      report: "active_members",
    });
    expect(rows.map((row) => row[1])).toEqual(expected.map((m) => m.email));
    expect(rows).toHaveLength(ROWS - Math.floor(ROWS / 10));
    expect(rows.find((row) => row[1] === "member3@example.org")).toEqual([
      "Ana Cruz 0",
      "member3@example.org",
      "+973 34003",
      "Member",
      "TEE",
      "",
      "active",
    ]);

    const ministry = await download(reportsExportLoader, "/members/reports/export/ministry?name=TEE", {
      report: "ministry",
    });
    expect(ministry.rows).toHaveLength(ROWS);
    expect(ministry.rows.map((row) => row[1])).toEqual((await membersInMinistry("tee")).map((m) => m.email));
  });

  it("sends every upcoming birthday once, soonest first", async () => {
    const today = todayInChurchZone();
    // Born in 2000 (a leap year), so every month and day exists.
    await t.services.db.insert(members).values(
      Array.from({ length: ROWS }, (_, i) => ({
        firstName: `Born${i}`,
        lastName: "Reyes",
        email: `born${i}@example.org`,
        mobile: `3500${i}`,
        birthday: `2000-${addDays(today, i % 36).slice(5)}`,
      })),
    );
    const expected = await upcomingBirthdays(today);
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
    expect(expected.length).toBeLessThan(ROWS);

    const { rows } = await download(reportsExportLoader, "/members/reports/export/birthdays", {
      report: "birthdays",
    });
    expect(rows.map((row) => row[1])).toEqual(expected.map((b) => b.item.email));
    const daysAway = rows.map((row) => Number(row[5]));
    expect(daysAway).toEqual([...daysAway].sort((a, b) => a - b));
    expect(Math.max(...daysAway)).toBe(30);
  });

  it("sends every ministry and event registration once, newest first", async () => {
    await t.services.db.execute(sql`
      insert into ministry_registrations (ministry_slug, name, email, mobile, created_at)
      select 'tee', 'Joiner ' || i, 'joiner' || i || '@example.org', '3600' || i, ${tiedCreatedAt}
      from generate_series(1, ${ROWS}) as i`);
    await t.services.db.execute(sql`
      insert into event_registrations (event_title, name, email, mobile, message, created_at)
      select 'Retreat', 'Guest ' || i, 'guest' || i || '@example.org', '3700' || i, 'See you', ${tiedCreatedAt}
      from generate_series(1, ${ROWS}) as i`);

    const ministry = await download(registrationsExportLoader, "/members/registrations/export/ministry", {
      kind: "ministry",
    });
    expect(ministry.rows).toHaveLength(ROWS);
    expect(ministry.rows.map((row) => row[2])).toEqual(
      (await listMinistryRegistrations()).map((r) => r.email),
    );
    expect(ministry.rows.find((row) => row[1] === "Joiner 7")).toEqual([
      "TEE",
      "Joiner 7",
      "joiner7@example.org",
      "36007",
      "2026-01-01",
      "No",
    ]);

    const event = await download(registrationsExportLoader, "/members/registrations/export/event", {
      kind: "event",
    });
    expect(event.rows).toHaveLength(ROWS);
    expect(event.rows.map((row) => row[2])).toEqual((await listEventRegistrations()).map((r) => r.email));
  });

  it("says who agreed on the form to receive the church's e-mails", async () => {
    await t.services.db.execute(sql`
      insert into ministry_registrations (ministry_slug, name, email, mobile, email_consent) values
        ('tee', 'Willing Reader', 'willing@example.org', '36100001', true),
        ('tee', 'Quiet Reader', 'quiet@example.org', '36100002', false)`);
    const ministry = await download(registrationsExportLoader, "/members/registrations/export/ministry", {
      kind: "ministry",
    });
    expect(ministry.header.at(-1)).toBe("E-mails OK");
    const consent = (name: string) => ministry.rows.find((row) => row[1] === name)?.at(-1);
    expect([consent("Willing Reader"), consent("Quiet Reader")]).toEqual(["Yes", "No"]);
  });

  it("dates a registration by the day it was where the church is", async () => {
    // 22:30 UTC on 1 January is 01:30 on 2 January in Bahrain.
    await t.services.db.execute(sql`
      insert into event_registrations (event_title, name, email, mobile, created_at)
      values ('Night Watch', 'Late Guest', 'late@example.org', '37000000', '2026-01-01 22:30:00+00')`);
    const event = await download(registrationsExportLoader, "/members/registrations/export/event", {
      kind: "event",
    });
    expect(event.rows.find((row) => row[1] === "Late Guest")?.[5]).toBe("2026-01-02");
  });
});
