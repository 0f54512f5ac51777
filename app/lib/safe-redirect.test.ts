import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/members/details?q=ann", "/members")).toBe("/members/details?q=ann");
  });
  it("refuses other sites and junk", () => {
    for (const target of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "members",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target, "/members")).toBe("/members");
    }
  });
});
