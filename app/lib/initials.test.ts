import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first and last name, skipping titles", () => {
    expect(initials("Pastor Daniel Reyes")).toBe("DR");
    expect(initials("Rev. Maria Clara de la Cruz")).toBe("MC");
    expect(initials("Ptr. Ñino")).toBe("Ñ");
    expect(initials("grace")).toBe("G");
  });
  it("is empty for a name of only titles or blanks", () => {
    expect(initials("Pastor")).toBe("");
    expect(initials("   ")).toBe("");
  });
});
