import { and, count, eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, outboxEmails, sessions, users } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { PRESETS, isPresetKey } from "~/lib/permissions";
import type { StaffAccountView, StaffActionResult } from "~/lib/staff-accounts";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { loader as memberListLoader } from "~/routes/members/people/member-list";
import { action as accountAction, loader as accountLoader } from "~/routes/members/auth/staff-account";
import { action as listAction, loader as listLoader } from "~/routes/members/auth/staff-accounts";
import type { StaffUser } from "~/server/auth/guards.server";
import { setPasswordFromLink } from "~/server/auth/password-links.server";
import { isTwoFactorRequired, setTwoFactorRequired } from "~/server/auth/security-settings.server";
import { signIn } from "~/server/auth/sign-in.server";
import {
  changeStaffRole,
  countActiveAdmins,
  deleteStaffAccount,
  setStaffDisabled,
  texts,
} from "~/server/auth/staff-accounts.server";
import { takeToast } from "~/server/http/toast.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { PASSWORD_TOO_COMMON } from "~/schemas/password";
import { startSmtpServer } from "../helpers/smtp";
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

// The staff-accounts screens (/members/staff and /members/staff/:id) through their loaders and
// actions, on a real database: what an admin does, what the person on the other end sees on their
// next request, and the audit entry each change leaves.

const PASSWORD = "lantern orchard copper";

interface Listed {
  accounts: StaffAccountView[];
  twoFactorRequired: boolean;
  emailConfigured: boolean;
  loadFailed: boolean;
}

let uniq = 0;
const newEmail = (who: string) => `${who}.${Date.now().toString(36)}${uniq++}@example.org`;

