import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { callRoute, formRequest, startTestServices, type TestServices } from "../helpers/test-services";

// Reachable without signing in: the login page itself and its second step (which needs the
// password's challenge cookie instead), "Forgot password?" and the page its links
// open (password-reset.test.ts), and the registration form, which is locked by the shared
// passcode instead (it has its own tests).
const OPEN_MEMBERS_ROUTES = new Set([
  "members/login",
  "members/login/two-factor",
  "members/forms",
  "members/forgot-password",
  "members/set-password",
  // The link that confirms a new e-mail address (office-accounts.test.ts)
  "members/confirm-email",
]);

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const membersRoutes = flatten(routes as RouteConfigEntry[]).filter(
  (r) => (r.path === "members" || r.path.startsWith("members/")) && !OPEN_MEMBERS_ROUTES.has(r.path),
);

function concretePath(pattern: string) {
  const params: Record<string, string> = {};
  const path = pattern.replace(/:(\w+)\??/g, (_m, name: string) => (params[name] = crypto.randomUUID()));
  return { path: `/${path}`, params };
}

describe("every members route refuses an anonymous visitor", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });

  it("finds the members routes in the route table", () => {
    expect(membersRoutes.map((r) => r.path)).toContain("members");
    expect(membersRoutes.length).toBeGreaterThanOrEqual(2);
  });

  it.each(membersRoutes)("/$path", async (route) => {
    const module = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as Record<string, unknown>;
    const { path, params } = concretePath(route.path);

    // A members screen without a loader would render for anyone: every one must have a guard.
    expect(module.loader, `${route.file} must export a loader that calls requireUser`).toBeTypeOf("function");

    const get = await callRoute(module.loader, new Request(`http://localhost${path}`), { params });
    expect(get.status).toBe(302);
    expect(get.response!.headers.get("location")).toMatch(/^\/members\/login(\?|$)/);

    if (module.action) {
      const post = await callRoute(
        module.action,
        formRequest(path, { intent: "delete", id: crypto.randomUUID() }),
        { params },
      );
      expect(post.status).toBe(302);
      expect(post.response!.headers.get("location")).toMatch(/^\/members\/login(\?|$)/);
    }
  });
});

describe("the way back after signing in", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });

  it("names the page, not the router's data address, when a session ends during a visit", async () => {
    const { loader } = await import("~/routes/members/people/member-list");
    // What the browser asks for when a signed-in page moves to the member list with a search.
    const request = new Request(
      "http://localhost/members/details.data?q=ana&_routes=routes%2Fmembers%2Fmember-list",
    );
    const answer = await callRoute(loader, request);
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toBe(
      `/members/login?redirectTo=${encodeURIComponent("/members/details?q=ana")}`,
    );
  });
});
