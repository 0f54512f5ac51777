import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUps, members, staffRoles } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as newAction, loader as newLoader } from "~/routes/members/care/follow-up-new";
import { loader as listLoader } from "~/routes/members/care/follow-ups";
import type { FollowUpListRow } from "~/server/care/follow-up-list.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Follow-ups (issue 38), the list and starting one by hand: the list's filters (whose, status, a
// name) and its order (by the day each is next due, a snooze moving it later), overdue flagged,
// thirty to a page; a follow-up started for a member or someone outside the registry, with a
// workflow or an assignee and a day; the same person and reason merged into the open one; bad
// input refused on its field, writing nothing; refusals by permission.

const today = todayInChurchZone();

describe.each(databaseKinds)("follow-ups list and new on %s", (kind) => {
  let t: TestServices;
  const people: Record<string, { id: string; email: string; password: string; cookie: string }> = {};
  let memberId: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const count = async (table: string) =>
    (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    t = await startTestServices(kind);
    const [reader] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Care reader", levels: { care: "view" } })
      .returning();
    for (const [key, role, name] of [
      ["grace", "staff", "Grace Santos"],
      ["ben", "staff", "Ben Ramos"],
      ["editor", "editor", "Eddie Editor"],
      ["pastor", "pastor", "Pastor Rey"],
      ["reader", reader!.id, "Rita Reader"],
    ] as const) {
      const account = await createStaffAccount({ role, name });
      people[key] = { ...account, cookie: await signInCookie(account.email, account.password) };
    }
    const [member] = await t.services.db
      .insert(members)
      .values({ firstName: "Ana", lastName: "Cruz", email: "ana.cruz@example.org", mobile: "33112233" })
      .returning({ id: members.id });
    memberId = member!.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const post = (who: string, fields: Record<string, string>) =>
    callRoute(newAction, formRequest("/members/care/new", fields, { cookie: people[who]!.cookie }));

  const list = async (who: string, search = "") => {
    const answer = await callRoute(
      listLoader,
      new Request(`http://localhost/members/care${search}`, { headers: { cookie: people[who]!.cookie } }),
    );
    return answer.data as { rows: FollowUpListRow[]; total: number; pages: number; query: { whose: string } };
  };

  const visitor = {
    name: "Tomas Visitor",
    email: "Tomas@Example.net",
    mobile: "",
    reason: "Hospital visit",
    workflowId: "",
    assigneeId: "",
    dueOn: addDays(today, 3),
    note: "Admitted on Monday.",
  };

  it("starts a follow-up of someone outside the registry with an assignee and a day", async () => {
    const answer = await post("grace", { ...visitor, assigneeId: people.ben!.id });
    expect(answer.status).toBe(302);
    const [row] = await q<{
      id: string;
      assignee_id: string;
      due_on: string;
      source: string;
      status: string;
    }>(
      "select id, assignee_id, due_on::text, source, status from follow_ups where reason = 'Hospital visit'",
    );
    expect(answer.response!.headers.get("location")).toBe(`/members/care/${row!.id}`);
    expect(row).toMatchObject({
      assignee_id: people.ben!.id,
      due_on: addDays(today, 3),
      source: "manual",
      status: "open",
    });
    expect(await q("select body from follow_up_notes where follow_up_id = $1", [row!.id])).toEqual([
      { body: "Admitted on Monday." },
    ]);
  });

  it("adds a second one for the same person and reason to the open one, as a note", async () => {
    const again = await post("grace", { ...visitor, email: "tomas@example.net", note: "Moved to ward 3." });
    expect(again.status).toBe(302);
    expect(await count("follow_ups")).toBe(1);
    const [row] = await q<{ id: string }>("select id from follow_ups");
    expect(again.response!.headers.get("location")).toBe(`/members/care/${row!.id}`);
    expect(await count("follow_up_notes")).toBe(2);
  });

  it("starts one for a member with a workflow: its steps are copied, the first one's day is due", async () => {
    const page = await callRoute(
      newLoader,
      new Request(`http://localhost/members/care/new?member=${memberId}&q=cruz`, {
        headers: { cookie: people.grace!.cookie },
      }),
    );
    const view = page.data as {
      member: { name: string; email: string };
      found: { id: string }[];
      workflows: { id: string; name: string }[];
      assignees: { id: string }[];
    };
    expect(view.member).toMatchObject({ name: "Ana Cruz", email: "ana.cruz@example.org" });
    expect(view.found.map((one) => one.id)).toEqual([memberId]);
    // Those who may work on follow-ups, and no one else.
    expect(view.assignees.map((one) => one.id)).toEqual(
      expect.arrayContaining([people.grace!.id, people.ben!.id, people.pastor!.id]),
    );
    expect(view.assignees.map((one) => one.id)).not.toContain(people.editor!.id);
    const newVisitor = view.workflows.find((one) => one.name === "New visitor")!;
    const answer = await post("grace", {
      memberId,
      reason: "New visitor",
      workflowId: newVisitor.id,
      assigneeId: people.grace!.id,
      dueOn: "",
    });
    expect(answer.status).toBe(302);
    const [row] = await q<{ id: string; name: string; mobile: string; due_on: string; assignee_id: string }>(
      "select id, name, mobile, due_on::text, assignee_id from follow_ups where member_id = $1",
      [memberId],
    );
    // The member's own details; the workflow names no one, so its steps are the chosen assignee's.
    expect(row).toMatchObject({ name: "Ana Cruz", mobile: "+973 33112233", due_on: addDays(today, 2) });
    expect(row!.assignee_id).toBe(people.grace!.id);
    expect(
      await q(
        "select position, title, due_on::text from follow_up_steps where follow_up_id = $1 order by position",
        [row!.id],
      ),
    ).toEqual([
      { position: 1, title: "Welcome call", due_on: addDays(today, 2) },
      { position: 2, title: "Invite to a group", due_on: addDays(today, 14) },
      { position: 3, title: "Coffee with a pastor", due_on: addDays(today, 30) },
    ]);
  });

  it("refuses bad input on its field and writes nothing", async () => {
    const before = [await count("follow_ups"), await count("follow_up_notes"), await count("audit_log")];
    const cases: [Record<string, string>, string][] = [
      [{ ...visitor, email: "x@example.net", name: "" }, "name"],
      [{ ...visitor, email: "", mobile: "" }, "email"],
      [{ ...visitor, email: "not-an-address" }, "email"],
      [{ ...visitor, email: "x@example.net", reason: " " }, "reason"],
      [{ ...visitor, email: "x@example.net", dueOn: addDays(today, -1) }, "dueOn"],
      [{ ...visitor, email: "x@example.net", dueOn: "2026-02-30" }, "dueOn"],
      [{ ...visitor, email: "x@example.net", assigneeId: people.editor!.id }, "assigneeId"],
      [{ ...visitor, email: "x@example.net", workflowId: crypto.randomUUID() }, "workflowId"],
      [{ ...visitor, memberId: crypto.randomUUID() }, "memberId"],
      [{ ...visitor, email: "x@example.net", note: "n".repeat(4001) }, "note"],
    ];
    for (const [fields, field] of cases) {
      const answer = await post("grace", fields);
      expect(answer.status, field).toBeGreaterThanOrEqual(400);
      expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors, field).toHaveProperty(
        field,
      );
    }
    expect([await count("follow_ups"), await count("follow_up_notes"), await count("audit_log")]).toEqual(
      before,
    );
  });

  it("refuses the new follow-up to those who may only read follow-ups, and everything to an editor", async () => {
    expect((await post("reader", { ...visitor, email: "r@example.net" })).status).toBe(403);
    expect((await post("editor", { ...visitor, email: "e@example.net" })).status).toBe(403);
    const editorList = await callRoute(
      listLoader,
      new Request("http://localhost/members/care", { headers: { cookie: people.editor!.cookie } }),
    );
    expect(editorList.status).toBe(403);
  });

  describe("the list", () => {
    const at = (days: number) => addDays(today, days);
    beforeAll(async () => {
      await q("delete from follow_ups");
      const row = (name: string, fields: Partial<typeof followUps.$inferInsert>) => ({
        name,
        email: `${name.split(" ")[1]!.toLowerCase()}@example.net`,
        reason: "New visitor",
        createdBy: "test",
        dueOn: today,
        ...fields,
      });
      await t.services.db.insert(followUps).values([
        row("Late Lina", { assigneeId: people.grace!.id, dueOn: at(-3) }),
        row("Soon Sam", { assigneeId: people.grace!.id, dueOn: at(1) }),
        // Due before Sam, but snoozed after him.
        row("Snoozed Sara", { assigneeId: people.grace!.id, dueOn: at(-1), snoozedUntil: at(5) }),
        row("Waiting Will", { assigneeId: people.grace!.id, dueOn: at(2), status: "waiting" }),
        row("Done Dora", {
          assigneeId: people.grace!.id,
          dueOn: at(-5),
          status: "done",
          closedAt: new Date(),
        }),
        row("Ben's Bea", { assigneeId: people.ben!.id, dueOn: at(0) }),
        row("Nobody's Nia", { dueOn: at(4) }),
        row("Silent Sol", { dueOn: at(-9), status: "no-response", closedAt: new Date() }),
      ]);
    });

    const names = (rows: FollowUpListRow[]) => rows.map((one) => one.name);

    it("shows someone who works on follow-ups their own open ones, by the day each is next due", async () => {
      const view = await list("grace");
      expect(view.query.whose).toBe("mine");
      expect(names(view.rows)).toEqual(["Late Lina", "Soon Sam", "Waiting Will", "Snoozed Sara"]);
      expect(view.rows.map((one) => [one.overdue, one.due])).toEqual([
        [true, at(-3)],
        [false, at(1)],
        [false, at(2)],
        [false, at(5)],
      ]);
      expect(view.rows[0]).toMatchObject({ assigneeName: "Grace Santos", reason: "New visitor", step: null });
    });

    it("filters by whose, status and name", async () => {
      expect(names((await list("grace", "?whose=unassigned")).rows)).toEqual(["Nobody's Nia"]);
      expect(names((await list("grace", "?whose=everyone&status=closed")).rows)).toEqual([
        "Silent Sol",
        "Done Dora",
      ]);
      expect((await list("grace", "?whose=everyone&status=all")).total).toBe(8);
      expect(names((await list("grace", "?whose=everyone&q=sam")).rows)).toEqual(["Soon Sam"]);
      // The e-mail address is searched too; an unknown filter is the default.
      expect(names((await list("grace", "?whose=everyone&q=bea%40example")).rows)).toEqual(["Ben's Bea"]);
      expect(names((await list("grace", "?whose=yours&status=secret")).rows)).toHaveLength(4);
    });

    it("shows everyone's to someone who only reads follow-ups", async () => {
      const view = await list("reader");
      expect(view.query.whose).toBe("everyone");
      expect(view.total).toBe(6);
    });

    it("shows thirty to a page", async () => {
      await t.services.db.insert(followUps).values(
        Array.from({ length: 31 }, (_, index) => ({
          name: `Paging Person ${index}`,
          reason: "Paging",
          createdBy: "test",
          dueOn: at(index),
        })),
      );
      const first = await list("grace", "?whose=everyone&q=paging");
      expect([first.total, first.pages, first.rows.length]).toEqual([31, 2, 30]);
      expect(names((await list("grace", "?whose=everyone&q=paging&page=2")).rows)).toEqual([
        "Paging Person 30",
      ]);
    });
  });
});
