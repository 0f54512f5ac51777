import crypto from "node:crypto";
import { todayInChurchZone } from "~/lib/dates";
import { localePath } from "~/lib/i18n";
import { PUBLIC_PATHS } from "~/lib/site-url";
import { listUpcomingEvents } from "~/server/content/events.server";
import { listSermonSeries, listSermonsForFeed, listSpeakers } from "~/server/content/sermons.server";
import { seriesHref, sermonHref } from "~/lib/sermons";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// Every public page, every ministry, every upcoming event, and the sermons with their series and
// speakers, each in English and in Filipino with the other language as its alternate (issue 39).
// An ETag lets a crawler ask whether it changed and get a bodiless 304 when it did not.
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin();
  const [events, { ministries }, sermons, series, speakers] = await Promise.all([
    listUpcomingEvents(todayInChurchZone()).catch(() => []),
    getSiteContent(),
    listSermonsForFeed(1000).catch(() => []),
    listSermonSeries().catch(() => []),
    listSpeakers().catch(() => []),
  ]);
  const paths = [
    ...PUBLIC_PATHS,
    ...ministries.map((m) => `/ministries/${m.slug}`),
    ...events.map((e) => `/events/${e.id}`),
    ...series.filter((s) => s.sermons > 0).map((s) => seriesHref(s.slug)),
    ...speakers.map((s) => `/media/sermons/speakers/${s.slug}`),
    ...sermons.map((s) => sermonHref(s.id)),
  ];
  const alternates = (path: string) =>
    (["en", "fil"] as const)
      .map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(origin + localePath(locale, path))}"/>`,
      )
      .join("");
  const entries = paths.flatMap((path) =>
    (["en", "fil"] as const).map(
      (locale) => `  <url><loc>${escapeXml(origin + localePath(locale, path))}</loc>${alternates(path)}</url>`,
    ),
  );
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    entries.join("\n") +
    `\n</urlset>\n`;
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
  };
  const known = request.headers
    .get("if-none-match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(etag) || known?.includes("*")) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
