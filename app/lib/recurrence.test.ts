import { describe, expect, it } from "vitest";
import { describeRepeat, ruleParts, seriesDates, weekdayPosition } from "./recurrence";

describe("seriesDates", () => {
  it("repeats weekly from the first date to the last, both included", () => {
    expect(seriesDates("weekly", "2026-11-27", "2026-12-18")).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
    ]);
  });

  it("keeps the day of the month and skips months without it", () => {
    expect(seriesDates("monthly-date", "2027-01-31", "2027-06-30")).toEqual([
      "2027-01-31",
      "2027-03-31",
      "2027-05-31",
    ]);
  });

  it("keeps the weekday's place in the month, across a new year", () => {
    // The first Saturday of each month.
    expect(seriesDates("monthly-weekday", "2026-11-07", "2027-02-28")).toEqual([
      "2026-11-07",
      "2026-12-05",
      "2027-01-02",
      "2027-02-06",
    ]);
  });

  it("writes a fifth weekday as the last one, so months with four still have a date", () => {
    // 2026-10-30 is the fifth Friday of October; November has only four.
    expect(weekdayPosition("2026-10-30")).toEqual({ weekday: 5, position: -1 });
    expect(seriesDates("monthly-weekday", "2026-10-30", "2026-12-31")).toEqual([
      "2026-10-30",
      "2026-11-27",
      "2026-12-25",
    ]);
  });

  it("gives only the first date when the last is before it, and nothing for a bad date", () => {
    expect(seriesDates("weekly", "2026-11-27", "2026-11-01")).toEqual(["2026-11-27"]);
    expect(seriesDates("weekly", "2026-02-30", "2026-12-01")).toEqual([]);
  });
});

describe("describeRepeat and ruleParts", () => {
  it("say the same rule in words and in iCalendar terms", () => {
    expect(describeRepeat("weekly", "2026-11-27")).toBe("Every Friday");
    expect(ruleParts("weekly", "2026-11-27")).toEqual({ freq: "WEEKLY", byDay: "FR" });
    expect(describeRepeat("monthly-date", "2026-11-22")).toBe("Every month on the 22nd");
    expect(describeRepeat("monthly-date", "2026-11-11")).toBe("Every month on the 11th");
    expect(ruleParts("monthly-date", "2026-11-22")).toEqual({ freq: "MONTHLY", byMonthDay: 22 });
    expect(describeRepeat("monthly-weekday", "2026-11-07")).toBe("Every month on the first Saturday");
    expect(ruleParts("monthly-weekday", "2026-10-30")).toEqual({
      freq: "MONTHLY",
      byDay: "FR",
      bySetPos: -1,
    });
  });
});
