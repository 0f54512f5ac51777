import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, can, type Permission, type Role } from "~/lib/permissions";
import routes from "~/routes";
import {
  callRoute,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Who may reach which members screen, written out route by route: the expected answer for every
// role. A route added to the route table without a line here fails the first test.
// "signed-in": any staff account; "public": no account needed (it has its own tests).
const ROUTE_ACCESS: Record<string, Permission | "signed-in" | "public"> = {
  "members/login": "public",
  "members/logout": "signed-in",
  members: "signed-in",
  "members/forms": "public",
  "members/details": "members:read",
  "members/import": "members:write",
  "members/import/:id": "members:write",
  "members/profile/:id": "members:read",
  "members/profile/:id/export": "members:read",
  "members/profile/:id/erase": "members:erase",
  "members/profile/:id/data": "members:read",
  "members/privacy/people": "members:read",
  "members/privacy/people/erase": "members:erase",
  "members/privacy/people/export": "members:read",
  "members/edit/:id": "members:write",
  "members/deleted": "members:write",
  "members/updates": "members:write",
  "members/reports": "reports:read",
  "members/reports/export/:report": "reports:read",
  "members/upload": "content:write",
  "members/upload/save": "content:write",
  "members/add-sermon": "content:write",
  "members/add-sermon/save": "content:write",
  "members/add-ministry-video": "content:write",
  "members/add-event": "content:write",
  "members/add-event/save": "content:write",
  "members/update-ministry-image": "content:write",
  "members/update-ministry-image/save": "content:write",
  "members/ministry-registrations": "registrations:read",
  "members/event-registrations": "registrations:read",
  "members/events/:id/check-in": "registrations:check-in",
  "members/registrations/export/:kind": "registrations:read",
  "members/notifications": "messages:read",
  "members/messages": "messages:read",
  "members/messages/outbox": "messages:read",
  "members/messages/:id": "messages:read",
  "members/site": "site:write",
  "members/site/pastors/portrait": "site:write",
  "members/site/ministries/:slug": "site:write",
  "members/site/:section": "site:write",
  "members/audit": "audit:read",
  "members/audit/export": "audit:read",
  "members/privacy": "privacy:manage",
  "members/settings": "settings:manage",
  "members/settings/email": "settings:manage",
  "members/backups": "backups:manage",
  "members/backups/restore/:name": "backups:manage",
  "members/backups/download/:name": "backups:manage",
  "members/backups/upload": "backups:manage",
  "members/account": "signed-in",
  "members/account/two-factor": "signed-in",
  "members/login/two-factor": "public",
  "members/staff": "staff:manage",
  "members/staff/:id": "staff:manage",
  "members/forgot-password": "public",
  "members/set-password": "public",
  "members/confirm-email": "public",
  "members/settings/site-address": "settings:manage",
  "members/welcome": "settings:manage",
};

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const membersRoutes = flatten(routes as RouteConfigEntry[]).filter(
  (route) => route.path === "members" || route.path.startsWith("members/"),
);

/** A real value for each parameter, so an allowed request reaches the screen's own answer. */
const PARAMS: Record<string, string> = {
  report: "members",
  kind: "ministry",
  slug: "amplify",
  section: "church",
};

function concrete(pattern: string) {
  const params: Record<string, string> = {};
  const path = pattern.replace(
    /:(\w+)\??/g,
    (_m, name: string) => (params[name] = PARAMS[name] ?? crypto.randomUUID()),
  );
  return { path: `/${path}`, params };
}

function allowed(role: Role, rule: Permission | "signed-in" | "public") {
  return rule === "signed-in" || rule === "public" || can({ role }, rule);
}

describe("the role x route table", () => {
  let t: TestServices;
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await startTestServices("pglite");
    for (const role of ROLES) {
      const email = `${role}-walker@test.local`;
      await t.services.auth.api.createUser({
        body: { email, password: "walker password 42", name: `${role} walker`, role },
      });
      cookies[role] = await signInCookie(email, "walker password 42");
    }
  });
  afterAll(async () => {
    await t.stop();
  });

  it("names every members route", () => {
    expect(membersRoutes.map((route) => route.path).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  const cases = ROLES.flatMap((role) =>
    membersRoutes
      .filter((route) => ROUTE_ACCESS[route.path] !== "public")
      .map((route) => ({ role, ...route, rule: ROUTE_ACCESS[route.path]! })),
  );

  it.each(cases)("$role on /$path ($rule)", async ({ role, path: pattern, file, rule }) => {
    const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as Record<string, unknown>;
    const { path, params } = concrete(pattern);
    const expectAnswer = (status: number, location: string | null) => {
      if (allowed(role, rule)) {
        expect(status, `${role} must reach ${path}`).not.toBe(403);
        expect(location ?? "").not.toMatch(/^\/members\/login/);
      } else {
        expect(status, `${role} must be refused ${path}`).toBe(403);
      }
    };
    const get = await callRoute(
      module.loader,
      new Request(`http://localhost${path}`, { headers: { cookie: cookies[role] } }),
      {
        params,
      },
    );
    expectAnswer(get.status, get.response?.headers.get("location") ?? null);
    // Actions are only tried where the role is refused: an allowed POST would change data.
    if (module.action && !allowed(role, rule)) {
      const post = await callRoute(
        module.action,
        formRequest(path, { intent: "delete", id: crypto.randomUUID() }, { cookie: cookies[role] }),
        { params },
      );
      expectAnswer(post.status, post.response?.headers.get("location") ?? null);
    }
  });
});
