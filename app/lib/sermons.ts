import type { PageHandle } from "./page-scripts";

// Sermon lists people can narrow down: the filters in a list's address, and the addresses of the
// pages per sermon, series and speaker. Shared by the public pages, the feed and the staff form.

/** "Rev. Dr. Ana Cruz" -> "rev-dr-ana-cruz": a series' or speaker's address part. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "series";
}

/** The sermon lists' scripts: the toasts and the video players (ADR 013). */
export const SERMON_PAGE_HANDLE: PageHandle = { enhancements: ["toasts", "video"] };

// Podcast apps and feed readers find the sermons feed from a sermon list's head.
export const sermonFeedLinks = () => [
  { rel: "alternate", type: "application/rss+xml", href: SERMON_FEED_PATH, title: "Sermons" },
];

export const sermonHref = (id: string) => `/media/sermons/${id}`;
export const seriesHref = (slug: string) => `/media/sermons/series/${slug}`;
export const speakerHref = (speaker: string) => `/media/sermons/speakers/${slugify(speaker)}`;
export const SERMON_FEED_PATH = "/media/sermons/feed.xml";

/** What a visitor narrowed the sermons list to (every part optional). */
export interface SermonFilters {
  /** A series' slug. */
  series?: string;
  /** A speaker's slug. */
  speaker?: string;
  year?: number;
  /** Words searched for in the title and the Bible passage. */
  q?: string;
}

const SLUG = /^[a-z0-9-]{1,80}$/;

/** The filters in `?series=&speaker=&year=&q=`; anything malformed is left out, never an error. */
export function readSermonFilters(params: URLSearchParams): SermonFilters {
  const filters: SermonFilters = {};
  const series = params.get("series")?.trim() ?? "";
  if (SLUG.test(series)) filters.series = series;
  const speaker = params.get("speaker")?.trim() ?? "";
  if (SLUG.test(speaker)) filters.speaker = speaker;
  const year = Number(params.get("year"));
  if (Number.isInteger(year) && year >= 1900 && year <= 2200) filters.year = year;
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  if (q) filters.q = q;
  return filters;
}

/** The list's address for these filters and page (page 1 and empty filters are left out). */
export function sermonsListHref(filters: SermonFilters, page = 1, base = "/media/sermons"): string {
  const params = new URLSearchParams();
  if (filters.series) params.set("series", filters.series);
  if (filters.speaker) params.set("speaker", filters.speaker);
  if (filters.year) params.set("year", String(filters.year));
  if (filters.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export const hasSermonFilters = (filters: SermonFilters) =>
  Boolean(filters.series || filters.speaker || filters.year || filters.q);

/** "42:05" or "1:02:05": how long a recording plays, for people and for podcast apps. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
