import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { auditLog, members } from "../../database/schema";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { loader as inboxLoader } from "~/routes/members/messages/inbox";
import { action as listAction, loader as listLoader } from "~/routes/members/people/member-list";
import { action as profileAction, loader as profileLoader } from "~/routes/members/people/member-profile";
import { action as formsAction, loader as formsLoader } from "~/routes/members/people/new-member";
import { loader as eventsLoader } from "~/routes/members/people/event-registrations";
import { loader as signUpsLoader } from "~/routes/members/people/ministry-registrations";
import { loader as csvLoader } from "~/routes/members/people/registration-csv";
import { listMembers } from "~/server/people/members.server";
import { listMinistryRegistrations } from "~/server/people/registrations.server";
import { parseCsv } from "../helpers/csv";
import { get, seedScopeWorld, tableCounts, type ScopeWorld } from "../helpers/ministry-scope";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A ministry head of Amplify (issue 34) reaches Amplify's people and sign-ups, read-only, and
// nothing of ACTS Kids: the server's queries are filtered, and a forged id in an address or a
// form answers 403 or 404 and writes nothing.

type ListData = { rows: { firstName: string }[]; total: number; canWrite: boolean; reach: string | null };
const firstNames = (data: unknown) => (data as ListData).rows.map((row) => row.firstName).sort();

