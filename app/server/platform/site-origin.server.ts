import { officeSetting } from "./office-settings.server";
import { services } from "./services.server";

/** The office setting that holds the site's address (set on the settings screen). */
export const SITE_ADDRESS_SETTING = "office:site-address";

/** Where the site's address comes from: the environment, the settings screen, or nowhere yet. */
export type SiteAddressSource = "env" | "settings" | "default";

/** The site's address and where it came from. */
export function siteAddress(): { origin: string; source: SiteAddressSource } {
  const { env } = services();
  if (env.PUBLIC_URL) return { origin: env.PUBLIC_URL.replace(/\/$/, ""), source: "env" };
  const stored = officeSetting<string>(SITE_ADDRESS_SETTING);
  if (stored) return { origin: stored.replace(/\/$/, ""), source: "settings" };
  return { origin: `http://localhost:${env.PORT}`, source: "default" };
}

/**
 * The site's public address: PUBLIC_URL when set, else the address saved on the settings screen,
 * else `http://localhost:$PORT` as the README says. Never the request's Host header, which any
 * client can set: links in pages, the sitemap and e-mails (a password reset link above all) must
 * not point at another site.
 */
export function siteOrigin(): string {
  return siteAddress().origin;
}
