import { describe, expect, it } from "vitest";
import { auditSearch, EMPTY_AUDIT_FILTER, readAuditFilter } from "./audit-filter";

const ID = "00000000-0000-4000-8000-000000000001";

describe("readAuditFilter", () => {
  it("reads the filters from the address, and no filter as none", () => {
    const params = new URLSearchParams({
      person: "none",
      member: ID,
      action: "exports",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(readAuditFilter(params)).toEqual({
      filter: { person: "none", member: ID, action: "exports", from: "2026-11-01", to: "2026-11-30" },
      errors: {},
    });
    expect(readAuditFilter(new URLSearchParams())).toEqual({ filter: EMPTY_AUDIT_FILTER, errors: {} });
  });

  it("names each value that cannot be right", () => {
    const { errors } = readAuditFilter(
      new URLSearchParams({ person: "x", member: "1 or 1=1", action: "all", from: "2026-02-30", to: "soon" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["action", "from", "member", "person", "to"]);
    expect(readAuditFilter(new URLSearchParams({ from: "2026-11-02", to: "2026-11-01" })).errors).toEqual({
      to: "The end date is before the start date.",
    });
  });
});

describe("auditSearch", () => {
  it("keeps only the filters chosen, and the page after the first", () => {
    expect(auditSearch(EMPTY_AUDIT_FILTER)).toBe("");
    expect(auditSearch({ ...EMPTY_AUDIT_FILTER, member: ID }, 2)).toBe(`?member=${ID}&page=2`);
    expect(auditSearch({ ...EMPTY_AUDIT_FILTER, action: "sign-ins", from: "2026-11-01" }, 1)).toBe(
      "?action=sign-ins&from=2026-11-01",
    );
  });
});
