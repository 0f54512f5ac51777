const BASE = "http://this.site";

/**
 * A redirect target taken from the query string, accepted only when it stays on this site: a path
 * that parses, as a browser would parse it, to this site's own origin. Browsers drop tabs and
 * newlines from a URL, so "/\t/evil.example" is "//evil.example" to them; such a target, a
 * backslash, a control character (which would also break the Location header) or anything that
 * leaves the site falls back. The answer is the path as parsed, and it is the answer that is
 * checked: "/.//evil.example" or "/a/..//evil.example" normalise to "//evil.example", which a
 * browser reads as another host, so they fall back too.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (typeof target !== "string" || !target.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(target)) {
    return fallback;
  }
  const answer = normalisedPath(target);
  // What is sent must itself be a path on this site: one leading slash, parsing to our origin.
  if (answer === undefined || !/^\/(?![/\\])/.test(answer) || normalisedPath(answer) !== answer) {
    return fallback;
  }
  return answer;
}

function normalisedPath(target: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
