import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { staffRoles, users } from "../../database/schema";
import { PRESETS, PRESET_KEYS, type Access, type Permission } from "~/lib/permissions";
import { mayOpen } from "~/lib/members-nav";
import { WEBSITE_PERMISSIONS } from "~/schemas/site-sections";
import routes from "~/routes";
import {
  callRoute,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Who may reach which members screen: each route names the permission it needs (any one of a
// list), and the expected answer for every role comes from the permission table (can()): every
// built-in role, and one of the church's own ("Sermons volunteer": sermons and media, edit).
// A route added to the route table without a line here fails the first test.
// "signed-in": any staff account; "public": no account needed (it has its own tests).
type Rule = Permission | readonly Permission[] | "signed-in" | "public";
const ROUTE_ACCESS: Record<string, Rule> = {
  "members/login": "public",
  "members/logout": "signed-in",
  members: "signed-in",
  "members/forms": "public",
  "members/details": "members:read",
  "members/import": "members:write",
  "members/import/:id": "members:write",
  "members/profile/:id": "members:read",
  "members/profile/:id/export": "members:export",
  "members/profile/:id/erase": "members:erase",
  "members/profile/:id/data": "members:export",
  // Issue 38: logging and deleting pastoral visits from the profile's care card
  "members/profile/:id/visits": "care:write",
  "members/privacy/people": "members:export",
  "members/privacy/people/erase": "members:erase",
  "members/privacy/people/export": "members:export",
  "members/edit/:id": "members:write",
  "members/deleted": "members:write",
  "members/updates": "members:write",
  "members/reports": "reports:read",
  "members/reports/export/:report": "reports:read",
  "members/upload": "library:write",
  "members/upload/save": "library:write",
  "members/add-sermon": "sermons:write",
  "members/add-sermon/save": "sermons:write",
  "members/add-ministry-video": "ministry-media:write",
  "members/add-event": "events:write",
  "members/add-event/save": "events:write",
  "members/update-ministry-image": "ministry-media:write",
  "members/update-ministry-image/save": "ministry-media:write",
  "members/ministry-registrations": "registrations:read",
  "members/event-registrations": "event-registrations:read",
  "members/events/:id/check-in": "registrations:check-in",
  // The walk asks for the ministry sign-ups (:kind is "ministry"); the events' download needs
  // event-registrations:read (ministry-scope.test.ts refuses it to a ministry head).
  "members/registrations/export/:kind": "registrations:read",
  "members/notifications": "messages:read",
  "members/messages": "messages:read",
  "members/messages/outbox": "messages:read",
  "members/messages/:id": "messages:read",
  "members/announcements": "announcements:send",
  "members/announcements/:id": "announcements:send",
  "members/announcements/preview": "announcements:send",
  "members/announcements/lists": "announcements:lists",
  "members/announcements/lists/:id": "announcements:lists",
  // Serving rosters (issue 36): seeing them, and the seat chooser and a new team to change them
  "members/rosters": "rosters:read",
  "members/rosters/teams/new": "rosters:write",
  "members/rosters/teams/:teamId": "rosters:read",
  "members/rosters/teams/:teamId/positions/:positionId": "rosters:read",
  "members/rosters/teams/:teamId/schedule": "rosters:read",
  "members/rosters/teams/:teamId/schedule/seat": "rosters:write",
  "members/rosters/teams/:teamId/schedule/export": "rosters:read",
  "members/rosters/services/:serviceId": "rosters:read",
  "members/rosters/services/:serviceId/print": "rosters:read",
  "members/rosters/services/:serviceId/export": "rosters:read",
  "members/rosters/events/:eventId": "rosters:read",
  // Groups and attendance (issue 37): seeing them, and a new group to change them
  "members/groups": "groups:read",
  "members/groups/new": "groups:write",
  "members/groups/:groupId": "groups:read",
  "members/groups/:groupId/attendance": "groups:read",
  "members/groups/not-seen": "groups:read",
  // Care (issue 38): each account's own daily e-mail of its follow-ups
  "members/care/digest": "care:read",
  "members/attendance": "groups:read",
  "members/reports/attendance": "groups:read",
  "members/reports/attendance/export/:table": "groups:read",
  // Care and follow-up (issue 38): reading follow-ups and workflows, starting one, making a workflow
  "members/care": "care:read",
  "members/care/new": "care:write",
  "members/care/:followUpId": "care:read",
  "members/care/workflows": "care:read",
  "members/care/workflows/new": "care:workflows",
  "members/care/workflows/:workflowId": "care:read",
  // Prayer requests (issue 38): the prayer team reads, records; a private one needs
  // pastoral:private (prayer-staff.test.ts refuses it with 403)
  "members/prayer": "prayer:read",
  "members/prayer/new": "prayer:write",
  "members/prayer/:requestId": "prayer:read",
  "members/site": WEBSITE_PERMISSIONS,
  "members/site/pastors/portrait": "site:write",
  "members/site/ministries/:slug": "ministry-page:write",
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
  "members/staff/roles": "staff:manage",
  "members/staff/roles/:id": "staff:manage",
  "members/forgot-password": "public",
  "members/set-password": "public",
  "members/confirm-email": "public",
  "members/settings/site-address": "settings:manage",
  "members/welcome": "settings:manage",
  "members/announcements/digest": "settings:manage",
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

const SERMONS_VOLUNTEER: Access = { levels: { sermons: "edit" }, ministryOnly: false };

/** Every role the walk signs in with: the presets and a role of the church's own. */
const ROLES: Record<string, Access> = {
  ...Object.fromEntries(PRESET_KEYS.map((key) => [key, PRESETS[key]])),
  "sermons-volunteer": SERMONS_VOLUNTEER,
};

function allowed(role: string, rule: Rule) {
  return rule === "signed-in" || rule === "public" || mayOpen(ROLES[role]!, rule);
}

describe("the role x route table", () => {
  let t: TestServices;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServices("pglite");
    const [volunteer] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Sermons volunteer", levels: SERMONS_VOLUNTEER.levels })
      .returning();
    for (const role of Object.keys(ROLES)) {
      const email = `${role}-walker@test.local`;
      const { user } = await t.services.auth.api.createUser({
        body: { email, password: "walker password 42", name: `${role} walker`, role: "staff" },
      });
      // The ministry head looks after Amplify, the ministry the walk's :slug names.
      await t.services.db
        .update(users)
        .set({
          role: role === "sermons-volunteer" ? volunteer!.id : role,
          ministries: role === "ministry-head" ? ["amplify"] : [],
        })
        .where(eq(users.id, user.id));
      cookies[role] = await signInCookie(email, "walker password 42");
    }
  });
  afterAll(async () => {
    await t.stop();
  });

  it("names every members route", () => {
    expect(membersRoutes.map((route) => route.path).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  const cases = Object.keys(ROLES).flatMap((role) =>
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
      new Request(`http://localhost${path}`, { headers: { cookie: cookies[role]! } }),
      {
        params,
      },
    );
    expectAnswer(get.status, get.response?.headers.get("location") ?? null);
    // Actions are only tried where the role is refused: an allowed POST would change data.
    if (module.action && !allowed(role, rule)) {
      const post = await callRoute(
        module.action,
        formRequest(path, { intent: "delete", id: crypto.randomUUID() }, { cookie: cookies[role]! }),
        { params },
      );
      expectAnswer(post.status, post.response?.headers.get("location") ?? null);
    }
  });
});
