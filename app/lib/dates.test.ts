import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dayInChurchZone,
  dayOfWeek,
  isIsoDate,
  startOfDayInChurchZone,
  timestampInChurchZone,
  todayInChurchZone,
} from "./dates";

describe("todayInChurchZone", () => {
  it("uses Bahrain's date, not the server's", () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Bahrain (UTC+3).
    expect(todayInChurchZone(new Date("2025-12-31T22:30:00Z"))).toBe("2026-01-01");
    expect(todayInChurchZone(new Date("2025-12-31T20:59:00Z"))).toBe("2025-12-31");
  });
});

describe("dayInChurchZone", () => {
  it("gives the day a moment falls on in Bahrain", () => {
    expect(dayInChurchZone(new Date("2026-03-14T21:30:00Z"))).toBe("2026-03-15");
    expect(dayInChurchZone(new Date("2026-03-14T20:30:00Z"))).toBe("2026-03-14");
  });
});

describe("addDays", () => {
  it("crosses months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("addMonths", () => {
  it("goes back whole months and years, keeping the day or taking the month's last", () => {
    expect(addMonths("2026-11-21", -24)).toBe("2024-11-21");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2028-03-31", -1)).toBe("2028-02-29");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-05-10", -120)).toBe("2016-05-10");
  });
});

describe("isIsoDate", () => {
  it("accepts real dates and refuses impossible ones", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
    expect(isIsoDate("")).toBe(false);
  });
});

describe("dayOfWeek", () => {
  it("reads the weekday of a date string", () => {
    expect(dayOfWeek("2026-11-20")).toBe(5); // a Friday
  });
});

describe("startOfDayInChurchZone", () => {
  it("is midnight in Bahrain, 21:00 UTC the day before", () => {
    expect(startOfDayInChurchZone("2026-01-01").toISOString()).toBe("2025-12-31T21:00:00.000Z");
    expect(startOfDayInChurchZone("2028-02-29").toISOString()).toBe("2028-02-28T21:00:00.000Z");
    expect(() => startOfDayInChurchZone("2026-02-30")).toThrow();
  });
});

describe("timestampInChurchZone", () => {
  it("shows the church's clock, 24-hour, to the second", () => {
    expect(timestampInChurchZone(new Date("2025-12-31T21:00:00Z"))).toBe("2026-01-01 00:00:00");
    expect(timestampInChurchZone(new Date("2026-11-23T12:05:09.999Z"))).toBe("2026-11-23 15:05:09");
  });
});
