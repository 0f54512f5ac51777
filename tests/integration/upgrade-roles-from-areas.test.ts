import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionsOf, type Permission } from "~/lib/permissions";
import { getSession } from "~/server/auth/guards.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, signInCookie, type TestServices } from "../helpers/test-services";

// The release before roles were made of permission areas (16 migrations) had three fixed roles.
// Opened by this release, every account keeps exactly the rights it had: its old permissions are
// the new ones they were split into (content:write became sermons, ministry media, events and
// documents; site:write became the website, ministry pages and the privacy notice; a member's
// data export moved from members:read to its own permission), and the one new area,
// announcements, is given to the roles that keep the registry. A role the old release did not
// know was read as an editor's, and stays so.

const OLD_RIGHTS: Record<string, string[]> = {
  admin: [
    "members:read",
    "members:write",
    "members:erase",
    "reports:read",
    "registrations:read",
    "registrations:check-in",
    "messages:read",
    "content:write",
    "site:write",
    "passcode:change",
    "notifications:defaults",
    "staff:manage",
    "audit:read",
    "backups:read",
    "settings:manage",
    "backups:manage",
    "privacy:manage",
  ],
  staff: [
    "members:read",
    "members:write",
    "reports:read",
    "registrations:read",
    "registrations:check-in",
    "messages:read",
  ],
  editor: ["content:write", "site:write"],
};

/** What each old permission is now: the permissions it was split into. */
const SPLIT: Record<string, Permission[]> = {
  "content:write": ["sermons:write", "ministry-media:write", "events:write", "library:write"],
  "site:write": ["site:write", "ministry-page:write", "privacy-notice:write"],
  "members:read": ["members:read", "members:export"],
  // Ministry sign-ups and event registrations became two permissions (events belong to no ministry).
  "registrations:read": ["registrations:read", "event-registrations:read"],
};

function nowAs(old: string[], withAnnouncements: boolean): Permission[] {
  const rights = old.flatMap((permission) => SPLIT[permission] ?? [permission as Permission]);
  // Announcements came after the roles: sending and saved lists (issue 35); then serving
  // rosters (issue 36), which Admin and Staff plan too; then groups and attendance (issue 37);
  // then care and follow-up (issue 38), which Staff work on; only Admin has the prayer team's.
  const announcements = [
    "announcements:send",
    "announcements:lists",
    "rosters:read",
    "rosters:write",
    "groups:read",
    "groups:write",
    "care:read",
    "care:write",
  ] as const;
  const adminOnly = ["care:workflows", "prayer:read", "prayer:write", "pastoral:private"] as const;
  return [
    ...rights,
    ...(withAnnouncements ? announcements : []),
    ...(old.includes("staff:manage") ? adminOnly : []),
  ].sort();
}

const ACCOUNTS = [
  { email: "pastor@test.local", role: "admin", was: "admin" },
  { email: "office@test.local", role: "staff", was: "staff" },
  { email: "media@test.local", role: "editor", was: "editor" },
  // Written by hand in the old database: the old release read it as "editor".
  { email: "helper@test.local", role: "owner", was: "editor" },
];

describe.each(databaseKinds)("upgrading to roles made of permission areas on %s", (kind) => {
  let t: TestServices;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ addAccount }) => {
        for (const account of ACCOUNTS) {
          await addAccount({
            email: account.email,
            password: "old release password 1",
            name: account.email,
            role: account.role,
          });
        }
      },
      16,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it.each(ACCOUNTS)("$email ($role) keeps exactly its rights", async ({ email, was }) => {
    const cookie = await signInCookie(email, "old release password 1");
    const { user } = await getSession(new Request("http://localhost/members", { headers: { cookie } }));
    expect(user?.email).toBe(email);
    expect(permissionsOf(user!.access).sort()).toEqual(nowAs(OLD_RIGHTS[was]!, was !== "editor"));
    expect(user).toMatchObject({ role: was, ministries: [], memberId: null });
  });

  it("starts with no roles of the church's own, and every account linked to no member", async () => {
    expect(await t.services.database.query("select id from staff_roles")).toEqual([]);
    const rows = await t.services.database.query<{ member_id: string | null }>("select member_id from users");
    expect(rows).toHaveLength(ACCOUNTS.length);
    expect(rows.every((row) => row.member_id === null)).toBe(true);
  });
});
