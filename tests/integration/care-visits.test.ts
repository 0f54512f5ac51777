import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffRoles, users } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { describeEntry, type AuditRecord } from "~/lib/audit-format";
import { loader as listLoader } from "~/routes/members/people/member-list";
import { loader as profileLoader } from "~/routes/members/people/member-profile";
import { action as visitsAction, loader as visitsLoader } from "~/routes/members/people/member-visits";
import type { CareCard } from "~/server/care/pastoral-visits.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Pastoral visits and calls (issue 38) on a member's profile: staff with care:write log and delete
// them through /members/profile/:id/visits; the profile's "Pastoral care" card shows the last
// contact, the log and the open follow-ups to anyone with care:read, and a visit's private note to
// pastors only (the server never sends it to anyone else). The member list's optional "Last
// contacted" column shows the day of the latest one. Bad input and forged posts write nothing.

const PASSWORD = "care visits password 42";
/** Roles the walk signs in with: built-in ones, and the church's own. */
const ACCOUNTS = {
  pastor: { email: "pastor@test.local", role: "pastor", name: "Ptr. Rey Santos" },
  staff: { email: "office@test.local", role: "staff", name: "Joy Office" },
  editor: { email: "editor@test.local", role: "editor", name: "Eddie Editor" },
  /** Reads care (and the registry) but may not log anything. */
  reader: { email: "reader@test.local", role: "Care reader", name: "Rita Reader" },
  /** Reads the registry only: no care at all. */
  registry: { email: "registry@test.local", role: "Registry reader", name: "Reggie Registry" },
} as const;
type Who = keyof typeof ACCOUNTS;

const NOTE = "Grieving her father; asked us to pray for her mother (secret-note-7731).";

