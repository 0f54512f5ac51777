import { desc, eq } from "drizzle-orm";
import { ministryVideos, type MinistryVideo } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";

/** The ministry's videos, newest first, for its public page. */
export async function listMinistryVideos(slug: string): Promise<MinistryVideo[]> {
  return services()
    .db.select()
    .from(ministryVideos)
    .where(eq(ministryVideos.ministrySlug, slug))
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

/** Every ministry's videos, newest first, for the staff screen. */
export async function listAllMinistryVideos() {
  return services()
    .db.select()
    .from(ministryVideos)
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

export async function getMinistryVideo(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await services().db.select().from(ministryVideos).where(eq(ministryVideos.id, id)).limit(1);
  return row ?? null;
}

export interface MinistryVideoInput {
  title: string;
  youtubeId: string;
  ministrySlug: string;
}

export async function createMinistryVideo(input: MinistryVideoInput, actor: Actor) {
  const [row] = await services().db.insert(ministryVideos).values(input).returning();
  logChange(actor, "ministry-video.created", { videoId: row!.id, ministrySlug: input.ministrySlug });
  return row!;
}

export async function updateMinistryVideo(id: string, input: MinistryVideoInput, actor: Actor) {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.update(ministryVideos)
    .set(input)
    .where(eq(ministryVideos.id, id))
    .returning();
  if (row) logChange(actor, "ministry-video.updated", { videoId: id });
  return row ?? null;
}

/** True when the video was removed, false when there was none. */
export async function deleteMinistryVideo(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await services()
    .db.delete(ministryVideos)
    .where(eq(ministryVideos.id, id))
    .returning({ id: ministryVideos.id });
  if (rows.length > 0) logChange(actor, "ministry-video.deleted", { videoId: id });
  return rows.length > 0;
}
