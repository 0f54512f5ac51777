import type { NextFunction, Request, Response } from "express";
import { isOneClickUnsubscribe } from "../app/server/http/request-guard.server";

/**
 * Refuses state-changing requests sent from another site's page (CSRF). The Origin header must be
 * the site's own: scheme, host and port of PUBLIC_URL when it is set, else the host and port the
 * request came to (a site reached on a church LAN by its address, behind no proxy).
 */
export function sameOriginPosts(publicUrl: string | undefined) {
  const own = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    // An announcement's one-click unsubscribe (RFC 8058): see isOneClickUnsubscribe.
    if (req.method === "POST" && isOneClickUnsubscribe(req.path)) return next();
    const origin = req.get("origin");
    let crossSite = req.get("sec-fetch-site") === "cross-site";
    if (origin && origin !== "null") {
      try {
        const sent = new URL(origin);
        crossSite = own ? sent.origin !== own : sent.host !== req.host;
      } catch {
        crossSite = true;
      }
    } else if (origin === "null") {
      crossSite = true;
    }
    if (crossSite) {
      res.status(403).type("text/plain").send("Forms may only be sent from this website.");
      return;
    }
    next();
  };
}
