import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before care (21 migrations: groups and attendance were its last) kept the
// follow-ups "Not seen lately" asked for as inbox items. This release makes each a follow-up
// (issue 38): one still new in the inbox is open, one handled is done with who handled it and the
// reply sent from the inbox as notes; the inbox no longer lists them. A church's own role named
// "Pastor" keeps its levels beside the new built-in Pastor role, and the first workflow is there.

describe.each(databaseKinds)("upgrading to care and follow-up on %s", (kind) => {
  let t: TestServices;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [ana] = await query<{ id: string }>(
          `insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cruz', 'ana@example.org', '33112233') returning id`,
        );
        ids.ana = ana!.id;
        const [open] = await query<{ id: string }>(
          `insert into attendance_follow_ups (member_id, name, email, mobile, reason, created_by, created_at)
           values ($1, 'Ana Cruz', 'ana@example.org', '33112233', 'Not seen at Group 2 for 3 meetings', 'admin@church.test',
             '2026-11-20T22:30:00Z') returning id`,
          [ids.ana],
        );
        const [handled] = await query<{ id: string }>(
          `insert into attendance_follow_ups (name, email, reason, created_by, created_at)
           values ('Rita Old', 'rita@example.net', 'Not checked in for 5 weeks', 'admin@church.test', '2026-11-10T08:00:00Z')
           returning id`,
        );
        ids.open = open!.id;
        ids.handled = handled!.id;
        await query(`insert into inbox_items (kind, source_id, created_at) values ('follow-up', $1, '2026-11-20T22:30:00Z')`, [
          ids.open,
        ]);
        const [item] = await query<{ id: string }>(
          `insert into inbox_items (kind, source_id, status, handled_by, handled_at, created_at)
           values ('follow-up', $1, 'handled', 'joy@church.test', '2026-11-12T09:00:00Z', '2026-11-10T08:00:00Z') returning id`,
          [ids.handled],
        );
        await query(
          `insert into inbox_replies (item_id, to_address, body, sent_by) values ($1, 'rita@example.net', 'We miss you, Rita!', 'joy@church.test')`,
          [item!.id],
        );
        await query(`insert into staff_roles (name, levels) values ('Pastor', '{"members":"view"}')`);
      },
      21,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const q = <T>(text: string, params: unknown[] = []) => t.services.database.query<T>(text, params);

  it("makes each follow-up of the inbox a follow-up, open or done, with its history as notes", async () => {
    const rows = await q<Record<string, unknown>>(
      `select id, member_id, name, email, mobile, reason, source, status, due_on::text as due_on, created_by,
              closed_at is not null as closed
       from follow_ups order by name`,
    );
    expect(rows).toEqual([
      {
        id: ids.open,
        member_id: ids.ana,
        name: "Ana Cruz",
        email: "ana@example.org",
        mobile: "33112233",
        reason: "Not seen at Group 2 for 3 meetings",
        source: "not-seen",
        status: "open",
        // Asked at 01:30 on 21 November in Bahrain.
        due_on: "2026-11-21",
        created_by: "admin@church.test",
        closed: false,
      },
      {
        id: ids.handled,
        member_id: null,
        name: "Rita Old",
        email: "rita@example.net",
        mobile: "",
        reason: "Not checked in for 5 weeks",
        source: "not-seen",
        status: "done",
        due_on: "2026-11-10",
        created_by: "admin@church.test",
        closed: true,
      },
    ]);
    const notes = await q<{ follow_up_id: string; body: string; author: string }>(
      "select follow_up_id, body, author from follow_up_notes order by created_at",
    );
    expect(notes).toEqual([
      { follow_up_id: ids.handled, body: "Marked handled in the inbox.", author: "joy@church.test" },
      {
        follow_up_id: ids.handled,
        body: "E-mail sent to rita@example.net:\n\nWe miss you, Rita!",
        author: "joy@church.test",
      },
    ]);
    expect(await q("select 1 from inbox_items where kind = 'follow-up'")).toEqual([]);
    expect(await q("select 1 from information_schema.tables where table_name = 'attendance_follow_ups'")).toEqual(
      [],
    );
  });

  it("keeps the church's own Pastor role, renamed, and brings the New visitor workflow", async () => {
    expect(await q("select name, levels from staff_roles")).toEqual([
      { name: "Pastor (own role)", levels: { members: "view" } },
    ]);
    const steps = await q<{ workflow: string; trigger: string; title: string; days: number }>(
      `select w.name as workflow, w.trigger, s.title, s.days from care_workflow_steps s
       join care_workflows w on w.id = s.workflow_id order by s.position`,
    );
    expect(steps).toEqual([
      { workflow: "New visitor", trigger: "new-visitor", title: "Welcome call", days: 2 },
      { workflow: "New visitor", trigger: "new-visitor", title: "Invite to a group", days: 14 },
      { workflow: "New visitor", trigger: "new-visitor", title: "Coffee with a pastor", days: 30 },
    ]);
  });
});
