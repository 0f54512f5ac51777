import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getSetting, setSetting } from "./settings.server";
import { services } from "./services.server";

/**
 * Public pages look the same to every visitor who is not signed in, so each is rendered once and
 * then sent from memory until something changes. What makes this safe:
 *
 * - Only plain GETs of public paths are cached, and only for requests that carry no cookies
 *   (a signed-in member, a pending toast or an open registration grant all arrive with one), no
 *   query string and no data-request suffix. Only complete 200 HTML responses that set no cookie
 *   are kept.
 * - A cached page carries no CSP nonce (a nonce shared by many visitors would be no nonce at all):
 *   its inline scripts are allowed by their SHA-256 hashes instead, which also lets browsers and
 *   proxies revalidate it with an ETag.
 * - Every state-changing request that succeeds, and every test-hook SQL statement, invalidates the
 *   cache. With the embedded database one process owns the data, so an in-memory version is exact;
 *   with PostgreSQL several servers share it, so the version lives in the `settings` table and
 *   each cached answer first checks it (one primary-key read instead of a whole render).
 * - Pages still expire after a minute, because some depend on the clock (upcoming events).
 */

const VERSION_KEY = "public_pages_version";
export const PAGE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 200;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** 'sha256-…' sources for the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  etag: string;
  storedAt: number;
  version: string;
  gzip?: Promise<Buffer>;
  brotli?: Promise<Buffer>;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The paths a visitor may be served from the cache (everything except the members area and files). */
export function isCacheablePath(requested: string) {
  if (requested.endsWith(".data")) return false; // client-side navigation data
  // The Filipino pages (/fil/...) follow the same rules as the English ones (issue 39).
  const pathname = requested.replace(/^\/fil(?=\/|$)/, "") || "/";
  // A member's update link shows their own details: never kept, never sent to anyone else.
  if (pathname.startsWith("/update-my-details/")) return false;
  // An unsubscribe link shows the address it was made for: never kept either.
  if (pathname.startsWith("/unsubscribe/")) return false;
  // A volunteer's links (serving rosters) show their own dates and answers.
  if (pathname.startsWith("/serve/")) return false;
  // An usher's headcount link (issue 37) names the usher and the counts.
  if (pathname.startsWith("/headcount/")) return false;
  // A group leader's attendance link shows the group's members (issue 37).
  if (pathname.startsWith("/groups/attendance/")) return false;
  return !/^\/(members|files|assets|api|healthz|readyz)(\/|$)/.test(pathname);
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private pending = new Map<string, Promise<CachedPage | null>>();
  private localVersion = crypto.randomUUID();

  constructor(private readonly shared: () => boolean) {}

  /** The version a page must have been rendered at to be served. */
  async currentVersion(): Promise<string> {
    if (!this.shared()) return this.localVersion;
    const stored = await getSetting<string>(services().db, VERSION_KEY);
    return `${this.localVersion}/${stored ?? "0"}`;
  }

  /** Forgets every page, here and (with PostgreSQL) on every other server. */
  async invalidate() {
    this.localVersion = crypto.randomUUID();
    this.entries.clear();
    if (this.shared()) await setSetting(services().db, VERSION_KEY, crypto.randomUUID());
  }

  /**
   * The cached page for `key`, rendering it with `render` when it is missing or stale. Visitors
   * asking for the same page at the same moment share one render. Returns null when the answer
   * cannot be served this way (not HTML, or it sets a cookie): the caller then renders normally.
   */
  async get(key: string, render: () => Promise<Response>): Promise<CachedPage | null> {
    const version = await this.currentVersion();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && Date.now() - entry.storedAt < PAGE_CACHE_TTL_MS) {
      // Most recently used last, so the oldest is dropped first when the cache is full.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const pendingKey = `${version} ${key}`;
    let pending = this.pending.get(pendingKey);
    if (!pending) {
      pending = this.fill(key, version, render).finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, pending);
    }
    return pending;
  }

  private async fill(key: string, version: string, render: () => Promise<Response>) {
    const response = await render();
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html") || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      scriptHashes: inlineScriptHashes(body.toString("utf8")),
      etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      storedAt: Date.now(),
      version,
    };
    // Error and not-found pages are sent to the visitors who asked but not kept, and neither is a
    // page whose version changed while it was being rendered.
    if (page.status === 200 && version === (await this.currentVersion())) {
      this.entries.set(key, page);
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return page;
  }
}

/** The body compressed once per cached page, for clients that accept it. */
export function compressedBody(page: CachedPage, encoding: "br" | "gzip") {
  if (encoding === "br") {
    page.brotli ??= brotli(page.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    });
    return page.brotli;
  }
  page.gzip ??= gzip(page.body, { level: 9 });
  return page.gzip;
}

const KEY = Symbol.for("church-site.page-cache");
type Holder = { [KEY]?: PageCache };

/** The process's page cache (kept on globalThis so a development reload does not lose it). */
export function pageCache(): PageCache {
  const holder = globalThis as Holder;
  holder[KEY] ??= new PageCache(() => services().database.kind === "postgres");
  return holder[KEY];
}