describe.each(databaseKinds)("a ministry head's people and sign-ups on %s", (kind) => {
  let t: TestServices;
  let world: ScopeWorld;
  beforeAll(async () => {
    t = await startTestServices(kind, { REGISTRATION_PASSCODE: "scope passcode 42" });
    world = await seedScopeWorld();
  });
  afterAll(async () => {
    await t.stop();
  });

  it("lists Amplify's people (its members and its head), read-only, and nobody of ACTS Kids alone", async () => {
    const page = await callRoute(listLoader, get("/members/details", world.head));
    expect(page.status).toBe(200);
    expect(firstNames(page.data)).toEqual(["Ana", "Ben", "Hal"]);
    expect(page.data).toMatchObject({ total: 3, canWrite: false, reach: "Amplify (Music)" });
    // The ministries the list can be narrowed to are the head's own.
    expect((page.data as { ministries: { slug: string }[] }).ministries.map((m) => m.slug)).toEqual([
      "amplify",
    ]);
    // The admin's list holds every live member.
    const all = await callRoute(listLoader, get("/members/details", world.admin));
    expect(firstNames(all.data)).toEqual(["Ana", "Ben", "Hal", "Kim", "Nia"]);
    expect(all.data).toMatchObject({ canWrite: true, reach: null });
  });

  it("never widens the list through its address: a search, a filter of another ministry, a status", async () => {
    const list = async (search: string) =>
      callRoute(listLoader, get(`/members/details${search}`, world.head));
    expect(firstNames((await list("?q=kim")).data)).toEqual([]);
    // Another ministry's filter is left out: the list stays Amplify's.
    const forged = await list("?ministry=acts-kids");
    expect(firstNames(forged.data)).toEqual(["Ana", "Ben", "Hal"]);
    expect((forged.data as { filter: object }).filter).toEqual({});
    expect(firstNames((await list("?status=inactive")).data)).toEqual(["Ben"]);
    // The query itself keeps to the scope, whatever filter it is given.
    const acts = await listMembers({ scope: ["amplify"], filter: { ministry: "acts-kids" } });
    expect(acts.rows.map((row) => row.firstName)).toEqual(["Ben"]);
    // Staff narrow to a ministry: its people and its head.
    const staff = await callRoute(listLoader, get("/members/details?ministry=acts-kids", world.admin));
    expect(firstNames(staff.data)).toEqual(["Ben", "Kim"]);
  });

  it("shows a head of no ministry yet nobody, and says why", async () => {
    const page = await callRoute(listLoader, get("/members/details", world.headOfNone));
    expect(page.data).toMatchObject({ total: 0, rows: [], reach: "" });
    expect((await listMembers({ scope: [] })).total).toBe(0);
  });

  it("opens an Amplify member's profile without the edit, export or erase buttons", async () => {
    for (const id of [world.member.ana, world.member.hal]) {
      const page = await callRoute(profileLoader, get(`/members/profile/${id}`, world.head), {
        params: { id },
      });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({
        canWrite: false,
        canExport: false,
        canErase: false,
        auditLink: null,
      });
    }
    const admin = await callRoute(profileLoader, get(`/members/profile/${world.member.kim}`, world.admin), {
      params: { id: world.member.kim },
    });
    expect(admin.data).toMatchObject({ canWrite: true, canExport: true, canErase: true });
  });

  it("answers 404 for a forged profile address of ACTS Kids, of nobody's ministry, deleted or unknown", async () => {
    const before = await tableCounts();
    for (const id of [world.member.kim, world.member.nia, world.member.del, crypto.randomUUID(), "nope"]) {
      const page = await callRoute(profileLoader, get(`/members/profile/${id}`, world.head), {
        params: { id },
      });
      expect(page.status, id).toBe(404);
      expect(await page.response!.text()).toMatch(/ministries you look after/);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a forged delete of an ACTS Kids member from the list and the profile, and writes nothing", async () => {
    const before = await tableCounts();
    const id = world.member.kim;
    const fromList = await callRoute(
      listAction,
      formRequest("/members/details", { intent: "delete", id }, { cookie: world.head }),
    );
    expect(fromList.status).toBe(403);
    const fromProfile = await callRoute(
      profileAction,
      formRequest(`/members/profile/${id}`, { intent: "delete" }, { cookie: world.head }),
      { params: { id } },
    );
    expect(fromProfile.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
    const [kim] = await t.services.db.select().from(members).where(eq(members.id, id));
    expect(kim!.deletedAt).toBeNull();
  });

  it("lists and downloads Amplify's sign-ups only, and says so in the audit log", async () => {
    const page = await callRoute(signUpsLoader, get("/members/ministry-registrations", world.head));
    expect(page.data).toMatchObject({
      reach: "Amplify (Music)",
      total: 1,
      groups: [{ name: "Amplify (Music)" }],
    });
    expect(JSON.stringify(page.data)).not.toContain("Kit Signup");
    expect((await listMinistryRegistrations(["amplify"])).map((row) => row.name)).toEqual(["Amy Signup"]);
    expect((await listMinistryRegistrations()).map((row) => row.name).sort()).toEqual([
      "Amy Signup",
      "Kit Signup",
    ]);

    const csv = await callRoute(csvLoader, get("/members/registrations/export/ministry", world.head), {
      params: { kind: "ministry" },
    });
    expect(csv.status).toBe(200);
    // Named for what it holds: Amplify's, not "all".
    expect(csv.response!.headers.get("content-disposition")).toContain("amplify_ministry_registrations.csv");
    const rows = parseCsv(await csv.response!.text());
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([["Amplify (Music)", "Amy Signup"]]);
    const [entry] = await t.services.db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
    expect(entry).toMatchObject({
      action: "export.registrations",
      details: { kind: "ministry", ministries: ["amplify"], rows: 1 },
    });
  });

  it("refuses a head the event registrations, their download and the inbox (where sign-ups are answered)", async () => {
    const before = await tableCounts();
    const events = await callRoute(eventsLoader, get("/members/event-registrations", world.head));
    expect(events.status).toBe(403);
    const csv = await callRoute(csvLoader, get("/members/registrations/export/event", world.head), {
      params: { kind: "event" },
    });
    expect(csv.status).toBe(403);
    expect(await csv.response!.text()).toMatch(/Registrations and check-in: view/);
    const inbox = await callRoute(inboxLoader, get("/members/messages", world.head));
    expect(inbox.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
    // Staff keep both downloads.
    const staff = await callRoute(csvLoader, get("/members/registrations/export/event", world.admin), {
      params: { kind: "event" },
    });
    expect(staff.status).toBe(200);
  });

  it("gives a head's dashboard Amplify's figures only, and none of the church's", async () => {
    const page = await callRoute(dashboardLoader, get("/members", world.head));
    expect(page.data).toMatchObject({
      reach: "Amplify (Music)",
      stats: null,
      events: null,
      unreadMessages: null,
      registrationForm: null,
      // Ana and Hal are active, Ben inactive; the one sign-up came in this month.
      ministryStats: { totalMembers: 3, activeMembers: 2, signUpsThisMonth: 1 },
    });
    const admin = await callRoute(dashboardLoader, get("/members", world.admin));
    expect(admin.data).toMatchObject({ reach: null, ministryStats: null, stats: { totalMembers: 5 } });
  });

  it("does not tell a head through the passcode form who else is a member: the look-alike is saved, flagged", async () => {
    const verify = await callRoute(
      formsAction,
      formRequest("/members/forms", { intent: "verify", passcode: "scope passcode 42" }),
      { clientIp: "192.0.2.77" },
    );
    const cookie = `${world.head}; ${cookieHeaderFrom(verify.response ?? { headers: verify.headers })}`;
    const form = await callRoute(formsLoader, get("/members/forms", cookie));
    const { formToken } = form.data as { formToken: string };
    // The same e-mail as Kim of ACTS Kids, whom the head does not reach.
    const saved = await callRoute(
      formsAction,
      formRequest(
        "/members/forms",
        {
          intent: "register",
          formToken,
          firstName: "Kimberly",
          lastName: "Scope",
          email: "kim.scope@example.org",
          mobile: "33998877",
          consentRegistry: "on",
        },
        { cookie },
      ),
    );
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.data)).not.toContain(world.member.kim);
    const [row] = await t.services.db.select().from(members).where(eq(members.firstName, "Kimberly"));
    expect(row!.possibleDuplicate).toBe(true);
  });

  it("names no look-alike of another ministry on a flagged Amplify profile; staff see them", async () => {
    const [flagged] = await t.services.db
      .insert(members)
      .values({
        firstName: "Kimmy",
        lastName: "Scope",
        email: "kim.scope@example.org",
        mobile: "33997766",
        ministryInvolvement: ["amplify"],
        possibleDuplicate: true,
      })
      .returning({ id: members.id });
    const open = (cookie: string) =>
      callRoute(profileLoader, get(`/members/profile/${flagged!.id}`, cookie), {
        params: { id: flagged!.id },
      });
    const head = await open(world.head);
    expect(head.data).toMatchObject({ lookalikes: null });
    expect(JSON.stringify(head.data)).not.toContain(world.member.kim);
    const admin = await open(world.admin);
    const { lookalikes } = admin.data as { lookalikes: { id: string }[] };
    expect(lookalikes.map((one) => one.id)).toContain(world.member.kim);
  });
});
