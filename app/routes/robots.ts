import { siteOrigin } from "~/server/platform/site-origin.server";

// Search engines may read the public site, never the members area.
export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /members\n\nSitemap: ${siteOrigin()}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
