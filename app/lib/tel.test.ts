import { describe, expect, it } from "vitest";
import { telHref } from "./tel";

describe("telHref", () => {
  it("keeps the plus and the digits", () => {
    expect(telHref("+973 1234-5678")).toBe("tel:+97312345678");
    expect(telHref("(+63) 912 345 6789")).toBe("tel:+639123456789");
  });
  it("turns placeholder X digits into zeros", () => {
    expect(telHref("+973 XXXX XXXX")).toBe("tel:+97300000000");
  });
});
