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

/** A moment as the church office reads it: "Nov 23, 2026, 3:05 PM" in the church's time zone. */
export function formatDateTime(moment: Date | string): string {
  return new Date(moment).toLocaleString("en-US", {
    timeZone: "Asia/Bahrain",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

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
