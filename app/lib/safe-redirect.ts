/**
 * A redirect target taken from the query string, accepted only when it stays on this site
 * (a path, never "//other.site" or "https://other.site").
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\")
  ) {
    return fallback;
  }
  return target;
}
