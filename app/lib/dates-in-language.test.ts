import { describe, expect, it } from "vitest";
import {
  dateLongIn,
  dateShortIn,
  momentIn,
  repeatsIn,
  serviceWhenIn,
  weekdayIn,
  whenIn,
} from "./dates-in-language";
import { formatDate } from "./format";
import { describeRepeat, FREQUENCIES } from "./recurrence";
import { serviceWhen } from "./service-times";

describe("dates in the page's language", () => {
  it("writes English dates exactly as the spec's pages do, and Filipino ones in Filipino", () => {
    expect(dateLongIn("en", "2026-12-04")).toBe("Friday, December 4, 2026");
    expect(dateLongIn("fil", "2026-12-04")).toBe("Biyernes, Disyembre 4, 2026");
    expect(weekdayIn("fil", 0)).toBe("Linggo");
    expect(weekdayIn("en", 5)).toBe("Friday");
  });

  it("keeps times 12-hour in both languages, on the church's clock", () => {
    const moment = new Date("2026-12-03T09:00:00Z"); // 12:00 PM in Bahrain
    expect(momentIn("en", moment)).toBe("Thursday, December 3, 2026, 12:00 PM");
    expect(momentIn("fil", moment)).toBe("Huwebes, Disyembre 3, 2026, 12:00 PM");
  });

  it("says how an event repeats as the English pages always did, and in Filipino", () => {
    for (const startsOn of [
      "2026-12-04",
      "2026-12-01",
      "2026-12-22",
      "2026-12-29",
      "2026-12-11",
      "2026-12-13",
    ]) {
      for (const frequency of FREQUENCIES) {
        expect(repeatsIn("en", { repeatFrequency: frequency, repeatStartsOn: startsOn })).toBe(
          describeRepeat(frequency, startsOn),
        );
      }
    }
    const on = (repeatFrequency: string) =>
      repeatsIn("fil", { repeatFrequency, repeatStartsOn: "2026-12-29" });
    expect(on("weekly")).toBe("Tuwing Martes");
    expect(on("monthly-date")).toBe("Tuwing ika-29 ng buwan");
    expect(on("monthly-weekday")).toBe("Tuwing huling Martes ng buwan");
    expect(repeatsIn("fil", { repeatFrequency: "monthly-weekday", repeatStartsOn: "2026-12-04" })).toBe(
      "Tuwing unang Biyernes ng buwan",
    );
    expect(repeatsIn("fil", { repeatFrequency: null, repeatStartsOn: null })).toBeNull();
  });

  it("names a service's day in the language and leaves a note as written", () => {
    const worship = { name: "Worship", day: "Sunday", start: "09:00", end: "11:00" } as const;
    expect(serviceWhenIn("en", worship)).toBe(serviceWhen(worship));
    expect(serviceWhenIn("fil", worship)).toBe(serviceWhen(worship).replace("Sunday", "Linggo"));
    expect(serviceWhenIn("fil", { name: "Prayer", note: "Monthly" })).toBe("Monthly");
  });
});

describe("short dates and moments with a time", () => {
  it("write the day in the language and keep the time in 12 hours", () => {
    expect(dateShortIn("en", "2026-11-29")).toBe(formatDate("2026-11-29"));
    expect(dateShortIn("fil", "2026-11-29")).toMatch(/Nob/);
    expect(whenIn("fil", "2026-12-04", "15:30")).toBe("Biyernes, Disyembre 4, 2026, 3:30 PM");
    expect(whenIn("en", "2026-12-04")).toBe("Friday, December 4, 2026");
  });
});
