import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as workflowAction, loader as workflowLoader } from "~/routes/members/care/workflow";
import { action as newAction, loader as newLoader } from "~/routes/members/care/workflow-new";
import { loader as listLoader } from "~/routes/members/care/workflows";
import { startFollowUpByHand } from "~/server/care/follow-up-cards.server";
import type { WorkflowView } from "~/server/care/workflows.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Follow-up workflows (issue 38): made, changed and deleted by those who manage care (a pastor),
// read by those who work on follow-ups (staff) and refused to them for changes (403), refused to
// an editor altogether; step rows left blank are dropped; one workflow per automatic moment; bad
// input writes nothing; follow-ups already started keep their steps through changes and deletion.

describe.each(databaseKinds)("follow-up workflows on %s", (kind) => {
  let t: TestServices;
  const people: Record<string, { id: string; email: string; cookie: string }> = {};
  let hospitalId: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const count = async (table: string) =>
    (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    t = await startTestServices(kind);
    for (const [key, role, name] of [
      ["pastor", "pastor", "Pastor Rey"],
      ["staff", "staff", "Grace Santos"],
      ["editor", "editor", "Eddie Editor"],
    ] as const) {
      const account = await createStaffAccount({ role, name });
      people[key] = { ...account, cookie: await signInCookie(account.email, account.password) };
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  const get = (loader: unknown, path: string, who: string, params: Record<string, string> = {}) =>
    callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: people[who]!.cookie } }), {
      params,
    });
  const make = (who: string, fields: Record<string, string>) =>
    callRoute(newAction, formRequest("/members/care/workflows/new", fields, { cookie: people[who]!.cookie }));
  const change = (who: string, id: string, fields: Record<string, string>) =>
    callRoute(
      workflowAction,
      formRequest(`/members/care/workflows/${id}`, fields, { cookie: people[who]!.cookie }),
      { params: { workflowId: id } },
    );
  const workflows = async () =>
    ((await get(listLoader, "/members/care/workflows", "staff")).data as { workflows: WorkflowView[] })
      .workflows;

  const hospital = {
    name: "Hospital visit",
    description: "When someone is in hospital.",
    trigger: "",
    "step-1-title": "Call the family",
    "step-1-days": "0",
    "step-1-assignee": "",
    // Row 2 left blank: dropped.
    "step-3-title": "Visit",
    "step-3-days": "2",
  };

  it("lists the workflow the church starts with, with its steps", async () => {
    const [newVisitor] = await workflows();
    expect(newVisitor).toMatchObject({ name: "New visitor", trigger: "new-visitor", openFollowUps: 0 });
    expect(newVisitor!.steps.map((step) => [step.title, step.days])).toEqual([
      ["Welcome call", 2],
      ["Invite to a group", 14],
      ["Coffee with a pastor", 30],
    ]);
  });

  it("makes a workflow, dropping blank step rows, and audits it", async () => {
    const answer = await make("pastor", { ...hospital, "step-3-assignee": people.staff!.id });
    expect(answer.status).toBe(302);
    const [row] = await q<{ id: string }>("select id from care_workflows where name = 'Hospital visit'");
    hospitalId = row!.id;
    expect(answer.response!.headers.get("location")).toBe(`/members/care/workflows/${hospitalId}`);
    expect(
      await q(
        "select position, title, days, assignee_id from care_workflow_steps where workflow_id = $1 order by position",
        [hospitalId],
      ),
    ).toEqual([
      { position: 1, title: "Call the family", days: 0, assignee_id: null },
      { position: 2, title: "Visit", days: 2, assignee_id: people.staff!.id },
    ]);
    expect(await q("select subject_label from audit_log where action = 'workflow.created'")).toEqual([
      { subject_label: "Hospital visit" },
    ]);
  });

  it("refuses a moment another workflow starts from, a name taken, and bad steps, writing nothing", async () => {
    const before = [
      await count("care_workflows"),
      await count("care_workflow_steps"),
      await count("audit_log"),
    ];
    const taken = await make("pastor", { ...hospital, name: "Bereavement", trigger: "new-visitor" });
    expect(taken.status).toBe(409);
    const errors = (taken.data as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(errors.trigger).toContain("“New visitor” already starts when");
    const cases: [Record<string, string>, string][] = [
      [{ ...hospital, name: "hospital VISIT" }, "name"],
      [{ ...hospital, name: " " }, "name"],
      [{ ...hospital, name: "Other", trigger: "birthday" }, "trigger"],
      [{ ...hospital, name: "Other", "step-1-days": "" }, "step-1-days"],
      [{ ...hospital, name: "Other", "step-3-days": "366" }, "step-3-days"],
      [{ ...hospital, name: "Other", "step-3-days": "-1" }, "step-3-days"],
      [{ ...hospital, name: "Other", "step-1-title": "" }, "step-1-title"],
      [{ ...hospital, name: "Other", "step-1-assignee": people.editor!.id }, "step-1-assignee"],
      [{ name: "Other", trigger: "" }, "step-1-title"],
    ];
    for (const [fields, field] of cases) {
      const answer = await make("pastor", fields);
      expect(answer.status, field).toBeGreaterThanOrEqual(400);
      expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors, field).toHaveProperty(
        field,
      );
    }
    expect([
      await count("care_workflows"),
      await count("care_workflow_steps"),
      await count("audit_log"),
    ]).toEqual(before);
  });

  it("changes a workflow; the follow-ups already started keep their steps", async () => {
    const { id: followUpId } = await startFollowUpByHand(
      { name: "Tomas Patient", email: "tomas@example.net", reason: "Hospital visit", workflowId: hospitalId },
      { id: people.staff!.id, email: people.staff!.email },
    );
    const answer = await change("pastor", hospitalId, {
      intent: "save-workflow",
      ...hospital,
      trigger: "ask-to-join",
      "step-1-title": "Pray",
      "step-4-title": "Send a card",
      "step-4-days": "7",
    });
    expect(answer.status).toBe(302);
    const view = (
      await get(workflowLoader, `/members/care/workflows/${hospitalId}`, "staff", { workflowId: hospitalId })
    ).data as { workflow: WorkflowView; canManage: boolean };
    expect(view.canManage).toBe(false);
    expect(view.workflow.trigger).toBe("ask-to-join");
    expect(view.workflow.openFollowUps).toBe(1);
    expect(view.workflow.steps.map((step) => step.title)).toEqual(["Pray", "Visit", "Send a card"]);
    expect(
      (
        await q<{ title: string }>(
          "select title from follow_up_steps where follow_up_id = $1 order by position",
          [followUpId],
        )
      ).map((step) => step.title),
    ).toEqual(["Call the family", "Visit"]);
    const [entry] = await q<{ details: { changes: { field: string }[] } }>(
      "select details from audit_log where action = 'workflow.changed'",
    );
    expect(entry!.details.changes.map((one) => one.field)).toEqual(["trigger", "steps"]);
    // The moment is this workflow's now: the New visitor workflow cannot take it too.
    const [newVisitor] = await q<{ id: string }>("select id from care_workflows where name = 'New visitor'");
    const refused = await change("pastor", newVisitor!.id, {
      intent: "save-workflow",
      name: "New visitor",
      trigger: "ask-to-join",
      "step-1-title": "Welcome call",
      "step-1-days": "2",
    });
    expect(refused.status).toBe(409);
    expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors.trigger).toContain(
      "Hospital visit",
    );
  });

  it("refuses changes to staff (403) and everything to an editor; a forged id is 404", async () => {
    expect((await get(newLoader, "/members/care/workflows/new", "staff")).status).toBe(403);
    expect((await make("staff", { ...hospital, name: "Staff's own" })).status).toBe(403);
    expect((await change("staff", hospitalId, { intent: "delete-workflow" })).status).toBe(403);
    expect((await get(listLoader, "/members/care/workflows", "editor")).status).toBe(403);
    expect(
      (
        await get(workflowLoader, `/members/care/workflows/${hospitalId}`, "editor", {
          workflowId: hospitalId,
        })
      ).status,
    ).toBe(403);
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      expect(
        (await get(workflowLoader, `/members/care/workflows/${id}`, "pastor", { workflowId: id })).status,
      ).toBe(404);
      expect((await change("pastor", id, { intent: "delete-workflow" })).status).toBe(404);
    }
    expect(await count("care_workflows")).toBe(2);
  });

  it("deletes a workflow; its follow-ups keep their steps, without a workflow", async () => {
    const answer = await change("pastor", hospitalId, { intent: "delete-workflow" });
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toBe("/members/care/workflows");
    expect(await q("select id from care_workflows where id = $1", [hospitalId])).toEqual([]);
    const [followUp] = await q<{ id: string; workflow_id: string | null }>(
      "select id, workflow_id from follow_ups where reason = 'Hospital visit'",
    );
    expect(followUp!.workflow_id).toBeNull();
    expect(
      await q("select count(*)::int as n from follow_up_steps where follow_up_id = $1", [followUp!.id]),
    ).toEqual([{ n: 2 }]);
    expect(await q("select details from audit_log where action = 'workflow.deleted'")).toEqual([
      { details: { steps: 3, openFollowUps: 1 } },
    ]);
  });
});
