import { and, desc, eq } from "drizzle-orm";
import { ministryVideos, type MinistryVideo } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { requireInScope, slugInScope, type MinistryScope } from "../auth/ministry-scope.server";

// The staff functions take the `scope` of a role limited to ministries (ministryScope): a video of
// another ministry is not found, and none is added to or moved into another ministry.

/** The ministry's videos, newest first, for its public page. */
export async function listMinistryVideos(slug: string): Promise<MinistryVideo[]> {
  return services()
    .db.select()
    .from(ministryVideos)
    .where(eq(ministryVideos.ministrySlug, slug))
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

/** Every ministry's videos (with a `scope`, its ministries'), newest first, for the staff screen. */
export async function listAllMinistryVideos(scope?: MinistryScope) {
  return services()
    .db.select()
    .from(ministryVideos)
    .where(slugInScope(ministryVideos.ministrySlug, scope))
    .orderBy(desc(ministryVideos.createdAt), desc(ministryVideos.id));
}

export async function getMinistryVideo(id: string, scope?: MinistryScope) {
  if (!isUuid(id)) return null;
  const [row] = await services()
    .db.select()
    .from(ministryVideos)
    .where(and(eq(ministryVideos.id, id), slugInScope(ministryVideos.ministrySlug, scope)))
    .limit(1);
  return row ?? null;
}

export interface MinistryVideoInput {
  title: string;
  youtubeId: string;
  ministrySlug: string;
}

export async function createMinistryVideo(input: MinistryVideoInput, actor: Actor, scope?: MinistryScope) {
  requireInScope(scope, input.ministrySlug);
  return services().db.transaction(async (tx) => {
    const [row] = await tx.insert(ministryVideos).values(input).returning();
    await logChange(tx, actor, "ministry-video.created", {
      subject: { type: "ministry-video", id: row!.id, label: row!.title },
      details: { ministry: input.ministrySlug },
    });
    return row!;
  });
}

/** The video as saved, or null when there is no such video (of the ministries of `scope`). */
export async function updateMinistryVideo(
  id: string,
  input: MinistryVideoInput,
  actor: Actor,
  scope?: MinistryScope,
) {
  if (!isUuid(id)) return null;
  requireInScope(scope, input.ministrySlug);
  return services().db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ministryVideos)
      .where(and(eq(ministryVideos.id, id), slugInScope(ministryVideos.ministrySlug, scope)))
      .for("update");
    if (!before) return null;
    const [row] = await tx.update(ministryVideos).set(input).where(eq(ministryVideos.id, id)).returning();
    await logChange(tx, actor, "ministry-video.updated", {
      subject: { type: "ministry-video", id, label: row!.title },
      details: { changes: fieldChanges(before, row!, ["title", "youtubeId", "ministrySlug"]) },
    });
    return row!;
  });
}

/** True when the video was removed, false when there was none (of the ministries of `scope`). */
export async function deleteMinistryVideo(id: string, actor: Actor, scope?: MinistryScope): Promise<boolean> {
  if (!isUuid(id)) return false;
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ministryVideos)
      .where(and(eq(ministryVideos.id, id), slugInScope(ministryVideos.ministrySlug, scope)))
      .returning({ title: ministryVideos.title });
    if (!row) return false;
    await logChange(tx, actor, "ministry-video.deleted", {
      subject: { type: "ministry-video", id, label: row.title },
    });
    return true;
  });
}
