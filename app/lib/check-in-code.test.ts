import { describe, expect, it } from "vitest";
import { CHECK_IN_PATH, checkInCodeOfScan } from "./check-in-code";

describe("checkInCodeOfScan", () => {
  const code = "0b7e8c4e-6a55-4b1f-9a0e-2f4f2f7d3c11.AbC_d-1234567890abcdefghijklmnopq";

  it("takes the code parameter of the check-in page's address", () => {
    expect(checkInCodeOfScan(`https://church.example/members/events/e1/check-in?code=${code}`)).toBe(code);
    expect(checkInCodeOfScan(`http://192.168.1.5:3000/members/events/e1/check-in?x=1&code=${code}\n`)).toBe(
      code,
    );
  });

  it("accepts the bare code", () => {
    expect(checkInCodeOfScan(`  ${code} `)).toBe(code);
  });

  it("finds nothing in other texts", () => {
    expect(checkInCodeOfScan("https://church.example/events")).toBeNull();
    expect(checkInCodeOfScan("https://church.example/?code=")).toBeNull();
    expect(checkInCodeOfScan("WIFI:S:Church;T:WPA;P:secret;;")).toBeNull();
    expect(checkInCodeOfScan("hello world")).toBeNull();
    expect(checkInCodeOfScan("")).toBeNull();
  });
});

describe("CHECK_IN_PATH", () => {
  it("is an event's check-in page and nothing else", () => {
    expect(CHECK_IN_PATH.test("/members/events/0b7e8c4e-6a55-4b1f-9a0e-2f4f2f7d3c11/check-in")).toBe(true);
    expect(CHECK_IN_PATH.test("/members/events/x/check-in/")).toBe(true);
    expect(CHECK_IN_PATH.test("/members/events")).toBe(false);
    expect(CHECK_IN_PATH.test("/members/events/x/check-in/more")).toBe(false);
    expect(CHECK_IN_PATH.test("/members/events/x/y/check-in")).toBe(false);
    expect(CHECK_IN_PATH.test("/events/x/check-in")).toBe(false);
  });
});
