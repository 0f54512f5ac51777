import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { members, rateLimits, settings, visitors } from "../../database/schema";
import { action as formsAction, loader as formsLoader } from "~/routes/members/people/new-member";
import { loader as exportLoader } from "~/routes/members/people/report-csv";
import { makeMemberSchema } from "~/schemas/member";
import { memberDraftFrom } from "~/schemas/member-fields";
import {
  createMember,
  deleteMember,
  getMember,
  getMemberProfile,
  listMembers,
  loadMemberOptions,
  updateMember,
} from "~/server/people/members.server";
import {
  dashboardStats,
  membershipCounts,
  ministryBreakdown,
  upcomingAnniversaries,
  upcomingBirthdays,
} from "~/server/people/member-reports.server";
import { setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Writes in these tests are made by the system, as a seed or a console command would.
const actor = "system" as const;
let memberSchema: ReturnType<typeof makeMemberSchema>;

function memberInput(overrides: Record<string, unknown> = {}) {
  return memberSchema.parse({
    firstName: "Ana",
    lastName: "Cruz",
    email: "ana@example.org",
    mobile: "33334444",
    children: [],
    ministryInvolvement: [],
    ministryRole: [],
    ...overrides,
  });
}

describe.each(databaseKinds)("members on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind, { REGISTRATION_PASSCODE: "open sesame" });
    memberSchema = makeMemberSchema(await loadMemberOptions());
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(members);
    await t.services.db.delete(visitors);
    await t.services.db.delete(rateLimits);
    await t.services.db.delete(settings).where(eq(settings.key, "registration_passcode"));
  });

  it("saves a new member as active with the position Member, empty dates as null", async () => {
    const created = await createMember(
      memberInput({ birthday: "", waterBaptismDate: "", maritalStatus: "Single", spouseName: "x" }),
      actor,
    );
    const stored = await getMember(created.id);
    expect(stored).toMatchObject({
      membershipStatus: "active",
      churchPosition: "Member",
      birthday: null,
      waterBaptismDate: null,
      spouseName: null,
    });
  });

  it("searches names, e-mail and mobile case-insensitively in the database, a page at a time", async () => {
    await createMember(
      memberInput({ firstName: "Ana", lastName: "Cruz", email: "ana@example.org", mobile: "33330001" }),
      actor,
    );
    await createMember(
      memberInput({ firstName: "Benjamin", lastName: "Reyes", email: "ben@example.org", mobile: "33330002" }),
      actor,
    );
    await createMember(
      memberInput({
        firstName: "Carla",
        lastName: "Santos",
        nickname: "c_100%",
        email: "carla@example.org",
        mobile: "36660003",
      }),
      actor,
    );

    const names = async (query: string) => (await listMembers({ query })).rows.map((r) => r.firstName).sort();
    expect(await names("ANA")).toEqual(["Ana"]);
    expect(await names("ana cruz")).toEqual(["Ana"]);
    expect(await names("BEN@EXAMPLE")).toEqual(["Benjamin"]);
    expect(await names("3666")).toEqual(["Carla"]);
    expect(await names("100%")).toEqual(["Carla"]);
    expect(await names("_")).toEqual(["Carla"]);
    expect(await names("nobody")).toEqual([]);

    const page1 = await listMembers({ pageSize: 2, page: 1 });
    const page2 = await listMembers({ pageSize: 2, page: 2 });
    expect(page1).toMatchObject({ total: 3, pages: 2 });
    expect(page1.rows).toHaveLength(2);
    expect(page2.rows).toHaveLength(1);
    // By last name.
    expect([...page1.rows, ...page2.rows].map((r) => r.lastName)).toEqual(["Cruz", "Reyes", "Santos"]);
  });

  it("finds members by any part of a name, e-mail or mobile, special characters included", async () => {
    await createMember(
      memberInput({
        firstName: "Élène",
        middleName: "Marie",
        lastName: "O'Brien",
        nickname: "Lena",
        email: "Elene+Church@Example.org",
        mobile: "39876543",
      }),
      actor,
    );
    await createMember(
      memberInput({ firstName: "Ana", lastName: "Dela Cruz", email: "ana@example.org", mobile: "33330001" }),
      actor,
    );

    const names = async (query: string) => (await listMembers({ query })).rows.map((r) => r.firstName).sort();
    expect(await names("ÉLÈNE")).toEqual(["Élène"]);
    expect(await names("mari")).toEqual(["Élène"]);
    expect(await names("o'bri")).toEqual(["Élène"]);
    expect(await names("lena")).toEqual(["Élène"]);
    expect(await names("+church@")).toEqual(["Élène"]);
    expect(await names("8765")).toEqual(["Élène"]);
    expect(await names("dela cruz")).toEqual(["Ana"]);
    expect(await names("  cruz   ANA ")).toEqual(["Ana"]);
    expect(await names("example.org")).toEqual(["Ana", "Élène"]);
    // Each word is looked for inside one field: it never runs from one field into the next.
    expect(await names("anadela")).toEqual([]);
    expect(await names("cruzana")).toEqual([]);
    expect(await names("\\")).toEqual([]);
    expect(await names("%")).toEqual([]);

    // The search follows an edit at once.
    const { rows } = await listMembers({ query: "ana" });
    await updateMember(
      rows[0]!.id,
      memberInput({ firstName: "Joy", lastName: "Santos", email: "joy@example.org", mobile: "33330001" }),
      actor,
    );
    expect(await names("ana")).toEqual([]);
    expect(await names("joy santos")).toEqual(["Joy"]);
  });

  it("counts a search's matches and pages through them by name", async () => {
    for (let i = 1; i <= 7; i++) {
      await createMember(memberInput({ firstName: `Match${i}`, email: `match${i}@example.org` }), actor);
      await createMember(memberInput({ firstName: `Other${i}`, email: `other${i}@example.org` }), actor);
    }
    const page1 = await listMembers({ query: "match", pageSize: 3 });
    expect(page1).toMatchObject({ total: 7, pages: 3, page: 1 });
    expect(page1.rows.map((r) => r.firstName)).toEqual(["Match1", "Match2", "Match3"]);
    const last = await listMembers({ query: "match", pageSize: 3, page: 3 });
    expect(last.rows.map((r) => r.firstName)).toEqual(["Match7"]);
    // A page past the end shows the last page.
    expect(await listMembers({ query: "match", pageSize: 3, page: 9 })).toMatchObject({ page: 3, pages: 3 });
    expect(await listMembers({ query: "nobody", page: 2 })).toMatchObject({ rows: [], total: 0, page: 1 });
  });

  it("lists members by last name, then first name, each in one place on every page", async () => {
    // Added in no particular order; two people share a whole name, and one joined long ago.
    const people = [
      ["Carla", "Santos"],
      ["Ana", "Reyes"],
      ["Ben", "Cruz"],
      ["Ana", "Cruz"],
      ["Joy", "Reyes"],
      ["Ana", "Reyes"],
      ["Zed", "Abad"],
    ];
    const ids: Record<string, string[]> = {};
    for (const [index, [firstName, lastName]] of people.entries()) {
      const made = await createMember(
        memberInput({ firstName, lastName, email: `person${index}@example.org`, mobile: `3333000${index}` }),
        actor,
      );
      (ids[`${firstName} ${lastName}`] ??= []).push(made.id);
    }
    await t.services.db
      .update(members)
      .set({ createdAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(members.lastName, "Santos"));
    const twins = [...ids["Ana Reyes"]!].sort();

    const expected = [
      "Zed Abad",
      "Ana Cruz",
      "Ben Cruz",
      "Ana Reyes",
      "Ana Reyes",
      "Joy Reyes",
      "Carla Santos",
    ];
    const whole = await listMembers();
    expect(whole.rows.map((r) => `${r.firstName} ${r.lastName}`)).toEqual(expected);
    expect(
      whole.rows.filter((r) => r.lastName === "Reyes" && r.firstName === "Ana").map((r) => r.id),
    ).toEqual(twins);
    // Page by page, every member comes once, in the same order, however often it is asked.
    for (let round = 0; round < 3; round++) {
      const paged = [];
      for (let page = 1; page <= 4; page++) paged.push(...(await listMembers({ page, pageSize: 2 })).rows);
      expect(paged.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
    }
  });

  it("finds 29 February birthdays on the 28th in other years, and counts the dashboard's week", async () => {
    await createMember(memberInput({ firstName: "Leap", birthday: "2004-02-29" }), actor);
    await createMember(memberInput({ firstName: "March", birthday: "1990-03-01" }), actor);
    await createMember(memberInput({ firstName: "Later", birthday: "1990-03-25" }), actor);

    expect(
      (await upcomingBirthdays("2027-02-20")).map((b) => [b.item.firstName, b.date, b.daysAway, b.years]),
    ).toEqual([
      ["Leap", "2027-02-28", 8, 23],
      ["March", "2027-03-01", 9, 37],
    ]);
    expect((await upcomingBirthdays("2028-02-20")).map((b) => [b.item.firstName, b.date])).toEqual([
      ["Leap", "2028-02-29"],
      ["March", "2028-03-01"],
    ]);
    expect((await dashboardStats("2027-02-22")).upcomingBirthdays).toBe(2);
    expect((await dashboardStats("2027-02-21")).upcomingBirthdays).toBe(1);
    expect((await dashboardStats("2027-02-20")).upcomingBirthdays).toBe(0);
  });

  it("updates status in any direction, and deletes", async () => {
    const created = await createMember(memberInput(), actor);
    for (const status of ["inactive", "left", "transferred", "active"]) {
      await updateMember(
        created.id,
        memberInput({ membershipStatus: status, churchPosition: "Elder" }),
        actor,
      );
      expect((await getMember(created.id))!.membershipStatus).toBe(status);
    }
    expect((await getMember(created.id))!.churchPosition).toBe("Elder");
    expect(await deleteMember(created.id, actor)).toBe(true);
    expect(await getMember(created.id)).toBeNull();
    expect(await deleteMember(created.id, actor)).toBe(false);
    expect(await getMember("not-a-uuid")).toBeNull();
    expect(await updateMember("not-a-uuid", memberInput(), actor)).toBeNull();
  });

  it("counts the dashboard's and the reports' figures", async () => {
    const today = "2026-12-15";
    await createMember(memberInput({ firstName: "Today", birthday: "1990-12-15" }), actor);
    await createMember(
      memberInput({ firstName: "Week", birthday: "1990-12-22", ministryInvolvement: ["tee"] }),
      actor,
    );
    await createMember(
      memberInput({ firstName: "Edge", birthday: "1990-01-14", ministryInvolvement: ["tee", "acts-kids"] }),
      actor,
    );
    // Registration always saves 'active'; the edit form changes it.
    const outside = await createMember(
      memberInput({ firstName: "Outside", birthday: "1990-01-15", membershipStatus: "left" }),
      actor,
    );
    expect(outside.membershipStatus).toBe("active");
    await updateMember(
      outside.id,
      memberInput({ firstName: "Outside", birthday: "1990-01-15", membershipStatus: "left" }),
      actor,
    );
    const married = await createMember(
      memberInput({
        firstName: "Wed",
        maritalStatus: "Married",
        spouseName: "Sam",
        weddingAnniversary: "2010-12-20",
      }),
      actor,
    );
    await updateMember(
      married.id,
      memberInput({
        firstName: "Wed",
        maritalStatus: "Married",
        spouseName: "Sam",
        weddingAnniversary: "2010-12-20",
        membershipStatus: "inactive",
      }),
      actor,
    );
    await t.services.db
      .insert(visitors)
      .values({ name: "V", mobile: "1", email: "v@example.org", message: "hi" });

    expect(await dashboardStats(today)).toMatchObject({
      totalMembers: 5,
      activeMinistries: 16,
      upcomingBirthdays: 2,
      newVisitors: 1,
    });
    expect((await upcomingBirthdays(today)).map((b) => b.item.firstName)).toEqual(["Today", "Week", "Edge"]);
    expect((await upcomingAnniversaries(today)).map((a) => [a.item.firstName, a.years])).toEqual([
      ["Wed", 16],
    ]);
    expect(await membershipCounts()).toEqual({ total: 5, active: 3 });
    const breakdown = await ministryBreakdown();
    expect(breakdown).toHaveLength(16);
    expect(breakdown.find((b) => b.name === "TEE")!.count).toBe(2);
    expect(breakdown.find((b) => b.name === "ACTS Kids")!.count).toBe(1);
  });

  it("gives a refused edit back as typed, children, ministries and roles included, and saves nothing", async () => {
    const { action: editAction } = await import("~/routes/members/people/edit-member");
    const ana = await createMember(memberInput({ ministryInvolvement: ["tee"] }), actor);
    const body = new URLSearchParams([
      ["firstName", "Ana"],
      ["lastName", "Cruz"],
      ["email", "not an e-mail"],
      ["mobile", "33334444"],
      ["childName", "Mia"],
      ["childBirthday", "2016-05-01"],
      ["childGender", "Female"],
      ["ministryInvolvement", "yadah"],
      ["ministryInvolvement", "amplify"],
      ["ministryRole", "head:yadah"],
    ]);
    const request = new Request(`http://localhost/members/edit/${ana.id}`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        cookie: await signInCookie(),
      },
    });
    const refused = await callRoute(editAction, request, { params: { id: ana.id } });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      toast: { title: "Update Failed", description: "Please enter a valid email address." },
      fieldErrors: { email: "Please enter a valid email address." },
    });
    expect((await getMember(ana.id))!.ministryInvolvement).toEqual(["tee"]);
    const { values } = refused.data as { values: Record<string, string> };
    expect(memberDraftFrom(values)).toMatchObject({
      email: "not an e-mail",
      children: [{ name: "Mia", birthday: "2016-05-01", gender: "Female" }],
      ministryInvolvement: ["yadah", "amplify"],
      ministryRole: ["head:yadah"],
    });
  });

  describe("the registration form's passcode", () => {
    const registration = {
      intent: "register",
      firstName: "Dina",
      lastName: "Lopez",
      email: "dina@example.org",
      mobile: "33335555",
      consentRegistry: "on",
    };

    it("refuses a wrong passcode, and a registration without a grant writes nothing", async () => {
      const wrong = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "guess" }),
        { clientIp: "192.0.2.50" },
      );
      expect(wrong.status).toBe(403);
      expect(wrong.data).toMatchObject({
        toast: { title: "Incorrect Password", description: "Please try again." },
      });
      expect(wrong.headers.get("set-cookie")).toBeNull();

      const sneaky = await callRoute(formsAction, formRequest("/members/forms", registration));
      expect(sneaky.status).toBe(403);
      expect(await t.services.db.select().from(members)).toEqual([]);
    });

    it("counts wrong passcodes only, and a stranger's many cannot close registration for the church's own network", async () => {
      const verify = (passcode: string, clientIp: string) =>
        callRoute(formsAction, formRequest("/members/forms", { intent: "verify", passcode }), { clientIp });
      // Earlier tests' guesses are forgotten: this one counts from zero.
      await t.services.db.delete(rateLimits);
      // The church office's address has given the right passcode before, many times over.
      for (let i = 0; i < 8; i++) expect((await verify("open sesame", "192.0.2.60")).status).toBe(200);
      // A stranger with 50 addresses, four wrong guesses from each: 200 in the hour.
      for (let address = 0; address < 50; address++) {
        for (let guess = 0; guess < 4; guess++) {
          expect((await verify(`guess ${guess}`, `203.0.113.${address}`)).status).toBe(403);
        }
      }
      // Any new address now waits; the office does not.
      expect((await verify("open sesame", "198.51.100.1")).status).toBe(429);
      expect((await verify("open sesame", "192.0.2.60")).status).toBe(200);
      // Five wrong answers still shut any one address for a while, the office's too.
      for (let guess = 0; guess < 5; guess++) expect((await verify("guess", "192.0.2.60")).status).toBe(403);
      expect((await verify("open sesame", "192.0.2.60")).status).toBe(429);
    });

    it("grants access for the right passcode, and the grant lets one register", async () => {
      const right = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
        { clientIp: "192.0.2.51" },
      );
      expect(right.data).toMatchObject({
        toast: { title: "Access Granted", description: "You can now fill out the form." },
      });
      const cookie = cookieHeaderFrom(right);
      expect(cookie).toContain("church.registration=");
      // The passcode itself never reaches the browser.
      expect(JSON.stringify(right.data)).not.toContain("open sesame");

      const page = await callRoute(
        formsLoader,
        new Request("http://localhost/members/forms", { headers: { cookie } }),
      );
      expect(page.data).toMatchObject({ granted: true, configured: true });
      const { formToken } = page.data as { formToken: string };

      const saved = await callRoute(
        formsAction,
        formRequest("/members/forms", { ...registration, formToken }, { cookie }),
      );
      expect(saved.status).toBe(200);
      const [row] = await t.services.db.select().from(members);
      expect(row).toMatchObject({ firstName: "Dina", membershipStatus: "active", churchPosition: "Member" });
      expect(saved.data).toMatchObject({
        toast: { title: "Registration Successful!", description: "New member has been added." },
        registered: { id: row!.id, name: "Dina Lopez" },
      });
    });

    it("keeps a member only with the registry consent, and records each consent with the notice's version", async () => {
      const right = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
        { clientIp: "192.0.2.53" },
      );
      const cookie = cookieHeaderFrom(right);
      const tokenOf = async () =>
        (
          (
            await callRoute(
              formsLoader,
              new Request("http://localhost/members/forms", { headers: { cookie } }),
            )
          ).data as { formToken: string }
        ).formToken;
      const page = await callRoute(
        formsLoader,
        new Request("http://localhost/members/forms", { headers: { cookie } }),
      );
      // The boxes say what the privacy notice says, with the church's name.
      expect(page.data).toMatchObject({
        consentTexts: {
          registry: expect.stringContaining("in its member registry"),
          email: expect.stringContaining("e-mails"),
        },
      });

      const { consentRegistry: _, ...unticked } = registration;
      const refused = await callRoute(
        formsAction,
        formRequest(
          "/members/forms",
          { ...unticked, consentEmail: "on", formToken: await tokenOf() },
          { cookie },
        ),
      );
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        toast: { title: "Registration Failed" },
        fieldErrors: {
          consentRegistry:
            "Please tick the box to agree: the church can keep a member's details only with their consent.",
        },
        values: { firstName: "Dina" },
        consents: { registry: false, email: true },
      });
      expect(await t.services.db.select().from(members)).toEqual([]);
      expect(await t.services.database.query("select * from consents")).toEqual([]);

      const saved = await callRoute(
        formsAction,
        formRequest(
          "/members/forms",
          { ...registration, consentEmail: "on", formToken: await tokenOf() },
          { cookie },
        ),
      );
      expect(saved.status).toBe(200);
      const [row] = await t.services.db.select().from(members);
      const recorded = await t.services.database.query<Record<string, unknown>>(
        "select member_id, kind, notice_version, recorded_by, withdrawn_at from consents order by kind",
      );
      expect(recorded).toEqual([
        {
          member_id: row!.id,
          kind: "email",
          notice_version: 1,
          recorded_by: "registration-passcode",
          withdrawn_at: null,
        },
        {
          member_id: row!.id,
          kind: "registry",
          notice_version: 1,
          recorded_by: "registration-passcode",
          withdrawn_at: null,
        },
      ]);
    });

    it("ends every grant when an administrator sets a new passcode, and stores only a hash", async () => {
      const right = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
        { clientIp: "192.0.2.52" },
      );
      const cookie = cookieHeaderFrom(right);
      await setRegistrationPasscode("brand new code", "system");
      const [stored] = await t.services.db
        .select()
        .from(settings)
        .where(eq(settings.key, "registration_passcode"));
      expect(JSON.stringify(stored!.value)).not.toContain("brand new code");

      expect(
        (
          await callRoute(
            formsAction,
            formRequest(
              "/members/forms",
              { ...registration, formToken: "a-token-of-the-right-shape" },
              { cookie },
            ),
          )
        ).status,
      ).toBe(403);
      const old = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
        { clientIp: "192.0.2.53" },
      );
      expect(old.status).toBe(403);
      const fresh = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "brand new code" }),
        { clientIp: "192.0.2.53" },
      );
      expect(fresh.status).toBe(200);
    });

    it("limits guessing to 5 tries per address in 10 minutes", async () => {
      for (let i = 0; i < 5; i++) {
        const attempt = await callRoute(
          formsAction,
          formRequest("/members/forms", { intent: "verify", passcode: `guess${i}` }),
          { clientIp: "192.0.2.54" },
        );
        expect(attempt.status).toBe(403);
      }
      const blocked = await callRoute(
        formsAction,
        formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
        { clientIp: "192.0.2.54" },
      );
      expect(blocked.status).toBe(429);
    });
  });

  describe("CSV exports", () => {
    async function download(report: string, query = "") {
      const cookie = await signInCookie();
      const result = await callRoute(
        exportLoader,
        new Request(`http://localhost/members/reports/export/${report}${query}`, { headers: { cookie } }),
        {
          params: { report },
        },
      );
      return result.response!;
    }

    it("sends birthdays.csv with a BOM, CRLF lines and neutralised cells", async () => {
      const today = new Date();
      const inThreeDays = new Date(today.getTime() + 3 * 86_400_000).toISOString().slice(5, 10);
      await createMember(
        memberInput({ firstName: "=HYPERLINK(1)", lastName: "Evil", birthday: `1990-${inThreeDays}` }),
        actor,
      );
      const response = await download("birthdays");
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toContain('filename="birthdays.csv"');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.split("\r\n");
      expect(lines[0]).toBe("Name,Email,Mobile,Birthday,Next Birthday,Days Away,Turning");
      expect(lines[1]).toMatch(/^'=HYPERLINK\(1\) Evil,ana@example.org,\+973 33334444,1990-/);
    });

    it("names the ministry file after the ministry and refuses unknown reports", async () => {
      await createMember(
        memberInput({
          firstName: "Mia",
          ministryInvolvement: ["amplify"],
          ministryRole: ["head:amplify"],
        }),
        actor,
      );
      const response = await download("ministry", "?name=Amplify%20(Music)");
      expect(response.headers.get("content-disposition")).toContain('filename="Amplify (Music)_members.csv"');
      const text = (await response.text()).replace(/^\uFEFF/, "");
      expect(text.split("\r\n")[1]).toBe("Mia Cruz,ana@example.org,+973 33334444,Amplify Head,active");
      expect((await download("ministry", "?name=Nope")).status).toBe(404);
      expect((await download("ministry", "?slug=Amplify%20(Music)")).status).toBe(404);
      expect((await download("passwords")).status).toBe(404);
    });

    it("keeps ministries and roles by key, and shows and exports their names", async () => {
      const mia = await createMember(
        memberInput({
          firstName: "Mia",
          ministryInvolvement: ["amplify", "acts-kids"],
          ministryRole: ["head:amplify", "sg-leader"],
        }),
        actor,
      );
      expect(await getMember(mia.id)).toMatchObject({
        ministryInvolvement: ["amplify", "acts-kids"],
        ministryRole: ["head:amplify", "sg-leader"],
      });
      expect(await getMemberProfile(mia.id)).toMatchObject({
        ministryNames: ["Amplify (Music)", "ACTS Kids"],
        roleNames: ["Amplify Head", "SG Leader"],
      });

      const bySlug = await download("ministry", "?slug=acts-kids");
      expect(bySlug.headers.get("content-disposition")).toContain('filename="ACTS Kids_members.csv"');
      expect((await bySlug.text()).replace(/^\uFEFF/, "").split("\r\n")[1]).toBe(
        `Mia Cruz,ana@example.org,+973 33334444,"Amplify Head, SG Leader",active`,
      );
      const active = (await (await download("active_members")).text()).replace(/^\uFEFF/, "").split("\r\n");
      expect(active[1]).toBe(
        `Mia Cruz,ana@example.org,+973 33334444,Member,"Amplify (Music), ACTS Kids","Amplify Head, SG Leader",active`,
      );
      const breakdown = await ministryBreakdown();
      expect(breakdown.find((b) => b.slug === "amplify")).toEqual({
        name: "Amplify (Music)",
        slug: "amplify",
        count: 1,
      });
    });
  });
});

