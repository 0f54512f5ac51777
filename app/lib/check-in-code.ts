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

/**
 * The check-in pages' path: the one page whose document may use the camera (the server's
 * Permissions-Policy allows it to our own pages only here).
 */
export const CHECK_IN_PATH = /^\/members\/events\/[^/]+\/check-in\/?$/;
