// Titles that come before a name and are not part of a person's initials.
const HONORIFICS = new Set([
  "pastor",
  "ptr",
  "ptra",
  "rev",
  "reverend",
  "bishop",
  "elder",
  "dr",
  "mr",
  "mrs",
  "ms",
  "sis",
  "bro",
]);

/** "Pastor Anna Maria Cruz" -> "AC": first and last name, honorifics skipped. */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => word && !HONORIFICS.has(word.toLowerCase()));
  const first = words[0];
  if (!first) return "";
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}