describe.each(databaseKinds)("staff accounts on %s", (kind) => {
  let t: TestServices;
  let adminCookie: string;
  let admin: StaffUser;

  beforeAll(async () => {
    t = await startTestServices(kind);
    adminCookie = await signInCookie();
    const [row] = await t.services.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    admin = actorFor(row!);
  });
  afterAll(async () => {
    await t.stop();
  });

  const actorFor = (row: { id: string; name: string; email: string; role: string }): StaffUser => ({
    id: row.id,
    name: row.name,
    email: row.email,
    username: null,
    role: row.role,
    roleName: isPresetKey(row.role) ? PRESETS[row.role].name : row.role,
    access: isPresetKey(row.role) ? PRESETS[row.role] : { levels: {}, ministryOnly: false },
    ministries: [],
    memberId: null,
    twoFactorEnabled: false,
    mustChangePassword: false,
    sessionId: "",
  });
  const get = (path: string, cookie = adminCookie) =>
    new Request(`http://localhost${path}`, { headers: { cookie } });
  const list = async (cookie = adminCookie) => callRoute(listLoader, get("/members/staff", cookie));
  const listed = async () => (await list()).data as Listed;
  const addAccount = (fields: Record<string, string>, cookie = adminCookie) =>
    callRoute(listAction, formRequest("/members/staff", { intent: "add", ...fields }, { cookie }));
  const openAccount = (id: string, cookie = adminCookie) =>
    callRoute(accountLoader, get(`/members/staff/${id}`, cookie), { params: { id } });
  const onAccount = (id: string, fields: Record<string, string>, cookie = adminCookie) =>
    callRoute(accountAction, formRequest(`/members/staff/${id}`, fields, { cookie }), { params: { id } });
  const userByEmail = async (email: string) =>
    (await t.services.db.select().from(users).where(eq(users.email, email)))[0];
  const auditFor = (subjectId: string, action: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
  const sessionCount = async (userId: string) =>
    (await t.services.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  /** An invited account whose person chose a password and signed in: its id and session cookie. */
  async function signedInAccount(role: string, who: string = role) {
    const email = newEmail(who);
    const answer = await addAccount({ method: "invite", name: `Test ${who}`, email, role });
    const invitation = (answer.data as StaffActionResult).invitation!;
    await setPasswordFromLink(tokenOf(invitation.url), PASSWORD);
    const user = (await userByEmail(email))!;
    return { id: user.id, email, user, cookie: await signInCookie(email, PASSWORD) };
  }

  it("invites an account: the user, the invitation e-mail and the audit entry; with e-mail not set up the link is shown", async () => {
    const answer = await addAccount({
      method: "invite",
      name: "  Ana Cruz ",
      email: "Ana.Cruz@Example.org",
      role: "editor",
    });
    expect(answer.status).toBe(200);
    const result = answer.data as StaffActionResult;
    expect(result.ok).toBe(true);
    expect(result.toast.title).toBe("Invitation ready");
    expect(result.invitation).toMatchObject({ name: "Ana Cruz", email: "ana.cruz@example.org" });
    expect(result.invitation!.url).toMatch(/^http:\/\/localhost\/members\/set-password\?token=[\w-]{40,}$/);

    const ana = (await userByEmail("ana.cruz@example.org"))!;
    expect(ana).toMatchObject({ name: "Ana Cruz", role: "editor", banned: false, mustChangePassword: false });
    expect(await t.services.db.select().from(accounts).where(eq(accounts.userId, ana.id))).toEqual([]);

    const [mail] = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, "ana.cruz@example.org"));
    expect(mail).toMatchObject({ kind: "account.invitation", status: "pending" });
    expect(mail!.textBody).toContain(result.invitation!.url);
    expect(mail!.textBody).toContain("72 hours");

    const [entry] = await auditFor(ana.id, "staff.invited");
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorLabel: TEST_ADMIN.email,
      subjectType: "staff",
      subjectLabel: "ana.cruz@example.org",
      details: { name: "Ana Cruz", role: "editor", roleName: "Editor" },
    });

    // The list shows her as invited, until when the link works, and no sign-in yet.
    const row = (await listed()).accounts.find((account) => account.id === ana.id)!;
    expect(row).toMatchObject({
      status: "invited",
      role: "editor",
      lastSignIn: null,
      twoFactorEnabled: false,
    });
    expect(row.statusNote).toMatch(/^Link expires /);

    // She chooses her password from the link and is an active account that can sign in.
    await setPasswordFromLink(tokenOf(result.invitation!.url), PASSWORD);
    const cookie = await signInCookie("ana.cruz@example.org", PASSWORD);
    expect(cookie).toContain("church.session_token=");
    const after = (await listed()).accounts.find((account) => account.id === ana.id)!;
    expect(after.status).toBe("active");
    expect(after.lastSignIn).not.toBeNull();
  });

  it("says when an invitation link has expired, and sends a new one (link, e-mail, audit entry)", async () => {
    const email = newEmail("late");
    const first = (await addAccount({ method: "invite", name: "Late Comer", email, role: "staff" }))
      .data as StaffActionResult;
    const late = (await userByEmail(email))!;
    await t.services.database.query(
      "update verifications set expires_at = now() - interval '1 hour' where value = $1",
      [late.id],
    );
    const view = (await openAccount(late.id)).data as { account: StaffAccountView };
    expect(view.account.statusNote).toMatch(/^The invitation link expired /);

    const resent = await onAccount(late.id, { intent: "resend" });
    const result = resent.data as StaffActionResult;
    expect(result.ok).toBe(true);
    expect(result.invitation!.url).not.toBe(first.invitation!.url);
    expect(
      await t.services.db.select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.toAddress, email)),
    ).toEqual([{ n: 2 }]);
    expect(await auditFor(late.id, "staff.invitation-resent")).toEqual([
      expect.objectContaining({ actorId: admin.id, actorLabel: TEST_ADMIN.email }),
    ]);
    const again = (await openAccount(late.id)).data as { account: StaffAccountView };
    expect(again.account.statusNote).toMatch(/^Link expires /);

    // The expired link does not work; the new one does, and then there is nothing to resend.
    await expect(setPasswordFromLink(tokenOf(first.invitation!.url), PASSWORD)).rejects.toThrow();
    await setPasswordFromLink(tokenOf(result.invitation!.url), PASSWORD);
    const refused = await onAccount(late.id, { intent: "resend" });
    expect(refused.status).toBe(409);
    expect((refused.data as ActionResult).toast.description).toBe(texts.alreadyHasPassword("Late Comer"));
  });

  it("refuses bad input and a taken e-mail address with a message on the field, and writes nothing", async () => {
    const before = await counts();
    const empty = await addAccount({ method: "invite", name: " ", email: "not an address" });
    expect(empty.status).toBe(400);
    expect((empty.data as ActionResult).fieldErrors).toEqual({
      name: "Please enter the person's name.",
      email: "Please enter a valid e-mail address.",
      role: "Please choose what this account may do.",
    });
    expect((empty.data as ActionResult).values).toMatchObject({ email: "not an address" });

    const taken = await addAccount({
      method: "invite",
      name: "Someone",
      email: TEST_ADMIN.email.toUpperCase(),
      role: "staff",
    });
    expect(taken.status).toBe(409);
    expect((taken.data as ActionResult).fieldErrors).toEqual({ email: texts.emailTaken });

    const short = await addAccount({
      method: "password",
      name: "Ben",
      email: newEmail("ben"),
      role: "staff",
      password: "short",
    });
    expect((short.data as ActionResult).fieldErrors).toEqual({
      password: "The password must be at least 10 characters.",
    });
    expect((short.data as ActionResult).values).not.toHaveProperty("password");

    const common = await addAccount({
      method: "password",
      name: "Ben",
      email: newEmail("ben"),
      role: "staff",
      password: "password1234",
    });
    expect(common.status).toBe(400);
    expect((common.data as ActionResult).fieldErrors).toEqual({ password: PASSWORD_TOO_COMMON });

    const unknownRole = await addAccount({
      method: "invite",
      name: "Ben",
      email: newEmail("ben"),
      role: "owner",
    });
    expect((unknownRole.data as ActionResult).fieldErrors).toEqual({
      role: "Please choose what this account may do.",
    });
    expect(await counts()).toEqual(before);
  });

  async function counts() {
    const db = t.services.db;
    const [[u], [o], [a]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(outboxEmails),
      db.select({ n: count() }).from(auditLog),
    ]);
    return { users: u!.n, outbox: o!.n, audit: a!.n };
  }

  it("an account made with a temporary password must change it before anything else", async () => {
    const email = newEmail("temp");
    const answer = await addAccount({
      method: "password",
      name: "Tess Temp",
      email,
      role: "staff",
      password: "violet harbour 1987",
    });
    expect((answer.data as ActionResult).ok).toBe(true);
    expect((answer.data as StaffActionResult).invitation).toBeUndefined();
    const tess = (await userByEmail(email))!;
    expect(tess.mustChangePassword).toBe(true);
    expect(await auditFor(tess.id, "staff.created")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        details: { name: "Tess Temp", role: "staff", roleName: "Staff", temporaryPassword: true },
      }),
    ]);
    expect((await listed()).accounts.find((account) => account.id === tess.id)!.status).toBe(
      "must-change-password",
    );

    const cookie = await signInCookie(email, "violet harbour 1987");
    const dashboard = await callRoute(dashboardLoader, get("/members", cookie));
    expect(dashboard.status).toBe(302);
    expect(dashboard.response!.headers.get("location")).toBe("/members/account");
  });

  it("a role change takes effect on the same session's next request", async () => {
    const editor = await signedInAccount("editor");
    expect((await callRoute(memberListLoader, get("/members/details", editor.cookie))).status).toBe(403);

    const changed = await onAccount(editor.id, { intent: "role", role: "staff" });
    expect((changed.data as ActionResult).toast).toMatchObject({ title: "Role changed" });
    expect((await callRoute(memberListLoader, get("/members/details", editor.cookie))).status).toBe(200);
    expect(await auditFor(editor.id, "staff.role-changed")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        details: { from: "editor", to: "staff", fromName: "Editor", toName: "Staff" },
      }),
    ]);

    const same = await onAccount(editor.id, { intent: "role", role: "staff" });
    expect((same.data as ActionResult).toast.title).toBe("Nothing changed");
    const bad = await onAccount(editor.id, { intent: "role", role: "bishop" });
    expect(bad.status).toBe(400);
    expect((bad.data as ActionResult).fieldErrors).toEqual({
      role: "Please choose what this account may do.",
    });
    expect(await auditFor(editor.id, "staff.role-changed")).toHaveLength(1);
  });

  it("disabling ends the open session on its next request; enabling lets the person sign in again", async () => {
    const person = await signedInAccount("staff", "disable-me");
    expect((await callRoute(dashboardLoader, get("/members", person.cookie))).status).toBe(200);

    const disabled = await onAccount(person.id, { intent: "disable" });
    expect((disabled.data as ActionResult).toast.title).toBe("Account disabled");
    const next = await callRoute(dashboardLoader, get("/members", person.cookie));
    expect(next.status).toBe(302);
    expect(next.response!.headers.get("location")).toBe("/members/login");
    expect(await sessionCount(person.id)).toBe(0);
    const refused = await signIn({
      identifier: person.email,
      password: PASSWORD,
      clientIp: "198.51.100.7",
      request: new Request("http://localhost/members/login", { method: "POST" }),
    });
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(await auditFor(person.id, "staff.disabled")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorLabel: TEST_ADMIN.email,
        details: { sessionsEnded: 1 },
      }),
    ]);
    expect((await listed()).accounts.find((account) => account.id === person.id)!.status).toBe("disabled");

    await onAccount(person.id, { intent: "enable" });
    expect(await auditFor(person.id, "staff.enabled")).toHaveLength(1);
    const cookie = await signInCookie(person.email, PASSWORD);
    expect((await callRoute(dashboardLoader, get("/members", cookie))).status).toBe(200);
  });

  it("signs an account out everywhere", async () => {
    const person = await signedInAccount("editor", "everywhere");
    const second = await signInCookie(person.email, PASSWORD);
    expect(await sessionCount(person.id)).toBe(2);
    const answer = await onAccount(person.id, { intent: "sign-out" });
    expect((answer.data as ActionResult).toast.title).toBe("Signed out everywhere");
    expect(await sessionCount(person.id)).toBe(0);
    for (const cookie of [person.cookie, second]) {
      expect((await callRoute(dashboardLoader, get("/members", cookie))).status).toBe(302);
    }
    expect(await auditFor(person.id, "staff.signed-out-everywhere")).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { sessionsEnded: 2 } }),
    ]);
  });

  it("deletes an account with its sessions, and goes back to the list saying so", async () => {
    const person = await signedInAccount("staff", "leaving");
    const answer = await onAccount(person.id, { intent: "delete" });
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toBe("/members/staff");
    const toast = await takeToast(
      new Request("http://localhost/members/staff", {
        headers: { cookie: cookieHeaderFrom(answer.response!) },
      }),
    );
    expect(toast.toast).toMatchObject({ title: "Account deleted" });
    expect(await userByEmail(person.email)).toBeUndefined();
    expect(await sessionCount(person.id)).toBe(0);
    expect((await callRoute(dashboardLoader, get("/members", person.cookie))).status).toBe(302);
    expect(await auditFor(person.id, "staff.deleted")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        subjectLabel: person.email,
        details: { name: "Test leaving", role: "staff" },
      }),
    ]);
    expect((await openAccount(person.id)).status).toBe(404);
    expect((await onAccount(person.id, { intent: "disable" })).status).toBe(404);
  });

  it("an admin cannot disable or delete their own account here, or sign themselves out from it", async () => {
    for (const [intent, message] of [
      ["disable", texts.notSelfDisable],
      ["delete", texts.notSelfDelete],
      ["sign-out", texts.notSelfSignOut],
    ] as const) {
      const answer = await onAccount(admin.id, { intent });
      expect(answer.status).toBe(409);
      expect((answer.data as ActionResult).toast.description).toBe(message);
    }
    expect((await userByEmail(TEST_ADMIN.email))!.banned).toBe(false);
  });

  it("the last active admin cannot be demoted, disabled or deleted; invited and disabled admins do not count", async () => {
    // Other admins exist only as an invitation and as a disabled account.
    const invited = await addAccount({
      method: "invite",
      name: "Invited Admin",
      email: newEmail("ia"),
      role: "admin",
    });
    expect((invited.data as ActionResult).ok).toBe(true);
    const disabledAdmin = await signedInAccount("admin", "disabled-admin");
    await onAccount(disabledAdmin.id, { intent: "disable" });
    expect(await countActiveAdmins()).toBe(1);

    const view = (await openAccount(admin.id)).data as { account: StaffAccountView };
    expect(view.account).toMatchObject({ isSelf: true, isLastActiveAdmin: true });

    const demote = await onAccount(admin.id, { intent: "role", role: "staff" });
    expect(demote.status).toBe(409);
    expect((demote.data as ActionResult).toast.description).toBe(texts.lastAdmin(admin.name));
    // Someone whose admin right was taken a moment ago (a request already past its guard).
    const former = { ...actorFor(disabledAdmin.user), role: "staff" as const };
    await expect(setStaffDisabled(admin.id, true, former)).rejects.toThrow(texts.lastAdmin(admin.name));
    await expect(deleteStaffAccount(admin.id, former)).rejects.toThrow(texts.lastAdmin(admin.name));
    const still = (await userByEmail(TEST_ADMIN.email))!;
    expect(still).toMatchObject({ role: "admin", banned: false });
    expect(await auditFor(admin.id, "staff.role-changed")).toEqual([]);

    // With a second active admin, the first may step down.
    await onAccount(disabledAdmin.id, { intent: "enable" });
    const stepDown = await onAccount(admin.id, { intent: "role", role: "staff" });
    expect(stepDown.status).toBe(302);
    expect(stepDown.response!.headers.get("location")).toBe("/members");
    // ... and is no longer let in here on the same session; the other admin puts it back.
    expect((await list()).status).toBe(403);
    await changeStaffRole(admin.id, "admin", actorFor({ ...disabledAdmin.user, role: "admin" }));
    expect((await list()).status).toBe(200);
    await onAccount(disabledAdmin.id, { intent: "role", role: "staff" });
  });

  it("two admins demoting each other at the same moment: one succeeds, one admin remains", async () => {
    const other = await signedInAccount("admin", "rival");
    const rival = actorFor(other.user);
    expect(await countActiveAdmins()).toBe(2);

    let blocker: pg.PoolClient | undefined;
    if (kind === "postgres") {
      // Hold the admin rows, so both changes start and wait at the same point: without the lock in
      // each change, both would count two admins and both would succeed.
      blocker = await (t.services.db as unknown as { $client: pg.Pool }).$client.connect();
      await blocker.query("begin");
      await blocker.query("select id from users where role = 'admin' for update");
    }
    const both = Promise.allSettled([
      changeStaffRole(other.id, "staff", admin),
      changeStaffRole(admin.id, "staff", rival),
    ]);
    if (blocker) {
      await waitFor(async () => {
        const [row] = await t.services.database.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return row!.n === 2;
      });
      await blocker.query("commit");
      blocker.release();
    }
    const outcomes = await both;
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(String(refusal.reason)).toMatch(/is the only active admin/);
    expect(await countActiveAdmins()).toBe(1);

    // Put things back: the admin who was demoted is made an admin again by the one left.
    if ((await userByEmail(TEST_ADMIN.email))!.role !== "admin")
      await changeStaffRole(admin.id, "admin", rival);
    await changeStaffRole(other.id, "staff", admin);
    expect((await userByEmail(TEST_ADMIN.email))!.role).toBe("admin");
  });

  it("requires two-factor sign-in for everyone when an admin says so, with an audit entry", async () => {
    const answer = await callRoute(
      listAction,
      formRequest("/members/staff", { intent: "two-factor", required: "on" }, { cookie: adminCookie }),
    );
    expect((answer.data as ActionResult).toast.title).toBe("Two-factor sign-in required");
    expect(await isTwoFactorRequired()).toBe(true);
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.two-factor-required"));
    expect(entry).toMatchObject({ actorId: admin.id, actorLabel: TEST_ADMIN.email });
    // The admin has no authenticator app yet: the next page is the set-up screen.
    const next = await list();
    expect(next.status).toBe(302);
    expect(next.response!.headers.get("location")).toBe("/members/account/two-factor");
    await setTwoFactorRequired(false, admin);
    const back = await listed();
    expect(back.twoFactorRequired).toBe(false);
  });

  it("answers 403 to staff and editors on every loader and action of the staff screens, and writes nothing", async () => {
    const staff = await signedInAccount("staff", "nosy-staff");
    const editor = await signedInAccount("editor", "nosy-editor");
    const before = await counts();
    for (const cookie of [staff.cookie, editor.cookie]) {
      expect((await list(cookie)).status).toBe(403);
      expect((await openAccount(admin.id, cookie)).status).toBe(403);
      const posts: Record<string, string>[] = [
        { method: "invite", name: "Sneaky", email: newEmail("sneaky"), role: "admin" },
        { intent: "two-factor", required: "on" },
      ];
      for (const fields of posts) {
        const answer = await callRoute(
          listAction,
          formRequest("/members/staff", { intent: "add", ...fields }, { cookie }),
        );
        expect(answer.status).toBe(403);
      }
      for (const intent of ["role", "resend", "disable", "enable", "sign-out", "delete"]) {
        const answer = await onAccount(admin.id, { intent, role: "editor" }, cookie);
        expect(answer.status, intent).toBe(403);
      }
    }
    expect(await counts()).toEqual(before);
    expect(await isTwoFactorRequired()).toBe(false);
    expect((await userByEmail(TEST_ADMIN.email))!).toMatchObject({ role: "admin", banned: false });
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseKinds)("staff invitations with e-mail set up, on %s", (kind) => {
  const FROM = '"ACTS Church" <office@church.example.org>';
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });

  it("sends the invitation instead of showing the link, and the e-mailed link sets the password", async () => {
    const email = newEmail("mailed");
    const answer = await callRoute(
      listAction,
      formRequest(
        "/members/staff",
        { intent: "add", method: "invite", name: "Mae Mailed", email, role: "staff" },
        { cookie },
      ),
    );
    const result = answer.data as StaffActionResult;
    expect(result.toast).toMatchObject({
      title: "Invitation sent",
      description: `Invitation sent to ${email}.`,
    });
    expect(result.invitation).toBeUndefined();

    const transport = createMailTransport({ url: smtp.url, from: FROM });
    try {
      expect(await sendDueEmails(transport, FROM)).toMatchObject({ sent: 1, failed: 0 });
    } finally {
      transport.close();
    }
    const [mail] = smtp.to(email);
    expect(mail!.subject).toMatch(/^Your account for the .+ website$/);
    expect(mail!.text).toContain("Hello Mae Mailed,");
    const url = /http:\/\/localhost\/members\/set-password\?token=[\w%-]+/.exec(mail!.text ?? "")?.[0];
    expect(url).toBeDefined();
    await setPasswordFromLink(new URL(url!).searchParams.get("token")!, PASSWORD);
    expect(await signInCookie(email, PASSWORD)).toContain("church.session_token=");
  });
});
