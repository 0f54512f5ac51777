import { afterEach, describe, expect, it } from "vitest";
import { PRESETS } from "~/lib/permissions";
import type { ActionResult } from "~/lib/action-result";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { action as welcomeAction, loader as welcomeLoader } from "~/routes/members/setup/welcome";
import { ensureFirstAdmin } from "~/server/auth/accounts.server";
import { firstAdminSetup } from "~/server/auth/first-admin-setup.server";
import { setupChecklist } from "~/server/site/setup-checklist.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { createStaffAccount, signInWith } from "../helpers/staff-account";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The first sign-in set-up of a fresh install (issue 32): who gets it, the four steps through the
// screen's own action, "Finish later", and what the dashboard's checklist says meanwhile.

describe.each(databaseKinds)("the first sign-in set-up on %s", (kind) => {
  let t: TestServices | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });
  const rows = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t!.services.database.query<Row>(text, params);

  /** A fresh install started as `npm start` does without settings: the password printed once. */
  async function freshInstall(env: Record<string, string> = {}) {
    const printed: string[] = [];
    t = await startTestServices(
      kind,
      { ADMIN_EMAIL: "", ADMIN_PASSWORD: "", PUBLIC_URL: "", ...env },
      { log: (message) => printed.push(message) },
    );
    const password = /Password: (\S+)/.exec(printed.join("\n"))?.[1] ?? "";
    return { password, cookie: await signInCookie("admin@church.local", password) };
  }

  const get = (loader: typeof welcomeLoader | typeof dashboardLoader, path: string, cookie: string) =>
    callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie } }));
  const post = (cookie: string, fields: Record<string, string>) =>
    callRoute(welcomeAction, formRequest("/members/welcome", fields, { cookie }));

  it("a fresh install: the dashboard opens the set-up; each step saves on its own; the checklist follows", async () => {
    const { password, cookie: first } = await freshInstall();
    expect(firstAdminSetup()).toMatchObject({ open: ["password", "profile", "church", "address"] });
    const dashboard = await get(dashboardLoader, "/members", first);
    expect(dashboard.response?.headers.get("location")).toBe("/members/welcome");
    const admin = (await rows<{ id: string }>("select id from users"))[0]!;
    const keys = async () =>
      (await setupChecklist({ id: admin.id, access: PRESETS.admin }))?.items.map((item) => item.key) ?? [];
    expect((await keys()).slice(0, 4)).toEqual([
      "setup-password",
      "setup-profile",
      "setup-church",
      "site-address",
    ]);
    // Another admin sees only the site address: the steps are the first administrator's own.
    expect(
      (await setupChecklist({ id: "another", access: PRESETS.admin }))?.items.map((item) => item.key),
    ).not.toContain("setup-password");

    // 1. The password: the generated one first.
    const wrong = await post(first, {
      intent: "password",
      currentPassword: "not the generated one",
      password: "cedar window harbour",
      confirmPassword: "cedar window harbour",
    });
    expect((wrong.data as ActionResult).fieldErrors).toEqual({
      currentPassword: "That is not your current password.",
    });
    const changed = await post(first, {
      intent: "password",
      currentPassword: password,
      password: "cedar window harbour",
      confirmPassword: "cedar window harbour",
    });
    expect(changed.response?.headers.get("location")).toBe("/members/welcome");
    const cookie = cookieHeaderFrom(changed.response!);

    // 2. Name and e-mail: a taken address refused, then changed at once; the placeholder is not written to.
    const colleague = await createStaffAccount();
    const taken = await post(cookie, { intent: "profile", name: "Miriam Haddad", email: colleague.email });
    expect(taken.status).toBe(409);
    expect((taken.data as ActionResult).fieldErrors).toEqual({
      email: "Another staff account already uses this e-mail address. Choose another one.",
    });
    const profile = await post(cookie, {
      intent: "profile",
      name: "Miriam Haddad",
      email: "Office@ActsChurch.bh",
    });
    expect(profile.data).toMatchObject({ ok: true });
    expect(await rows("select name, email from users where id = $1", [admin.id])).toEqual([
      { name: "Miriam Haddad", email: "office@actschurch.bh" },
    ]);
    expect(await rows("select 1 from outbox_emails where to_address = 'admin@church.local'")).toEqual([]);
    expect(
      await rows("select details from audit_log where action = 'account.email-changed' and actor_id = $1", [
        admin.id,
      ]),
    ).toEqual([{ details: { from: "admin@church.local", to: "office@actschurch.bh" } }]);

    // Leaving: the dashboard no longer opens the set-up, and lists what is open.
    const later = await post(cookie, { intent: "later" });
    expect(later.response?.headers.get("location")).toBe("/members");
    expect((await get(dashboardLoader, "/members", cookie)).status).toBe(200);
    expect((await keys()).slice(0, 2)).toEqual(["setup-church", "site-address"]);

    // 3. The church's name, as a new version of Church details.
    const { version } = (
      (await get(welcomeLoader, "/members/welcome", cookie)).data as { church: { version: number } }
    ).church;
    const empty = await post(cookie, { intent: "church", churchName: "  ", version: String(version) });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ fieldErrors: { churchName: expect.any(String) } });
    await post(cookie, { intent: "church", churchName: "ACTS Church Manama", version: String(version) });
    expect((await getSiteContent()).church.name).toBe("ACTS Church Manama");
    expect(
      await rows(
        "select note from site_section_revisions where section_key = 'church' order by version desc limit 1",
      ),
    ).toEqual([{ note: "First sign-in set-up" }]);

    // 4. The site address.
    const bad = await post(cookie, { intent: "address", address: "actschurch.bh" });
    expect(bad.status).toBe(400);
    await post(cookie, { intent: "address", address: "https://www.actschurch.bh" });

    const done = (await get(welcomeLoader, "/members/welcome", cookie)).data as { openCount: number };
    expect(done.openCount).toBe(0);
    expect(firstAdminSetup()?.open).toEqual([]);
    expect(await keys()).not.toEqual(expect.arrayContaining(["setup-password"]));
    expect((await keys()).filter((key) => key.startsWith("setup-") || key === "site-address")).toEqual([]);
    // Signing in with the new address and password works; the old ones do not.
    expect((await signInWith("office@actschurch.bh", "cedar window harbour")).status).toBe(302);
    expect((await signInWith("admin@church.local", password)).status).toBe(401);
  });

  it("with ADMIN_PASSWORD but no ADMIN_EMAIL, the password step is done already", async () => {
    t = await startTestServices(kind, { ADMIN_EMAIL: "", ADMIN_PASSWORD: "an office password 42" });
    expect(firstAdminSetup()?.open).toEqual(["profile", "church"]);
  });

  it("an operator who chose ADMIN_EMAIL and ADMIN_PASSWORD gets no set-up", async () => {
    t = await startTestServices(kind);
    expect(firstAdminSetup()).toBeNull();
    expect(await rows("select 1 from settings where key = 'office:first-admin-setup'")).toEqual([]);
  });

  it("an upgraded site that has accounts already is not sent through it", async () => {
    t = await startTestServices(kind, { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }, { firstRunSetup: false });
    await createStaffAccount({ role: "admin" });
    await ensureFirstAdmin(() => {});
    expect(firstAdminSetup()).toBeNull();
    expect(await rows("select 1 from settings where key = 'office:first-admin-setup'")).toEqual([]);
    expect(await rows("select email from users where email = 'admin@church.local'")).toEqual([]);
  });

  it("someone else than the first administrator is sent from the set-up to the dashboard", async () => {
    await freshInstall();
    const other = await createStaffAccount({ role: "admin" });
    const { cookie } = await signInWith(other.email, other.password);
    const page = await get(welcomeLoader, "/members/welcome", cookie);
    expect(page.response?.headers.get("location")).toBe("/members");
    expect((await get(dashboardLoader, "/members", cookie)).status).toBe(200);
  });
});
