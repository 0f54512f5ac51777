import { describe, expect, it } from "vitest";
import { countryCodeOf, telHref, whatsAppHref, withCountryCode } from "./tel";

describe("telHref", () => {
  it("keeps the plus and the digits", () => {
    expect(telHref("+973 1234-5678")).toBe("tel:+97312345678");
    expect(telHref("(+63) 912 345 6789")).toBe("tel:+639123456789");
  });
  it("turns placeholder X digits into zeros", () => {
    expect(telHref("+973 XXXX XXXX")).toBe("tel:+97300000000");
  });
});

describe("withCountryCode", () => {
  it("keeps a number written with its country code", () => {
    expect(withCountryCode("+63 912 345 6789", "973")).toBe("+63 912 345 6789");
    expect(withCountryCode("0063 912 345 6789", "973")).toBe("+63 912 345 6789");
  });
  it("puts the church's country code before a local number", () => {
    expect(withCountryCode(" 3311 2233 ", "973")).toBe("+973 3311 2233");
    expect(whatsAppHref(withCountryCode("3311-2233", countryCodeOf("+973 XXXX XXXX")))).toBe(
      "https://wa.me/97333112233",
    );
  });
  it("leaves a local number as it is when the church's country code is unknown", () => {
    expect(countryCodeOf("+97312345678")).toBeNull();
    expect(withCountryCode("33112233", null)).toBe("33112233");
  });
});
