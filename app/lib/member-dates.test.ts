import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { ageInYears, monthDaysAhead, nextOccurrence, upcomingDates } from "./member-dates";

describe("nextOccurrence", () => {
  it("keeps a date still to come this year, today included", () => {
    expect(nextOccurrence("1990-12-25", "2026-11-21")).toBe("2026-12-25");
    expect(nextOccurrence("1990-11-21", "2026-11-21")).toBe("2026-11-21");
  });
  it("moves a date already past to next year", () => {
    expect(nextOccurrence("1990-01-05", "2026-11-21")).toBe("2027-01-05");
    expect(nextOccurrence("1990-11-20", "2026-11-21")).toBe("2027-11-20");
  });
  it("celebrates 29 February on the 28th in other years, and on the 29th in leap years", () => {
    expect(nextOccurrence("2000-02-29", "2026-02-01")).toBe("2026-02-28");
    expect(nextOccurrence("2000-02-29", "2027-12-01")).toBe("2028-02-29");
  });
});

describe("upcomingDates", () => {
  const today = "2026-12-15";
  const people = [
    { name: "today", birthday: "1980-12-15" },
    { name: "in 30 days (edge, across the new year)", birthday: "1990-01-14" },
    { name: "in 31 days", birthday: "1990-01-15" },
    { name: "yesterday", birthday: "1990-12-14" },
    { name: "no birthday", birthday: null },
  ];

  it("keeps the window from today to the last day, soonest first, across the year end", () => {
    const result = upcomingDates(people, (p) => p.birthday, today, 30);
    expect(result.map((r) => r.item.name)).toEqual(["today", "in 30 days (edge, across the new year)"]);
    expect(result[0]).toMatchObject({ date: "2026-12-15", daysAway: 0, years: 46 });
    expect(result[1]).toMatchObject({ date: "2027-01-14", daysAway: 30, years: 37 });
  });

  it("uses a 7-day window for the dashboard", () => {
    const result = upcomingDates([{ b: "2000-12-22" }, { b: "2000-12-23" }], (p) => p.b, today, 7);
    expect(result.map((r) => r.date)).toEqual(["2026-12-22"]);
  });

  it("finds a 29 February birthday in a non-leap February window", () => {
    expect(upcomingDates([{ b: "2004-02-29" }], (p) => p.b, "2027-02-20", 30)).toMatchObject([
      { date: "2027-02-28", daysAway: 8, years: 23 },
    ]);
  });
});

describe("monthDaysAhead", () => {
  it("lists each day of the window once, across the year end", () => {
    const window = monthDaysAhead("2026-12-15", 30);
    expect(window).toHaveLength(31);
    expect(window[0]).toEqual({ monthDay: "12-15", daysAway: 0 });
    expect(window.at(-1)).toEqual({ monthDay: "01-14", daysAway: 30 });
  });
  it("agrees with upcomingDates for every date of a year, 29 February included", () => {
    for (const today of ["2027-02-20", "2028-02-20", "2026-12-15", "2026-03-01"]) {
      const window = new Map(monthDaysAhead(today, 30).map((w) => [w.monthDay, w.daysAway]));
      for (let day = 0; day < 366; day++) {
        const birthday = addDays("2000-01-01", day);
        const upcoming = upcomingDates([birthday], (b) => b, today, 30)[0];
        expect(window.get(birthday.slice(5)), `${birthday} from ${today}`).toBe(upcoming?.daysAway);
      }
    }
  });
  it("stops after a whole year", () => {
    expect(monthDaysAhead("2027-01-01", 1000)).toHaveLength(366);
  });
});

describe("ageInYears", () => {
  it("counts full years only", () => {
    expect(ageInYears("2020-06-15", "2026-06-14")).toBe(5);
    expect(ageInYears("2020-06-15", "2026-06-15")).toBe(6);
    expect(ageInYears("2026-11-21", "2026-11-21")).toBe(0);
  });
  it("is blank for a birthday in the future or missing", () => {
    expect(ageInYears("2027-01-01", "2026-11-21")).toBeNull();
    expect(ageInYears("", "2026-11-21")).toBeNull();
    expect(ageInYears(null, "2026-11-21")).toBeNull();
  });
  it("handles 29 February birthdays", () => {
    expect(ageInYears("2004-02-29", "2027-02-28")).toBe(22);
    expect(ageInYears("2004-02-29", "2027-03-01")).toBe(23);
  });
});
