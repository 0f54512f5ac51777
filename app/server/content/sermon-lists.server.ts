import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { documents, sermons, sermonSeries, type Sermon } from "../../../database/schema";
import type { Locale } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { slugify, type SermonFilters } from "~/lib/sermons";
import { services } from "../platform/services.server";
import { textsIn, type TextsLanguage } from "./texts-in-language.server";

// What the public pages read of the sermons: the lists, the series and speakers, one sermon,
// each sermon's title and description in the page's language (issue 39). The staff's reads and
// saves are in sermons.server.ts, which passes these on.

export const SERMONS_PAGE_SIZE = 24;

export type SermonSeriesRow = typeof sermonSeries.$inferSelect;

/** A sermon with the name and address of its series, as the lists and pages show it. */
export type SermonListItem = Sermon & { seriesName: string | null; seriesSlug: string | null };

/** A sermon as a public page in a language shows it: its title and description in that language. */
export type PublicSermon = SermonListItem & TextsLanguage;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The speaker's name as written on the sermons, for a speaker's address part (null when none). */
export async function findSpeakerBySlug(slug: string): Promise<string | null> {
  const speakers = await listSpeakers();
  return speakers.find((speaker) => speaker.slug === slug)?.name ?? null;
}

/**
 * The conditions for a list's filters. Null when a filter names a series or speaker that does not
 * exist: such a list is empty.
 */
async function filterConditions(filters: SermonFilters, locale: Locale): Promise<SQL[] | null> {
  const conditions: SQL[] = [];
  if (filters.series) {
    const series = await findSeriesBySlug(filters.series);
    if (!series) return null;
    conditions.push(eq(sermons.seriesId, series.id));
  }
  if (filters.speaker) {
    const speaker = await findSpeakerBySlug(filters.speaker);
    if (!speaker) return null;
    conditions.push(eq(sermons.speaker, speaker));
  }
  if (filters.year) {
    conditions.push(gte(sermons.sermonDate, `${filters.year}-01-01`));
    conditions.push(lt(sermons.sermonDate, `${filters.year + 1}-01-01`));
  }
  if (filters.q) {
    for (const word of filters.q.split(" ").slice(0, 5)) {
      const pattern = likePattern(word);
      // On a Filipino page the Filipino title is searched too.
      const titles =
        locale === "fil"
          ? [ilike(sermons.title, pattern), ilike(sermons.titleFil, pattern)]
          : [ilike(sermons.title, pattern)];
      conditions.push(or(...titles, ilike(sermons.passage, pattern))!);
    }
  }
  return conditions;
}

/**
 * One page of the public list: newest sermon date first, the newest added first on a tie (ten
 * years of weekly sermons would be a 1 MB page on a phone), with where it sits among the pages,
 * narrowed to a series, a speaker, a year or words of the title or passage; the titles and
 * descriptions in `locale` (issue 39).
 */
export async function listSermonsPage(
  askedPage: number,
  filters: SermonFilters = {},
  locale: Locale = "en",
  size = SERMONS_PAGE_SIZE,
) {
  const { db } = services();
  const conditions = await filterConditions(filters, locale);
  if (!conditions) return { rows: [] as PublicSermon[], total: 0, page: 1, pages: 1 };
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sermons).where(where);
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select({ sermon: sermons, seriesName: sermonSeries.name, seriesSlug: sermonSeries.slug })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .where(where)
    .orderBy(desc(sermons.sermonDate), desc(sermons.createdAt), desc(sermons.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    rows: rows.map(({ sermon, seriesName, seriesSlug }) =>
      textsIn({ ...sermon, seriesName, seriesSlug }, locale),
    ),
    total,
    page: window.page,
    pages: window.pages,
  };
}

/** Every series with how many sermons it has and its latest sermon's date, newest first. */
export async function listSermonSeries() {
  const rows = await services()
    .db.select({
      id: sermonSeries.id,
      name: sermonSeries.name,
      slug: sermonSeries.slug,
      description: sermonSeries.description,
      sermons: count(sermons.id),
      latest: sql<string | null>`max(${sermons.sermonDate})::text`,
    })
    .from(sermonSeries)
    .leftJoin(sermons, eq(sermons.seriesId, sermonSeries.id))
    .groupBy(sermonSeries.id)
    .orderBy(sql`max(${sermons.sermonDate}) desc nulls last`, asc(sermonSeries.name));
  return rows;
}

export async function findSeriesBySlug(slug: string): Promise<SermonSeriesRow | null> {
  const [row] = await services().db.select().from(sermonSeries).where(eq(sermonSeries.slug, slug)).limit(1);
  return row ?? null;
}

/** Everyone who has preached, by name, with their address part and number of sermons. */
export async function listSpeakers() {
  const rows = await services()
    .db.select({ name: sermons.speaker, sermons: count() })
    .from(sermons)
    .groupBy(sermons.speaker)
    .orderBy(asc(sermons.speaker));
  return rows.map((row) => ({ ...row, slug: slugify(row.name) }));
}

/** The years that have sermons, newest first. */
export async function listSermonYears(): Promise<number[]> {
  const rows = await services()
    .db.selectDistinct({ year: sql<number>`extract(year from ${sermons.sermonDate})::int` })
    .from(sermons)
    .orderBy(sql`1 desc`);
  return rows.map((row) => Number(row.year));
}

/**
 * One sermon for its own page: with its series and the eLibrary document of its notes, its title
 * and description in `locale`.
 */
export async function getSermonDetail(id: string, locale: Locale = "en") {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.select({
      sermon: sermons,
      series: sermonSeries,
      notes: { id: documents.id, title: documents.title, fileName: documents.fileName },
    })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .leftJoin(documents, eq(documents.id, sermons.notesDocumentId))
    .where(eq(sermons.id, id))
    .limit(1);
  if (!row) return null;
  return textsIn({ ...row.sermon, series: row.series, notes: row.notes?.id ? row.notes : null }, locale);
}

/** The newest sermons for the feed (podcast apps read the latest hundred). */
export async function listSermonsForFeed(limit = 100): Promise<SermonListItem[]> {
  return (await listSermonsPage(1, {}, "en", limit)).rows;
}
