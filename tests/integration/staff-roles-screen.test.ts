import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffRoles, users } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { action as roleAction, loader as roleLoader } from "~/routes/members/auth/staff-role";
import { loader as rolesLoader } from "~/routes/members/auth/staff-roles";
import { loader as addSermonLoader } from "~/routes/members/content/sermons";
import { roleTexts } from "~/server/auth/staff-roles.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The roles screens (/members/staff/roles and /members/staff/roles/:id) through their loaders
// and actions on a real database: what an admin makes, what is refused with which message, that
// a refusal writes nothing, and that an account with the role has its new rights on its next request.

interface ListedRole {
  key: string;
  name: string;
  builtIn: boolean;
  ministryOnly: boolean;
  accounts: number;
  levels: Record<string, string>;
}

describe.each(databaseKinds)("the roles screens on %s", (kind) => {
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
  const listRoles = async () =>
    ((await callRoute(rolesLoader, get("/members/staff/roles"))).data as { roles: ListedRole[] }).roles;
  const save = (id: string, fields: Record<string, string>, cookie = adminCookie) =>
    callRoute(
      roleAction,
      formRequest(`/members/staff/roles/${id}`, { intent: "save", ...fields }, { cookie }),
      { params: { id } },
    );
  const remove = (id: string, cookie = adminCookie) =>
    callRoute(roleAction, formRequest(`/members/staff/roles/${id}`, { intent: "delete" }, { cookie }), {
      params: { id },
    });
  const roleRow = async (name: string) =>
    (await t.services.db.select().from(staffRoles).where(eq(staffRoles.name, name)))[0];
  /** Everything a refusal must leave as it was: the roles and the audit log. */
  const snapshot = async () => ({
    roles: await t.services.db.select().from(staffRoles).orderBy(staffRoles.id),
    audit: (await t.services.db.select({ n: count() }).from(auditLog))[0]!.n,
  });
  const audited = (id: string, action: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, action)));

  it("lists the five built-in roles first, then the church's own with how many accounts use each", async () => {
    const [made] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Door team", levels: { registrations: "edit" } })
      .returning();
    await createStaffAccount({ role: made!.id });
    await createStaffAccount({ role: made!.id });
    const roles = await listRoles();
    expect(roles.slice(0, 5).map((role) => [role.name, role.builtIn])).toEqual([
      ["Admin", true],
      ["Pastor", true],
      ["Staff", true],
      ["Editor", true],
      ["Ministry head", true],
    ]);
    expect(roles.find((role) => role.key === "admin")!.accounts).toBe(1);
    expect(roles.find((role) => role.key === made!.id)).toMatchObject({
      name: "Door team",
      builtIn: false,
      accounts: 2,
      levels: { registrations: "edit" },
    });
  });

  it("creates a role and goes to its screen; an account given it has exactly those rights on its next request", async () => {
    const created = await save("new", { name: "  Sermons   volunteer ", "level-sermons": "edit" });
    expect(created.status).toBe(302);
    const row = await roleRow("Sermons volunteer");
    expect(row).toMatchObject({ levels: { sermons: "edit" }, ministryOnly: false });
    expect(created.response!.headers.get("location")).toBe(`/members/staff/roles/${row!.id}`);
    expect(await audited(row!.id, "role.created")).toHaveLength(1);

    const opened = await callRoute(roleLoader, get(`/members/staff/roles/${row!.id}`), {
      params: { id: row!.id },
    });
    expect(opened.data).toMatchObject({
      role: { key: row!.id, name: "Sermons volunteer", levels: { sermons: "edit" }, builtIn: false },
      accounts: [],
    });

    const volunteer = await createStaffAccount({ role: row!.id });
    const cookie = await signInCookie(volunteer.email, volunteer.password);
    expect((await callRoute(addSermonLoader, get("/members/add-sermon", cookie))).status).toBe(200);
    expect((await callRoute(rolesLoader, get("/members/staff/roles", cookie))).status).toBe(403);
  });

  it("starts a new role from a copy of a built-in one", async () => {
    const opened = await callRoute(roleLoader, get("/members/staff/roles/new?from=editor"), {
      params: { id: "new" },
    });
    expect(opened.data).toMatchObject({
      role: {
        key: null,
        name: "Copy of Editor",
        levels: { website: "edit", privacy: "edit", sermons: "edit", events: "edit", library: "edit" },
      },
    });
  });

  it("refuses an empty, a too long or a taken name with a message on the field, and writes nothing", async () => {
    const before = await snapshot();
    const cases: [Record<string, string>, number, string][] = [
      [{ name: "   " }, 400, "Please give the role a name."],
      [{ name: "x".repeat(61) }, 400, "Please keep the role's name under 60 characters."],
      [{ name: "sermons VOLUNTEER" }, 409, roleTexts.nameTaken("Sermons volunteer")],
      [{ name: "admin" }, 409, roleTexts.nameTaken("Admin")],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await save("new", { ...fields, "level-events": "edit" });
      expect(answer.status, fields.name).toBe(status);
      const result = answer.data as ActionResult;
      expect(result.fieldErrors).toEqual({ name: message });
      // What was typed comes back, levels too.
      expect(result.values).toMatchObject({ "level-events": "edit" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cleans level values no area offers: unknown ones dropped, a level above the area's lowered", async () => {
    await save("new", {
      name: "Odd levels",
      "level-members": "superuser",
      "level-reports": "edit",
      "level-sermons": "manage",
      "level-nowhere": "edit",
      "level-audit": "",
    });
    expect((await roleRow("Odd levels"))!.levels).toEqual({ reports: "view", sermons: "edit" });
  });

  it("renames and changes a role, with an audit entry that says what it was", async () => {
    const row = (await roleRow("Odd levels"))!;
    const answer = await save(row.id, { name: "Media team", "level-sermons": "edit", ministryOnly: "on" });
    expect(answer.status).toBe(200);
    expect((answer.data as ActionResult).toast.title).toBe("Role saved");
    expect(await roleRow("Media team")).toMatchObject({ levels: { sermons: "edit" }, ministryOnly: true });
    const [entry] = await audited(row.id, "role.changed");
    expect(entry!.details).toMatchObject({
      renamedFrom: "Odd levels",
      from: { levels: { reports: "view", sermons: "edit" }, ministryOnly: false },
      to: { levels: { sermons: "edit" }, ministryOnly: true },
    });
  });

  it("shows a built-in role to read, and refuses to change or delete it, writing nothing", async () => {
    const shown = await callRoute(roleLoader, get("/members/staff/roles/admin"), { params: { id: "admin" } });
    expect(shown.data).toMatchObject({ role: { key: "admin", name: "Admin", builtIn: true } });
    const before = await snapshot();
    const changed = await save("editor", { name: "Editor", "level-members": "edit" });
    expect(changed.status).toBe(400);
    expect((changed.data as ActionResult).toast.description).toBe(roleTexts.builtIn);
    const deleted = await remove("admin");
    expect(deleted.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to delete a role in use, naming how many accounts have it; deletes it once none has", async () => {
    const row = (await roleRow("Media team"))!;
    const account = await createStaffAccount({ role: row.id });
    const before = await snapshot();
    const refused = await remove(row.id);
    expect(refused.status).toBe(409);
    expect((refused.data as ActionResult).toast.description).toBe(roleTexts.inUse("Media team", 1));
    expect(await snapshot()).toEqual(before);
    const opened = await callRoute(roleLoader, get(`/members/staff/roles/${row.id}`), {
      params: { id: row.id },
    });
    expect((opened.data as { accounts: { id: string }[] }).accounts.map((a) => a.id)).toEqual([account.id]);

    await t.services.db.update(users).set({ role: "staff" }).where(eq(users.id, account.id));
    const deleted = await remove(row.id);
    expect(deleted.status).toBe(302);
    expect(deleted.response!.headers.get("location")).toBe("/members/staff/roles");
    expect(await roleRow("Media team")).toBeUndefined();
    expect(await audited(row.id, "role.deleted")).toHaveLength(1);
  });

  it("answers 404 for a role that does not exist, and refuses to change one", async () => {
    const id = crypto.randomUUID();
    expect((await callRoute(roleLoader, get(`/members/staff/roles/${id}`), { params: { id } })).status).toBe(
      404,
    );
    expect((await save(id, { name: "Ghost" })).status).toBe(404);
    expect((await save("not-a-role", { name: "Ghost" })).status).toBe(404);
    expect(await roleRow("Ghost")).toBeUndefined();
  });

  it("refuses to take staff accounts from the last role that lets an active account manage them", async () => {
    const created = await save("new", {
      name: "Office manager",
      "level-staff": "edit",
      "level-members": "edit",
    });
    expect(created.status).toBe(302);
    const row = (await roleRow("Office manager"))!;
    const manager = await createStaffAccount({ role: row.id });
    const cookie = await signInCookie(manager.email, manager.password);
    // The built-in admin steps down: the office manager is the only one left who manages staff.
    await t.services.db.update(users).set({ role: "staff" }).where(eq(users.email, TEST_ADMIN.email));
    try {
      const before = await snapshot();
      const refused = await save(row.id, { name: "Office manager", "level-members": "edit" }, cookie);
      expect(refused.status).toBe(409);
      expect((refused.data as ActionResult).toast.description).toBe(
        roleTexts.lastStaffManager("Office manager"),
      );
      expect(await snapshot()).toEqual(before);
      // Renaming it, keeping the right, is fine.
      const renamed = await save(row.id, { name: "Office lead", "level-staff": "edit" }, cookie);
      expect(renamed.status).toBe(200);
    } finally {
      await t.services.db.update(users).set({ role: "admin" }).where(eq(users.email, TEST_ADMIN.email));
    }
    // With an admin back, the role may lose it; its holder then lands on the dashboard.
    const dropped = await save(row.id, { name: "Office lead", "level-members": "edit" }, adminCookie);
    expect(dropped.status).toBe(200);
    expect((await callRoute(rolesLoader, get("/members/staff/roles", cookie))).status).toBe(403);
  });

  it("sends someone who takes staff accounts from their own role to the dashboard, which they can still open", async () => {
    const created = await save("new", { name: "Deputy", "level-staff": "edit", "level-events": "edit" });
    expect(created.status).toBe(302);
    const row = (await roleRow("Deputy"))!;
    const deputy = await createStaffAccount({ role: row.id });
    const cookie = await signInCookie(deputy.email, deputy.password);
    const answer = await save(row.id, { name: "Deputy", "level-events": "edit" }, cookie);
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("location")).toBe("/members");
    expect((await roleRow("Deputy"))!.levels).toEqual({ events: "edit" });
    expect((await callRoute(rolesLoader, get("/members/staff/roles", cookie))).status).toBe(403);
  });

  it("answers an unknown request without writing", async () => {
    const before = await snapshot();
    const answer = await callRoute(
      roleAction,
      formRequest("/members/staff/roles/new", { intent: "bogus", name: "Bogus" }, { cookie: adminCookie }),
      { params: { id: "new" } },
    );
    expect(answer.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
