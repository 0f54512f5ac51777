import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { settings, siteSectionRevisions, siteSections } from "../../../database/schema";
import { formatDateTime } from "~/lib/format";
import type { StaffUser } from "../auth/guards.server";
import { logChange } from "../platform/change-log.server";
import type { Database } from "../platform/db.server";
import { services } from "../platform/services.server";
import { AppError } from "../http/errors.server";
import { CHURCH_SECTION, SERVICE_TIMES_SECTION } from "~/schemas/site-sections";
import { translatedKey } from "~/schemas/site-translation";
import { defaultSections, type ServiceTimesSection } from "./site-defaults.server";
import { UPGRADE_NOTES, upgradeSectionData } from "./site-upgrades.server";

// The website's sections in the database: one row per section holding its current version, and
// every version ever saved beside it. Each save bumps `site_content_version` in the same
// transaction, which is how every server learns that its copy of the content is stale.

export const CONTENT_VERSION_KEY = "site_content_version";

/** The name a revision is signed with when nobody saved it: the texts the site started with. */
export const DEFAULT_AUTHOR = "Default content";

/** The name of a version a new release wrote, bringing what an older one stored to its shape. */
export const UPGRADE_AUTHOR = "Upgrade";

export interface StoredSection {
  key: string;
  data: unknown;
  version: number;
  updatedAt: Date;
  updatedBy: string;
}

export interface SectionRevision {
  version: number;
  savedAt: Date;
  savedBy: string;
  note: string | null;
  /** The top-level fields this version changed from the one before it (none for the first). */
  changed: string[];
}

/** The top-level fields whose values differ between two versions of a section. */
export function changedFields(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]),
  );
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function bumpContentVersion(tx: Tx | Database) {
  const value = crypto.randomUUID();
  await tx
    .insert(settings)
    .values({ key: CONTENT_VERSION_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  localSaves.count++;
}

/** Saves made by this process: with the embedded database, the only process, this is exact. */
export const localSaves = { count: 0 };

/**
 * Writes the default of every section the database does not have yet, as its version 1, and
 * brings a section an earlier release stored to today's shape as its next version (see
 * site-upgrades.server.ts). Runs at every start and after a restore (under the setup lock): a new
 * install gets all of them, an upgraded one the sections that are new in this release.
 */
export async function ensureSiteSections(): Promise<number> {
  const { db } = services();
  const defaults = defaultSections();
  const present = new Set(
    (await db.select({ key: siteSections.key }).from(siteSections)).map((row) => row.key),
  );
  const missing = Object.entries(defaults).filter(([key]) => !present.has(key));
  if (missing.length > 0) await addSections(missing);
  await upgradeStoredSections();
  return missing.length;
}

async function addSections(missing: [string, unknown][]) {
  const { db } = services();
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(siteSections)
      .values(missing.map(([key, data]) => ({ key, data, version: 1, updatedBy: DEFAULT_AUTHOR })))
      .onConflictDoNothing()
      .returning({ key: siteSections.key, data: siteSections.data });
    if (added.length === 0) return;
    await tx
      .insert(siteSectionRevisions)
      .values(
        added.map((row) => ({ sectionKey: row.key, version: 1, data: row.data, savedBy: DEFAULT_AUTHOR })),
      )
      .onConflictDoNothing();
    await bumpContentVersion(tx);
  });
}

/** The stored service times (their first version when none are stored). */
async function storedServiceTimes(tx: Tx | Database): Promise<ServiceTimesSection["services"]> {
  const [row] = await tx
    .select({ data: siteSections.data })
    .from(siteSections)
    .where(eq(siteSections.key, SERVICE_TIMES_SECTION.id))
    .limit(1);
  return ((row?.data ?? defaultSections()[SERVICE_TIMES_SECTION.id]) as ServiceTimesSection).services;
}

