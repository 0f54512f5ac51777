import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, members, ministryRegistrations } from "../../database/schema";
import { type AuditEntryView } from "~/lib/audit-format";
import { loader as auditCsvLoader } from "~/routes/members/audit/audit-log-csv";
import { loader as auditLoader } from "~/routes/members/audit/audit-log";
import { loader as profileLoader } from "~/routes/members/people/member-profile";
import { loader as registrationsCsvLoader } from "~/routes/members/people/registration-csv";
import { loader as reportCsvLoader } from "~/routes/members/people/report-csv";
import { makeMemberSchema } from "~/schemas/member";
import { runInRequestScope } from "~/server/platform/request-scope.server";
import { createMember, deleteMember, loadMemberOptions, updateMember } from "~/server/people/members.server";
import { parseCsv } from "../helpers/csv";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The audit log as the church's administrators rely on it: every member change written with the
// change itself (both or neither), never altered afterwards, found again by person, member, kind
// and date, page by page and in a CSV that holds the same entries; and only administrators see it.

const STAFF = { email: "staff@test.local", password: "staff password 1" };

/** The message of the error a promise fails with, or of its cause (drizzle wraps a failed commit). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const { message, cause } = error as Error;
    return `${message} ${(cause as Error | undefined)?.message ?? ""}`;
  }
  throw new Error("expected a failure");
}

type AuditScreen = {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pages: number;
  errors: Record<string, string>;
  choices: { people: { value: string; label: string }[]; members: { value: string; label: string }[] };
};

describe.each(databaseKinds)("the audit log on %s", (kind) => {
  let t: TestServices;
  let adminCookie: string;
  let staffCookie: string;
  let admin: { id: string; email: string };
  let staff: { id: string; email: string };
  let memberSchema: ReturnType<typeof makeMemberSchema>;

  const memberInput = (overrides: Record<string, unknown> = {}) =>
    memberSchema.parse({
      firstName: "Ana",
      lastName: "Cruz",
      email: "ana@example.org",
      mobile: "33334444",
      children: [],
      ministryInvolvement: [],
      ministryRole: [],
      ...overrides,
    });

  const entriesAbout = (memberId: string) =>
    t.services.db.select().from(auditLog).where(eq(auditLog.subjectId, memberId)).orderBy(auditLog.at);

  async function screen(query: string, cookie = adminCookie) {
    const result = await callRoute(
      auditLoader,
      new Request(`http://localhost/members/audit${query}`, { headers: { cookie } }),
    );
    return { status: result.status, data: result.data as AuditScreen };
  }

  async function download(query: string, cookie = adminCookie) {
    const result = await callRoute(
      auditCsvLoader,
      new Request(`http://localhost/members/audit/export${query}`, { headers: { cookie } }),
    );
    return { status: result.status, response: result.response! };
  }

  /** Every entry the screen lists for a filter, page after page. */
  async function allPages(query: string) {
    const first = await screen(query);
    const entries = [...first.data.entries];
    for (let page = 2; page <= first.data.pages; page++)
      entries.push(...(await screen(`${query}${query ? "&" : "?"}page=${page}`)).data.entries);
    return entries;
  }

  beforeAll(async () => {
    t = await startTestServices(kind);
    memberSchema = makeMemberSchema(await loadMemberOptions());
    const created = await t.services.auth.api.createUser({
      body: { email: STAFF.email, password: STAFF.password, name: "Grace Staff", role: "staff" },
    });
    staff = { id: created.user.id, email: STAFF.email };
    const [row] = await t.services.database.query<{ id: string }>("select id from users where email = $1", [
      TEST_ADMIN.email,
    ]);
    admin = { id: row!.id, email: TEST_ADMIN.email };
    adminCookie = await signInCookie();
    staffCookie = await signInCookie(STAFF.email, STAFF.password);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("records a member added, changed and deleted, with who, from where, and each field's old and new value", async () => {
    const ana = await createMember(memberInput(), admin);
    await runInRequestScope({ clientIp: "203.0.113.9" }, () =>
      updateMember(
        ana.id,
        memberInput({
          mobile: "44445555",
          addressBh: "Road 12, Manama",
          children: [{ name: "Ben", birthday: "2020-02-29", gender: "Male" }],
        }),
        staff,
      ),
    );
    await deleteMember(ana.id, admin);

    const entries = await entriesAbout(ana.id);
    expect(
      entries.map((entry) => [entry.action, entry.actorId, entry.actorLabel, entry.subjectLabel]),
    ).toEqual([
      ["member.created", admin.id, admin.email, "Ana Cruz"],
      ["member.updated", staff.id, staff.email, "Ana Cruz"],
      ["member.deleted", admin.id, admin.email, "Ana Cruz"],
    ]);
    expect(entries[1]!.ip).toBe("203.0.113.9");
    expect(entries[1]!.details).toEqual({
      changes: [
        { field: "mobile", label: "Mobile", from: "33334444", to: "44445555" },
        { field: "addressBh", label: "Address (Bahrain)", from: null, to: "Road 12, Manama" },
        {
          field: "children",
          label: "Children Information",
          from: [],
          to: [{ name: "Ben", birthday: "2020-02-29", gender: "Male" }],
        },
      ],
    });

    // The screen says it in words, newest first, filtered to this member (gone, by the name it had).
    const { data } = await screen(`?member=${ana.id}`);
    expect(data.choices.members).toContainEqual({ value: ana.id, label: "Ana Cruz (deleted)" });
    expect(data.entries.map((entry) => entry.summary)).toEqual([
      "Deleted member Ana Cruz",
      "Changed member Ana Cruz",
      "Added member Ana Cruz",
    ]);
    expect(data.entries[1]).toMatchObject({
      who: staff.email,
      ip: "203.0.113.9",
      changes: [
        { label: "Mobile", from: "33334444", to: "44445555" },
        { label: "Address (Bahrain)", from: "(empty)", to: "Road 12, Manama" },
        { label: "Children Information", from: "(empty)", to: "Ben (born Sat 29 Feb 2020, Male)" },
      ],
    });
  });

  it("writes the entry in the change's transaction: a failure after the write leaves neither", async () => {
    const { database } = t.services;
    const ana = await createMember(memberInput({ email: "ana.atomic@example.org" }), admin);
    const before = await entriesAbout(ana.id);

    // The entry cannot be written (a constraint the test adds): the member's change is undone with it.
    await database.query(
      "alter table audit_log add constraint test_refuse_entry check (subject_label is distinct from 'Refused Entry') not valid",
    );
    try {
      await expect(
        updateMember(ana.id, memberInput({ firstName: "Refused", lastName: "Entry" }), admin),
      ).rejects.toThrow();
      await expect(
        createMember(memberInput({ firstName: "Refused", lastName: "Entry", email: "r@example.org" }), admin),
      ).rejects.toThrow();
    } finally {
      await database.query("alter table audit_log drop constraint test_refuse_entry");
    }
    const [unchanged] = await t.services.db.select().from(members).where(eq(members.id, ana.id));
    expect(unchanged).toMatchObject({ firstName: "Ana", lastName: "Cruz" });
    expect(await t.services.db.select().from(members).where(eq(members.email, "r@example.org"))).toEqual([]);
    expect(await entriesAbout(ana.id)).toEqual(before);

    // The change and its entry are both written, then the commit fails (a check deferred to the
    // end of the transaction): neither is kept.
    await database.query(`create function test_refuse_at_commit() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Deferred' then raise exception 'refused at commit'; end if;
        return new;
      end $$`);
    await database.query(`create constraint trigger test_refuse_at_commit after insert or update on members
      deferrable initially deferred for each row execute function test_refuse_at_commit()`);
    try {
      expect(await failure(updateMember(ana.id, memberInput({ firstName: "Deferred" }), admin))).toMatch(
        /refused at commit/,
      );
      expect(
        await failure(createMember(memberInput({ firstName: "Deferred", email: "d@example.org" }), admin)),
      ).toMatch(/refused at commit/);
    } finally {
      await database.query("drop trigger test_refuse_at_commit on members");
      await database.query("drop function test_refuse_at_commit()");
    }
    expect(await entriesAbout(ana.id)).toEqual(before);
    expect(await t.services.db.select().from(members).where(eq(members.email, "d@example.org"))).toEqual([]);
    expect(
      await database.query(
        "select id from audit_log where subject_label like 'Deferred%' or subject_label = 'Refused Entry'",
      ),
    ).toEqual([]);

    // And a change that commits lands together with its entry.
    await updateMember(ana.id, memberInput({ email: "ana.atomic@example.org", mobile: "55556666" }), admin);
    const after = await entriesAbout(ana.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.details).toEqual({
      changes: [{ field: "mobile", label: "Mobile", from: "33334444", to: "55556666" }],
    });
  });

  it("refuses to change or remove an entry, whoever asks the database", async () => {
    const { database, db } = t.services;
    const [entry] = await db.select().from(auditLog).limit(1);
    await expect(database.query("update audit_log set action = 'member.tampered'")).rejects.toThrow(
      /append-only/,
    );
    await expect(database.query("delete from audit_log where id = $1", [entry!.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db.update(auditLog).set({ actorLabel: "someone else" }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(database.query("truncate audit_log")).rejects.toThrow(/append-only/);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry);
  });

  describe("filters, pages and the CSV", () => {
    // Entries from 2020, which no other test writes, so each filter's answer is known exactly.
    const rows: (typeof auditLog.$inferInsert)[] = [];
    const memberA = "00000000-0000-4000-8000-00000000000a";
    const memberB = "00000000-0000-4000-8000-00000000000b";

    beforeAll(async () => {
      const at = (iso: string) => new Date(iso);
      rows.push(
        // 1 March 23:59:59 and 2 March 00:00:00 in Bahrain (UTC+3).
        {
          at: at("2020-03-01T20:59:59Z"),
          actorId: admin.id,
          actorLabel: admin.email,
          action: "member.updated",
          subjectType: "member",
          subjectId: memberA,
          subjectLabel: "Ana Cruz",
          details: { changes: [{ field: "mobile", label: "Mobile", from: "1", to: "2" }] },
        },
        {
          at: at("2020-03-01T21:00:00Z"),
          actorId: staff.id,
          actorLabel: staff.email,
          action: "member.updated",
          subjectType: "member",
          subjectId: memberB,
          subjectLabel: "Ben Reyes",
          details: {
            changes: [
              { field: "addressPh", label: "Address (Philippines)", from: null, to: "Long ".repeat(60) },
            ],
          },
        },
        {
          at: at("2020-03-02T08:00:00Z"),
          actorId: null,
          actorLabel: "visitor",
          ip: "198.51.100.7",
          action: "auth.sign-in-failed",
          subjectType: "staff",
          subjectLabel: admin.email,
          details: { reason: "password" },
        },
        {
          at: at("2020-03-03T08:00:00Z"),
          actorId: staff.id,
          actorLabel: staff.email,
          action: "export.report",
          subjectType: "report",
          subjectId: "visitors",
          subjectLabel: "Visitors",
          details: { report: "visitors", rows: 4 },
        },
      );
      // 120 sign-ins in April, a minute apart, for the pages.
      for (let i = 0; i < 120; i++)
        rows.push({
          at: new Date(Date.UTC(2020, 3, 10, 9, i)),
          actorId: admin.id,
          actorLabel: admin.email,
          action: "auth.signed-in",
          subjectType: "staff",
          subjectId: admin.id,
          subjectLabel: admin.email,
        });
      await t.services.db.insert(auditLog).values(rows);
    });

    const summaries = (entries: AuditEntryView[]) => entries.map((entry) => entry.summary);

    it("by date, in whole days of the church's time zone", async () => {
      const day = await screen("?from=2020-03-02&to=2020-03-02");
      expect(summaries(day.data.entries)).toEqual([
        `Failed sign-in for ${admin.email} (wrong password)`,
        "Changed member Ben Reyes",
      ]);
      const march = await screen("?from=2020-03-01&to=2020-03-31");
      expect(march.data.total).toBe(4);
      expect(summaries((await screen("?to=2020-03-01")).data.entries)).toContain("Changed member Ana Cruz");
      expect((await screen("?to=2020-03-01")).data.entries.map((e) => e.summary)).not.toContain(
        "Changed member Ben Reyes",
      );
    });

    it("by person, by member and by kind", async () => {
      const march = "from=2020-03-01&to=2020-03-31";
      expect(summaries((await screen(`?${march}&person=${staff.id}`)).data.entries)).toEqual([
        "Exported the Visitors report (4 rows)",
        "Changed member Ben Reyes",
      ]);
      const visitors = (await screen(`?${march}&person=none`)).data.entries;
      expect(visitors).toHaveLength(1);
      expect(visitors[0]).toMatchObject({ who: "Visitor", ip: "198.51.100.7" });
      expect(summaries((await screen(`?member=${memberA}`)).data.entries)).toEqual([
        "Changed member Ana Cruz",
      ]);
      expect(summaries((await screen(`?${march}&action=exports`)).data.entries)).toEqual([
        "Exported the Visitors report (4 rows)",
      ]);
      expect(summaries((await screen(`?${march}&action=failed-sign-ins`)).data.entries)).toHaveLength(1);
      expect((await screen(`?${march}&action=members&person=${admin.id}`)).data.total).toBe(1);
      // The person filter offers every account.
      const { choices } = (await screen("")).data;
      expect(choices.people.map((person) => person.value)).toEqual(
        expect.arrayContaining([admin.id, staff.id]),
      );
    });

    it("fifty to a page, newest first, each entry once", async () => {
      const april = "?from=2020-04-01&to=2020-04-30&action=sign-ins";
      const first = await screen(april);
      expect(first.data).toMatchObject({ total: 120, page: 1, pages: 3 });
      expect(first.data.entries).toHaveLength(50);
      const last = await screen(`${april}&page=3`);
      expect(last.data.entries).toHaveLength(20);
      const all = await allPages(april);
      expect(new Set(all.map((entry) => entry.id)).size).toBe(120);
      const times = all.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
      // A page past the end shows the last one.
      expect((await screen(`${april}&page=99`)).data.page).toBe(3);
    });

    it("downloads the screen's entries as a CSV, values whole, and records the download", async () => {
      const filters = [
        "?from=2020-03-01&to=2020-03-31",
        "?from=2020-04-01&to=2020-04-30",
        `?member=${memberB}`,
      ];
      for (const query of filters) {
        const onScreen = await allPages(query);
        const { status, response } = await download(query);
        expect(status).toBe(200);
        expect(response.headers.get("content-disposition")).toMatch(/audit_log_\d{4}-\d{2}-\d{2}\.csv/);
        const [header, ...lines] = parseCsv(await response.text());
        expect(header).toEqual(["When (Bahrain time)", "Who", "Address (IP)", "What", "Action"]);
        expect(lines).toHaveLength(onScreen.length);
        lines.forEach((line, i) => {
          expect(line[1]).toBe(onScreen[i]!.who);
          expect(line[3]!.startsWith(onScreen[i]!.summary)).toBe(true);
        });
      }
      // Bahrain's clock, and a long value whole where the screen cuts it.
      const { response } = await download(`?member=${memberB}`);
      const [, line] = parseCsv(await response.text());
      expect(line![0]).toBe("2020-03-02 00:00:00");
      expect(line![3]).toBe(
        `Changed member Ben Reyes: Address (Philippines): (empty) → ${"Long ".repeat(60)}`,
      );
      const cut = (await screen(`?member=${memberB}`)).data.entries[0]!.changes[0]!.to;
      expect(cut.length).toBeLessThan(130);
      expect(cut.endsWith("…")).toBe(true);

      // Each download is an entry of its own: who, which filter, how many rows, from where.
      await runInRequestScope({ clientIp: "192.0.2.44" }, async () => {
        const { response: file } = await download("?from=2020-03-01&to=2020-03-31&action=members");
        expect(parseCsv(await file.text())).toHaveLength(3);
      });
      const [recorded] = await t.services.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "export.audit"))
        .orderBy(auditLog.at)
        .then((entries) => entries.slice(-1));
      expect(recorded).toMatchObject({
        actorId: admin.id,
        ip: "192.0.2.44",
        subjectLabel: "Audit Log",
        details: { rows: 2, filter: { from: "2020-03-01", to: "2020-03-31", action: "members" } },
      });
    });

    it("names a filter that cannot be right and lists nothing", async () => {
      const { status, data } = await screen(`?from=2026-02-30&person=nobody&action=sneaky`);
      expect(status).toBe(200);
      expect(data.entries).toEqual([]);
      expect(data.errors).toEqual({
        from: "Please enter a date, such as 2026-11-23.",
        person: "Please choose a person from the list.",
        action: "Please choose a kind of entry from the list.",
      });
      expect((await screen("?from=2020-03-05&to=2020-03-01")).data.errors).toEqual({
        to: "The end date is before the start date.",
      });
      const refused = await download("?from=2026-02-30");
      expect(refused.status).toBe(400);
    });
  });

  it("records each report and registrations download with the report and its rows", async () => {
    await createMember(memberInput({ email: "active.one@example.org" }), admin);
    await t.services.db
      .insert(ministryRegistrations)
      .values({ ministrySlug: "tee", name: "N", email: "n@example.org", mobile: "1" });
    const [{ active }] = (await t.services.database.query<{ active: number }>(
      "select count(*)::int as active from members where membership_status = 'active' and deleted_at is null",
    )) as [{ active: number }];

    const report = await callRoute(
      reportCsvLoader,
      new Request("http://localhost/members/reports/export/active_members", {
        headers: { cookie: staffCookie },
      }),
      { params: { report: "active_members" } },
    );
    expect(parseCsv(await report.response!.text())).toHaveLength(active + 1);
    const registrations = await callRoute(
      registrationsCsvLoader,
      new Request("http://localhost/members/registrations/export/ministry", {
        headers: { cookie: staffCookie },
      }),
      { params: { kind: "ministry" } },
    );
    expect(parseCsv(await registrations.response!.text())).toHaveLength(2);

    const exports = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, staff.id))
      .orderBy(auditLog.at);
    const recent = exports.filter((entry) => entry.at.getUTCFullYear() > 2020);
    expect(recent.map((entry) => [entry.action, entry.subjectLabel, entry.details])).toEqual(
      expect.arrayContaining([
        ["export.report", "Active Members", { report: "active_members", rows: active }],
        ["export.registrations", "All Ministry Registrations", { kind: "ministry", rows: 1 }],
      ]),
    );
  });

  it("is for administrators: staff get 403 on the screen and the download, and still see a member's history", async () => {
    const entriesBefore = await t.services.database.query(
      "select id from audit_log where action = 'export.audit'",
    );
    expect((await screen("", staffCookie)).status).toBe(403);
    expect((await download("", staffCookie)).status).toBe(403);
    expect(await t.services.database.query("select id from audit_log where action = 'export.audit'")).toEqual(
      entriesBefore,
    );

    const mia = await createMember(memberInput({ firstName: "Mia", email: "mia@example.org" }), admin);
    await updateMember(
      mia.id,
      memberInput({ firstName: "Mia", email: "mia@example.org", mobile: "77778888" }),
      staff,
    );
    const profile = async (cookie: string) =>
      (
        await callRoute(
          profileLoader,
          new Request(`http://localhost/members/profile/${mia.id}`, { headers: { cookie } }),
          { params: { id: mia.id } },
        )
      ).data as { history: { entries: AuditEntryView[]; total: number }; auditLink: string | null };
    const seenByStaff = await profile(staffCookie);
    expect(seenByStaff.history.total).toBe(2);
    expect(seenByStaff.history.entries.map((entry) => entry.summary)).toEqual([
      "Changed member Mia Cruz",
      "Added member Mia Cruz",
    ]);
    expect(seenByStaff.history.entries[0]!.changes).toEqual([
      { label: "Mobile", from: "33334444", to: "77778888" },
    ]);
    expect(seenByStaff.auditLink).toBeNull();
    expect((await profile(adminCookie)).auditLink).toBe(`/members/audit?member=${mia.id}`);
  });
});
