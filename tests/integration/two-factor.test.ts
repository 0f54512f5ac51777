import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, rateLimits, twoFactors, users } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { loader as accountLoader } from "~/routes/members/auth/account";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import {
  action as loginTwoFactorAction,
  loader as loginTwoFactorLoader,
} from "~/routes/members/auth/login-two-factor";
import { loader as memberListLoader } from "~/routes/members/people/member-list";
import { action as notificationsAction } from "~/routes/members/messages/notifications";
import { action as setupAction, loader as setupLoader } from "~/routes/members/auth/two-factor-setup";
import { getSession, type StaffUser } from "~/server/auth/guards.server";
import { setTwoFactorRequired } from "~/server/auth/security-settings.server";
import { takeToast } from "~/server/http/toast.server";
import {
  authenticatorCode,
  authenticatorCodeInSteps,
  createStaffAccount,
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

type SetupAnswer = ActionResult & {
  setup?: { totpURI: string; secret: string; qrSvg: string };
  backupCodes?: string[];
};

describe.each(databaseKinds)("two-factor sign-in on %s", (kind) => {
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

  const setup = async (cookie: string, fields: Record<string, string>) => {
    const result = await callRoute(
      setupAction,
      formRequest("/members/account/two-factor", fields, { cookie }),
    );
    return { ...result, answer: result.data as SetupAnswer };
  };
  const isSignedIn = async (cookie: string) =>
    (await getSession(new Request("http://localhost/members", { headers: { cookie } }))).user !== null;
  const secondStep = (cookie: string, fields: Record<string, string>) =>
    callRoute(loginTwoFactorAction, formRequest("/members/login/two-factor", fields, { cookie }));
  const auditOf = (action: string, subjectId: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));

  /** A staff account that has just turned two-factor sign-in on through the screen. */
  async function accountWithTwoFactor() {
    const staff = await createStaffAccount();
    const signedIn = await signInWith(staff.email, staff.password);
    const started = await setup(signedIn.cookie, { intent: "start", password: staff.password });
    const { totpURI } = started.answer.setup!;
    const confirmed = await setup(signedIn.cookie, {
      intent: "confirm",
      totpURI,
      code: await authenticatorCode(totpURI),
    });
    return {
      ...staff,
      totpURI,
      backupCodes: confirmed.answer.backupCodes!,
      cookie: withCookies(signedIn.cookie, confirmed.response ?? { headers: confirmed.headers }),
    };
  }

  it("sets up an authenticator app: password, QR code and secret, first code, then ten backup codes", async () => {
    const staff = await createStaffAccount();
    const { cookie } = await signInWith(staff.email, staff.password);

    const wrongPassword = await setup(cookie, { intent: "start", password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.answer.fieldErrors?.password).toBe("That is not your current password.");
    expect(wrongPassword.answer.setup).toBeUndefined();

    const started = await setup(cookie, { intent: "start", password: staff.password });
    expect(started.status).toBe(200);
    const { totpURI, secret, qrSvg } = started.answer.setup!;
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(totpURI)).toContain(staff.email);
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(qrSvg).toMatch(/^<svg[^>]*viewBox/);

    // A wrong code shows the same QR code again with the message, and turns nothing on.
    const wrongCode = await setup(cookie, { intent: "confirm", totpURI, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.answer.fieldErrors?.code).toMatch(/That code is not right/);
    expect(wrongCode.answer.setup?.secret).toBe(secret);
    const notYet = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(notYet[0]!.twoFactorEnabled).toBe(false);
    // Until it is confirmed, signing in asks for no code.
    expect((await signInWith(staff.email, staff.password)).location).toBe("/members");

    const confirmed = await setup(cookie, {
      intent: "confirm",
      totpURI,
      code: await authenticatorCode(totpURI),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.answer.backupCodes).toHaveLength(10);
    for (const code of confirmed.answer.backupCodes!) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.twoFactorEnabled).toBe(true);
    // The library replaces the session with one that knows about the second factor.
    const next = withCookies(cookie, { headers: confirmed.headers });
    expect(await isSignedIn(next)).toBe(true);
    const status = await callRoute(
      setupLoader,
      new Request("http://localhost/members/account/two-factor", { headers: { cookie: next } }),
    );
    expect(status.data).toMatchObject({ status: { enabled: true, backupCodesLeft: 10 } });
    expect(await auditOf("account.two-factor-enabled", staff.id)).toHaveLength(1);
  });

  it("sign-in then asks for the code: a wrong one is refused and logged, the app's code signs in", async () => {
    const staff = await accountWithTwoFactor();
    const challenge = await signInWith(staff.email, staff.password);
    expect(challenge.location).toBe("/members/login/two-factor");
    expect(await isSignedIn(challenge.cookie)).toBe(false);

    const page = await callRoute(
      loginTwoFactorLoader,
      new Request("http://localhost/members/login/two-factor", { headers: { cookie: challenge.cookie } }),
    );
    expect(page.data).toEqual({ hasChallenge: true });

    const badFormat = await secondStep(challenge.cookie, { code: "12a" });
    expect(badFormat.status).toBe(400);
    expect((badFormat.data as ActionResult).fieldErrors?.code).toBe(
      "Enter the 6-digit code your authenticator app shows.",
    );

    const wrong = await secondStep(challenge.cookie, { code: "000000" });
    expect(wrong.status).toBe(401);
    expect((wrong.data as ActionResult).fieldErrors?.code).toMatch(/That code is not right/);
    const [failure] = await auditOf("auth.sign-in-failed", staff.id);
    expect(failure).toMatchObject({ actorLabel: "visitor", subjectLabel: staff.email });
    expect(failure!.details).toEqual({ reason: "second-factor" });

    const code = await authenticatorCode(staff.totpURI);
    const done = await secondStep(challenge.cookie, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("location")).toBe("/members");
    const session = withCookies(challenge.cookie, done.response!);
    expect(await isSignedIn(session)).toBe(true);
    expect(
      (await takeToast(new Request("http://localhost/", { headers: { cookie: session } }))).toast?.title,
    ).toBe("Login Successful!");
    expect(await auditOf("auth.signed-in", staff.id)).toHaveLength(2);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.lastSignInAt).not.toBeNull();
  });

  it("goes back where the visitor was headed, never to another site", async () => {
    const staff = await accountWithTwoFactor();
    for (const [redirectTo, expected] of [
      ["/members/details?q=ana", "/members/details?q=ana"],
      ["//evil.example/x", "/members"],
      ["/.//evil.example/x", "/members"],
      ["/%2e//evil.example/x", "/members"],
      ["/a/..//evil.example/x", "/members"],
    ]) {
      // Each code signs in once: forget the one before, as if 30 seconds had passed.
      await t.services.db.update(users).set({ totpLastStep: null }).where(eq(users.id, staff.id));
      const challenge = await signInWith(staff.email, staff.password);
      const done = await secondStep(challenge.cookie, {
        code: await authenticatorCode(staff.totpURI),
        redirectTo: redirectTo!,
      });
      expect(done.response!.headers.get("location")).toBe(expected);
    }
  });

  it("an app's code signs in once: a second sign-in with the same code is refused", async () => {
    const staff = await accountWithTwoFactor();
    const code = await authenticatorCode(staff.totpURI);

    const first = await signInWith(staff.email, staff.password);
    const used = await secondStep(first.cookie, { code });
    expect(used.status).toBe(302);
    expect(await isSignedIn(withCookies(first.cookie, used.response!))).toBe(true);

    const second = await signInWith(staff.email, staff.password);
    const again = await secondStep(second.cookie, { code });
    expect(again.status).toBe(401);
    expect((again.data as ActionResult).fieldErrors?.code).toBe(
      "That code has been used already. Wait for your authenticator app to show a new one, and type that.",
    );
    expect(again.response).toBeUndefined();
    const failures = await auditOf("auth.sign-in-failed", staff.id);
    expect(failures.map((row) => row.details)).toContainEqual({ reason: "second-factor-reused" });
    // An earlier code than the one used is refused too; the app's next code signs in.
    const older = await secondStep(second.cookie, {
      code: await authenticatorCodeInSteps(staff.totpURI, -1),
    });
    expect(older.status).toBe(401);
    const next = await secondStep(second.cookie, { code: await authenticatorCodeInSteps(staff.totpURI, 1) });
    expect(next.status).toBe(302);

    // Two sign-ins racing with one fresh code: only one of them gets in.
    await t.services.db.update(users).set({ totpLastStep: null }).where(eq(users.id, staff.id));
    const [a, b] = [
      await signInWith(staff.email, staff.password),
      await signInWith(staff.email, staff.password),
    ];
    const fresh = await authenticatorCode(staff.totpURI);
    const raced = await Promise.all([
      secondStep(a!.cookie, { code: fresh }),
      secondStep(b!.cookie, { code: fresh }),
    ]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([302, 401]);
  });

  it("a backup code signs in once and never again", async () => {
    const staff = await accountWithTwoFactor();
    const backup = staff.backupCodes[3]!;

    const first = await signInWith(staff.email, staff.password);
    const used = await secondStep(first.cookie, { method: "backup", code: ` ${backup} ` });
    expect(used.status).toBe(302);
    expect(await isSignedIn(withCookies(first.cookie, used.response!))).toBe(true);

    const second = await signInWith(staff.email, staff.password);
    const again = await secondStep(second.cookie, { method: "backup", code: backup });
    expect(again.status).toBe(401);
    expect((again.data as ActionResult).fieldErrors?.code).toBe(
      "That backup code is not right, or it has been used already.",
    );
    // Another one still works.
    const other = await secondStep(second.cookie, { method: "backup", code: staff.backupCodes[4]! });
    expect(other.status).toBe(302);
  });

  it("a device trusted for 30 days signs in without a code; another device still needs one", async () => {
    const staff = await accountWithTwoFactor();
    const challenge = await signInWith(staff.email, staff.password);
    const done = await secondStep(challenge.cookie, {
      code: await authenticatorCode(staff.totpURI),
      trustDevice: "on",
    });
    const trusted = done.response!.headers.getSetCookie().find((c) => c.startsWith("church.trust_device="));
    expect(trusted).toMatch(/Max-Age=2592000/);
    expect(trusted).toMatch(/HttpOnly/i);

    const again = await signInWith(staff.email, staff.password, undefined, trusted!.split(";")[0]);
    expect(again.location).toBe("/members");
    expect(await isSignedIn(again.cookie)).toBe(true);
    expect((await signInWith(staff.email, staff.password)).location).toBe("/members/login/two-factor");
  });

  it("says when the sign-in step has no challenge, and after five wrong codes ends it", async () => {
    const none = await callRoute(
      loginTwoFactorLoader,
      new Request("http://localhost/members/login/two-factor"),
    );
    expect(none.data).toEqual({ hasChallenge: false });
    const forged = await secondStep("church.two_factor=2fa-made-up.c2lnbmF0dXJl", { code: "123456" });
    expect(forged.status).toBe(401);
    expect(forged.data).toMatchObject({ expired: true });

    const staff = await accountWithTwoFactor();
    const challenge = await signInWith(staff.email, staff.password);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge.cookie, { code: "000000" })).status).toBe(401);
    const ended = await secondStep(challenge.cookie, { code: await authenticatorCode(staff.totpURI) });
    expect(ended.data).toMatchObject({ expired: true });
    expect(ended.response).toBeUndefined();
  });

  it("new backup codes and turning it off need the password", async () => {
    const staff = await accountWithTwoFactor();

    const noPassword = await setup(staff.cookie, { intent: "new-codes", password: "wrong password" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.answer.fieldErrors?.password).toBe("That is not your current password.");
    const fresh = await setup(staff.cookie, { intent: "new-codes", password: staff.password });
    expect(fresh.answer.backupCodes).toHaveLength(10);
    expect(fresh.answer.backupCodes).not.toContain(staff.backupCodes[0]);
    const challenge = await signInWith(staff.email, staff.password);
    expect(
      (await secondStep(challenge.cookie, { method: "backup", code: staff.backupCodes[0]! })).status,
    ).toBe(401);
    expect(await auditOf("account.backup-codes-regenerated", staff.id)).toHaveLength(1);

    const refused = await setup(staff.cookie, { intent: "turn-off", password: "wrong password" });
    expect(refused.status).toBe(400);
    expect(refused.answer.values).toEqual({ intent: "turn-off" });
    const [still] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(still!.twoFactorEnabled).toBe(true);

    const off = await setup(staff.cookie, { intent: "turn-off", password: staff.password });
    expect(off.status).toBe(200);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(await t.services.db.select().from(twoFactors).where(eq(twoFactors.userId, staff.id))).toEqual([]);
    expect(await isSignedIn(withCookies(staff.cookie, { headers: off.headers }))).toBe(true);
    expect((await signInWith(staff.email, staff.password)).location).toBe("/members");
    expect(await auditOf("account.two-factor-disabled", staff.id)).toHaveLength(1);
  });

  it("when the church requires it, an account without it can reach nothing but the set-up", async () => {
    const [admin] = await t.services.db.select().from(users).where(eq(users.role, "admin"));
    const actor = { id: admin!.id, email: admin!.email } as StaffUser;
    const withTwoFactor = await accountWithTwoFactor();
    const staff = await createStaffAccount();
    const { cookie } = await signInWith(staff.email, staff.password);
    await setTwoFactorRequired(true, actor);
    try {
      const get = (loader: unknown, path: string, as = cookie) =>
        callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: as } }));
      for (const [loader, path] of [
        [dashboardLoader, "/members"],
        [memberListLoader, "/members/details"],
      ] as const) {
        const answer = await get(loader, path);
        expect(answer.status, path).toBe(302);
        expect(answer.response!.headers.get("location")).toBe("/members/account/two-factor");
      }
      const save = await callRoute(
        notificationsAction,
        formRequest("/members/notifications", { intent: "save-own", frequency: "off" }, { cookie }),
      );
      expect(save.response?.headers.get("location")).toBe("/members/account/two-factor");

      // The set-up screen and the account screen stay open, and say it is required.
      expect((await get(setupLoader, "/members/account/two-factor")).data).toMatchObject({
        status: { enabled: false, required: true },
      });
      expect((await get(accountLoader, "/members/account")).status).toBe(200);

      // Once it is on, everything opens again.
      const started = await setup(cookie, { intent: "start", password: staff.password });
      const { totpURI } = started.answer.setup!;
      const confirmed = await setup(cookie, {
        intent: "confirm",
        totpURI,
        code: await authenticatorCode(totpURI),
      });
      expect(
        (await get(dashboardLoader, "/members", withCookies(cookie, { headers: confirmed.headers }))).status,
      ).toBe(200);

      // An account that has it cannot turn it off while it is required.
      const off = await setup(withTwoFactor.cookie, { intent: "turn-off", password: withTwoFactor.password });
      expect(off.status).toBe(409);
      expect(off.answer.toast.description).toMatch(/requires two-factor sign-in/);
      const [row] = await t.services.db.select().from(users).where(eq(users.id, withTwoFactor.id));
      expect(row!.twoFactorEnabled).toBe(true);
    } finally {
      await setTwoFactorRequired(false, actor);
    }
  });
});
