import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as cardAction, loader as cardLoader } from "~/routes/members/care/follow-up";
import { startFollowUpByHand, type FollowUpCard } from "~/server/care/follow-up-cards.server";
import { completeStep } from "~/server/care/follow-up-work.server";
import { createWorkflow } from "~/server/care/workflows.server";
import { AppError } from "~/server/http/errors.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A follow-up's card (issue 38): its steps done in order (the next one current with its own due
// date and assignee; the last one closes it), two people marking the same step done at once (one
// wins, the other is told), notes (audited without their text), status, assignee, due date and
// snooze; bad input writes nothing; a forged or unknown id is 404; those who may only read are
// refused every change (403).

const today = todayInChurchZone();

describe.each(databaseKinds)("a follow-up's card on %s", (kind) => {
  let t: TestServices;
  const people: Record<string, { id: string; email: string; name: string; cookie: string }> = {};
  let followUpId: string;
  let steps: { id: string; title: string }[];
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const count = async (table: string) =>
    (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    t = await startTestServices(kind);
    for (const [key, role, name] of [
      ["grace", "staff", "Grace Santos"],
      ["ben", "staff", "Ben Ramos"],
      ["editor", "editor", "Eddie Editor"],
      ["pastor", "pastor", "Pastor Rey"],
    ] as const) {
      const account = await createStaffAccount({ role, name });
      people[key] = { ...account, cookie: await signInCookie(account.email, account.password) };
    }
    const actor = { id: people.pastor!.id, email: people.pastor!.email };
    const workflow = await createWorkflow(
      {
        name: "Hospital visit",
        description: "",
        trigger: "",
        "step-1-title": "Call the family",
        "step-1-days": "1",
        "step-1-assignee": people.grace!.id,
        "step-2-title": "Visit",
        "step-2-days": "3",
        "step-2-assignee": people.ben!.id,
        "step-3-title": "Follow-up call",
        "step-3-days": "10",
        "step-3-assignee": "",
      },
      actor,
    );
    ({ id: followUpId } = await startFollowUpByHand(
      {
        name: "Tomas Patient",
        email: "tomas@example.net",
        reason: "Hospital visit",
        workflowId: workflow.id,
      },
      actor,
    ));
    steps = await q<{ id: string; title: string }>(
      "select id, title from follow_up_steps where follow_up_id = $1 order by position",
      [followUpId],
    );
  });
  afterAll(async () => {
    await t?.stop();
  });

  const path = () => `/members/care/${followUpId}`;
  const post = (who: string, fields: Record<string, string>, id = followUpId) =>
    callRoute(cardAction, formRequest(`/members/care/${id}`, fields, { cookie: people[who]!.cookie }), {
      params: { followUpId: id },
    });
  const card = async (who = "grace", id = followUpId) => {
    const answer = await callRoute(
      cardLoader,
      new Request(`http://localhost/members/care/${id}`, { headers: { cookie: people[who]!.cookie } }),
      { params: { followUpId: id } },
    );
    return { status: answer.status, card: (answer.data as { card: FollowUpCard } | undefined)?.card };
  };
  const row = async () =>
    (
      await q<{
        status: string;
        due_on: string;
        assignee_id: string | null;
        closed: boolean;
        snoozed: string | null;
      }>(
        `select status, due_on::text, assignee_id, closed_at is not null as closed, snoozed_until::text as snoozed
         from follow_ups where id = $1`,
        [followUpId],
      )
    )[0]!;
  const audited = async (action: string) =>
    q<{ details: Record<string, unknown> }>("select details from audit_log where action = $1 order by at", [
      action,
    ]);

  it("starts with its first step current, due on its day and given to its assignee", async () => {
    const { card: view } = await card();
    expect(view!.steps.map((step) => [step.title, step.isCurrent, step.assigneeName])).toEqual([
      ["Call the family", true, "Grace Santos"],
      ["Visit", false, "Ben Ramos"],
      ["Follow-up call", false, null],
    ]);
    expect(await row()).toMatchObject({ due_on: addDays(today, 1), assignee_id: people.grace!.id });
  });

  it("marks the current step done: the next becomes current with its day and assignee", async () => {
    const answer = await post("grace", { intent: "step-done", stepId: steps[0]!.id });
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toBe(path());
    expect(await row()).toMatchObject({
      status: "open",
      due_on: addDays(today, 3),
      assignee_id: people.ben!.id,
    });
    const [done] = await q<{ done_by: string }>("select done_by from follow_up_steps where id = $1", [
      steps[0]!.id,
    ]);
    expect(done!.done_by).toBe("Grace Santos");
    // Again (a second tab), or a step after the current one: refused, nothing changes.
    const again = await post("ben", { intent: "step-done", stepId: steps[0]!.id });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("already marked done by Grace Santos");
    expect((await post("ben", { intent: "step-done", stepId: steps[2]!.id })).status).toBe(409);
    expect((await post("ben", { intent: "step-done", stepId: crypto.randomUUID() })).status).toBe(404);
    expect((await audited("follow-up.step-done")).map((entry) => entry.details.step)).toEqual([
      "Call the family",
    ]);
  });

  it("lets only one of two people marking the same step done at once succeed", async () => {
    const worker = (who: string) => ({
      id: people[who]!.id,
      email: people[who]!.email,
      name: people[who]!.name,
    });
    const results = await Promise.allSettled([
      completeStep(followUpId, steps[1]!.id, worker("ben")),
      completeStep(followUpId, steps[1]!.id, worker("grace")),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(((refused as PromiseRejectedResult).reason as AppError).status).toBe(409);
    // The last step names no one: the follow-up stays with whoever has it.
    expect(await row()).toMatchObject({
      status: "open",
      due_on: addDays(today, 10),
      assignee_id: people.ben!.id,
    });
  });

  it("adds notes, newest first, and audits that one was added, never its text", async () => {
    expect((await post("ben", { intent: "note", body: "Spoke with his wife; he is resting." })).status).toBe(
      302,
    );
    expect((await post("ben", { intent: "note", body: "Discharged on Friday." })).status).toBe(302);
    const { card: view } = await card();
    expect(view!.notes.map((note) => [note.body, note.author])).toEqual([
      ["Discharged on Friday.", "Ben Ramos"],
      ["Spoke with his wife; he is resting.", "Ben Ramos"],
    ]);
    const entries = await audited("follow-up.note-added");
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toMatch(/resting|Discharged/);
  });

  it("reassigns the follow-up and its current step, moves the due date and snoozes it", async () => {
    expect((await post("grace", { intent: "assign", assigneeId: people.grace!.id })).status).toBe(302);
    expect(await row()).toMatchObject({ assignee_id: people.grace!.id });
    const [current] = await q<{ assignee_id: string }>(
      "select assignee_id from follow_up_steps where id = $1",
      [steps[2]!.id],
    );
    expect(current!.assignee_id).toBe(people.grace!.id);
    expect((await post("grace", { intent: "due", dueOn: addDays(today, 20) })).status).toBe(302);
    expect(await row()).toMatchObject({ due_on: addDays(today, 20) });
    expect((await post("grace", { intent: "snooze", snoozedUntil: addDays(today, 25) })).status).toBe(302);
    const { card: view } = await card();
    expect(view).toMatchObject({ snoozedUntil: addDays(today, 25), due: addDays(today, 25), overdue: false });
    expect((await post("grace", { intent: "unsnooze" })).status).toBe(302);
    expect((await row()).snoozed).toBeNull();
    expect((await post("grace", { intent: "assign", assigneeId: "" })).status).toBe(302);
    expect((await row()).assignee_id).toBeNull();
    expect((await audited("follow-up.assigned")).map((entry) => entry.details.to)).toEqual([
      "Grace Santos",
      "nobody",
    ]);
    expect((await audited("follow-up.due-changed"))[0]!.details).toMatchObject({ to: addDays(today, 20) });
    expect(await audited("follow-up.snoozed")).toHaveLength(1);
    expect(await audited("follow-up.snooze-cleared")).toHaveLength(1);
  });

  it("refuses bad input on its field and writes nothing", async () => {
    const before = [await row(), await count("follow_up_notes"), await count("audit_log")];
    const cases: [Record<string, string>, string][] = [
      [{ intent: "note", body: "   " }, "body"],
      [{ intent: "note", body: "n".repeat(4001) }, "body"],
      [{ intent: "status", status: "lost" }, "status"],
      [{ intent: "assign", assigneeId: people.editor!.id }, "assigneeId"],
      [{ intent: "assign", assigneeId: "someone" }, "assigneeId"],
      [{ intent: "due", dueOn: addDays(today, -1) }, "dueOn"],
      [{ intent: "due", dueOn: "tomorrow" }, "dueOn"],
      [{ intent: "snooze", snoozedUntil: today }, "snoozedUntil"],
      [{ intent: "snooze", snoozedUntil: addDays(today, 400) }, "snoozedUntil"],
    ];
    for (const [fields, field] of cases) {
      const answer = await post("grace", fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors, field).toHaveProperty(
        field,
      );
    }
    expect((await post("grace", { intent: "secret" })).status).toBe(400);
    expect([await row(), await count("follow_up_notes"), await count("audit_log")]).toEqual(before);
  });

  it("sets the status: done and no response close it, open reopens it", async () => {
    expect((await post("grace", { intent: "status", status: "waiting" })).status).toBe(302);
    expect(await row()).toMatchObject({ status: "waiting", closed: false });
    expect((await post("grace", { intent: "status", status: "no-response" })).status).toBe(302);
    expect(await row()).toMatchObject({ status: "no-response", closed: true });
    // A closed follow-up's steps wait until it is reopened.
    expect((await post("grace", { intent: "step-done", stepId: steps[2]!.id })).status).toBe(409);
    expect((await post("grace", { intent: "status", status: "open" })).status).toBe(302);
    expect(await row()).toMatchObject({ status: "open", closed: false });
    expect((await audited("follow-up.status-changed")).map((entry) => entry.details.to)).toEqual([
      "Waiting for them",
      "No response",
      "Open",
    ]);
  });

  it("closes the follow-up as done when its last step is done", async () => {
    expect((await post("grace", { intent: "step-done", stepId: steps[2]!.id })).status).toBe(302);
    expect(await row()).toMatchObject({ status: "done", closed: true });
    const { card: view } = await card();
    expect(view!.steps.every((step) => step.doneAt !== null && !step.isCurrent)).toBe(true);
  });

  it("answers 404 for an unknown or forged id, and 403 to those who may not", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      expect((await card("grace", id)).status).toBe(404);
      expect((await post("grace", { intent: "note", body: "Hello" }, id)).status).toBe(404);
    }
    expect((await card("editor")).status).toBe(403);
    expect((await post("editor", { intent: "note", body: "Hello" })).status).toBe(403);
    // A pastor reads and works on follow-ups.
    expect((await card("pastor")).status).toBe(200);
    expect((await post("pastor", { intent: "note", body: "Prayed with him." })).status).toBe(302);
  });
});
