import { desc, eq } from "drizzle-orm";
import { ministryVideos, type MinistryVideo } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
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
  return services().db.transaction(async (tx) => {
    const [row] = await tx.insert(ministryVideos).values(input).returning();
    await logChange(tx, actor, "ministry-video.created", {
      subject: { type: "ministry-video", id: row!.id, label: row!.title },
      details: { ministry: input.ministrySlug },
    });
    return row!;
  });
}

export async function updateMinistryVideo(id: string, input: MinistryVideoInput, actor: Actor) {
  if (!isUuid(id)) return null;
  return services().db.transaction(async (tx) => {
    const [before] = await tx.select().from(ministryVideos).where(eq(ministryVideos.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx.update(ministryVideos).set(input).where(eq(ministryVideos.id, id)).returning();
    await logChange(tx, actor, "ministry-video.updated", {
      subject: { type: "ministry-video", id, label: row!.title },
      details: { changes: fieldChanges(before, row!, ["title", "youtubeId", "ministrySlug"]) },
    });
    return row!;
  });
}

/** True when the video was removed, false when there was none. */
export async function deleteMinistryVideo(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ministryVideos)
      .where(eq(ministryVideos.id, id))
      .returning({ title: ministryVideos.title });
    if (!row) return false;
    await logChange(tx, actor, "ministry-video.deleted", {
      subject: { type: "ministry-video", id, label: row.title },
    });
    return true;
  });
}
