// Display formats from the spec: times in 12-hour form, dates in US English.
// Date-only strings are read as UTC so the day never shifts with the server's time zone.

function utcDate(isoDate: string) {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** "18:00" or "18:00:00" -> "6:00 PM". */
export function formatTime12(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "6:00 PM" or "6:00 PM - 8:00 PM". */
export function formatTimeRange(start: string, end?: string | null): string {
  return end ? `${formatTime12(start)} - ${formatTime12(end)}` : formatTime12(start);
}

/** "2026-11-29" -> "Sunday, November 29, 2026". */
export function formatDateLong(isoDate: string): string {
  return utcDate(isoDate).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** "2026-11-29" -> "November 29, 2026". */
export function formatDateUS(isoDate: string): string {
  return utcDate(isoDate).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** "2026-11-29" -> { day: "29", month: "Nov" } for date badges. */
export function dateBadge(isoDate: string): { day: string; month: string } {
  const date = utcDate(isoDate);
  return {
    day: String(date.getUTCDate()),
    month: date.toLocaleDateString("en-US", { timeZone: "UTC", month: "short" }),
  };
}

/** 2_411_724 -> "2.3 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// The members area writes every date and moment one way (the public pages keep the spec's
// formats above): "Fri 3 Oct 2026", "3:30 PM", "Fri 3 Oct 2026, 3:30 PM", in the church's zone.

const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "2026-10-03" -> "Sat 3 Oct 2026" (a date-only value; no time zone can move it). */
export function formatDate(isoDate: string): string {
  return dayMonthYear.format(utcDate(isoDate.slice(0, 10))).replace(",", "");
}

/** "2026-10-03" -> "3 Oct": a birthday or anniversary without its year. */
export function formatDayMonth(isoDate: string): string {
  return utcDate(isoDate.slice(0, 10)).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
  });
}

/** "2026-10" (or a date in it) -> "Oct 2026": a month, as a report's chart names it. */
export function formatMonth(isoMonth: string): string {
  return utcDate(`${isoMonth.slice(0, 7)}-01`).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    month: "short",
    year: "numeric",
  });
}

/** "18:00" -> "6:00 PM": the members area's name for formatTime12. */
export const formatTime = formatTime12;

const CHURCH_ZONE = "Asia/Bahrain";

/** A moment as the church office reads it: "Fri 3 Oct 2026, 3:30 PM" on the church's clock. */
export function formatDateTime(moment: Date | string): string {
  const date = new Date(moment);
  return `${formatDate(churchDay.format(date))}, ${formatTime12(churchClock.format(date))}`;
}

// Made once: a formatter per call (lists and exports call this per row) costs ICU memory.
const churchDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: CHURCH_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const churchClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: CHURCH_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * A plain text someone typed, as paragraphs: split on blank lines, each trimmed, empty ones
 * dropped. Single line breaks stay inside a paragraph (show them with `whitespace-pre-line`).
 */
export function textParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
