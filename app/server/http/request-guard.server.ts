import { BACKUP_UPLOAD_PATH, MAX_BACKUP_UPLOAD_BYTES } from "~/lib/backups";
import { MAX_UPLOAD_BYTES } from "~/lib/uploads";

// What the server refuses before a route sees a request: a body larger than its address takes, a
// method we do not answer, a Host header that is not a host name, and a NUL byte (which no form
// field may hold and PostgreSQL cannot store). Each is refused with a status and a sentence; the
// server renders it as the site's usual error page (see server/react-router-handler.ts).

/** Bodies of the public forms (connect, ministry join, event registration): the largest is a few KB. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Bodies of the members area's forms (a member with twenty children is far below this). */
export const MEMBERS_BODY_LIMIT = 512 * 1024;
/**
 * Room above an upload route's own file limit, for a body sent without a declared length. A
 * declared length is the route's to judge: it refuses a file over its limit with its own message
 * (and reads the rest away, so the browser shows it), and Node never reads past a declared length.
 */
const UPLOAD_SLACK = 1024 * 1024;

/** A request's headers must have arrived within this time. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A form's body (read whole, at most a few hundred KB) must have arrived within this time. */
export const FORM_BODY_TIMEOUT_MS = 20_000;
/** A whole request, an upload's body included (25 MB at 256 kbit/s is some 13 minutes). */
export const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export interface Refusal {
  status: 400 | 405 | 408 | 413;
  message: string;
}

export const REFUSALS = {
  tooLarge: { status: 413, message: "That is more than this page can take." },
  badMethod: { status: 405, message: "This website does not answer that kind of request." },
  badHost: { status: 400, message: "The request named no valid website address." },
  nul: { status: 400, message: "The request held a character no form may contain (a NUL byte)." },
  unreadable: { status: 400, message: "The request could not be read." },
  slow: { status: 408, message: "The form took too long to arrive. Please send it again." },
} as const satisfies Record<string, Refusal>;

/** The methods any route answers; anything else (TRACE, CONNECT, PROPFIND, ...) is refused. */
export const ANSWERED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The page address a request is for: React Router sends a page's data and its forms' posts to
 * the page's address plus ".data" ("/members/import.data"; "/_.data" for "/", "/_root.data"
 * before React Router 8's trailing-slash-aware data requests).
 */
export function pageAddress(pathname: string): string {
  return pathname
    .replace(/\/_root\.data$/, "/")
    .replace(/\/_\.data$/, "/")
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
}

/**
 * The page a request is for, as the visitor's address bar shows it: the request as it arrived
 * (React Router passes it through unchanged), without the ".data" suffix and the router's own
 * query parameters (`_routes`, `index`).
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = pageAddress(url.pathname);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

/**
 * The one address a post from another site may reach: an announcement's unsubscribe link, which a
 * reader's mail provider posts to from no page of ours (RFC 8058 one-click). The link itself is the
 * proof (a signed token) and it only stops e-mails; its action is rate-limited like public forms.
 */
export function isOneClickUnsubscribe(pathname: string): boolean {
  return /^\/unsubscribe\/[A-Za-z0-9_-]{1,100}$/.test(pathname);
}

/** Whether an address is the members area's (its pages, data and downloads). */
export function isMembersAddress(pathname: string): boolean {
  const page = pageAddress(pathname);
  return page === "/members" || page.startsWith("/members/");
}

/** The configured file limits of the upload routes that have one (`MAX_DOCUMENT_MB`, `MAX_AUDIO_MB`). */
export interface UploadMegabytes {
  documentMegabytes: number;
  audioMegabytes: number;
}

/** Upload routes: where a body may be a whole file, and how large that file may be. */
export function uploadRouteLimit(pathname: string, limits: UploadMegabytes): number | undefined {
  switch (pageAddress(pathname)) {
    case "/members/upload/save":
      return limits.documentMegabytes * 1024 * 1024;
    case "/members/add-sermon/save":
      return limits.audioMegabytes * 1024 * 1024;
    case "/members/add-event/save":
    case "/members/update-ministry-image/save":
    case "/members/site/pastors/portrait":
    case "/members/import":
      return MAX_UPLOAD_BYTES;
    case BACKUP_UPLOAD_PATH:
      return MAX_BACKUP_UPLOAD_BYTES;
    default:
      return undefined;
  }
}

/** The largest body an address takes, in bytes, and whether it is streamed (an upload) or read whole. */
export function bodyLimit(pathname: string, limits: UploadMegabytes): { bytes: number; streamed: boolean } {
  const upload = uploadRouteLimit(pathname, limits);
  if (upload !== undefined) return { bytes: upload + UPLOAD_SLACK, streamed: true };
  return { bytes: isMembersAddress(pathname) ? MEMBERS_BODY_LIMIT : PUBLIC_BODY_LIMIT, streamed: false };
}

// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a Host header names a host (and nothing else: no path, user, spaces or brackets left open). */
export function isValidHost(host: string | undefined): boolean {
  return host !== undefined && host.length <= 255 && HOST.test(host);
}

/**
 * Whether a URL or a form body read whole carries a NUL byte: raw (multipart fields) or encoded
 * (`%00` in a query string or a URL-encoded form).
 */
export function carriesNul(text: string | Uint8Array): boolean {
  if (typeof text !== "string") {
    if (text.includes(0)) return true;
    text = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString("latin1");
  }
  return /%00|\0/.test(text);
}
