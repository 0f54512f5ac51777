import { describe, expect, it } from "vitest";
import { neutralizeCsvCell } from "./csv-safety";

describe("neutralizeCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+973 3333 4444", "'+973 3333 4444"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["\0=1", "'\0=1"],
  ])("neutralises %j", (input, output) => {
    expect(neutralizeCsvCell(input)).toBe(output);
  });

  it("leaves ordinary text, empties and lists readable", () => {
    expect(neutralizeCsvCell("Ana Cruz")).toBe("Ana Cruz");
    expect(neutralizeCsvCell("a=b")).toBe("a=b");
    expect(neutralizeCsvCell(null)).toBe("");
    expect(neutralizeCsvCell(["ACTS Kids", "TEE"])).toBe("ACTS Kids, TEE");
    expect(neutralizeCsvCell(42)).toBe("42");
  });
});
