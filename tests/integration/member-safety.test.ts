import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, formSubmissions, members, users } from "../../database/schema";
import { action as deletedAction, loader as deletedLoader } from "~/routes/members/people/deleted-members";
import { action as editAction, loader as editLoader } from "~/routes/members/people/edit-member";
import { loader as listLoader } from "~/routes/members/people/member-list";
import { action as formsAction, loader as formsLoader } from "~/routes/members/people/new-member";
import { action as profileAction, loader as profileLoader } from "~/routes/members/people/member-profile";
import { makeMemberSchema } from "~/schemas/member";
import { membershipCounts } from "~/server/people/member-reports.server";
import {
  listDeletedMembers,
  purgeExpiredMembers,
  removeDeletedMember,
  restoreMember,
} from "~/server/people/deleted-members.server";
import {
  createMember,
  deleteMember,
  findPossibleDuplicates,
  getMember,
  listMembers,
  loadMemberOptions,
  mobileDigits,
} from "~/server/people/members.server";
import { thisMonthInChurchZone } from "~/server/people/member-list-filter.server";
import { purgeOldFormTokens } from "~/server/platform/form-tokens.server";
import { runRetention } from "~/server/privacy/retention.server";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// Safe member forms (issue 18): one-time form tokens, possible duplicates, deleting to "Recently
// deleted" with restore and removal for good, and the membership list's filters.

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

const REGISTRATION = {
  firstName: "Dina",
  lastName: "Lopez",
  email: "dina@example.org",
  mobile: "33335555",
  birthday: "1990-04-05",
  consentRegistry: "on",
};