/** Saves each section an earlier release stored in an older shape as its next version. */
async function upgradeStoredSections(): Promise<number> {
  const { db } = services();
  const stale = async (tx: Tx | Database, lock: boolean) => {
    const query = tx
      .select()
      .from(siteSections)
      .where(inArray(siteSections.key, Object.keys(UPGRADE_NOTES)));
    const rows = lock ? await query.for("update") : await query;
    let times: ServiceTimesSection["services"] | undefined;
    const found = [];
    for (const row of rows) {
      if (!times && row.key !== CHURCH_SECTION.id) times = await storedServiceTimes(tx);
      const data = upgradeSectionData(row.key, row.data, () => times ?? []);
      if (data !== row.data) found.push({ row, data });
    }
    return found;
  };
  if ((await stale(db, false)).length === 0) return 0;
  return db.transaction(async (tx) => {
    const found = await stale(tx, true);
    for (const { row, data } of found) {
      const next = row.version + 1;
      const note = UPGRADE_NOTES[row.key] ?? null;
      await tx
        .update(siteSections)
        .set({ data, version: next, updatedAt: new Date(), updatedBy: UPGRADE_AUTHOR })
        .where(eq(siteSections.key, row.key));
      await tx
        .insert(siteSectionRevisions)
        .values({ sectionKey: row.key, version: next, data, savedBy: UPGRADE_AUTHOR, note });
      await logChange(tx, "system", "site.saved", {
        subject: { type: "section", id: row.key, label: row.key },
        details: { version: next, changed: changedFields(row.data, data), note },
      });
    }
    if (found.length > 0) await bumpContentVersion(tx);
    return found.length;
  });
}

/** Every stored section's data, by key. */
export async function readAllSections(): Promise<Map<string, unknown>> {
  const rows = await services()
    .db.select({ key: siteSections.key, data: siteSections.data })
    .from(siteSections);
  return new Map(rows.map((row) => [row.key, row.data]));
}

/**
 * The stored version of one section, or its default when it was never written. A Filipino
 * version (`fil:{section}`) is never seeded: until its first save it is empty, at version 0.
 */
export async function getSection(key: string): Promise<StoredSection | undefined> {
  const [row] = await services().db.select().from(siteSections).where(eq(siteSections.key, key)).limit(1);
  if (row) return row;
  const english = translatedKey(key);
  const data = english === null ? defaultSections()[key] : english in defaultSections() ? {} : undefined;
  return data === undefined
    ? undefined
    : { key, data, version: 0, updatedAt: new Date(0), updatedBy: DEFAULT_AUTHOR };
}

/** The latest versions of a section, newest first, each with what it changed. */
export async function listRevisions(key: string, limit = 20): Promise<SectionRevision[]> {
  // One more than shown: the oldest shown is compared with the one before it.
  const rows = await services()
    .db.select()
    .from(siteSectionRevisions)
    .where(eq(siteSectionRevisions.sectionKey, key))
    .orderBy(desc(siteSectionRevisions.version))
    .limit(limit + 1);
  return rows.slice(0, limit).map((row, index) => {
    const older = rows[index + 1];
    return {
      version: row.version,
      savedAt: row.savedAt,
      savedBy: row.savedBy,
      note: row.note,
      changed: older && older.version === row.version - 1 ? changedFields(older.data, row.data) : [],
    };
  });
}

async function conflict(key: string): Promise<never> {
  const current = await getSection(key);
  const who = current ? `${current.updatedBy} at ${formatDateTime(current.updatedAt)}` : "someone else";
  throw new AppError(
    `This was changed by ${who}, after you opened it. Nothing was saved: your changes are still in the form. Open the page again to see the new version, then make your changes there.`,
    409,
    { title: "Changed by someone else" },
  );
}

/**
 * Saves `data` (already checked against the section's schema) as the next version of `key`,
 * provided nobody saved since `openedVersion`. Returns the new version.
 */
