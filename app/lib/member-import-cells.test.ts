import { describe, expect, it } from "vitest";
import {
  looseKey,
  phoneKey,
  readSheetDate,
  splitFullName,
  splitList,
  splitMobile,
} from "./member-import-cells";

describe("readSheetDate", () => {
  it.each([
    ["1990-10-03", "1990-10-03"],
    ["1990-10-3", "1990-10-03"],
    ["1990/10/03", "1990-10-03"],
    ["1990-10-03T00:00:00.000Z", "1990-10-03"],
    ["1990-10-03 00:00:00", "1990-10-03"],
    ["03/10/1990", "1990-10-03"],
    ["3/10/1990", "1990-10-03"],
    ["3/1/1990", "1990-01-03"],
    ["25/12/1990", "1990-12-25"],
    ["03-10-1990", "1990-10-03"],
    ["3.10.1990", "1990-10-03"],
    ["3 Oct 1990", "1990-10-03"],
    ["3 October 1990", "1990-10-03"],
    ["03-Oct-1990", "1990-10-03"],
    ["3rd Oct. 1990", "1990-10-03"],
    ["Wed 3 Oct 1990", "1990-10-03"],
    ["Wednesday, 3 October 1990", "1990-10-03"],
    ["Oct 3, 1990", "1990-10-03"],
    ["October 3 1990", "1990-10-03"],
    ["3 Sept 1990", "1990-09-03"],
    ["29 Feb 2024", "2024-02-29"],
    ["  3 oct 1990 ", "1990-10-03"],
  ])("reads %s as %s", (text, date) => {
    expect(readSheetDate(text)).toEqual({ date });
  });

  it.each(["31/02/1990", "29 Feb 2023", "1990-13-01", "00/10/1990", "32 Oct 1990"])(
    "knows %s is no day of the calendar",
    (text) => {
      expect(readSheetDate(text)).toEqual({ problem: "not-a-day" });
    },
  );

  it("says when a date can only be month first, instead of guessing", () => {
    expect(readSheetDate("10/25/1990")).toEqual({ problem: "month-first" });
  });

  it.each(["yesterday", "3/10/90", "1990", "3 Octopus 1990", "Octember 3, 1990", "33149", ""])(
    "does not read %s",
    (text) => {
      expect(readSheetDate(text)).toEqual({ problem: "unreadable" });
    },
  );
});

describe("splitFullName", () => {
  it("reads first, middle and last name as the site's exports write them", () => {
    expect(splitFullName("Ana Maria Cruz")).toEqual({
      firstName: "Ana",
      middleName: "Maria",
      lastName: "Cruz",
    });
    expect(splitFullName("  Ben   Reyes ")).toEqual({ firstName: "Ben", middleName: "", lastName: "Reyes" });
    expect(splitFullName("Ana Maria Dela Cruz").middleName).toBe("Maria Dela");
  });

  it("reads a surname written first, before a comma", () => {
    expect(splitFullName("Dela Cruz, Ana Maria")).toEqual({
      firstName: "Ana",
      middleName: "Maria",
      lastName: "Dela Cruz",
    });
  });

  it("takes one word as a first name only", () => {
    expect(splitFullName("Ana")).toEqual({ firstName: "Ana", middleName: "", lastName: "" });
    expect(splitFullName("")).toEqual({ firstName: "", middleName: "", lastName: "" });
  });
});

describe("splitMobile", () => {
  it.each([
    ["+973 33334444", "+973", "33334444"],
    ["+97333334444", "+973", "33334444"],
    ["00973 3333 4444", "+973", "3333 4444"],
    ["97333334444", "+973", "33334444"],
    ["+63 917 123 4567", "+63", "917 123 4567"],
    ["639171234567", "+63", "9171234567"],
  ])("splits %s into %s and %s", (text, countryCode, mobile) => {
    expect(splitMobile(text)).toEqual({ countryCode, mobile });
  });

  it.each(["33334444", "3333 4444", "+1 555 123 4567", "09171234567"])("keeps %s whole", (text) => {
    expect(splitMobile(text)).toEqual({ countryCode: null, mobile: text });
  });
});

describe("phoneKey", () => {
  it("finds the same number written differently", () => {
    expect(phoneKey("+973", "3333 4444")).toBe(phoneKey("+973", "33334444"));
    expect(phoneKey("+63", "0917-123-4567")).toBe(phoneKey("+63", "9171234567"));
    expect(phoneKey("+973", "33334444")).not.toBe(phoneKey("+63", "33334444"));
    expect(phoneKey("+973", "")).toBe("");
  });
});

describe("splitList and looseKey", () => {
  it("splits a list on commas, semicolons and line breaks", () => {
    expect(splitList("Amplify (Music), TEE;Yadah\nscribes, ")).toEqual([
      "Amplify (Music)",
      "TEE",
      "Yadah",
      "scribes",
    ]);
    expect(splitList("")).toEqual([]);
  });

  it("compares names by their letters and digits only", () => {
    expect(looseKey("Asst. SG Leader")).toBe(looseKey("asst sg leader"));
    expect(looseKey("E-mail")).toBe("email");
    expect(looseKey("Date of Birth")).toBe("dateofbirth");
    expect(looseKey("Dirección")).toBe("direccion");
  });
});
