import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRESETS } from "~/lib/permissions";
import type { ActionResult } from "~/lib/action-result";
import type { StaffActionResult } from "~/lib/staff-accounts";
import { siteAddressSchema, siteAddressTexts } from "~/schemas/site-address";
import { action as confirmAction, loader as confirmLoader } from "~/routes/members/auth/confirm-email";
import { action as accountAction, loader as accountLoader } from "~/routes/members/auth/account";
import { action as setPasswordAction } from "~/routes/members/auth/set-password";
import { action as staffAction } from "~/routes/members/auth/staff-account";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import {
  action as siteAddressAction,
  loader as siteAddressLoader,
} from "~/routes/members/settings/site-address";
import { getSession } from "~/server/auth/guards.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { setupChecklist } from "~/server/site/setup-checklist.server";
import { createStaffAccount, signInWith } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The office's accounts without the console (issue 32): the site address, e-mail changes (confirmed
// by a link, or by an admin at once) and the reset link an admin makes. The first sign-in set-up
// has its own file (first-admin-setup.test.ts).

describe("the site address as typed", () => {
  it.each([
    ["https://www.actschurch.bh", "https://www.actschurch.bh"],
    ["  https://WWW.ActsChurch.bh/  ", "https://www.actschurch.bh"],
    ["http://church.example.org:8080", "http://church.example.org:8080"],
  ])("%j is the origin %s", (typed, origin) => {
    expect(siteAddressSchema.parse(typed)).toBe(origin);
  });

  it.each([
    ["", siteAddressTexts.empty],
    ["www.actschurch.bh", siteAddressTexts.invalid],
    ["ftp://www.actschurch.bh", siteAddressTexts.scheme],
    ["javascript:alert(1)", siteAddressTexts.scheme],
    ["https://office:secret@www.actschurch.bh", siteAddressTexts.credentials],
    ["https://www.actschurch.bh/connect", siteAddressTexts.extra],
    ["https://www.actschurch.bh/?x=1", siteAddressTexts.extra],
    ["https://www.actschurch.bh/#top", siteAddressTexts.extra],
    [`https://${"a".repeat(200)}.bh`, siteAddressTexts.tooLong],
  ])("%j is refused: %s", (typed, message) => {
    const parsed = siteAddressSchema.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });
});

