import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, members, staffRoles, users } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { action as accountAction, loader as accountLoader } from "~/routes/members/auth/staff-account";
import { loader as profileLoader } from "~/routes/members/people/member-profile";
import { action as eraseAction, loader as eraseLoader } from "~/routes/members/privacy/member-erase";
import { linkTexts } from "~/server/auth/staff-account-links.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// What ties a staff account to the church (issue 34), through the account screen's loader and
// action on a real database: its ministries, its member record (suggested by e-mail, found by
// name, one account per member), the member's profile that says so, and the erasure that waits
// until the account is removed.

interface AccountScreen {
  account: { ministries: string[]; memberId: string | null; ministryOnly: boolean };
  ministries: { slug: string; name: string }[];
  memberLink: {
    member: { id: string; name: string; heads: { slug: string }[] } | null;
    suggestions: { id: string; name: string }[];
  };
  found: { id: string; name: string; linkedTo: string | null }[] | null;
}

describe.each(databaseKinds)("staff accounts' ministries and member records on %s", (kind) => {
  let t: TestServices;
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestServices(kind);
    adminCookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  const get = (path: string, cookie = adminCookie) =>
    new Request(`http://localhost${path}`, { headers: { cookie } });
  const open = async (id: string, search = "", cookie = adminCookie) =>
    callRoute(accountLoader, get(`/members/staff/${id}${search}`, cookie), { params: { id } });
  const screen = async (id: string, search = "") => (await open(id, search)).data as AccountScreen;
  const post = (id: string, fields: Record<string, string | string[]>, cookie = adminCookie) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const each of [value].flat()) body.append(name, each);
    return callRoute(
      accountAction,
      new Request(`http://localhost/members/staff/${id}`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost",
          cookie,
        },
      }),
      { params: { id } },
    );
  };
  const accountRow = async (id: string) =>
    (await t.services.db.select().from(users).where(eq(users.id, id)))[0]!;
  const auditCount = async () => (await t.services.db.select({ n: count() }).from(auditLog))[0]!.n;
  const audited = (id: string, action: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, action)));
  async function addMember(fields: Partial<typeof members.$inferInsert> & { email: string }) {
    const [row] = await t.services.db
      .insert(members)
      .values({ firstName: "Ana", lastName: "Cruz", mobile: "33334444", ...fields })
      .returning();
    return row!;
  }

  it("sets the ministries an account looks after, in the church's order, with an audit entry", async () => {
    const account = await createStaffAccount({ role: "ministry-head" });
    expect((await screen(account.id)).ministries).toHaveLength(16);
    const answer = await post(account.id, { intent: "ministries", ministries: ["soundtech", "amplify"] });
    expect(answer.status).toBe(200);
    expect((answer.data as ActionResult).toast.description).toContain("Amplify");
    expect((await accountRow(account.id)).ministries).toEqual(["amplify", "soundtech"]);
    const [entry] = await audited(account.id, "staff.ministries-changed");
    expect(entry!.details).toEqual({ from: [], to: ["amplify", "soundtech"] });
    const shown = await screen(account.id);
    expect(shown.account).toMatchObject({ ministries: ["amplify", "soundtech"], ministryOnly: true });

    // None at all is a choice too.
    await post(account.id, { intent: "ministries" });
    expect((await accountRow(account.id)).ministries).toEqual([]);
  });

  it("refuses a ministry the church does not have, on the field, and writes nothing", async () => {
    const account = await createStaffAccount({ role: "ministry-head", ministries: ["amplify"] });
    const before = await auditCount();
    const answer = await post(account.id, {
      intent: "ministries",
      ministries: ["amplify", "not-a-ministry"],
    });
    expect(answer.status).toBe(400);
    expect((answer.data as ActionResult).fieldErrors).toEqual({ ministries: linkTexts.unknownMinistry });
    expect((await accountRow(account.id)).ministries).toEqual(["amplify"]);
    expect(await auditCount()).toBe(before);
  });

  it("suggests the member with the account's e-mail; linking and unlinking leave audit entries", async () => {
    const account = await createStaffAccount({ name: "Ana Cruz" });
    const member = await addMember({ email: account.email.toUpperCase(), ministryRole: ["head:amplify"] });
    await addMember({ email: account.email, deletedAt: new Date(), firstName: "Gone" });
    const before = await screen(account.id);
    expect(before.memberLink.member).toBeNull();
    expect(before.memberLink.suggestions.map((s) => s.id)).toEqual([member.id]);

    const linked = await post(account.id, { intent: "link", member: member.id });
    expect(linked.status).toBe(200);
    expect((await accountRow(account.id)).memberId).toBe(member.id);
    const [entry] = await audited(account.id, "staff.member-linked");
    expect(entry!.details).toEqual({ memberId: member.id });
    const after = await screen(account.id);
    expect(after.memberLink.member).toMatchObject({ id: member.id, heads: [{ slug: "amplify" }] });

    // Their ministry roles name Amplify: the account can take it.
    const taken = await post(account.id, { intent: "member-ministries" });
    expect(taken.status).toBe(200);
    expect((await accountRow(account.id)).ministries).toEqual(["amplify"]);

    const unlinked = await post(account.id, { intent: "unlink" });
    expect(unlinked.status).toBe(200);
    expect((await accountRow(account.id)).memberId).toBeNull();
    expect(await audited(account.id, "staff.member-unlinked")).toHaveLength(1);
    const refused = await post(account.id, { intent: "member-ministries" });
    expect(refused.status).toBe(400);
    expect((refused.data as ActionResult).toast.description).toBe(linkTexts.noLinkedMember);
  });

  it("finds members by name to link; a member links to one account only, with a clear message", async () => {
    const first = await createStaffAccount({ name: "Ben Reyes" });
    const second = await createStaffAccount({ name: "Ben Other" });
    const member = await addMember({ firstName: "Benedicta", lastName: "Zamora", email: "bz@example.org" });
    const found = (await screen(first.id, "?find=benedicta%20zam")).found!;
    expect(found.map((row) => row.id)).toEqual([member.id]);
    await post(first.id, { intent: "link", member: member.id });

    expect((await screen(second.id, "?find=zamora")).found).toEqual([
      expect.objectContaining({ id: member.id, linkedTo: "Ben Reyes" }),
    ]);
    const before = await auditCount();
    const refused = await post(second.id, { intent: "link", member: member.id });
    expect(refused.status).toBe(409);
    expect((refused.data as ActionResult).fieldErrors).toEqual({
      member: linkTexts.memberTaken("Benedicta Zamora", { name: "Ben Reyes", email: first.email }),
    });
    expect((await accountRow(second.id)).memberId).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("refuses to link a member under Recently deleted, or one that does not exist", async () => {
    const account = await createStaffAccount();
    const deleted = await addMember({ email: "deleted@example.org", deletedAt: new Date() });
    for (const id of [deleted.id, crypto.randomUUID(), "not-an-id"]) {
      const answer = await post(account.id, { intent: "link", member: id });
      expect(answer.status, id).toBe(404);
    }
    expect((await accountRow(account.id)).memberId).toBeNull();
  });

  it("lets only those who may read the registry choose a member, and offers them no names otherwise", async () => {
    const [role] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Accounts only", levels: { staff: "edit" } })
      .returning();
    const manager = await createStaffAccount({ role: role!.id });
    const cookie = await signInCookie(manager.email, manager.password);
    const account = await createStaffAccount();
    const member = await addMember({ email: account.email });
    const shown = (await open(account.id, "?find=cruz", cookie)).data as AccountScreen;
    expect(shown.memberLink.suggestions).toEqual([]);
    expect(shown.found).toBeNull();
    const answer = await post(account.id, { intent: "link", member: member.id }, cookie);
    expect(answer.status).toBe(403);
    expect((await accountRow(account.id)).memberId).toBeNull();
  });

  it("the member's profile says they have a staff account, with a way to it for those who manage staff", async () => {
    const account = await createStaffAccount({ role: "editor" });
    const member = await addMember({ email: "profile@example.org", firstName: "Paz" });
    await post(account.id, { intent: "link", member: member.id });
    const path = `/members/profile/${member.id}`;
    const asAdmin = await callRoute(profileLoader, get(path), { params: { id: member.id } });
    expect((asAdmin.data as { staffAccount: unknown }).staffAccount).toEqual({
      roleName: "Editor",
      href: `/members/staff/${account.id}`,
    });
    const staff = await createStaffAccount({ role: "staff" });
    const cookie = await signInCookie(staff.email, staff.password);
    const asStaff = await callRoute(profileLoader, get(path, cookie), { params: { id: member.id } });
    expect((asStaff.data as { staffAccount: unknown }).staffAccount).toEqual({
      roleName: "Editor",
      href: null,
    });
  });

  it("refuses to erase a member who has a staff account, naming it, and erases nothing", async () => {
    const account = await createStaffAccount({ name: "Rosa Staff", role: "staff" });
    const member = await addMember({ email: "rosa@example.org", firstName: "Rosa", lastName: "Lim" });
    await post(account.id, { intent: "link", member: member.id });
    const path = `/members/profile/${member.id}/erase`;
    const shown = await callRoute(eraseLoader, get(path), { params: { id: member.id } });
    const refusal = (shown.data as { staffAccount: { refusal: string; href: string } }).staffAccount;
    expect(refusal.refusal).toContain(`Rosa Staff (${account.email}), Staff`);
    expect(refusal.href).toBe(`/members/staff/${account.id}`);

    const before = await auditCount();
    const erase = () =>
      callRoute(eraseAction, formRequest(path, { confirmName: "Rosa Lim" }, { cookie: adminCookie }), {
        params: { id: member.id },
      });
    const refused = await erase();
    expect(refused.status).toBe(409);
    expect((refused.data as ActionResult).toast.description).toContain("cannot be erased");
    expect((refused.data as ActionResult).toast.description).toContain(account.email);
    expect(await t.services.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1);
    expect(await auditCount()).toBe(before);

    // Once the account is removed, the member can be erased.
    expect((await post(account.id, { intent: "delete" })).status).toBe(302);
    const erased = await erase();
    expect(erased.status).toBe(302);
    expect(await t.services.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(0);
  });
});