export async function saveSection(
  key: string,
  data: unknown,
  openedVersion: number,
  actor: StaffUser,
  note: string | null = null,
): Promise<number> {
  const { db } = services();
  const savedBy = actor.name || actor.email;
  const version = await db.transaction(async (tx) => {
    let next: number;
    if (openedVersion === 0) {
      // A section that was never written (a new kind of section before the next start wrote it).
      const inserted = await tx
        .insert(siteSections)
        .values({ key, data, version: 1, updatedBy: savedBy })
        .onConflictDoNothing()
        .returning({ version: siteSections.version });
      if (inserted.length === 0) return null;
      next = 1;
    } else {
      const updated = await tx
        .update(siteSections)
        .set({ data, version: sql`${siteSections.version} + 1`, updatedAt: new Date(), updatedBy: savedBy })
        .where(and(eq(siteSections.key, key), eq(siteSections.version, openedVersion)))
        .returning({ version: siteSections.version });
      if (updated.length === 0) return null;
      next = updated[0]!.version;
    }
    const [previous] = await tx
      .select({ data: siteSectionRevisions.data })
      .from(siteSectionRevisions)
      .where(and(eq(siteSectionRevisions.sectionKey, key), eq(siteSectionRevisions.version, next - 1)))
      .limit(1);
    await tx.insert(siteSectionRevisions).values({ sectionKey: key, version: next, data, savedBy, note });
    await bumpContentVersion(tx);
    await logChange(tx, actor, "site.saved", {
      subject: { type: "section", id: key, label: key },
      details: {
        version: next,
        ...(previous ? { changed: changedFields(previous.data, data) } : {}),
        ...(note ? { note } : {}),
      },
    });
    return next;
  });
  if (version === null) return conflict(key);
  return version;
}

/** The data of one earlier version, to restore it (in today's shape, if an older release saved it). */
export async function getRevisionData(key: string, version: number): Promise<unknown> {
  const { db } = services();
  const [row] = await db
    .select({ data: siteSectionRevisions.data })
    .from(siteSectionRevisions)
    .where(and(eq(siteSectionRevisions.sectionKey, key), eq(siteSectionRevisions.version, version)))
    .limit(1);
  if (!row) throw new AppError("That version no longer exists.", 404);
  if (!(key in UPGRADE_NOTES)) return row.data;
  const times = await storedServiceTimes(db);
  return upgradeSectionData(key, row.data, () => times);
}

export interface SectionSummary {
  key: string;
  version: number;
  updatedAt: Date;
  updatedBy: string;
}

/** Who last saved each section, and when (for the Website screen's list). */
export async function listSectionSummaries(): Promise<Map<string, SectionSummary>> {
  const rows = await services()
    .db.select({
      key: siteSections.key,
      version: siteSections.version,
      updatedAt: siteSections.updatedAt,
      updatedBy: siteSections.updatedBy,
    })
    .from(siteSections);
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Points every saved section at new addresses for moved files (`from` -> `to`, whole strings
 * only), as a new version of each section it changes, saved by the console; earlier versions are
 * pointed there too. Returns how many sections changed.
 */
export async function replaceFileAddresses(moved: Map<string, string>): Promise<number> {
  if (moved.size === 0) return 0;
  const { db } = services();
  const swap = (value: unknown): unknown => {
    if (typeof value === "string") return moved.get(value) ?? value;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, swap(inner)]));
    return value;
  };
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const row of await tx.select().from(siteSections)) {
      const data = swap(row.data);
      if (JSON.stringify(data) === JSON.stringify(row.data)) continue;
      const next = row.version + 1;
      await tx
        .update(siteSections)
        .set({ data, version: next, updatedAt: new Date(), updatedBy: "images:rebuild" })
        .where(eq(siteSections.key, row.key));
      await tx.insert(siteSectionRevisions).values({
        sectionKey: row.key,
        version: next,
        data,
        savedBy: "images:rebuild",
        note: "Pictures rebuilt",
      });
      await logChange(tx, "console", "site.saved", {
        subject: { type: "section", id: row.key, label: row.key },
        details: { version: next, note: "Pictures rebuilt" },
      });
      changed++;
    }
    // Earlier versions point at the new addresses too, so restoring one finds its pictures.
    for (const revision of await tx.select().from(siteSectionRevisions)) {
      const data = swap(revision.data);
      if (JSON.stringify(data) === JSON.stringify(revision.data)) continue;
      await tx.update(siteSectionRevisions).set({ data }).where(eq(siteSectionRevisions.id, revision.id));
    }
    if (changed > 0) await bumpContentVersion(tx);
    return changed;
  });
}
