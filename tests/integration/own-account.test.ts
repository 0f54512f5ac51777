import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, rateLimits, users } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { action as accountAction, loader as accountLoader } from "~/routes/members/auth/account";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { action as notificationsAction } from "~/routes/members/messages/notifications";
import { loader as twoFactorLoader } from "~/routes/members/auth/two-factor-setup";
import { getSession } from "~/server/auth/guards.server";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from "~/schemas/password";
import { takeToast } from "~/server/http/toast.server";
import {
  CHROME_ON_WINDOWS,
  createStaffAccount,
  SAFARI_ON_IPHONE,
  signInWith,
  withCookies,
} from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

type AccountPage = {
  name: string;
  mustChangePassword: boolean;
  sessions: { id: string; device: string; isCurrent: boolean; address: string | null; lastActive: string }[];
  twoFactor: { enabled: boolean } | null;
};

describe.each(databaseKinds)("own account on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(rateLimits);
  });

  const page = async (cookie: string) => {
    const result = await callRoute(
      accountLoader,
      new Request("http://localhost/members/account", { headers: { cookie } }),
    );
    return { ...result, page: result.data as AccountPage };
  };
  const post = (cookie: string, fields: Record<string, string>) =>
    callRoute(accountAction, formRequest("/members/account", fields, { cookie }));
  const isSignedIn = async (cookie: string) =>
    (await getSession(new Request("http://localhost/members", { headers: { cookie } }))).user !== null;
  const auditOf = (userId: string, action: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)));

  it("lists the account's signed-in devices in plain words, this one marked", async () => {
    const staff = await createStaffAccount();
    const laptop = await signInWith(staff.email, staff.password, CHROME_ON_WINDOWS);
    await signInWith(staff.email, staff.password, SAFARI_ON_IPHONE);

    const { status, page: account } = await page(laptop.cookie);
    expect(status).toBe(200);
    expect(account.name).toBe(staff.name);
    expect(account.sessions.map((s) => [s.device, s.isCurrent])).toEqual([
      ["Chrome on Windows", true],
      ["Safari on iPhone", false],
    ]);
    expect(account.sessions[0]!.lastActive).toBe("today");
    expect(account.twoFactor).toMatchObject({ enabled: false });
  });

  it("changes the name, and the audit log says from what to what", async () => {
    const staff = await createStaffAccount({ name: "Grace Santos" });
    const { cookie } = await signInWith(staff.email, staff.password);

    const empty = await post(cookie, { intent: "name", name: "   " });
    expect(empty.status).toBe(400);
    expect((empty.data as ActionResult).fieldErrors?.name).toBe("Please enter your name.");

    const saved = await post(cookie, { intent: "name", name: "  Grace S. Reyes " });
    expect(saved.status).toBe(200);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.name).toBe("Grace S. Reyes");
    const [entry] = await auditOf(staff.id, "account.name-changed");
    expect(entry!.details).toEqual({
      changes: [{ field: "name", from: "Grace Santos", to: "Grace S. Reyes" }],
    });
  });

  it("changes the password only with the current one, and never to a common or short one", async () => {
    const staff = await createStaffAccount();
    const { cookie } = await signInWith(staff.email, staff.password);
    const change = (fields: Record<string, string>) => post(cookie, { intent: "password", ...fields });

    const wrong = await change({
      currentPassword: "not my password at all",
      password: "quiet harbour pebble 77",
      confirmPassword: "quiet harbour pebble 77",
    });
    expect(wrong.status).toBe(400);
    expect((wrong.data as ActionResult).fieldErrors?.currentPassword).toBe(
      "That is not your current password.",
    );

    const common = await change({
      currentPassword: staff.password,
      password: "password1234",
      confirmPassword: "password1234",
    });
    expect((common.data as ActionResult).fieldErrors?.password).toBe(PASSWORD_TOO_COMMON);

    // The person's own name counts as easy to guess ("santosgrace" is fine for anyone else).
    const personal = await change({
      currentPassword: staff.password,
      password: "santosgrace",
      confirmPassword: "santosgrace",
    });
    expect((personal.data as ActionResult).fieldErrors?.password).toBe(PASSWORD_TOO_COMMON);

    const short = await change({
      currentPassword: staff.password,
      password: "short",
      confirmPassword: "short",
    });
    expect((short.data as ActionResult).fieldErrors?.password).toBe(PASSWORD_TOO_SHORT);

    const differ = await change({
      currentPassword: staff.password,
      password: "quiet harbour pebble 77",
      confirmPassword: "quiet harbour pebble 78",
    });
    expect((differ.data as ActionResult).fieldErrors?.confirmPassword).toBe(PASSWORDS_DIFFER);

    // Nothing changed: the old password still signs in, the new one does not.
    expect((await signInWith(staff.email, staff.password)).location).toBe("/members");
    expect((await signInWith(staff.email, "quiet harbour pebble 77")).status).toBe(401);
    expect(await auditOf(staff.id, "account.password-changed")).toEqual([]);
  });

  it("a new password signs out every other device and keeps this one signed in", async () => {
    const staff = await createStaffAccount();
    const laptop = await signInWith(staff.email, staff.password, CHROME_ON_WINDOWS);
    const phone = await signInWith(staff.email, staff.password, SAFARI_ON_IPHONE);
    const newPassword = "copper meadow lantern 19";

    const result = await post(laptop.cookie, {
      intent: "password",
      currentPassword: staff.password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("location")).toBe("/members/account");
    const laptopNow = withCookies(laptop.cookie, result.response!);
    expect(await isSignedIn(laptopNow)).toBe(true);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect((await page(laptopNow)).page.sessions).toHaveLength(1);
    expect(
      (await takeToast(new Request("http://localhost/", { headers: { cookie: laptopNow } }))).toast?.title,
    ).toBe("Password changed");

    expect((await signInWith(staff.email, staff.password)).status).toBe(401);
    expect((await signInWith(staff.email, newPassword)).location).toBe("/members");
    const [entry] = await auditOf(staff.id, "account.password-changed");
    expect(entry!.details).toMatchObject({ signedOutElsewhere: true, replacedTemporary: false });
  });

  it("after five wrong current passwords the form is refused for a while, even with the right one", async () => {
    const staff = await createStaffAccount();
    const { cookie } = await signInWith(staff.email, staff.password);
    const attempt = (currentPassword: string) =>
      post(cookie, {
        intent: "password",
        currentPassword,
        password: "amber willow canyon 31",
        confirmPassword: "amber willow canyon 31",
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(400);
    const locked = await attempt(staff.password);
    expect(locked.status).toBe(429);
    expect((locked.data as ActionResult).fieldErrors?.currentPassword).toMatch(/Too many wrong passwords/);
    expect((await signInWith(staff.email, staff.password)).location).toBe("/members");
  });

  it("signs out one other device, but not this one or another account's", async () => {
    const staff = await createStaffAccount();
    const laptop = await signInWith(staff.email, staff.password, CHROME_ON_WINDOWS);
    const phone = await signInWith(staff.email, staff.password, SAFARI_ON_IPHONE);
    const other = await createStaffAccount();
    const othersLaptop = await signInWith(other.email, other.password);
    const [, phoneSession] = (await page(laptop.cookie)).page.sessions;
    const [thisSession] = (await page(laptop.cookie)).page.sessions;
    const [otherAccountsSession] = (await page(othersLaptop.cookie)).page.sessions;

    const self = await post(laptop.cookie, { intent: "revoke-session", id: thisSession!.id });
    expect(self.status).toBe(400);
    const foreign = await post(laptop.cookie, { intent: "revoke-session", id: otherAccountsSession!.id });
    expect(foreign.status).toBe(404);
    expect(await isSignedIn(othersLaptop.cookie)).toBe(true);

    const revoked = await post(laptop.cookie, { intent: "revoke-session", id: phoneSession!.id });
    expect(revoked.status).toBe(200);
    expect((revoked.data as ActionResult).toast.description).toBe("Safari on iPhone is signed out.");
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(true);
    const [entry] = await auditOf(staff.id, "account.session-revoked");
    expect(entry!.details).toMatchObject({ device: "Safari on iPhone" });
  });

  it("signs out everywhere else at once", async () => {
    const staff = await createStaffAccount();
    const laptop = await signInWith(staff.email, staff.password, CHROME_ON_WINDOWS);
    const phone = await signInWith(staff.email, staff.password, SAFARI_ON_IPHONE);
    const tablet = await signInWith(staff.email, staff.password, SAFARI_ON_IPHONE);

    const result = await post(laptop.cookie, { intent: "sign-out-elsewhere" });
    expect(result.status).toBe(200);
    expect((result.data as ActionResult).toast.description).toBe("2 other devices are signed out.");
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(tablet.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(true);
    const [entry] = await auditOf(staff.id, "account.signed-out-elsewhere");
    expect(entry!.details).toEqual({ sessions: 2 });
  });

  it("an account with a temporary password can do nothing but choose its own", async () => {
    const staff = await createStaffAccount();
    await t.services.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, staff.id));
    const { cookie } = await signInWith(staff.email, staff.password);
    const get = (loader: unknown, path: string) =>
      callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie } }));

    for (const [loader, path] of [
      [dashboardLoader, "/members"],
      [twoFactorLoader, "/members/account/two-factor"],
    ] as const) {
      const answer = await get(loader, path);
      expect(answer.status, path).toBe(302);
      expect(answer.response!.headers.get("location")).toBe("/members/account");
    }
    const save = await callRoute(
      notificationsAction,
      formRequest("/members/notifications", { intent: "save-own", frequency: "off" }, { cookie }),
    );
    expect(save.response?.headers.get("location")).toBe("/members/account");

    const { page: account } = await page(cookie);
    expect(account.mustChangePassword).toBe(true);
    expect(account.sessions).toEqual([]);
    expect((await post(cookie, { intent: "name", name: "Someone Else" })).status).toBe(403);

    const newPassword = "saffron river compass 64";
    const done = await post(cookie, {
      intent: "password",
      currentPassword: staff.password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("location")).toBe("/members");
    const [row] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.mustChangePassword).toBe(false);
    const next = withCookies(cookie, done.response!);
    expect((await get(dashboardLoader, "/members")).status).not.toBe(200); // the old session is gone
    const dashboard = await callRoute(
      dashboardLoader,
      new Request("http://localhost/members", { headers: { cookie: next } }),
    );
    expect(dashboard.status).toBe(200);
    const [entry] = await auditOf(staff.id, "account.password-changed");
    expect(entry!.details).toMatchObject({ replacedTemporary: true });
  });
});