describe.each(databaseKinds)("safe member forms on %s", (kind) => {
  let t: TestServices;
  let staffCookie: string;
  let passcodeCookie: string;

  beforeAll(async () => {
    t = await startTestServices(kind, { REGISTRATION_PASSCODE: "open sesame" });
    memberSchema = makeMemberSchema(await loadMemberOptions());
    staffCookie = await signInCookie();
    const granted = await callRoute(
      formsAction,
      formRequest("/members/forms", { intent: "verify", passcode: "open sesame" }),
      { clientIp: "192.0.2.70" },
    );
    passcodeCookie = cookieHeaderFrom(granted);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(members);
    await t.services.db.delete(formSubmissions);
  });

  /** The registration form as a browser would get it: a fresh token from the loader. */
  async function freshToken(cookie: string) {
    const page = await callRoute(
      formsLoader,
      new Request("http://localhost/members/forms", { headers: { cookie } }),
    );
    return (page.data as { formToken: string }).formToken;
  }

  function register(fields: Record<string, string>, cookie: string) {
    return callRoute(formsAction, formRequest("/members/forms", fields, { cookie }));
  }

  const allMembers = () => t.services.db.select().from(members);

  describe("one-time form tokens", () => {
    it("saves one member for two posts of the same form, and answers both with that member", async () => {
      const cookie = `${staffCookie}; ${passcodeCookie}`;
      const formToken = await freshToken(cookie);
      const first = await register({ ...REGISTRATION, formToken }, cookie);
      const again = await register({ ...REGISTRATION, formToken }, cookie);

      const rows = await allMembers();
      expect(rows).toHaveLength(1);
      const registered = { id: rows[0]!.id, name: "Dina Lopez" };
      expect(first).toMatchObject({ status: 200, data: { ok: true, registered } });
      // The repeat is not taken for a duplicate of the member its first post made.
      expect(again).toMatchObject({
        status: 200,
        data: { ok: true, registered, toast: { title: "Registration Successful!" } },
      });
      expect(await t.services.db.select().from(formSubmissions)).toMatchObject([
        { token: formToken, form: "member.register", resultId: rows[0]!.id },
      ]);
      const created = await t.services.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "member.created"));
      expect(created).toHaveLength(1);
    });

    it("saves one member when the same form arrives twice at once", async () => {
      const cookie = passcodeCookie;
      const formToken = await freshToken(cookie);
      const answers = await Promise.all([
        register({ ...REGISTRATION, formToken }, cookie),
        register({ ...REGISTRATION, formToken }, cookie),
      ]);
      expect(await allMembers()).toHaveLength(1);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    });

    it("gives each form its own token, so the next person registers as usual", async () => {
      const cookie = passcodeCookie;
      const one = await freshToken(cookie);
      const two = await freshToken(cookie);
      expect(one).not.toBe(two);
      await register({ ...REGISTRATION, formToken: one }, cookie);
      await register(
        { ...REGISTRATION, email: "sam@example.org", mobile: "36660000", firstName: "Sam", formToken: two },
        cookie,
      );
      expect((await allMembers()).map((row) => row.firstName).sort()).toEqual(["Dina", "Sam"]);
    });

    it("refuses a form without a token and saves nothing, giving back what was typed", async () => {
      const refused = await register(REGISTRATION, passcodeCookie);
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        toast: { title: "Please send the form again" },
        values: { firstName: "Dina", email: "dina@example.org" },
      });
      expect(await allMembers()).toEqual([]);
    });

    it("forgets tokens after seven days", async () => {
      const formToken = await freshToken(passcodeCookie);
      await register({ ...REGISTRATION, formToken }, passcodeCookie);
      await t.services.db.insert(formSubmissions).values({
        token: "an-old-token-from-last-month",
        form: "member.register",
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      });
      expect(await purgeOldFormTokens()).toBe(1);
      expect((await t.services.db.select().from(formSubmissions)).map((row) => row.token)).toEqual([
        formToken,
      ]);
    });
  });

  describe("possible duplicates", () => {
    it("finds the same e-mail in any case, the same mobile by its digits, and the same name and birthday", async () => {
      const ana = await createMember(
        memberInput({
          email: "Ana.Cruz@Example.org",
          countryCode: "+973",
          mobile: "3333 4444",
          birthday: "1990-02-03",
        }),
        "system",
      );
      const reasons = async (overrides: Record<string, unknown>) =>
        (
          await findPossibleDuplicates(
            memberInput({
              firstName: "Other",
              lastName: "Person",
              email: "other@example.org",
              mobile: "39990000",
              ...overrides,
            }),
          )
        ).map((duplicate) => [duplicate.id, duplicate.name, duplicate.reasons]);

      expect(await reasons({ email: "ana.cruz@EXAMPLE.org" })).toEqual([[ana.id, "Ana Cruz", ["email"]]]);
      expect(await reasons({ mobile: "33334444" })).toEqual([[ana.id, "Ana Cruz", ["mobile"]]]);
      expect(await reasons({ mobile: "+973 3333-4444" })).toEqual([[ana.id, "Ana Cruz", ["mobile"]]]);
      // The same number in another country is another number.
      expect(await reasons({ countryCode: "+63", mobile: "33334444" })).toEqual([]);
      expect(await reasons({ firstName: "ana", lastName: "CRUZ", birthday: "1990-02-03" })).toEqual([
        [ana.id, "Ana Cruz", ["name-birthday"]],
      ]);
      // The same name with another birthday, or none, is not enough.
      expect(await reasons({ firstName: "Ana", lastName: "Cruz", birthday: "1991-02-03" })).toEqual([]);
      expect(await reasons({ firstName: "Ana", lastName: "Cruz" })).toEqual([]);
      expect(
        await reasons({
          email: "ana.cruz@example.org",
          mobile: "33334444",
          firstName: "Ana",
          lastName: "Cruz",
          birthday: "1990-02-03",
        }),
      ).toEqual([[ana.id, "Ana Cruz", ["email", "mobile", "name-birthday"]]]);

      // Not the member being edited, and not a deleted member.
      expect(
        await findPossibleDuplicates(memberInput({ email: "ana.cruz@example.org" }), { exceptId: ana.id }),
      ).toEqual([]);
      await deleteMember(ana.id, "system");
      expect(await reasons({ email: "ana.cruz@example.org" })).toEqual([]);
      expect(mobileDigits("+63", "(917) 123-4567")).toBe("639171234567");
    });

    it("does not register a possible duplicate until staff save anyway, and keeps the form filled", async () => {
      const ana = await createMember(memberInput({ email: "dina@example.org" }), "system");
      const cookie = `${staffCookie}; ${passcodeCookie}`;
      const formToken = await freshToken(cookie);
      const warned = await register({ ...REGISTRATION, formToken, childName: "Mia" }, cookie);
      expect(warned.status).toBe(409);
      expect(warned.data).toMatchObject({
        ok: false,
        toast: { title: "Not saved yet" },
        values: { firstName: "Dina", email: "dina@example.org", "childName.0": "Mia" },
        duplicates: [{ id: ana.id, name: "Ana Cruz", reasons: ["email"] }],
      });
      expect(await allMembers()).toHaveLength(1);

      const saved = await register({ ...REGISTRATION, formToken, duplicates: "save-anyway" }, cookie);
      expect(saved).toMatchObject({ status: 200, data: { registered: { name: "Dina Lopez" } } });
      expect(await allMembers()).toHaveLength(2);
    });

    it("never tells someone with the passcode alone who is a member: saved as usual, flagged for staff", async () => {
      const ana = await createMember(memberInput({ email: "ana@example.org" }), "system");
      // The finding's request: the passcode form with an e-mail that is a member's.
      const formToken = await freshToken(passcodeCookie);
      const answer = await register({ ...REGISTRATION, email: "ANA@example.org", formToken }, passcodeCookie);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({
        ok: true,
        toast: { title: "Registration Successful!", description: "New member has been added." },
        registered: { name: "Dina Lopez" },
      });
      expect(JSON.stringify(answer.data)).not.toMatch(/duplicate|same e-mail|Ana|registered member/i);
      // The same answer as for an address nobody has.
      const other = await register(
        {
          ...REGISTRATION,
          email: "someone.new@example.org",
          mobile: "39998888",
          birthday: "",
          formToken: await freshToken(passcodeCookie),
        },
        passcodeCookie,
      );
      expect(Object.keys(other.data as object).sort()).toEqual(Object.keys(answer.data as object).sort());

      // Staff find it flagged, see whom it looks like, and keep both or delete it.
      const [dina] = await t.services.db.select().from(members).where(eq(members.firstName, "Dina"));
      expect(dina).toMatchObject({ possibleDuplicate: true });
      const [created] = await t.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.created"), eq(auditLog.subjectId, dina!.id)));
      expect(created!.details).toEqual({ possibleDuplicateOf: [ana.id] });
      const list = await callRoute(
        listLoader,
        new Request("http://localhost/members/details?check=duplicates", {
          headers: { cookie: staffCookie },
        }),
      );
      expect((list.data as { rows: { id: string; possibleDuplicate: boolean }[] }).rows).toEqual([
        expect.objectContaining({ id: dina!.id, possibleDuplicate: true }),
      ]);
      const profile = await callRoute(
        profileLoader,
        new Request(`http://localhost/members/profile/${dina!.id}`, { headers: { cookie: staffCookie } }),
        { params: { id: dina!.id } },
      );
      expect((profile.data as { lookalikes: unknown }).lookalikes).toEqual([
        { id: ana.id, name: "Ana Cruz", reasons: ["email"] },
      ]);
      const kept = await callRoute(
        profileAction,
        formRequest(`/members/profile/${dina!.id}`, { intent: "keep-both" }, { cookie: staffCookie }),
        { params: { id: dina!.id } },
      );
      expect(kept.status).toBe(302);
      expect(await getMember(dina!.id)).toMatchObject({ possibleDuplicate: false });
      expect(
        await t.services.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.action, "member.duplicate-kept"), eq(auditLog.subjectId, dina!.id))),
      ).toHaveLength(1);
      const again = await callRoute(
        profileLoader,
        new Request(`http://localhost/members/profile/${dina!.id}`, { headers: { cookie: staffCookie } }),
        { params: { id: dina!.id } },
      );
      expect((again.data as { lookalikes: unknown }).lookalikes).toBeNull();
    });

    it("warns when an edit makes a member look like another, and saves on Save anyway", async () => {
      const ana = await createMember(memberInput(), "system");
      const ben = await createMember(
        memberInput({ firstName: "Ben", email: "ben@example.org", mobile: "36660000" }),
        "system",
      );
      const edit = (fields: Record<string, string>) =>
        callRoute(
          editAction,
          formRequest(
            `/members/edit/${ben.id}`,
            { firstName: "Ben", lastName: "Cruz", mobile: "36660000", ...fields },
            { cookie: staffCookie },
          ),
          { params: { id: ben.id } },
        );
      // Ben against himself is no duplicate.
      expect((await edit({ email: "ben@example.org" })).status).toBe(302);
      const warned = await edit({ email: "ANA@example.org" });
      expect(warned.status).toBe(409);
      expect(warned.data).toMatchObject({ duplicates: [{ id: ana.id, reasons: ["email"] }] });
      expect((await getMember(ben.id))!.email).toBe("ben@example.org");
      expect((await edit({ email: "ANA@example.org", duplicates: "save-anyway" })).status).toBe(302);
      expect((await getMember(ben.id))!.email).toBe("ANA@example.org");
    });
  });

  describe("deleting, restoring and removing for good", () => {
    const admin = async () =>
      (
        await t.services.database.query<{ id: string }>("select id from users where email = $1", [
          TEST_ADMIN.email,
        ])
      )[0];

    it("hides a deleted member everywhere, and restores them with children and ministries", async () => {
      const ana = await createMember(
        memberInput({
          children: [{ name: "Mia", birthday: "2016-05-01", gender: "Female" }],
          ministryInvolvement: ["amplify", "tee"],
          ministryRole: ["head:amplify"],
          birthday: "1990-02-03",
        }),
        "system",
      );
      const before = await getMember(ana.id);
      const account = await admin();
      const deleted = await callRoute(
        profileAction,
        formRequest(`/members/profile/${ana.id}`, { intent: "delete", id: ana.id }, { cookie: staffCookie }),
        { params: { id: ana.id } },
      );
      expect(deleted.status).toBe(302);
      expect(deleted.response!.headers.get("location")).toBe("/members/details");

      expect(await getMember(ana.id)).toBeNull();
      expect((await listMembers({})).total).toBe(0);
      expect(await membershipCounts()).toEqual({ total: 0, active: 0 });
      const profile = await callRoute(
        profileLoader,
        new Request(`http://localhost/members/profile/${ana.id}`, { headers: { cookie: staffCookie } }),
        { params: { id: ana.id } },
      );
      expect(profile.status).toBe(404);
      const edit = await callRoute(
        editLoader,
        new Request(`http://localhost/members/edit/${ana.id}`, { headers: { cookie: staffCookie } }),
        { params: { id: ana.id } },
      );
      expect(edit.status).toBe(404);

      const screen = await callRoute(
        deletedLoader,
        new Request("http://localhost/members/deleted", { headers: { cookie: staffCookie } }),
      );
      expect((screen.data as { rows: unknown[] }).rows).toMatchObject([
        { id: ana.id, name: "Ana Cruz", email: "ana@example.org", deletedBy: TEST_ADMIN.email, daysLeft: 30 },
      ]);

      const restored = await callRoute(
        deletedAction,
        formRequest("/members/deleted", { intent: "restore", id: ana.id }, { cookie: staffCookie }),
      );
      expect(restored.data).toMatchObject({
        ok: true,
        toast: { title: "Member Restored" },
        restored: { id: ana.id, name: "Ana Cruz" },
      });
      expect(await getMember(ana.id)).toEqual(before);
      expect(await listDeletedMembers()).toEqual([]);

      const entries = await t.services.db
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, "member"), eq(auditLog.subjectId, ana.id)))
        .orderBy(auditLog.at, auditLog.id);
      expect(entries.map((entry) => entry.action)).toEqual([
        "member.created",
        "member.deleted",
        "member.restored",
      ]);
      expect(entries[1]!.actorId).toBe(account!.id);
    });

    it("removes a deleted member for good on request, and only a deleted one", async () => {
      const ana = await createMember(memberInput(), "system");
      expect(await removeDeletedMember(ana.id, "system")).toBeNull();
      expect(await getMember(ana.id)).not.toBeNull();
      await deleteMember(ana.id, "system");
      const removed = await callRoute(
        deletedAction,
        formRequest("/members/deleted", { intent: "remove", id: ana.id }, { cookie: staffCookie }),
      );
      expect(removed.data).toMatchObject({
        ok: true,
        toast: { description: "Ana Cruz has been removed for good." },
      });
      expect(await allMembers()).toEqual([]);
      expect(await restoreMember(ana.id, "system")).toBeNull();
      const [purged] = await t.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.purged"), eq(auditLog.subjectId, ana.id)));
      expect(purged).toMatchObject({ actorLabel: TEST_ADMIN.email, subjectLabel: "Ana Cruz" });
    });

    it("removes members deleted more than 30 days ago for good, as the system", async () => {
      const old = await createMember(memberInput({ firstName: "Old", email: "old@example.org" }), "system");
      const recent = await createMember(
        memberInput({ firstName: "Recent", email: "recent@example.org" }),
        "system",
      );
      const live = await createMember(
        memberInput({ firstName: "Live", email: "live@example.org" }),
        "system",
      );
      // Old Cruz had a staff account linked to her record.
      const [account] = await t.services.db
        .insert(users)
        .values({ name: "Old Cruz", email: `old.${old.id.slice(0, 8)}@staff.test`, memberId: old.id })
        .returning();
      await deleteMember(old.id, "system");
      await deleteMember(recent.id, "system");
      const now = new Date();
      await t.services.db
        .update(members)
        .set({ deletedAt: new Date(now.getTime() - 31 * 86_400_000) })
        .where(eq(members.id, old.id));
      await t.services.db
        .update(members)
        .set({ deletedAt: new Date(now.getTime() - 29 * 86_400_000) })
        .where(eq(members.id, recent.id));

      expect((await listDeletedMembers(now)).map((row) => [row.name, row.daysLeft])).toEqual([
        ["Recent Cruz", 1],
        ["Old Cruz", 0],
      ]);
      // The daily retention job removes them (tests/integration/retention.test.ts has its schedule).
      expect((await runRetention(now)).removed.deletedMembers).toBe(1);
      expect((await allMembers()).map((row) => row.firstName).sort()).toEqual(["Live", "Recent"]);
      expect(await purgeExpiredMembers(now)).toBe(0);
      const entries = await t.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.purged"), eq(auditLog.actorLabel, "system")));
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      expect(entry).toMatchObject({
        actorId: null,
        actorLabel: "system",
        subjectId: old.id,
        subjectLabel: "Old Cruz",
        details: { afterDays: 30 },
      });
      expect(await getMember(live.id)).not.toBeNull();
      // The account stays, unlinked, and the audit log says why.
      const [after] = await t.services.db.select().from(users).where(eq(users.id, account!.id));
      expect(after?.memberId).toBeNull();
      expect(
        await t.services.db
          .select({ details: auditLog.details, actorLabel: auditLog.actorLabel })
          .from(auditLog)
          .where(and(eq(auditLog.action, "staff.member-unlinked"), eq(auditLog.subjectId, account!.id))),
      ).toEqual([{ actorLabel: "system", details: { reason: "member removed for good" } }]);
    });
  });

  describe("the membership list's filters", () => {
    it("lists members by status and those who joined this month in the church's zone, search and pages kept", async () => {
      const ana = await createMember(memberInput(), "system");
      const ben = await createMember(memberInput({ firstName: "Ben", email: "ben@example.org" }), "system");
      const cara = await createMember(
        memberInput({ firstName: "Cara", email: "cara@example.org" }),
        "system",
      );
      await t.services.db.update(members).set({ membershipStatus: "left" }).where(eq(members.id, cara.id));
      const { from } = thisMonthInChurchZone();
      await t.services.db
        .update(members)
        .set({ createdAt: new Date(from.getTime() - 1000) })
        .where(eq(members.id, ben.id));

      const names = async (search: string) => {
        const page = await callRoute(
          listLoader,
          new Request(`http://localhost/members/details${search}`, { headers: { cookie: staffCookie } }),
        );
        const data = page.data as { rows: { firstName: string }[]; filter: unknown };
        return { names: data.rows.map((row) => row.firstName).sort(), filter: data.filter };
      };
      expect(await names("?status=active")).toEqual({ names: ["Ana", "Ben"], filter: { status: "active" } });
      expect(await names("?status=left")).toEqual({ names: ["Cara"], filter: { status: "left" } });
      expect(await names("?joined=this-month")).toEqual({
        names: ["Ana", "Cara"],
        filter: { joined: "this-month" },
      });
      expect(await names("?joined=this-month&status=active&q=ana")).toMatchObject({ names: ["Ana"] });
      // Unknown values are no filter.
      expect(await names("?status=sleeping&joined=forever")).toEqual({
        names: ["Ana", "Ben", "Cara"],
        filter: {},
      });
      // By name: Ana Cruz, then Ben Cruz.
      expect(
        (await listMembers({ filter: { status: "active" }, pageSize: 1, page: 2 })).rows.map((r) => r.id),
      ).toEqual([ben.id]);
      expect(ana.id).not.toBe(ben.id);
    });

    it("starts the month at midnight in Bahrain", () => {
      // 31 March 2026 21:30 UTC is already 1 April 00:30 in Bahrain.
      const april = thisMonthInChurchZone(new Date("2026-03-31T21:30:00Z"));
      expect(april.from.toISOString()).toBe("2026-03-31T21:00:00.000Z");
      expect(april.to.toISOString()).toBe("2026-04-30T21:00:00.000Z");
      const december = thisMonthInChurchZone(new Date("2026-12-15T12:00:00Z"));
      expect(december.to.toISOString()).toBe("2026-12-31T21:00:00.000Z");
    });
  });
});