describe.each(databaseKinds)("office accounts on %s", (kind) => {
  let t: TestServices;
  let admin = "";
  const rows = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const audit = (action: string) =>
    rows<{ actor_label: string; subject_label: string; details: Record<string, unknown> }>(
      "select actor_label, subject_label, details from audit_log where action = $1 order by at",
      [action],
    );
  const outboxTo = (to: string) =>
    rows<{ kind: string; subject: string; text_body: string }>(
      "select kind, subject, text_body from outbox_emails where to_address = $1 order by created_at",
      [to],
    );

  beforeAll(async () => {
    // No PUBLIC_URL: the site's address is what the office saves.
    t = await startTestServices(kind, { PUBLIC_URL: "", PORT: "8080" });
    admin = await signInCookie();
  });
  afterEach(async () => {
    await rows("delete from rate_limits");
  });
  afterAll(async () => {
    await t.stop();
  });

  const saveAddress = (address: string) =>
    callRoute(
      siteAddressAction,
      formRequest("/members/settings/site-address", { address }, { cookie: admin }),
    );

  it("the site address: refused with a message and nothing written, then saved with its audit entry and used at once", async () => {
    const before = await setupChecklist({ id: "someone", access: PRESETS.admin });
    expect(before?.items.find((item) => item.key === "site-address")).toMatchObject({
      label: "Site address not set",
      href: "/members/settings/site-address",
    });
    expect(siteOrigin()).toBe("http://localhost:8080");

    const bad = await saveAddress("https://www.actschurch.bh/connect?x=1");
    expect(bad.status).toBe(400);
    expect((bad.data as ActionResult).fieldErrors).toEqual({ address: siteAddressTexts.extra });
    expect(await rows("select 1 from settings where key = 'office:site-address'")).toEqual([]);
    expect(await audit("settings.site-address-changed")).toEqual([]);

    const good = await saveAddress("https://www.ActsChurch.bh/");
    expect(good.data).toMatchObject({ ok: true, toast: { title: "Site address saved" } });
    expect(siteOrigin()).toBe("https://www.actschurch.bh");
    expect(await rows("select value from settings where key = 'office:site-address'")).toEqual([
      { value: "https://www.actschurch.bh" },
    ]);
    expect(await audit("settings.site-address-changed")).toEqual([
      {
        actor_label: TEST_ADMIN.email,
        subject_label: "Site address",
        details: { from: null, to: "https://www.actschurch.bh" },
      },
    ]);
    const after = await setupChecklist({ id: "someone", access: PRESETS.admin });
    expect(after?.items.map((item) => item.key) ?? []).not.toContain("site-address");
    const page = await callRoute(
      siteAddressLoader,
      new Request("http://localhost/members/settings/site-address", { headers: { cookie: admin } }),
    );
    expect(page.data).toEqual({
      origin: "https://www.actschurch.bh",
      source: "settings",
      saved: "https://www.actschurch.bh",
      environment: null,
    });
    // A link made now (an admin's reset link) starts with it.
    const staff = await createStaffAccount();
    const made = await callRoute(
      staffAction,
      formRequest(`/members/staff/${staff.id}`, { intent: "reset-link" }, { cookie: admin }),
      { params: { id: staff.id } },
    );
    expect((made.data as StaffActionResult).resetLink!.url).toMatch(
      /^https:\/\/www\.actschurch\.bh\/members\/set-password\?token=/,
    );
  });

  describe("e-mail changes", () => {
    it("on My account: the password first, a taken or same address refused, then a link to the new address that works once", async () => {
      const staff = await createStaffAccount({ name: "Ruth Mensah" });
      const other = await createStaffAccount();
      const signedIn = await signInWith(staff.email, staff.password);
      const ask = (email: string, emailPassword: string) =>
        callRoute(
          accountAction,
          formRequest(
            "/members/account",
            { intent: "email", email, emailPassword },
            { cookie: signedIn.cookie },
          ),
        );

      const wrong = await ask("ruth.new@example.org", "not my password at all");
      expect(wrong.status).toBe(400);
      expect((wrong.data as ActionResult).fieldErrors).toEqual({
        emailPassword: "That is not your current password.",
      });
      const taken = await ask(other.email.toUpperCase(), staff.password);
      expect(taken.status).toBe(409);
      expect((taken.data as ActionResult).fieldErrors).toEqual({
        email: "Another staff account already uses this e-mail address. Choose another one.",
      });
      const same = await ask(staff.email, staff.password);
      expect(same.status).toBe(400);
      expect(await outboxTo("ruth.new@example.org")).toEqual([]);

      const asked = await ask("Ruth.New@Example.org", staff.password);
      expect(asked.data).toMatchObject({ ok: true, toast: { title: "Check your new address" } });
      const [mail] = await outboxTo("ruth.new@example.org");
      expect(mail!.kind).toBe("account.email-confirmation");
      const token = /\/members\/confirm-email\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
      // Kept only as a hash; the audit entry names the address, not the link.
      expect(await rows("select 1 from verifications where identifier like $1", [`%${token}%`])).toEqual([]);
      const requested = await audit("account.email-change-requested");
      expect(requested.at(-1)).toMatchObject({
        subject_label: staff.email,
        details: { to: "ruth.new@example.org" },
      });
      expect(JSON.stringify(requested)).not.toContain(token);
      // Until the link is used, nothing changes.
      expect((await signInWith(staff.email, staff.password)).status).toBe(302);
      const page = await callRoute(
        accountLoader,
        new Request("http://localhost/members/account", { headers: { cookie: signedIn.cookie } }),
      );
      expect((page.data as { pendingEmail: { to: string } }).pendingEmail.to).toBe("ruth.new@example.org");

      // Opening the link changes nothing (mail scanners open links); the button does.
      const open = await callRoute(
        confirmLoader,
        new Request(`http://localhost/members/confirm-email?token=${token}`),
      );
      expect(open.status).toBe(200);
      expect(open.data).toEqual({ change: { name: "Ruth Mensah", to: "ruth.new@example.org" } });
      expect(open.headers.get("Referrer-Policy")).toBe("no-referrer");
      const confirm = () =>
        callRoute(confirmAction, formRequest(`/members/confirm-email?token=${token}`, { token }));
      const confirmed = await confirm();
      expect(confirmed.data).toMatchObject({ ok: true, values: { email: "ruth.new@example.org" } });
      expect(await rows("select email, email_verified from users where id = $1", [staff.id])).toEqual([
        { email: "ruth.new@example.org", email_verified: true },
      ]);
      // The old address is told.
      const told = await outboxTo(staff.email);
      expect(told.map((entry) => entry.kind)).toEqual(["account.email-changed"]);
      expect(told[0]!.text_body).toContain("ruth.new@example.org");
      expect((await audit("account.email-changed")).at(-1)).toEqual({
        actor_label: staff.email,
        subject_label: staff.email,
        details: { from: staff.email, to: "ruth.new@example.org" },
      });
      // The new address signs in; the old one no longer does; the link is used up.
      expect((await signInWith("ruth.new@example.org", staff.password)).status).toBe(302);
      expect((await signInWith(staff.email, staff.password)).status).toBe(401);
      const again = await confirm();
      expect(again.status).toBe(400);
      expect(
        (await callRoute(confirmLoader, new Request(`http://localhost/members/confirm-email?token=${token}`)))
          .status,
      ).toBe(410);
    });

    it("a confirmation link expires after 24 hours, and an address taken meanwhile is refused", async () => {
      const staff = await createStaffAccount();
      const signedIn = await signInWith(staff.email, staff.password);
      const ask = (email: string) =>
        callRoute(
          accountAction,
          formRequest(
            "/members/account",
            { intent: "email", email, emailPassword: staff.password },
            { cookie: signedIn.cookie },
          ),
        );
      const tokenFor = async (email: string) =>
        /token=([\w-]+)/.exec((await outboxTo(email)).at(-1)!.text_body)![1]!;

      await ask("late.reader@example.org");
      const late = await tokenFor("late.reader@example.org");
      const [row] = await rows<{ expires_at: Date }>(
        "select expires_at from verifications where value = $1 and identifier like 'change-email:%'",
        [staff.id],
      );
      const hours = (new Date(row!.expires_at).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      await rows("update verifications set expires_at = now() - interval '1 minute' where value = $1", [
        staff.id,
      ]);
      const expired = await callRoute(confirmAction, formRequest("/members/confirm-email", { token: late }));
      expect(expired.status).toBe(400);

      await ask("contested@example.org");
      const contested = await tokenFor("contested@example.org");
      await createStaffAccount().then((other) =>
        rows("update users set email = 'contested@example.org' where id = $1", [other.id]),
      );
      const refused = await callRoute(
        confirmAction,
        formRequest("/members/confirm-email", { token: contested }),
      );
      expect(refused.status).toBe(409);
      expect((refused.data as ActionResult).toast.description).toBe(
        "Another staff account already uses this e-mail address. Choose another one.",
      );
      expect(await rows("select email from users where id = $1", [staff.id])).toEqual([
        { email: staff.email },
      ]);
    });

    it("by an admin on the staff screen: at once, the old address told, audited; a taken address refused; a username keeps working", async () => {
      const staff = await createStaffAccount({ name: "Samuel Osei" });
      const other = await createStaffAccount();
      await rows("update users set username = 'samuel', display_username = 'samuel' where id = $1", [
        staff.id,
      ]);
      const change = (email: string) =>
        callRoute(
          staffAction,
          formRequest(`/members/staff/${staff.id}`, { intent: "email", email }, { cookie: admin }),
          { params: { id: staff.id } },
        );

      const taken = await change(other.email);
      expect(taken.status).toBe(409);
      expect((taken.data as ActionResult).fieldErrors).toEqual({
        email: "Another staff account already uses this e-mail address. Choose another one.",
      });
      const invalid = await change("not an address");
      expect(invalid.status).toBe(400);
      expect(await audit("staff.email-changed")).toEqual([]);

      const changed = await change("Samuel.Osei@Example.org");
      expect(changed.data).toMatchObject({ ok: true, toast: { title: "E-mail address changed" } });
      expect(await rows("select email from users where id = $1", [staff.id])).toEqual([
        { email: "samuel.osei@example.org" },
      ]);
      expect((await outboxTo(staff.email)).map((mail) => mail.kind)).toEqual(["account.email-changed"]);
      expect(await audit("staff.email-changed")).toEqual([
        {
          actor_label: TEST_ADMIN.email,
          subject_label: staff.email,
          details: { from: staff.email, to: "samuel.osei@example.org" },
        },
      ]);
      expect((await signInWith("samuel.osei@example.org", staff.password)).status).toBe(302);
      expect((await signInWith("samuel", staff.password)).status).toBe(302);
    });
  });

  describe("reset links an admin makes (recovery without e-mail)", () => {
    const makeLink = (id: string, cookie = admin) =>
      callRoute(staffAction, formRequest(`/members/staff/${id}`, { intent: "reset-link" }, { cookie }), {
        params: { id },
      });

    it("for an active account: shown once, valid one hour, audited without the link, used once, signing the person out everywhere", async () => {
      const staff = await createStaffAccount({ name: "Abena Boateng" });
      const oldSession = await signInCookie(staff.email, staff.password);
      const made = await makeLink(staff.id);
      const link = (made.data as StaffActionResult).resetLink!;
      expect(link).toMatchObject({ name: "Abena Boateng", email: staff.email });
      const token = new URL(link.url).searchParams.get("token")!;
      const entry = (await audit("staff.reset-link-made")).at(-1);
      expect(entry).toMatchObject({ actor_label: TEST_ADMIN.email, subject_label: staff.email });
      const minutes = (new Date(String(entry!.details.expiresAt)).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
      expect(JSON.stringify(await rows("select * from audit_log"))).not.toContain(token);
      // Nothing is e-mailed: the admin passes the link on.
      expect(await outboxTo(staff.email)).toEqual([]);

      const choose = () =>
        callRoute(
          setPasswordAction,
          formRequest("/members/set-password", {
            token,
            password: "quiet harbour lantern",
            confirmPassword: "quiet harbour lantern",
          }),
        );
      expect((await choose()).status).toBe(302);
      expect(
        (await getSession(new Request("http://localhost/members", { headers: { cookie: oldSession } }))).user,
      ).toBeNull();
      expect((await signInWith(staff.email, "quiet harbour lantern")).status).toBe(302);
      expect((await choose()).status).toBe(410);
    });

    it("is refused for one's own account, a disabled one and an invitation not accepted", async () => {
      const made = (await audit("staff.reset-link-made")).length;
      const me = (
        await rows<{ id: string }>("select id from users where email = $1", [TEST_ADMIN.email])
      )[0]!;
      const self = await makeLink(me.id);
      expect(self.status).toBe(409);
      expect((self.data as ActionResult).toast.description).toBe(
        "To change your own password, use My account.",
      );

      const disabled = await createStaffAccount();
      await rows("update users set banned = true where id = $1", [disabled.id]);
      expect((await makeLink(disabled.id)).status).toBe(409);

      const { user: invited } = await t.services.auth.api.createUser({
        body: { email: "invited.person@example.org", name: "Invited Person", role: "staff" },
      });
      const answer = await makeLink(invited.id);
      expect(answer.status).toBe(409);
      expect((answer.data as ActionResult).toast.description).toContain("send the invitation again");
      expect(await audit("staff.reset-link-made")).toHaveLength(made);
    });
  });

  it("the dashboard of an admin with no set-up pending opens as usual", async () => {
    const answer = await callRoute(
      dashboardLoader,
      new Request("http://localhost/members", { headers: { cookie: admin } }),
    );
    expect(answer.status).toBe(200);
  });
});
