import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, ROLES, type Permission, type Role } from "./permissions";

// The whole table, written out: a change to who may do what has to change this test too.
const EXPECTED: Record<Role, Permission[]> = {
  admin: PERMISSIONS,
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

describe("can", () => {
  it.each(ROLES)("gives %s exactly its rights", (role) => {
    const granted = PERMISSIONS.filter((permission) => can({ role }, permission));
    expect(granted.sort()).toEqual([...EXPECTED[role]].sort());
  });

  it("keeps editors away from the registry, reports and exports, and staff away from the website", () => {
    expect(can({ role: "editor" }, "members:read")).toBe(false);
    expect(can({ role: "editor" }, "reports:read")).toBe(false);
    expect(can({ role: "editor" }, "registrations:read")).toBe(false);
    expect(can({ role: "staff" }, "site:write")).toBe(false);
    expect(can({ role: "staff" }, "staff:manage")).toBe(false);
  });

  it("lets nobody who is not signed in do anything", () => {
    expect(can(null, "members:read")).toBe(false);
    expect(can(undefined, "content:write")).toBe(false);
  });
});
