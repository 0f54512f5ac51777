import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { documents, sermons, sermonSeries, type Sermon } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/sermons";
import { AppError } from "../http/errors.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import { removeStoredFile } from "../platform/images.server";
import { fetchThumbnail, thumbnailColumns, withThumbnail } from "./sermon-thumbnails.server";
import { services } from "../platform/services.server";
import { filipinoText } from "./texts-in-language.server";
import { loggableError } from "../platform/db-errors.server";
import type { SermonListItem } from "./sermon-lists.server";

// The public reads (lists, series, speakers, one sermon) are in sermon-lists.server.ts.
export * from "./sermon-lists.server";

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
  /** The Filipino title and description; empty for none (the English then shows on /fil pages). */
  titleFil?: string | null;
  descriptionFil?: string | null;
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
    titleFil: filipinoText(rest.titleFil),
    descriptionFil: filipinoText(rest.descriptionFil),
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
  "titleFil",
  "descriptionFil",
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
