import type { NextFunction, Request, Response } from "express";
import type { createRequestHandler as createFetchHandler } from "react-router";
import { requestContext } from "../app/server/http/request-context.server";
import { loggableError } from "../app/server/platform/db-errors.server";
import { compressedBody, isCacheablePath, pageCache } from "../app/server/platform/page-cache.server";
import { prefersFilipino } from "../app/lib/accept-language";
import { siteOrigin } from "../app/server/platform/site-origin.server";

// The page cache in front of React Router (decision 013, page-cache.server.ts): anonymous
// visitors' public pages served from it, and emptied by every successful write.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A successful form post or upload may change what public pages show, so the cache is emptied
 * before its answer leaves: whoever sent it, and then looks at a public page on any server, sees
 * the change. The answer's first bytes wait for that (one small write with PostgreSQL).
 */
export function invalidatePagesOnWrites(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  let invalidated: Promise<void> | undefined;
  const beforeAnswer = () =>
    (invalidated ??=
      res.statusCode < 400
        ? pageCache()
            .invalidate()
            .catch((error: unknown) => console.error(loggableError(error)))
        : Promise.resolve());
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    void beforeAnswer().then(() => write(...args));
    return true;
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    void beforeAnswer().then(() => end(...args));
    return res;
  }) as Response["end"];
  next();
}

/** Serves anonymous visitors' public pages from the page cache (see page-cache.server.ts). */
export function cachedPublicPages(render: ReturnType<typeof createFetchHandler>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (
      req.method !== "GET" ||
      res.locals.refusal ||
      req.headers.cookie ||
      req.originalUrl.includes("?") ||
      !isCacheablePath(req.path)
    )
      return next();
    // One entry per page, whatever Host header the visitor sent (pages never depend on it). The
    // English home page has a second one, with the line suggesting the Filipino pages, for
    // browsers that ask for Filipino first (issue 39): one entry per language.
    const url = `${siteOrigin()}${req.originalUrl}`;
    const suggestsFilipino = req.path === "/" && prefersFilipino(req.get("accept-language") ?? null);
    let page;
    try {
      page = await pageCache().get(suggestsFilipino ? `${url}#fil` : url, () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        // No nonce: the cached page's inline scripts are allowed by their hashes.
        return render(
          new Request(url, { headers }),
          requestContext({ cspNonce: "", clientIp: req.ip ?? "unknown" }),
        );
      });
    } catch {
      return next(); // render it the ordinary way, which reports the error
    }
    if (!page) return next();
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      res.setHeader(
        "Content-Security-Policy",
        policy.replace(`'nonce-${res.locals.cspNonce as string}'`, page.scriptHashes.join(" ") || "'none'"),
      );
    }
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // The same page for every anonymous visitor, with no session and nothing of anyone's: no
    // opener policy. Opening it from a link or a new tab then needs no new browsing context group,
    // which costs a phone a long task after first paint (docs/decisions/020). Every page that is
    // not this one (sign-in, the members area, anyone with a cookie) keeps `same-origin`, applied
    // when the browser navigates to it, so a window that opened a public page loses its hold there.
    res.removeHeader("Cross-Origin-Opener-Policy");
    res.vary("Cookie");
    if (req.path === "/") res.vary("Accept-Language");
    if (page.status === 200) {
      // Browsers and proxies keep the page but ask each time whether it changed (a 304 is tiny).
      res.setHeader("Cache-Control", "public, no-cache");
      res.setHeader("ETag", page.etag);
    } else {
      res.setHeader("Cache-Control", "no-store");
    }
    res.vary("Accept-Encoding");
    const encoding = req.acceptsEncodings("br", "gzip");
    if (encoding === "br" || encoding === "gzip") {
      if (req.fresh) return void res.status(304).end();
      res.setHeader("Content-Encoding", encoding);
      res.send(await compressedBody(page, encoding));
    } else {
      res.send(page.body);
    }
  };
}
