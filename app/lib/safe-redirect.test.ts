import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/members/details?q=ann", "/members")).toBe("/members/details?q=ann");
    expect(safeRedirect("/members/profile/7#children", "/members")).toBe("/members/profile/7#children");
    // A harmless dot segment is resolved, and what is sent is the resolved path.
    expect(safeRedirect("/members/./details", "/members")).toBe("/members/details");
  });
  it("refuses other sites and junk", () => {
    for (const target of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      // Browsers strip tabs and newlines, which would make these "//evil.example".
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      // A line break would also split the Location header.
      "/members\r\nSet-Cookie: a=b",
      "/\u0000",
      // Paths that normalise to "//evil.example/x", which a browser reads as another host.
      "/.//evil.example/x",
      "/%2e//evil.example/x",
      "/%2E%2E//evil.example/x",
      "/a/..//evil.example/x",
      "/members/.././/evil.example/x",
      "members",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target, "/members")).toBe("/members");
    }
  });
});
