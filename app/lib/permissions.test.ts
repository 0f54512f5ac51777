import { describe, expect, it } from "vitest";
import { can } from "./permissions";

describe("can", () => {
  it("lets staff keep the registry and publish, but not change the registration passcode", () => {
    const staff = { role: "staff" as const };
    expect(can(staff, "members:write")).toBe(true);
    expect(can(staff, "reports:read")).toBe(true);
    expect(can(staff, "content:write")).toBe(true);
    expect(can(staff, "messages:read")).toBe(true);
    expect(can(staff, "passcode:change")).toBe(false);
  });

  it("lets an admin do everything", () => {
    expect(can({ role: "admin" }, "passcode:change")).toBe(true);
    expect(can({ role: "admin" }, "members:write")).toBe(true);
  });

  it("lets nobody who is not signed in do anything", () => {
    expect(can(null, "members:read")).toBe(false);
    expect(can(undefined, "content:write")).toBe(false);
  });
});