describe("changing the registration passcode", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite");
    await t.services.auth.api.createUser({
      body: { email: "staff@test.local", password: "staff password 1", name: "Staff", role: "staff" },
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("is for administrators only", async () => {
    const { action: dashboardAction } = await import("~/routes/members/home/dashboard");
    const staff = await signInCookie("staff@test.local", "staff password 1");
    const refused = await callRoute(
      dashboardAction,
      formRequest("/members", { intent: "set-passcode", passcode: "new code" }, { cookie: staff }),
    );
    expect(refused.status).toBe(403);
    expect(
      await t.services.db.select().from(settings).where(eq(settings.key, "registration_passcode")),
    ).toEqual([]);

    const admin = await signInCookie();
    const short = await callRoute(
      dashboardAction,
      formRequest("/members", { intent: "set-passcode", passcode: "seven77" }, { cookie: admin }),
    );
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      toast: { description: "The passcode must be at least 8 characters." },
    });
    const done = await callRoute(
      dashboardAction,
      formRequest("/members", { intent: "set-passcode", passcode: "new code" }, { cookie: admin }),
    );
    expect(done.status).toBe(200);
    expect(
      await t.services.db.select().from(settings).where(eq(settings.key, "registration_passcode")),
    ).toHaveLength(1);
  });
});
