import { describe, expect, it } from "vitest";
import {
  dateBadge,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonth,
  formatTime,
  formatDateLong,
  formatDateUS,
  formatFileSize,
  formatTime12,
  formatTimeRange,
  textParagraphs,
} from "./format";

describe("formatTime12", () => {
  it("writes times in 12-hour form", () => {
    expect(formatTime12("00:30:00")).toBe("12:30 AM");
    expect(formatTime12("09:05")).toBe("9:05 AM");
    expect(formatTime12("12:00:00")).toBe("12:00 PM");
    expect(formatTime12("18:00:00")).toBe("6:00 PM");
    expect(formatTime12("23:59")).toBe("11:59 PM");
  });
  it("adds the end time when there is one", () => {
    expect(formatTimeRange("18:00:00", "20:30:00")).toBe("6:00 PM - 8:30 PM");
    expect(formatTimeRange("18:00:00", null)).toBe("6:00 PM");
  });
});

describe("dates in US English", () => {
  it("never shifts the day", () => {
    expect(formatDateLong("2026-11-29")).toBe("Sunday, November 29, 2026");
    expect(formatDateUS("2026-01-01")).toBe("January 1, 2026");
    expect(dateBadge("2026-12-31")).toEqual({ day: "31", month: "Dec" });
  });
});

describe("formatFileSize", () => {
  it("uses the right unit", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2.0 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10.0 MB");
  });
});

describe("textParagraphs", () => {
  it("splits on blank lines and keeps single line breaks inside a paragraph", () => {
    expect(textParagraphs("One\nline two\n\n\n  Two  \r\n \r\nThree\n")).toEqual([
      "One\nline two",
      "Two",
      "Three",
    ]);
    expect(textParagraphs("  \n\n ")).toEqual([]);
  });
  it("leaves markup as the text it is", () => {
    expect(textParagraphs("<b>bold</b>")).toEqual(["<b>bold</b>"]);
  });
});

describe("the members area's one way of writing dates", () => {
  it("writes a date with its weekday, day, month and year", () => {
    expect(formatDate("2026-10-03")).toBe("Sat 3 Oct 2026");
    expect(formatDate("2026-10-02")).toBe("Fri 2 Oct 2026");
    expect(formatDate("2024-02-29")).toBe("Thu 29 Feb 2024");
  });

  it("writes a birthday without its year", () => {
    expect(formatDayMonth("1990-12-01")).toBe("1 Dec");
  });

  it("writes a month with its year", () => {
    expect(formatMonth("2026-10")).toBe("Oct 2026");
    expect(formatMonth("2027-01-31")).toBe("Jan 2027");
  });

  it("writes a moment on the church's clock, whatever the server's zone", () => {
    // 12:30 UTC is 3:30 PM in Bahrain; 22:00 UTC is already the next day there.
    expect(formatDateTime("2026-10-02T12:30:00Z")).toBe("Fri 2 Oct 2026, 3:30 PM");
    expect(formatDateTime(new Date("2026-10-02T22:00:00Z"))).toBe("Sat 3 Oct 2026, 1:00 AM");
    expect(formatDateTime("2026-10-02T21:00:00Z")).toBe("Sat 3 Oct 2026, 12:00 AM");
  });

  it("writes a time in 12-hour form", () => {
    expect(formatTime("15:30:00")).toBe("3:30 PM");
    expect(formatTime("00:05")).toBe("12:05 AM");
  });
});