describe.each(databaseKinds)("pastoral visits on %s", (kind) => {
  let t: TestServices;
  const cookies = {} as Record<Who, string>;
  let ana = "";
  let ben = "";
  const today = todayInChurchZone();
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const count = async (table: string) =>
    (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    t = await startTestServices(kind);
    const [reader] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Care reader", levels: { members: "view", care: "view" } })
      .returning();
    const [registry] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Registry reader", levels: { members: "view" } })
      .returning();
    const roleIds: Record<string, string> = { "Care reader": reader!.id, "Registry reader": registry!.id };
    for (const [who, account] of Object.entries(ACCOUNTS) as [Who, (typeof ACCOUNTS)[Who]][]) {
      const { user } = await t.services.auth.api.createUser({
        body: { email: account.email, password: PASSWORD, name: account.name, role: "staff" },
      });
      await t.services.db
        .update(users)
        .set({ role: roleIds[account.role] ?? account.role })
        .where(eq(users.id, user.id));
      cookies[who] = await signInCookie(account.email, PASSWORD);
    }
  });
  afterAll(async () => {
    await t?.stop();
  });
  /** Audit entries of earlier tests: the log is append-only. */
  let earlier = new Set<string>();
  beforeEach(async () => {
    await q("delete from members");
    await q(
      `insert into members (first_name, last_name, email, mobile)
       values ('Ana', 'Visita', 'ana@example.org', '33110001'), ('Ben', 'Visita', 'ben@example.org', '33110002')`,
    );
    const rows = await q<{ id: string }>(`select id from members order by first_name`);
    [ana, ben] = [rows[0]!.id, rows[1]!.id];
    earlier = new Set((await q<{ id: string }>(`select id from audit_log`)).map((row) => row.id));
  });

  const post = (who: Who, memberId: string, fields: Record<string, string>) =>
    callRoute(
      visitsAction,
      formRequest(`/members/profile/${memberId}/visits`, fields, { cookie: cookies[who] }),
      { params: { id: memberId } },
    );
  const log = (who: Who, memberId: string, fields: Record<string, string> = {}) =>
    post(who, memberId, {
      intent: "log",
      visitedOn: today,
      kind: "visit",
      visitedBy: "Ptr. Rey and Ate Joy",
      privateNote: "",
      ...fields,
    });
  const profile = async (who: Who, memberId: string) => {
    const answer = await callRoute(
      profileLoader,
      new Request(`http://localhost/members/profile/${memberId}`, { headers: { cookie: cookies[who] } }),
      { params: { id: memberId } },
    );
    expect(answer.status).toBe(200);
    return (answer.data as { care: (CareCard & { canWrite: boolean; visitor: string }) | null }).care;
  };
  const list = async (who: Who, search = "") => {
    const answer = await callRoute(
      listLoader,
      new Request(`http://localhost/members/details${search}`, { headers: { cookie: cookies[who] } }),
    );
    expect(answer.status).toBe(200);
    return answer.data as {
      readsCare: boolean;
      contacted: boolean;
      rows: { firstName: string; lastContacted: string | null }[];
    };
  };
  const auditOf = async (action: string) =>
    (
      await q<AuditRecord>(
        `select id, at, actor_id as "actorId", actor_label as "actorLabel", ip, action, subject_type as "subjectType",
           subject_id as "subjectId", subject_label as "subjectLabel", details
         from audit_log where action = $1 order by at`,
        [action],
      )
    ).filter((row) => !earlier.has(row.id));

  it("logs a visit with a private note, audited without the note, and shows the note to a pastor only", async () => {
    const logged = await log("staff", ana, {
      visitedOn: addDays(today, -3),
      kind: "hospital",
      privateNote: `  ${NOTE}  `,
    });
    expect(logged.status).toBe(200);
    expect(logged.data).toMatchObject({ ok: true, toast: { title: "Logged" } });
    expect(
      await q(
        `select visited_on::text as day, kind, visited_by, private_note, created_by from pastoral_visits`,
      ),
    ).toEqual([
      {
        day: addDays(today, -3),
        kind: "hospital",
        visited_by: "Ptr. Rey and Ate Joy",
        private_note: NOTE,
        created_by: "office@test.local",
      },
    ]);

    // The audit log says who logged what kind of contact with whom and when, never the note.
    const [entry, ...more] = await auditOf("visit.logged");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ subjectType: "member", subjectId: ana, subjectLabel: "Ana Visita" });
    expect(JSON.stringify(entry)).not.toContain("secret-note-7731");
    expect(describeEntry(entry!).summary).toMatch(
      /^Logged a hospital visit to Ana Visita on .+ \(with a private note\)$/,
    );

    // A pastor reads the note; staff (care:write) and a care reader see only that there is one;
    // an account without care sees no card at all.
    const [pastorView, staffView, readerView, registryView] = [
      await profile("pastor", ana),
      await profile("staff", ana),
      await profile("reader", ana),
      await profile("registry", ana),
    ];
    expect(pastorView!.visits).toEqual([
      expect.objectContaining({ kind: "hospital", hasNote: true, privateNote: NOTE }),
    ]);
    for (const view of [staffView, readerView]) {
      expect(view!.visits).toEqual([
        expect.objectContaining({ kind: "hospital", hasNote: true, privateNote: null }),
      ]);
      expect(JSON.stringify(view)).not.toContain("secret-note-7731");
    }
    expect(registryView).toBeNull();
    // Who may log one: those with care:write; the form offers the account's own name.
    expect(staffView).toMatchObject({ canWrite: true, visitor: "Joy Office" });
    expect(pastorView).toMatchObject({ canWrite: true, visitor: "Ptr. Rey Santos" });
    expect(readerView).toMatchObject({ canWrite: false });
  });

  it("shows the latest contact as last contacted, on the profile and in the list's optional column", async () => {
    expect((await profile("staff", ana))!.visits).toEqual([]);
    await log("staff", ana, { visitedOn: addDays(today, -2), kind: "call", visitedBy: "Ate Joy" });
    // Logged later, but for an earlier day: not the last contact.
    await log("pastor", ana, { visitedOn: addDays(today, -40), kind: "visit", visitedBy: "Ptr. Rey" });
    const card = (await profile("reader", ana))!;
    expect(card.total).toBe(2);
    expect(card.visits.map((visit) => [visit.visitedOn, visit.kind, visit.visitedBy])).toEqual([
      [addDays(today, -2), "call", "Ate Joy"],
      [addDays(today, -40), "visit", "Ptr. Rey"],
    ]);

    // The column is chosen in the address, for those who read care; Ben was never contacted.
    const shown = await list("staff", "?show=contacted");
    expect(shown).toMatchObject({ readsCare: true, contacted: true });
    expect(shown.rows.map((row) => [row.firstName, row.lastContacted])).toEqual([
      ["Ana", addDays(today, -2)],
      ["Ben", null],
    ]);
    // Not chosen: no column, and nothing read.
    const plain = await list("staff", "?q=visita");
    expect(plain).toMatchObject({ readsCare: true, contacted: false });
    expect(plain.rows.map((row) => row.lastContacted)).toEqual([null, null]);
    // An account without care neither gets the column nor is offered it.
    const registry = await list("registry", "?show=contacted");
    expect(registry).toMatchObject({ readsCare: false, contacted: false });
    expect(registry.rows.map((row) => row.lastContacted)).toEqual([null, null]);
    expect(JSON.stringify(shown)).not.toContain("Ate Joy");
  });

  it("refuses bad input with a message on its field, and writes nothing", async () => {
    for (const [fields, field] of [
      [{ visitedOn: addDays(today, 1) }, "visitedOn"],
      [{ visitedOn: "2026-02-30" }, "visitedOn"],
      [{ visitedOn: "" }, "visitedOn"],
      [{ visitedOn: "1899-01-01" }, "visitedOn"],
      [{ kind: "coffee" }, "kind"],
      [{ kind: "" }, "kind"],
      [{ visitedBy: "   " }, "visitedBy"],
      [{ visitedBy: "x".repeat(121) }, "visitedBy"],
      [{ privateNote: "x".repeat(4001) }, "privateNote"],
    ] as const) {
      const refused = await log("staff", ana, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      const answer = refused.data as {
        ok: boolean;
        fieldErrors: Record<string, string>;
        values: Record<string, string>;
      };
      expect(answer.ok).toBe(false);
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
      // What was typed comes back for the form.
      expect(answer.values.visitedBy).toBe("visitedBy" in fields ? fields.visitedBy : "Ptr. Rey and Ate Joy");
    }
    expect((await log("staff", ana, { visitedOn: addDays(today, 1) })).data).toMatchObject({
      fieldErrors: { visitedOn: "The day of the visit or call cannot be in the future." },
    });
    // A member who is not there (deleted, or never was).
    await q(`update members set deleted_at = now() where id = $1`, [ben]);
    expect((await log("staff", ben)).status).toBe(404);
    expect((await log("staff", "not-a-member")).status).toBe(404);
    expect((await post("staff", ana, { intent: "shout" })).status).toBe(400);
    expect(await count("pastoral_visits")).toBe(0);
    expect(await auditOf("visit.logged")).toEqual([]);
  });

  it("refuses a forged post without care:write with 403, and writes nothing", async () => {
    await log("staff", ana);
    const [visit] = await q<{ id: string }>(`select id from pastoral_visits`);
    for (const who of ["editor", "reader", "registry"] as const) {
      const refused = await log(who, ana, { privateNote: "forged" });
      expect(refused.status, who).toBe(403);
      const deleting = await post(who, ana, { intent: "delete", id: visit!.id });
      expect(deleting.status, who).toBe(403);
      const opened = await callRoute(
        visitsLoader,
        new Request(`http://localhost/members/profile/${ana}/visits`, { headers: { cookie: cookies[who] } }),
        { params: { id: ana } },
      );
      expect(opened.status, who).toBe(403);
    }
    expect(await q(`select private_note from pastoral_visits`)).toEqual([{ private_note: "" }]);
    // Without an account at all: to the sign-in page.
    const anonymous = await callRoute(
      visitsAction,
      formRequest(`/members/profile/${ana}/visits`, {
        intent: "log",
        visitedOn: today,
        kind: "call",
        visitedBy: "x",
      }),
      { params: { id: ana } },
    );
    expect(anonymous.response?.headers.get("location")).toMatch(/^\/members\/login/);
    expect(await count("pastoral_visits")).toBe(1);
    // A GET with the right goes to the card on the profile.
    const opened = await callRoute(
      visitsLoader,
      new Request(`http://localhost/members/profile/${ana}/visits`, { headers: { cookie: cookies.staff } }),
      { params: { id: ana } },
    );
    expect(opened.response?.headers.get("location")).toBe(`/members/profile/${ana}#pastoral-care`);
  });

  it("deletes a visit of that member only, audited, and says so when it is gone", async () => {
    await log("staff", ana, { kind: "message", privateNote: NOTE });
    await log("staff", ben, { kind: "call" });
    const [anas] = await q<{ id: string }>(`select id from pastoral_visits where member_id = $1`, [ana]);
    // Another member's address does not reach Ana's visit.
    expect((await post("staff", ben, { intent: "delete", id: anas!.id })).status).toBe(404);
    const deleted = await post("pastor", ana, { intent: "delete", id: anas!.id });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toMatchObject({ ok: true, toast: { title: "Deleted" } });
    expect(await q(`select member_id from pastoral_visits`)).toEqual([{ member_id: ben }]);
    const [entry] = await auditOf("visit.deleted");
    expect(entry).toMatchObject({ subjectId: ana, actorLabel: "pastor@test.local" });
    expect(JSON.stringify(entry)).not.toContain("secret-note-7731");
    expect(describeEntry(entry!).summary).toMatch(/^Deleted a message to Ana Visita on .+ from the log$/);
    expect((await post("pastor", ana, { intent: "delete", id: anas!.id })).status).toBe(404);
    expect((await profile("pastor", ana))!.visits).toEqual([]);
  });

  it("lists the member's open follow-ups on the card, the next due first, overdue flagged", async () => {
    await q(
      `insert into follow_ups (member_id, name, reason, due_on, snoozed_until, status, created_by, closed_at)
       values ($1, 'Ana Visita', 'Not seen at Group 2', $2, null, 'open', 'x', null),
              ($1, 'Ana Visita', 'Hospital visit', $3, $4, 'waiting', 'x', null),
              ($1, 'Ana Visita', 'New visitor', $2, null, 'done', 'x', now()),
              ($5, 'Ben Visita', 'New visitor', $2, null, 'open', 'x', null)`,
      [ana, addDays(today, -1), addDays(today, -5), addDays(today, 3), ben],
    );
    const card = (await profile("reader", ana))!;
    expect(card.followUps.map((one) => [one.reason, one.status, one.due, one.overdue])).toEqual([
      ["Not seen at Group 2", "open", addDays(today, -1), true],
      // Snoozed to a later day: due then, and not overdue.
      ["Hospital visit", "waiting", addDays(today, 3), false],
    ]);
  });
});
