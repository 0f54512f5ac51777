import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActionResult } from "~/lib/action-result";
import { action as forgotAction, loader as forgotLoader } from "~/routes/members/auth/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/members/auth/login";
import {
  action as setPasswordAction,
  headers as setPasswordHeaders,
  loader as setPasswordLoader,
} from "~/routes/members/auth/set-password";
import { getSession } from "~/server/auth/guards.server";
import { createPasswordLink } from "~/server/auth/password-links.server";
import { sendDueEmails } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import {
  runAfterResponse,
  runInRequestScope,
  type RequestScope,
} from "~/server/platform/request-scope.server";
import { startSmtpServer } from "../helpers/smtp";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// "Forgot password?" and the set-password page, through their loaders and actions, with the
// e-mail going out through the outbox to a real SMTP server; then the sign-in lockout, which the
// e-mailed link opens again.

const FROM = '"ACTS Church" <office@church.example.org>';
const LINK_INVALID = /This link has expired or was already used/;
const SAME_ANSWER =
  "If an account uses this address, we have sent it a link to choose a new password. It works for one hour. Check your spam folder too.";

describe.each(databaseKinds)("forgot password and password links on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  const rows = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
    transport = createMailTransport({ url: smtp.url, from: FROM });
  });
  afterEach(async () => {
    smtp.received.length = 0;
    await rows("delete from outbox_emails");
    await rows("delete from rate_limits");
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    await t.stop();
  });

  /** A staff account; without a password it is one that was invited and has not chosen one yet. */
  async function makeAccount(password?: string, name = "Grace Okafor") {
    const email = `${name.split(" ")[0]!.toLowerCase()}.${crypto.randomBytes(4).toString("hex")}@example.org`;
    const { user } = await t.services.auth.api.createUser({ body: { email, name, password, role: "staff" } });
    return { id: user.id, email, name };
  }

  /** A different connection each time unless one is given, so only the limit under test counts. */
  let addresses = 0;
  function someAddress() {
    addresses += 1;
    return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  }

  async function forgot(email: string, clientIp = someAddress()) {
    return callRoute(forgotAction, formRequest("/members/forgot-password", { email }), { clientIp });
  }

  async function login(email: string, password: string, clientIp = someAddress()) {
    return callRoute(loginAction, formRequest("/members/login", { username: email, password }), { clientIp });
  }

  function openLink(token: string) {
    return callRoute(
      setPasswordLoader,
      new Request(`http://localhost/members/set-password?token=${encodeURIComponent(token)}`),
    );
  }

  function choose(token: string, password: string, confirmPassword = password) {
    return callRoute(
      setPasswordAction,
      formRequest(`/members/set-password?token=${encodeURIComponent(token)}`, {
        token,
        password,
        confirmPassword,
      }),
    );
  }

  /** Sends what waits in the outbox and returns the token of the link in the one e-mail to `email`. */
  async function tokenFromEmail(email: string): Promise<string> {
    await sendDueEmails(transport, FROM);
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    const match = /http:\/\/localhost\/members\/set-password\?token=([\w-]+)/.exec(mails[0]!.text ?? "");
    expect(match, "the e-mail holds a set-password link").not.toBeNull();
    return match![1]!;
  }

  async function outboxCount(email: string) {
    const [row] = await rows<{ n: number }>(
      "select count(*)::int as n from outbox_emails where to_address = $1",
      [email],
    );
    return row!.n;
  }

  it("the whole round trip: one e-mail with a link, a new password, old sessions gone, the link used up", async () => {
    const account = await makeAccount("first password 123");
    const oldSession = await signInCookie(account.email, "first password 123");

    const asked = await forgot(account.email.toUpperCase());
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ ok: true, toast: { description: SAME_ANSWER } });

    const token = await tokenFromEmail(account.email);
    const [mail] = smtp.to(account.email);
    expect(mail!.subject).toBe("Reset your password");
    expect(mail!.text).toContain("It works once, for one hour");
    // The link's secret is kept only as a hash: a copy of the database hands out no working link.
    expect(await rows("select 1 from verifications where identifier like $1", [`%${token}%`])).toEqual([]);

    const page = await openLink(token);
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ link: { purpose: "reset", name: account.name, email: account.email } });
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const saved = await choose(token, "new lamp river orchard");
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get("location")).toBe("/members/login?password=set");

    // Signed out everywhere; the old password is gone, the new one works.
    const replay = new Request("http://localhost/members", { headers: { cookie: oldSession } });
    expect((await getSession(replay)).user).toBeNull();
    expect((await login(account.email, "first password 123")).status).toBe(401);
    expect((await login(account.email, "new lamp river orchard")).status).toBe(302);

    // Used once only.
    expect((await openLink(token)).status).toBe(410);
    const again = await choose(token, "another pass phrase here");
    expect(again.status).toBe(410);
    expect((again.data as ActionResult).toast.description).toMatch(LINK_INVALID);
    expect((await login(account.email, "another pass phrase here")).status).toBe(401);

    const audit = await rows<{ action: string; actor_label: string }>(
      "select action, actor_label from audit_log where subject_id = $1 and action like 'auth.password%' order by at",
      [account.id],
    );
    expect(audit).toEqual([
      { action: "auth.password-reset-requested", actor_label: "visitor" },
      { action: "auth.password-reset", actor_label: account.email },
    ]);
  });

  it("gives an unknown address the same answer and sends nothing", async () => {
    const known = await makeAccount("first password 123");
    const forKnown = await forgot(known.email);
    const forUnknown = await forgot("nobody.here@example.org");
    expect(forUnknown.status).toBe(forKnown.status);
    expect((forUnknown.data as ActionResult).toast).toEqual((forKnown.data as ActionResult).toast);
    expect(await outboxCount("nobody.here@example.org")).toBe(0);
    expect(await outboxCount(known.email)).toBe(1);
  });

  it("answers a known and an unknown address after the same work: the link and its e-mail are made once the answer has left", async () => {
    const known = await makeAccount("first password 123");
    const stranger = `nobody.${crypto.randomBytes(4).toString("hex")}@example.org`;
    const counts = async () =>
      (
        await rows<Record<string, number>>(
          `select (select count(*) from outbox_emails)::int as emails,
                  (select count(*) from verifications)::int as links,
                  (select count(*) from audit_log)::int as audit,
                  (select count(*) from rate_limits)::int as limits`,
        )
      )[0]!;
    /** What a request as the server handles it writes before its answer, and what it leaves for after. */
    async function ask(email: string) {
      const scope: RequestScope = { clientIp: someAddress(), afterResponse: [] };
      const before = await counts();
      const answer = await runInRequestScope(scope, () => forgot(email, scope.clientIp));
      const after = await counts();
      const written = Object.fromEntries(
        Object.entries(after).map(([table, n]) => [table, n - before[table]!]),
      );
      return { scope, answer, written };
    }
    const forKnown = await ask(known.email);
    const forStranger = await ask(stranger);
    expect(forKnown.answer.status).toBe(forStranger.answer.status);
    expect((forKnown.answer.data as ActionResult).toast).toEqual(
      (forStranger.answer.data as ActionResult).toast,
    );
    // The same writes before either answer (the two rate-limit counters), nothing of an account.
    expect(forKnown.written).toEqual({ emails: 0, links: 0, audit: 0, limits: 2 });
    expect(forStranger.written).toEqual(forKnown.written);
    expect(forKnown.scope.afterResponse).toHaveLength(1);
    expect(forStranger.scope.afterResponse).toHaveLength(1);

    // Once the answers have left, the known address gets its e-mail, the other nothing.
    await runAfterResponse(forKnown.scope);
    await runAfterResponse(forStranger.scope);
    expect(await outboxCount(known.email)).toBe(1);
    expect(await outboxCount(stranger)).toBe(0);
    // The audit log still says from which address the request came.
    const [entry] = await rows<{ ip: string }>(
      "select ip from audit_log where subject_id = $1 and action = 'auth.password-reset-requested'",
      [known.id],
    );
    expect(entry!.ip).toBe(forKnown.scope.clientIp);
  });

  it("sends nothing to a disabled account, and answers the same", async () => {
    const account = await makeAccount("first password 123");
    await rows("update users set banned = true where id = $1", [account.id]);
    const asked = await forgot(account.email);
    expect((asked.data as ActionResult).toast.description).toBe(SAME_ANSWER);
    expect(await outboxCount(account.email)).toBe(0);
  });

  it("says what is wrong with the address, and sends nothing", async () => {
    for (const [email, message] of [
      ["", "Please enter your e-mail address."],
      ["grace at example", "Please enter a valid e-mail address, like name@example.com."],
      [`${"a".repeat(250)}@example.org`, "Please enter a valid e-mail address, like name@example.com."],
    ] as const) {
      const result = await forgot(email);
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, fieldErrors: { email: message } });
    }
    expect(await rows("select 1 from outbox_emails")).toEqual([]);
  });

  it("sends one address at most 3 links an hour, and still answers the same", async () => {
    const account = await makeAccount("first password 123");
    for (let i = 0; i < 4; i++) {
      const result = await forgot(account.email, `192.0.2.${10 + i}`);
      expect(result.status).toBe(200);
      expect((result.data as ActionResult).toast.description).toBe(SAME_ANSWER);
    }
    expect(await outboxCount(account.email)).toBe(3);
  });

  it("lets one connection ask 10 times an hour, then asks it to wait", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await forgot(`someone${i}@example.org`, "192.0.2.99")).status).toBe(200);
    }
    const refused = await forgot("someone.else@example.org", "192.0.2.99");
    expect(refused.status).toBe(429);
    expect((refused.data as ActionResult).toast.description).toBe(
      "Too many requests, please wait 60 minutes and try again.",
    );
    expect(await outboxCount("someone.else@example.org")).toBe(0);
    // Another connection is not held up.
    expect((await forgot("someone.else@example.org", "192.0.2.100")).status).toBe(200);
  });

  it("says whether this site sends e-mail, for the answer's note", async () => {
    expect(
      (await callRoute(forgotLoader, new Request("http://localhost/members/forgot-password"))).data,
    ).toEqual({
      emailConfigured: true,
    });
  });

  it("refuses an expired link, and keeps the password", async () => {
    const account = await makeAccount("first password 123");
    const link = await createPasswordLink(account.id, "reset", "http://localhost");
    // The stored identifier is a hash of the token; the account's id is the row's value.
    await rows("update verifications set expires_at = now() - interval '1 minute' where value = $1", [
      account.id,
    ]);

    const page = await openLink(link.token);
    expect(page.status).toBe(410);
    expect(page.data).toEqual({ link: null });
    const saved = await choose(link.token, "new lamp river orchard");
    expect(saved.status).toBe(410);
    expect((saved.data as ActionResult).toast.description).toMatch(LINK_INVALID);
    expect((await login(account.email, "first password 123")).status).toBe(302);
  });

  it("refuses an unknown or missing token", async () => {
    expect((await openLink("not-a-real-token")).data).toEqual({ link: null });
    const none = await callRoute(setPasswordLoader, new Request("http://localhost/members/set-password"));
    expect(none.status).toBe(410);
    expect((await choose("", "new lamp river orchard")).status).toBe(410);
  });

  it("checks the new password (length, both the same, not common) and keeps the link for another try", async () => {
    const account = await makeAccount("first password 123");
    const { token } = await createPasswordLink(account.id, "reset", "http://localhost");
    const cases = [
      ["short", "short", { password: "The password must be at least 10 characters." }],
      [
        "new lamp river orchard",
        "new lamp river orchid",
        { confirmPassword: "The two passwords are not the same." },
      ],
      ["password123456", "password123456", { password: expect.stringMatching(/too common/) as unknown }],
      ["qwertyuiop", "qwertyuiop", { password: expect.stringMatching(/too common/) as unknown }],
    ] as const;
    for (const [password, confirmPassword, fieldErrors] of cases) {
      const result = await choose(token, password, confirmPassword);
      expect(result.status).toBe(400);
      expect((result.data as ActionResult).fieldErrors).toEqual(fieldErrors);
    }
    expect((await openLink(token)).status).toBe(200);
    expect((await choose(token, "new lamp river orchard")).status).toBe(302);
  });

  it("ends the account's other links once one of them is used", async () => {
    const account = await makeAccount("first password 123");
    await forgot(account.email);
    const first = await tokenFromEmail(account.email);
    smtp.received.length = 0;
    await forgot(account.email);
    const second = await tokenFromEmail(account.email);
    expect(first).not.toBe(second);

    expect((await choose(second, "new lamp river orchard")).status).toBe(302);
    expect((await openLink(first)).status).toBe(410);
    expect((await choose(first, "another pass phrase here")).status).toBe(410);
  });

  it("an invitation: the welcome page, and the first password is set", async () => {
    const invited = await makeAccount(undefined, "Samuel Mensah");
    await rows("update users set must_change_password = true where id = $1", [invited.id]);
    const link = await createPasswordLink(invited.id, "invitation", "http://localhost");
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 60 * 60 * 1000);

    const page = await openLink(link.token);
    expect(page.data).toEqual({
      link: { purpose: "invitation", name: "Samuel Mensah", email: invited.email },
    });

    const chosen = await choose(link.token, "quiet harbour blue kettle");
    expect(chosen.status).toBe(302);
    expect(chosen.response!.headers.get("location")).toBe("/members/login?password=set");
    // The sign-in page it leads to has the address filled in (once; never in the page's address).
    const next = new Request("http://localhost/members/login?password=set", {
      headers: { cookie: cookieHeaderFrom(chosen.response!) },
    });
    const signInPage = await callRoute(loginLoader, next);
    expect(signInPage.data).toEqual({ email: invited.email });
    expect(signInPage.headers.getSetCookie().join()).toMatch(/church\.sign_in_as=;.*Max-Age=0/);
    expect((await callRoute(loginLoader, new Request("http://localhost/members/login"))).data).toEqual({
      email: null,
    });
    const signedIn = await login(invited.email, "quiet harbour blue kettle");
    expect(signedIn.status).toBe(302);
    expect(signedIn.response!.headers.get("location")).toBe("/members");
    const [user] = await rows("select must_change_password, email_verified from users where id = $1", [
      invited.id,
    ]);
    expect(user).toEqual({ must_change_password: false, email_verified: true });
    expect(
      await rows(
        "select action from audit_log where subject_id = $1 and action = 'staff.invitation-accepted'",
        [invited.id],
      ),
    ).toHaveLength(1);
  });

  it("keeps the link out of referrers and caches, on every answer", () => {
    expect(setPasswordHeaders()).toEqual({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
  });

  describe("the sign-in lockout", () => {
    /** The 10-second windows (per account, per connection) pass, as they would between tries. */
    async function tenSecondsLater() {
      await rows(
        "update rate_limits set reset_at = now() - interval '1 second' where key like '%|burst' or key like 'signin:ip:%'",
      );
    }

    async function failFrom(email: string, clientIp: string) {
      await tenSecondsLater();
      return login(email, "a wrong guess", clientIp);
    }

    it("a stranger's failures shut only the stranger's address; 20 from anywhere lock the account; the reset link opens it", async () => {
      const owner = await makeAccount("owner password 123", "Ruth Adebayo");
      const stranger = "203.0.113.66";

      // Five wrong passwords from one address shut that address out of the account, and only it.
      for (let i = 0; i < 5; i++) expect((await failFrom(owner.email, stranger)).status).toBe(401);
      await tenSecondsLater();
      const shut = await login(owner.email, "owner password 123", stranger);
      expect(shut.status).toBe(429);
      expect((shut.data as ActionResult).toast.description).toMatch(/Use “Forgot password\?”/);
      await tenSecondsLater();
      expect((await login(owner.email, "owner password 123", "192.0.2.200")).status).toBe(302);

      // Twenty from as many addresses lock the account wherever its owner has never signed in,
      // even with the right password; where the owner has signed in before, they still can.
      for (let i = 0; i < 20; i++)
        expect((await failFrom(owner.email, `203.0.113.${100 + i}`)).status).toBe(401);
      await tenSecondsLater();
      const locked = await login(owner.email, "owner password 123", "192.0.2.201");
      expect(locked.status).toBe(429);
      expect((locked.data as ActionResult).toast.description).toBe(
        "This account is locked for a while after too many failed sign-ins. Use “Forgot password?” to get back in now.",
      );
      expect((await login(owner.email, "owner password 123", "192.0.2.200")).status).toBe(302);

      // Away from it, the owner asks for a link, chooses a new password and is in at once.
      await forgot(owner.email, "192.0.2.201");
      const token = await tokenFromEmail(owner.email);
      expect((await choose(token, "owner new pass phrase")).status).toBe(302);
      const back = await login(owner.email, "owner new pass phrase", "192.0.2.201");
      expect(back.status).toBe(302);
      expect(cookieHeaderFrom(back.response!)).toMatch(/church\.session_token=/);
      // Some thirty sign-ins, each checking a password on purpose slowly: more than the default
      // 30 seconds on a busy two-core machine.
    }, 120_000);

    it("a reset also opens an account whose failures were counted under its username", async () => {
      const owner = await makeAccount("owner password 123", "Ada Nwosu");
      await rows("update users set username = $1 where id = $2", [`ada${owner.id.slice(0, 6)}`, owner.id]);
      const username = `ada${owner.id.slice(0, 6)}`;
      for (let i = 0; i < 20; i++)
        expect((await failFrom(username, `203.0.113.${150 + i}`)).status).toBe(401);
      await tenSecondsLater();
      expect((await login(username, "owner password 123")).status).toBe(429);

      const { token } = await createPasswordLink(owner.id, "reset", "http://localhost");
      expect((await choose(token, "owner new pass phrase")).status).toBe(302);
      expect((await login(username, "owner new pass phrase")).status).toBe(302);
    }, 120_000);
  });
});
