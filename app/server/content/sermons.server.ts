import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { documents, sermons, sermonSeries, type Sermon } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { slugify, type SermonFilters } from "~/lib/sermons";
import { AppError } from "../http/errors.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import { removeStoredFile } from "../platform/images.server";
import { fetchThumbnail, thumbnailColumns, withThumbnail } from "./sermon-thumbnails.server";
import { services } from "../platform/services.server";
import { loggableError } from "../platform/db-errors.server";

export const SERMONS_PAGE_SIZE = 24;

export type SermonSeriesRow = typeof sermonSeries.$inferSelect;

/** A sermon with the name and address of its series, as the lists and pages show it. */
export type SermonListItem = Sermon & { seriesName: string | null; seriesSlug: string | null };

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
async function filterConditions(filters: SermonFilters): Promise<SQL[] | null> {
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
      conditions.push(
        or(ilike(sermons.title, likePattern(word)), ilike(sermons.passage, likePattern(word)))!,
      );
    }
  }
  return conditions;
}

/**
 * One page of the public list: newest sermon date first, the newest added first on a tie (ten
 * years of weekly sermons would be a 1 MB page on a phone), with where it sits among the pages,
 * narrowed to a series, a speaker, a year or words of the title or passage.
 */
export async function listSermonsPage(
  askedPage: number,
  filters: SermonFilters = {},
  size = SERMONS_PAGE_SIZE,
) {
  const { db } = services();
  const conditions = await filterConditions(filters);
  if (!conditions) return { rows: [] as SermonListItem[], total: 0, page: 1, pages: 1 };
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
    rows: rows.map(({ sermon, seriesName, seriesSlug }) => ({ ...sermon, seriesName, seriesSlug })),
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

/** One sermon for its own page: with its series and the eLibrary document of its notes. */
export async function getSermonDetail(id: string) {
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
  return { ...row.sermon, series: row.series, notes: row.notes?.id ? row.notes : null };
}

/** The newest sermons for the feed (podcast apps read the latest hundred). */
export async function listSermonsForFeed(limit = 100): Promise<SermonListItem[]> {
  return (await listSermonsPage(1, {}, limit)).rows;
}

/** A recording stored with a sermon. */
export interface SermonAudio {
  objectPath: string;
  contentType: string;
  bytes: number;
  seconds: number | null;
}

export interface SermonInput {
  sermonDate: string;
  title: string;
  speaker: string;
  youtubeId: string;
  /** The series' name: an existing one (any letter case) or a new one; empty for none. */
  seriesName?: string | null;
  passage?: string | null;
  description?: string | null;
  notesDocumentId?: string | null;
  /** A new recording; null removes the one kept; left out keeps it. */
  audio?: SermonAudio | null;
}

type Executor = Parameters<Parameters<ReturnType<typeof services>["db"]["transaction"]>[0]>[0];

/** The series of that name, made when there is none yet (with an address nobody else has). */
async function seriesIdFor(tx: Executor, name: string | null | undefined): Promise<string | null> {
  const wanted = name?.replace(/\s+/g, " ").trim();
  if (!wanted) return null;
  const [existing] = await tx
    .select({ id: sermonSeries.id })
    .from(sermonSeries)
    .where(sql`lower(${sermonSeries.name}) = lower(${wanted})`)
    .limit(1);
  if (existing) return existing.id;
  const base = slugify(wanted);
  const taken = new Set(
    (
      await tx
        .select({ slug: sermonSeries.slug })
        .from(sermonSeries)
        .where(or(eq(sermonSeries.slug, base), ilike(sermonSeries.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const [made] = await tx
    .insert(sermonSeries)
    .values({ name: wanted, slug })
    .returning({ id: sermonSeries.id });
  return made!.id;
}

/** The row's columns for an input (the recording only when it is given or removed). */
async function columnsFor(tx: Executor, input: SermonInput) {
  const { seriesName, audio, ...rest } = input;
  return {
    sermonDate: rest.sermonDate,
    title: rest.title,
    speaker: rest.speaker,
    youtubeId: rest.youtubeId,
    passage: rest.passage || null,
    description: rest.description || null,
    notesDocumentId: rest.notesDocumentId || null,
    seriesId: await seriesIdFor(tx, seriesName),
    ...(audio === undefined
      ? {}
      : {
          audioObjectPath: audio?.objectPath ?? null,
          audioContentType: audio?.contentType ?? null,
          audioBytes: audio?.bytes ?? null,
          audioSeconds: audio?.seconds ?? null,
        }),
  };
}

/**
 * The staff list: the newest sermon date first, as the public list (the newest added first on a
 * tie, then by id, so every sermon keeps its place).
 */
export async function listSermonsForStaff(): Promise<SermonListItem[]> {
  const rows = await services()
    .db.select({ sermon: sermons, seriesName: sermonSeries.name, seriesSlug: sermonSeries.slug })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .orderBy(desc(sermons.sermonDate), desc(sermons.createdAt), desc(sermons.id));
  return rows.map(({ sermon, seriesName, seriesSlug }) => ({ ...sermon, seriesName, seriesSlug }));
}

export async function getSermon(id: string): Promise<SermonListItem | null> {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.select({ sermon: sermons, seriesName: sermonSeries.name, seriesSlug: sermonSeries.slug })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .where(eq(sermons.id, id))
    .limit(1);
  return row ? { ...row.sermon, seriesName: row.seriesName, seriesSlug: row.seriesSlug } : null;
}

const LOGGED_FIELDS = [
  "sermonDate",
  "title",
  "speaker",
  "youtubeId",
  "seriesId",
  "passage",
  "description",
  "notesDocumentId",
  "audioObjectPath",
] as const;

/** A notes document must exist when one is named (a removed one cannot be linked). */
async function checkNotes(tx: Executor, id: string | null | undefined) {
  if (!id) return;
  const [row] = isUuid(id)
    ? await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).limit(1)
    : [];
  if (!row) {
    throw new AppError("That document is no longer in the eLibrary. Please choose another.", 400, {
      field: "notesDocumentId",
    });
  }
}

/** Adds a sermon, with its video's picture fetched once now (the sermon is saved without it when it cannot be had). */
export async function createSermon(input: SermonInput, actor: Actor): Promise<Sermon> {
  const picture = await fetchThumbnail(input.youtubeId);
  return withThumbnail(picture, (thumbnail) =>
    services().db.transaction(async (tx) => {
      await checkNotes(tx, input.notesDocumentId);
      const [row] = await tx
        .insert(sermons)
        .values({ ...(await columnsFor(tx, input)), ...thumbnailColumns(thumbnail) })
        .returning();
      await logChange(tx, actor, "sermon.created", {
        subject: { type: "sermon", id: row!.id, label: row!.title },
      });
      return row!;
    }),
  );
}

/** Thrown inside a save when the sermon is gone, so a picture just stored is removed again. */
class SermonGone extends Error {}

/**
 * Saves a sermon's changes. A replaced or removed recording's file is deleted once the row no
 * longer names it. Null when there is no such sermon.
 */
export async function updateSermon(id: string, input: SermonInput, actor: Actor): Promise<Sermon | null> {
  if (!isUuid(id)) return null;
  const { db, storage } = services();
  // The video's picture is fetched once: for a new video, or when it could not be had before.
  const [current] = await db
    .select({ youtubeId: sermons.youtubeId, thumbnail: sermons.thumbnailObjectPath })
    .from(sermons)
    .where(eq(sermons.id, id));
  if (!current) return null;
  const needsPicture = current.youtubeId !== input.youtubeId || !current.thumbnail;
  const picture = needsPicture ? await fetchThumbnail(input.youtubeId) : null;
  let saved;
  try {
    saved = await withThumbnail(picture, (thumbnail) =>
      // An edited demo sermon is the church's own now: "Remove demo content" leaves it.
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(sermons).where(eq(sermons.id, id)).for("update");
        if (!before) throw new SermonGone();
        await checkNotes(tx, input.notesDocumentId);
        const [row] = await tx
          .update(sermons)
          .set({
            ...(await columnsFor(tx, input)),
            ...(needsPicture ? thumbnailColumns(thumbnail) : {}),
            isDemo: false,
          })
          .where(eq(sermons.id, id))
          .returning();
        await logChange(tx, actor, "sermon.updated", {
          subject: { type: "sermon", id, label: row!.title },
          details: { changes: fieldChanges(before, row!, [...LOGGED_FIELDS]) },
        });
        return { before, row: row! };
      }),
    );
  } catch (error) {
    if (error instanceof SermonGone) return null;
    throw error;
  }
  const old = saved.before.audioObjectPath;
  if (old && old !== saved.row.audioObjectPath) await removeRecording(old);
  // Another video's picture, or none now: the old picture's copies go.
  const oldPicture = saved.before.thumbnailObjectPath;
  if (oldPicture && oldPicture !== saved.row.thumbnailObjectPath) {
    await removeStoredFile(storage, oldPicture).catch((error: unknown) => {
      console.warn(`Could not remove the replaced video picture ${oldPicture}:`, error);
    });
  }
  return saved.row;
}

async function removeRecording(objectPath: string) {
  await services()
    .storage.delete(objectPath)
    .catch((error: unknown) => {
      console.error(`Could not remove the recording ${objectPath}:`, loggableError(error));
    });
}

/** True when the sermon was removed, false when there was none (as every delete answers). */
export async function deleteSermon(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removed = await services().db.transaction(async (tx) => {
    const [row] = await tx.delete(sermons).where(eq(sermons.id, id)).returning({
      title: sermons.title,
      audio: sermons.audioObjectPath,
      picture: sermons.thumbnailObjectPath,
    });
    if (!row) return null;
    await logChange(tx, actor, "sermon.deleted", { subject: { type: "sermon", id, label: row.title } });
    return row;
  });
  if (!removed) return false;
  if (removed.audio) await removeRecording(removed.audio);
  const picture = removed.picture;
  if (picture) {
    await removeStoredFile(services().storage, picture).catch((error: unknown) => {
      console.warn(`Could not remove the video picture ${picture}:`, error);
    });
  }
  return true;
}
