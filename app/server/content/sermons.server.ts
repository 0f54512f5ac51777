import { count, desc, eq } from "drizzle-orm";
import { sermons, type Sermon } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { pageWindow } from "~/lib/paging";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
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
  return services().db.transaction(async (tx) => {
    const [row] = await tx.insert(sermons).values(input).returning();
    await logChange(tx, actor, "sermon.created", {
      subject: { type: "sermon", id: row!.id, label: row!.title },
    });
    return row!;
  });
}

export async function updateSermon(id: string, input: SermonInput, actor: Actor): Promise<Sermon | null> {
  if (!isUuid(id)) return null;
  // An edited demo sermon is the church's own now: "Remove demo content" leaves it.
  return services().db.transaction(async (tx) => {
    const [before] = await tx.select().from(sermons).where(eq(sermons.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(sermons)
      .set({ ...input, isDemo: false })
      .where(eq(sermons.id, id))
      .returning();
    await logChange(tx, actor, "sermon.updated", {
      subject: { type: "sermon", id, label: row!.title },
      details: { changes: fieldChanges(before, row!, ["sermonDate", "title", "speaker", "youtubeId"]) },
    });
    return row!;
  });
}

/** True when the sermon was removed, false when there was none (as every delete answers). */
export async function deleteSermon(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return services().db.transaction(async (tx) => {
    const [row] = await tx.delete(sermons).where(eq(sermons.id, id)).returning({ title: sermons.title });
    if (!row) return false;
    await logChange(tx, actor, "sermon.deleted", { subject: { type: "sermon", id, label: row.title } });
    return true;
  });
}
