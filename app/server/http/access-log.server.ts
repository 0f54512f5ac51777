// What the access log writes of a request's address: never a secret it carries. A signed link is
// a password for whoever holds it (a set-password or e-mail-confirmation token, a member's update
// link, a registration's cancel signature, a confirmation's check-in code), and a log is read,
// copied and kept by more people and for longer than the links last.

/** Query parameters that carry a secret on some page: their values are left out. */
const SECRET_PARAMETERS = new Set(["token", "code", "s", "sig", "signature"]);

/**
 * Address paths whose segment after the prefix is itself the secret (a member's update link, an
 * announcement's unsubscribe link, a volunteer's answer, page, offer and calendar links, an
 * usher's headcount link, a group leader's attendance link).
 */
const SECRET_SEGMENT =
  /(\/(?:update-my-details|unsubscribe|headcount|serve\/(?:answer|me|offer|calendar)|groups\/attendance)\/)[^/]+?(\.data)?(?=\/|$)/g;

export const REDACTED = "[redacted]";

/** The request's address (path and query, as sent) with its secrets replaced by "[redacted]". */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
  const safePath = path.replace(SECRET_SEGMENT, `$1${REDACTED}$2`);
  if (queryAt === -1) return safePath;
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed name is logged as it came.
      }
      return equals !== -1 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}
