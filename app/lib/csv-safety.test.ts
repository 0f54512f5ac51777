import { describe, expect, it } from "vitest";
import { neutralizeCsvCell } from "./csv-safety";

describe("neutralizeCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["-2+3*A1", "'-2+3*A1"],
    ["+973 3333 4444 =cmd", "'+973 3333 4444 =cmd"],
    ["+1-2 HYPERLINK", "'+1-2 HYPERLINK"],
    ["+973\t3333", "'+973\t3333"],
    ["-", "'-"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["\0=1", "'\0=1"],
  ])("neutralises %j", (input, output) => {
    expect(neutralizeCsvCell(input)).toBe(output);
  });

  // A cell of only +, digits, spaces, hyphens and parentheses can hold no formula that reaches
  // outside the sheet; an apostrophe there shows in Excel and when the number is pasted.
  it.each(["+973 36667788", "+973 3666-7788", "+63 (917) 123-4567", "-12", "(02) 8123 4567", "+1"])(
    "leaves the phone number %j as it is",
    (phone) => {
      expect(neutralizeCsvCell(phone)).toBe(phone);
    },
  );

  it("leaves ordinary text, empties and lists readable", () => {
    expect(neutralizeCsvCell("Ana Cruz")).toBe("Ana Cruz");
    expect(neutralizeCsvCell("a=b")).toBe("a=b");
    expect(neutralizeCsvCell(null)).toBe("");
    expect(neutralizeCsvCell(["ACTS Kids", "TEE"])).toBe("ACTS Kids, TEE");
    expect(neutralizeCsvCell(42)).toBe("42");
  });
});
