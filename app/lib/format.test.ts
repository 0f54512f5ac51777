import { describe, expect, it } from "vitest";
import {
  dateBadge,
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
