import { services } from "./services.server";

/**
 * The site's public address: PUBLIC_URL when set, else `http://localhost:$PORT` as the README
 * says. Never the request's Host header, which any client can set: links in pages, the sitemap
 * and e-mails (a password reset link above all) must not point at another site.
 */
export function siteOrigin(): string {
  const { env } = services();
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
