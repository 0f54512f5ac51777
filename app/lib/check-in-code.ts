// What a confirmation's QR code holds: the check-in page's address with `?code={id}.{signature}`
// (what a phone's camera app opens), or, read some other way, the bare `{id}.{signature}`.

/** The check-in code in a scanned QR code's text, or null for text that holds none. */
export function checkInCodeOfScan(text: string): string | null {
  const trimmed = text.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      return new URL(trimmed).searchParams.get("code")?.trim() || null;
    } catch {
      return null;
    }
  }
  return /^[\w-]+\.[\w-]+$/.test(trimmed) ? trimmed : null;
}
