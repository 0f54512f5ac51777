import { describe, expect, it } from "vitest";
import { WEEKDAYS } from "~/schemas/site-sections";
import { dateBadge, formatDateLong, formatDateUS, weekdayName } from "./locale-format";

describe("dates in the page's language", () => {
  it("keeps the spec's US English by default and for English", () => {
    expect(formatDateLong("2026-11-29")).toBe("Sunday, November 29, 2026");
    expect(formatDateLong("2026-11-29", "en")).toBe("Sunday, November 29, 2026");
    expect(formatDateUS("2026-01-01", "en")).toBe("January 1, 2026");
    expect(dateBadge("2026-12-31", "en")).toEqual({ day: "31", month: "Dec" });
    expect(weekdayName("Friday")).toBe("Friday");
  });

  it("writes Filipino dates with Filipino day and month names, never shifting the day", () => {
    expect(formatDateLong("2026-12-05", "fil")).toBe("Sabado, Disyembre 5, 2026");
    expect(formatDateLong("2026-11-29", "fil")).toBe("Linggo, Nobyembre 29, 2026");
    expect(formatDateUS("2026-01-01", "fil")).toBe("Enero 1, 2026");
    expect(formatDateUS("2026-12-31", "fil")).toBe("Disyembre 31, 2026");
    expect(dateBadge("2026-12-31", "fil")).toEqual({ day: "31", month: "Dis" });
    expect(dateBadge("2026-02-01", "fil")).toEqual({ day: "1", month: "Peb" });
  });

  it("names every weekday in Filipino", () => {
    expect(WEEKDAYS.map((day) => weekdayName(day, "fil"))).toEqual([
      "Lunes",
      "Martes",
      "Miyerkules",
      "Huwebes",
      "Biyernes",
      "Sabado",
      "Linggo",
    ]);
  });
});
