import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, staffRoles } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as newAction, loader as newLoader } from "~/routes/members/prayer/prayer-new";
import { action as requestAction, loader as requestLoader } from "~/routes/members/prayer/prayer-request";
import { loader as listLoader } from "~/routes/members/prayer/prayer-requests";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Prayer requests on the staff screens (issue 38), through the routes as each role signs in: a
// pastor records and reads every request with its contacts; the prayer team reads the team's and
// the shared ones by name only, and a private one is refused with 403 (the loader throws it), as
// it is to Staff and Editor, who have no prayer permission at all. Changes are audited without
// the words of the request or of the answer's note.

const WORDS = {
  private: "Pray for my marriage; we are separating and nobody at church knows.",
  team: "Pray for Joel's job interview on Sunday morning.",
  shared: "Pray for the family of Lola Rosa, who went home to the Lord.",
};
const NOTE = "Joel got the job and starts in March.";

describe.each(databaseKinds)("prayer requests on the staff screens on %s", (kind) => {
  let t: TestServices;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const today = todayInChurchZone();
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const get = (loader: unknown, path: string, role: string, params: Record<string, string> = {}) =>
    callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: cookies[role]! } }), {
      params,
    });
  const post = (
    action: unknown,
    path: string,
    role: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ) => callRoute(action, formRequest(path, fields, { cookie: cookies[role]! }), { params });
  const record = (fields: Record<string, string>) =>
    post(newAction, "/members/prayer/new", "pastor", { expiresOn: addDays(today, 30), ...fields });
  const onPage = (requestId: string, role: string) =>
    get(requestLoader, `/members/prayer/${requestId}`, role, { requestId });
  const change = (requestId: string, role: string, fields: Record<string, string>) =>
    post(requestAction, `/members/prayer/${requestId}`, role, fields, { requestId });
  const listed = async (role: string, show = "") => {
    const result = await get(listLoader, `/members/prayer${show ? `?show=${show}` : ""}`, role);
    return result as {
      status: number;
      data: {
        requests: { id: string; name: string; request: string; contact: unknown }[];
        counts: Record<string, number>;
      };
    };
  };

  beforeAll(async () => {
    t = await startTestServices(kind);
    const roles = await t.services.db
      .insert(staffRoles)
      .values([
        { name: "Prayer team", levels: { prayer: "view" } },
        { name: "Prayer team leader", levels: { prayer: "edit", members: "view" } },
      ])
      .returning({ id: staffRoles.id, name: staffRoles.name });
    const accounts = {
      pastor: await createStaffAccount({ role: "pastor" }),
      team: await createStaffAccount({ role: roles.find((r) => r.name === "Prayer team")!.id }),
      leader: await createStaffAccount({ role: roles.find((r) => r.name === "Prayer team leader")!.id }),
      staff: await createStaffAccount({ role: "staff" }),
      editor: await createStaffAccount({ role: "editor" }),
    };
    for (const [role, account] of Object.entries(accounts)) {
      cookies[role] = await signInCookie(account.email, account.password);
    }
    const [member] = await t.services.db
      .insert(members)
      .values({ firstName: "Maria", lastName: "Santos", email: "maria@example.org", mobile: "33445566" })
      .returning({ id: members.id });
    ids.member = member!.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("a pastor records a request for a member, one by a name with a call, and one without a name", async () => {
    const found = await get(newLoader, "/members/prayer/new?q=santos", "pastor");
    expect((found.data as { found: { id: string; name: string }[] }).found).toEqual([
      { id: ids.member, name: "Maria Santos" },
    ]);
    const forMember = await record({ memberId: ids.member!, request: WORDS.private, visibility: "private" });
    expect(forMember.status).toBe(302);
    ids.private = /\/members\/prayer\/([\w-]+)$/.exec(forMember.response!.headers.get("location")!)![1]!;
    const withCall = await record({
      name: "Joel Tan",
      request: WORDS.team,
      visibility: "team",
      wantsCall: "on",
      email: "joel@example.net",
    });
    expect(withCall.status).toBe(302);
    ids.team = /\/members\/prayer\/([\w-]+)$/.exec(withCall.response!.headers.get("location")!)![1]!;
    const anonymous = await record({ request: WORDS.shared, visibility: "shared" });
    ids.shared = /\/members\/prayer\/([\w-]+)$/.exec(anonymous.response!.headers.get("location")!)![1]!;

    expect(
      await q(
        "select name, member_id, visibility, source, created_by <> '' as by_staff from prayer_requests order by created_at",
      ),
    ).toEqual([
      { name: "Maria Santos", member_id: ids.member, visibility: "private", source: "staff", by_staff: true },
      { name: "Joel Tan", member_id: null, visibility: "team", source: "staff", by_staff: true },
      { name: "", member_id: null, visibility: "shared", source: "staff", by_staff: true },
    ]);
    expect(await q("select name, email, source, reason from follow_ups")).toEqual([
      {
        name: "Joel Tan",
        email: "joel@example.net",
        source: "prayer",
        reason: "Asked for a call after a prayer request",
      },
    ]);
  });

  it("refuses bad input on its field and writes nothing", async () => {
    const before = (await q("select 1 from prayer_requests")).length;
    const cases: [Record<string, string>, string, number][] = [
      [{ request: "", visibility: "team" }, "request", 400],
      [{ request: WORDS.team, visibility: "secret" }, "visibility", 400],
      [{ request: WORDS.team, visibility: "team", expiresOn: addDays(today, -1) }, "expiresOn", 400],
      [{ request: WORDS.team, visibility: "team", expiresOn: addDays(today, 400) }, "expiresOn", 400],
      [{ request: WORDS.team, visibility: "team", expiresOn: "2026-02-30" }, "expiresOn", 400],
      [{ request: WORDS.team, visibility: "team", wantsCall: "on" }, "email", 400],
      [{ request: WORDS.team, visibility: "team", memberId: crypto.randomUUID() }, "memberId", 404],
    ];
    for (const [fields, field, status] of cases) {
      const result = await record(fields);
      expect(result.status, field).toBe(status);
      expect((result.data as { fieldErrors: Record<string, string> }).fieldErrors, field).toHaveProperty(
        field,
      );
    }
    expect((await q("select 1 from prayer_requests")).length).toBe(before);
    expect((await q("select 1 from follow_ups")).length).toBe(1);
  });

  it("lists every request with its contacts for a pastor", async () => {
    const { status, data } = await listed("pastor");
    expect(status).toBe(200);
    expect(data.counts).toEqual({ active: 3, answered: 0, expired: 0 });
    const byId = Object.fromEntries(data.requests.map((row) => [row.id, row]));
    expect(byId[ids.private!]).toMatchObject({
      name: "Maria Santos",
      request: WORDS.private,
      contact: { memberId: ids.member, wantsCall: false },
    });
    expect(byId[ids.team!]).toMatchObject({
      name: "Joel Tan",
      contact: { email: "joel@example.net", wantsCall: true, memberId: null },
    });
  });

  it("lists only the team's and the shared requests for the prayer team, by name and without contacts", async () => {
    for (const role of ["team", "leader"]) {
      const { status, data } = await listed(role);
      expect(status).toBe(200);
      expect(data.counts).toEqual({ active: 2, answered: 0, expired: 0 });
      expect(data.requests.map((row) => [row.name, row.request, row.contact]).sort()).toEqual(
        [
          ["", WORDS.shared, null],
          ["Joel Tan", WORDS.team, null],
        ].sort(),
      );
      // Nothing of the private request nor any contact reaches their browser.
      const sent = JSON.stringify(data);
      expect(sent).not.toContain("marriage");
      expect(sent).not.toContain("joel@example.net");
      expect(sent).not.toContain(ids.member);
    }
  });

  it("refuses the list to Staff and Editor, who have no prayer permission", async () => {
    for (const role of ["staff", "editor"]) {
      expect((await listed(role)).status, role).toBe(403);
    }
  });

  it("a private request: a pastor reads it; the prayer team, Staff and Editor are refused with 403", async () => {
    const read = await onPage(ids.private!, "pastor");
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({
      request: { request: WORDS.private, contact: { memberId: ids.member } },
      member: { id: ids.member, name: "Maria Santos" },
    });
    for (const role of ["team", "leader", "staff", "editor"]) {
      const refused = await onPage(ids.private!, role);
      expect(refused.status, role).toBe(403);
      expect(await refused.response!.text()).not.toContain("marriage");
    }
    // The team reads its own requests, without the contact.
    const team = await onPage(ids.team!, "team");
    expect(team.status).toBe(200);
    expect(team.data).toMatchObject({ request: { name: "Joel Tan", contact: null }, member: null });
    // A request that is not there is 404, not 403.
    expect((await onPage(crypto.randomUUID(), "team")).status).toBe(404);
  });

  it("the prayer team's leader marks a request answered, moves an expiry and deletes one; a reader cannot", async () => {
    const refused = await change(ids.team!, "team", { intent: "answer", note: NOTE });
    expect(refused.status).toBe(403);
    // Not a private one, however the form is sent.
    expect((await change(ids.private!, "leader", { intent: "answer", note: NOTE })).status).toBe(403);
    expect((await change(ids.private!, "leader", { intent: "delete" })).status).toBe(403);
    expect(await q("select answered_at from prayer_requests where id = $1", [ids.private])).toEqual([
      { answered_at: null },
    ]);

    const answered = await change(ids.team!, "leader", { intent: "answer", note: NOTE });
    expect(answered.status).toBe(302);
    expect((await change(ids.team!, "leader", { intent: "answer", note: "again" })).status).toBe(409);
    const tooFar = await change(ids.shared!, "leader", { intent: "expiry", expiresOn: addDays(today, 500) });
    expect(tooFar.status).toBe(400);
    const moved = await change(ids.shared!, "leader", { intent: "expiry", expiresOn: addDays(today, 7) });
    expect(moved.status).toBe(302);
    expect(
      await q(
        "select answer_note, answered_at is not null as answered, expires_on::text as expires_on from prayer_requests where id in ($1, $2) order by created_at",
        [ids.team, ids.shared],
      ),
    ).toEqual([
      { answer_note: NOTE, answered: true, expires_on: addDays(today, 30) },
      { answer_note: "", answered: false, expires_on: addDays(today, 7) },
    ]);
    const { data } = await listed("leader", "answered");
    expect(data.requests.map((row) => row.id)).toEqual([ids.team]);
    expect(data.counts).toEqual({ active: 1, answered: 1, expired: 0 });
  });

  it("only a pastor changes who may read a request", async () => {
    const refused = await change(ids.shared!, "leader", { intent: "visibility", visibility: "private" });
    expect(refused.status).toBe(403);
    expect((await change(ids.shared!, "pastor", { intent: "visibility", visibility: "nobody" })).status).toBe(
      400,
    );
    const made = await change(ids.shared!, "pastor", { intent: "visibility", visibility: "private" });
    expect(made.status).toBe(302);
    // Private now: gone from the team's list, and refused on its page.
    expect((await listed("team")).data.counts.active).toBe(0);
    expect((await onPage(ids.shared!, "team")).status).toBe(403);
    await change(ids.shared!, "pastor", { intent: "visibility", visibility: "shared" });
  });

  it("moves a request past its expiry to Expired", async () => {
    await q("update prayer_requests set expires_on = $1 where id = $2", [addDays(today, -1), ids.shared]);
    const { data } = await listed("pastor", "expired");
    expect(data.requests.map((row) => row.id)).toEqual([ids.shared]);
    expect(data.counts).toEqual({ active: 1, answered: 1, expired: 1 });
  });

  it("deletes a request, and audits every change without the request's or the note's words", async () => {
    const deleted = await change(ids.shared!, "leader", { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.response!.headers.get("location")).toBe("/members/prayer");
    expect(await q("select 1 from prayer_requests where id = $1", [ids.shared])).toEqual([]);
    expect((await change(ids.shared!, "leader", { intent: "delete" })).status).toBe(404);

    const entries = await q<{ action: string; subject_type: string; details: unknown }>(
      "select action, subject_type, details from audit_log where action like 'prayer.%' order by at",
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      "prayer.created",
      "prayer.created",
      "prayer.created",
      "prayer.answered",
      "prayer.changed",
      "prayer.changed",
      "prayer.changed",
      "prayer.deleted",
    ]);
    expect(entries.every((entry) => entry.subject_type === "prayer-request")).toBe(true);
    expect(entries[4]!.details).toEqual({
      changes: [{ field: "expiresOn", label: "Expires on", from: addDays(today, 30), to: addDays(today, 7) }],
    });
    const logged = JSON.stringify(await q("select * from audit_log"));
    for (const words of [...Object.values(WORDS), NOTE]) expect(logged).not.toContain(words);
  });
});
