import { describe, expect, it } from "vitest";
import {
  AREAS,
  PERMISSIONS,
  PRESETS,
  can,
  cleanLevels,
  describeAccess,
  permissionDefinition,
  permissionsOf,
  type Access,
  type Permission,
  type PresetKey,
} from "./permissions";

// The built-in roles, written out: a change to what a preset may do has to change this test too.
// Admin, Staff and Editor keep exactly the rights of the release before roles were made of areas
// (content:write and site:write were split by area; members:read's data export moved to reports;
// registrations:read was split into ministry sign-ups and event registrations).
const EXPECTED: Record<PresetKey, Permission[]> = {
  admin: PERMISSIONS,
  staff: [
    "members:read",
    "members:write",
    "members:export",
    "reports:read",
    "registrations:read",
    "event-registrations:read",
    "registrations:check-in",
    "messages:read",
    "announcements:send",
    "announcements:lists",
    "rosters:read",
    "rosters:write",
    "groups:read",
    "groups:write",
    "care:read",
    "care:write",
  ],
  pastor: [
    "members:read",
    "members:export",
    "reports:read",
    "rosters:read",
    "groups:read",
    "care:read",
    "care:write",
    "care:workflows",
    "prayer:read",
    "prayer:write",
    "pastoral:private",
  ],
  editor: [
    "sermons:write",
    "ministry-media:write",
    "events:write",
    "library:write",
    "site:write",
    "ministry-page:write",
    "privacy-notice:write",
  ],
  "ministry-head": [
    "members:read",
    "registrations:read",
    "ministry-page:write",
    "ministry-media:write",
    "announcements:send",
    "rosters:read",
    "rosters:write",
  ],
};

const sermonsVolunteer: Access = { levels: { sermons: "edit" }, ministryOnly: false };

describe("can", () => {
  it.each(Object.keys(EXPECTED) as PresetKey[])("gives %s exactly its rights", (key) => {
    expect(permissionsOf(PRESETS[key]).sort()).toEqual([...EXPECTED[key]].sort());
  });

  it("gives a role of one area at edit only that area's permissions", () => {
    expect(permissionsOf(sermonsVolunteer).sort()).toEqual(["ministry-media:write", "sermons:write"]);
  });

  it("gives a higher level everything of the lower one", () => {
    expect(
      can({ access: { levels: { privacy: "manage" }, ministryOnly: false } }, "privacy-notice:write"),
    ).toBe(true);
    expect(can({ access: { levels: { privacy: "edit" }, ministryOnly: false } }, "members:erase")).toBe(
      false,
    );
    expect(can({ access: { levels: { members: "edit" }, ministryOnly: false } }, "members:read")).toBe(true);
    expect(can({ access: { levels: { members: "view" }, ministryOnly: false } }, "members:write")).toBe(
      false,
    );
  });

  it("keeps a role limited to ministries to what belongs to a ministry, whatever its levels", () => {
    const limitedEverything: Access = { levels: PRESETS.admin.levels, ministryOnly: true };
    const granted = permissionsOf(limitedEverything);
    expect(granted.every((permission) => permissionDefinition(permission).byMinistry)).toBe(true);
    expect(granted).not.toContain("members:write");
    expect(granted).not.toContain("staff:manage");
    expect(granted).toContain("members:read");
  });

  it("lets nobody who is not signed in do anything", () => {
    expect(can(null, "members:read")).toBe(false);
    expect(can(undefined, "sermons:write")).toBe(false);
  });

  it("maps every permission to one area and a level that area offers", () => {
    for (const permission of PERMISSIONS) {
      const { area, level } = permissionDefinition(permission);
      expect(AREAS).toContain(area);
      expect(cleanLevels({ [area]: level })[area], permission).toBe(level);
    }
  });
});

describe("cleanLevels", () => {
  it("drops unknown areas and lowers a level an area does not offer", () => {
    expect(cleanLevels({ sermons: "manage", nonsense: "edit", audit: "edit", events: "bogus" })).toEqual({
      sermons: "edit",
      audit: "view",
    });
    expect(cleanLevels(null)).toEqual({});
    expect(cleanLevels("admin")).toEqual({});
  });
});

describe("describeAccess", () => {
  it("says what a sermons volunteer can and cannot do", () => {
    const { can: canDo, cannot } = describeAccess(sermonsVolunteer);
    expect(canDo).toEqual(["Sermons and media: add and change sermons, ministry videos and ministry images"]);
    expect(cannot).toContain("Member registry");
    expect(cannot).toContain("Website and church details");
    expect(cannot).toHaveLength(AREAS.length - 1);
  });

  it("says a limited role reaches only its ministries' things, in those words", () => {
    const { can: canDo, cannot } = describeAccess(PRESETS["ministry-head"]);
    expect(canDo).toEqual([
      "Member registry: see their ministries' members (read only)",
      "Registrations and check-in: see their ministries' sign-ups",
      "Announcements: send announcements to their ministries' people",
      "Serving rosters: plan their ministries' teams and rosters",
      "Website and church details: edit their ministries' pages",
      "Sermons and media: add and change their ministries' videos and images",
    ]);
    expect(cannot).toContain("Events");
  });
});
