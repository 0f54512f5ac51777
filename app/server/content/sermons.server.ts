import { count, desc, eq } from "drizzle-orm";
import { sermons, type Sermon } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";

export const SERMONS_PAGE_SIZE = 24;

/**
 * One page of the public list: newest sermon date first, the newest added first on a tie (ten
 * years of weekly sermons would be a 1 MB page on a phone), with where it sits among the pages.
 */
export async function listSermonsPage(askedPage: number, size = SERMONS_PAGE_SIZE) {
  const { db } = services();
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sermons);
  const window = pageWindow(total, size, askedPage);
  const rows = await db
    .select()
    .from(sermons)
    .orderBy(desc(sermons.sermonDate), desc(sermons.createdAt), desc(sermons.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total, page: window.page, pages: window.pages };
}

export interface SermonInput {
  sermonDate: string;
  title: string;
  speaker: string;
  youtubeId: string;
}

/** The staff list: the newest added first. */
export async function listSermonsForStaff(): Promise<Sermon[]> {
  return services().db.select().from(sermons).orderBy(desc(sermons.createdAt), desc(sermons.id));
}

export async function getSermon(id: string): Promise<Sermon | null> {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select().from(sermons).where(eq(sermons.id, id)).limit(1);
  return row ?? null;
}

export async function createSermon(input: SermonInput, actor: Actor): Promise<Sermon> {
  const [row] = await services().db.insert(sermons).values(input).returning();
  logChange(actor, "sermon.created", { sermonId: row!.id });
  return row!;
}

export async function updateSermon(id: string, input: SermonInput, actor: Actor): Promise<Sermon | null> {
  if (!isUuid(id)) return null;
  // An edited demo sermon is the church's own now: "Remove demo content" leaves it.
  const [row] = await services()
    .db.update(sermons)
    .set({ ...input, isDemo: false })
    .where(eq(sermons.id, id))
    .returning();
  if (row) logChange(actor, "sermon.updated", { sermonId: id });
  return row ?? null;
}

/** True when the sermon was removed, false when there was none (as every delete answers). */
export async function deleteSermon(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services().db.delete(sermons).where(eq(sermons.id, id)).returning({ id: sermons.id });
  if (rows.length > 0) logChange(actor, "sermon.deleted", { sermonId: id });
  return rows.length > 0;
}
