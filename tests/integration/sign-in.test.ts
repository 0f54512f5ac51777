import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ActionResult } from "~/lib/action-result";
import { rateLimits } from "../../database/schema";
import { action as loginAction, loader as loginLoader } from "~/routes/members/auth/login";
import { action as logoutAction } from "~/routes/members/auth/logout";
import { createOrResetAdmin } from "~/server/auth/accounts.server";
import { getSession } from "~/server/auth/guards.server";
import { takeToast } from "~/server/http/toast.server";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

describe.each(databaseKinds)("signing in on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
    await t.services.db.update((await import("../../database/schema")).users).set({ username: "pastor.ana" });
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(rateLimits);
  });

  async function login(fields: Record<string, string>, clientIp = "192.0.2.10") {
    return callRoute(loginAction, formRequest("/members/login", fields), { clientIp });
  }

  it("signs in with the e-mail address, sets an http-only session cookie and says so on /members", async () => {
    const result = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("location")).toBe("/members");

    const cookies = result.response!.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("church.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);

    const next = new Request("http://localhost/members", {
      headers: { cookie: cookieHeaderFrom(result.response!) },
    });
    expect((await getSession(next)).user?.email).toBe(TEST_ADMIN.email);
    expect((await takeToast(next)).toast?.title).toBe("Login Successful!");
  });

  it("signs in with a username too, and goes back where the visitor was headed", async () => {
    const result = await login({
      username: "Pastor.Ana",
      password: TEST_ADMIN.password,
      redirectTo: "/members/details?q=ana",
    });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("location")).toBe("/members/details?q=ana");
  });

  it("never redirects to another site after signing in, even by a path that normalises to one", async () => {
    for (const redirectTo of [
      "//evil.example/x",
      // Each of these resolves to "//evil.example/x", which a browser reads as another host.
      "/.//evil.example/x",
      "/%2e//evil.example/x",
      "/a/..//evil.example/x",
    ]) {
      const result = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password, redirectTo });
      expect(result.status).toBe(302);
      expect(result.response!.headers.get("location"), redirectTo).toBe("/members");
    }
  });

  it("marks cookies Secure when the site is reached over https", async () => {
    const request = new Request("https://church.example/members/login", {
      method: "POST",
      body: new URLSearchParams({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const result = await callRoute(loginAction, request, { clientIp: "192.0.2.11" });
    for (const cookie of result.response!.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure/);
  });

  it("refuses a wrong password with the reason and keeps the username", async () => {
    const result = await login({ username: TEST_ADMIN.email, password: "not the password" });
    expect(result.status).toBe(401);
    expect(result.data).toMatchObject({
      toast: { description: "Invalid username or password." },
      values: { username: TEST_ADMIN.email },
    });
  });

  it("refuses empty fields with the spec's message", async () => {
    const result = await login({ username: "", password: "" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      toast: { description: "You must provide either an email or phone number and a password" },
    });
  });

  it("refuses the 4th bad try within 10 seconds from one client", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login({ username: `nobody${i}@test.local`, password: "wrong password" })).status).toBe(
        401,
      );
    }
    const fourth = await login({ username: "someone@test.local", password: "wrong password" });
    expect(fourth.status).toBe(429);
    expect((fourth.data as ActionResult).toast.description).toMatch(/^Too many attempts/);
    // Even the right password waits: the limit is checked before the password.
    expect((await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password })).status).toBe(429);
  });

  it("refuses the 4th bad try within 10 seconds on one account, from any address", async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await login({ username: TEST_ADMIN.email, password: "wrong password" }, `198.51.100.${i}`)).status,
      ).toBe(401);
    }
    expect(
      (await login({ username: TEST_ADMIN.email, password: "wrong password" }, "198.51.100.99")).status,
    ).toBe(429);
  });

  it("answers each further wrong password from one address more slowly", async () => {
    const took: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect(
        (await login({ username: TEST_ADMIN.email, password: "wrong password" }, "192.0.2.77")).status,
      ).toBe(401);
      took.push(performance.now() - started);
    }
    expect(took[1]).toBeGreaterThanOrEqual(250);
    expect(took[2]).toBeGreaterThanOrEqual(500);
  });

  it("does not count successful sign-ins against the church's shared address", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password })).status).toBe(302);
    }
  });

  it("lets a church office where everyone shares one address sign in together", async () => {
    const together = await Promise.all(
      Array.from({ length: 6 }, () =>
        login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, "192.0.2.90"),
      ),
    );
    expect(together.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 302]);
  });

  it("gives an address where someone has signed in more room for mistakes than a stranger's", async () => {
    expect(
      (await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, "192.0.2.91")).status,
    ).toBe(302);
    for (let i = 0; i < 4; i++) {
      expect((await login({ username: `typo${i}@test.local`, password: "wrong" }, "192.0.2.91")).status).toBe(
        401,
      );
      expect(
        (await login({ username: `typo${i}@test.local`, password: "wrong" }, "198.51.100.91")).status,
      ).toBe(i < 3 ? 401 : 429);
    }
  });

  it("sends a signed-in visitor from the login page to /members", async () => {
    const signedIn = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const request = new Request("http://localhost/members/login", {
      headers: { cookie: cookieHeaderFrom(signedIn.response!) },
    });
    const result = await callRoute(loginLoader, request);
    expect(result.response!.headers.get("location")).toBe("/members");
  });

  it("gives a new session token at every sign-in, and sign-out kills the old cookie", async () => {
    const first = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const second = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const cookie = cookieHeaderFrom(first.response!);
    expect(cookie).not.toBe(cookieHeaderFrom(second.response!));

    const out = await callRoute(logoutAction, formRequest("/members/logout", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(out.response!.headers.get("location")).toBe("/");
    expect(
      out
        .response!.headers.getSetCookie()
        .some((c) => c.startsWith("church.session_token=;") || /Max-Age=0/i.test(c)),
    ).toBe(true);

    const replay = new Request("http://localhost/members", { headers: { cookie } });
    expect((await getSession(replay)).user).toBeNull();
  });

  it("keeps a reset password's old sessions out", async () => {
    const signedIn = await login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const cookie = cookieHeaderFrom(signedIn.response!);
    await createOrResetAdmin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(
      (await getSession(new Request("http://localhost/members", { headers: { cookie } }))).user,
    ).toBeNull();
  });
});
