import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { settings } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { backupStamp, writeBackup } from "./backup.server";
import { services } from "./services.server";
import { getSetting, setSetting } from "./settings.server";

// The daily backup, taken by the server itself: at BACKUP_HOUR (Bahrain time) or at the first
// minute the site runs after it, into BACKUP_DIR, keeping BACKUP_KEEP_DAYS days of them. Every
// server's worker looks once a minute; the day is claimed in the database first, so with several
// servers only one takes it. The embedded database is copied by PGlite itself; PostgreSQL with
// pg_dump (its custom format, for pg_restore). The dashboard shows the last one.

export interface BackupStatus {
  /** When it was taken (or tried). */
  at: string;
  ok: boolean;
  /** The backup's folder. */
  folder?: string;
  bytes?: number;
  /** Why it failed, in a sentence. */
  error?: string;
}

const LAST_KEY = "backup:last";
const CLAIM_KEY = "backup:through";

/** The folder backups go to: BACKUP_DIR, else `backups` in the data folder. */
export function backupFolder(): string {
  const { env } = services();
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));
}

/** The latest backup time due at `now`: today's at `hour` (Bahrain time) once it has come, else yesterday's. */
export function dueSlot(now: Date, hour: number): Date {
  const at = (day: string) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00+03:00`);
  const today = todayInChurchZone(now);
  return at(today) <= now ? at(today) : at(addDays(today, -1));
}

/** The last scheduled backup's outcome, for the dashboard. */
export async function lastBackup(): Promise<BackupStatus | undefined> {
  return getSetting<BackupStatus>(services().db, LAST_KEY);
}

/** Whether the dashboard should warn: the last backup failed, or none succeeded in two days. */
export function backupNeedsAttention(status: BackupStatus | undefined, now = new Date()): boolean {
  if (!status) return false;
  return !status.ok || now.getTime() - new Date(status.at).getTime() > 2 * 24 * 3600_000;
}

/**
 * Claims a daily job's slot (an ISO time) in the settings row `key`: one row, moved forward by
 * whichever server gets there first, so with several servers only one runs the job. False when
 * the slot was claimed already (here or on another server).
 */
export async function claimDailySlot(key: string, slot: string): Promise<boolean> {
  const claimed = await services()
    .db.insert(settings)
    .values({ key, value: slot })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: slot, updatedAt: new Date() },
      setWhere: sql`(${settings.value} #>> '{}') < ${slot}`,
    })
    .returning({ key: settings.key });
  return claimed.length > 0;
}

/**
 * Takes the backup due at `now` unless it was taken already (here or on another server).
 * Returns what happened, or null when nothing was due.
 */
export async function runScheduledBackup(now = new Date()): Promise<BackupStatus | null> {
  const { db, env } = services();
  if (env.BACKUP_HOUR === "off") return null;
  const slot = dueSlot(now, env.BACKUP_HOUR).toISOString();
  if (!(await claimDailySlot(CLAIM_KEY, slot))) return null;

  let status: BackupStatus;
  try {
    const folder = await takeBackup(backupFolder(), now);
    status = { at: now.toISOString(), ok: true, folder, bytes: await sizeOf(folder) };
    await pruneBackups(backupFolder(), env.BACKUP_KEEP_DAYS, now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The daily backup failed: ${message}`);
    status = { at: now.toISOString(), ok: false, error: message };
  }
  await setSetting(db, LAST_KEY, status);
  return status;
}

async function takeBackup(outDir: string, now: Date): Promise<string> {
  const { database, env } = services();
  if (database.kind === "pglite") return writeBackup(outDir, now);
  const target = path.join(outDir, `backup-${backupStamp(now)}`);
  await fsp.mkdir(target, { recursive: true });
  await pgDump(database.url!, path.join(target, "db.dump"));
  const uploads = path.join(env.DATA_DIR, "uploads");
  if (!services().storage.localRoot) {
    // Files in a bucket stay there: keep them with the bucket's own versioning or replication.
  } else if (fs.existsSync(uploads)) {
    await fsp.cp(uploads, path.join(target, "uploads"), { recursive: true });
  }
  await fsp.writeFile(
    path.join(target, "manifest.json"),
    JSON.stringify({ createdAt: now.toISOString(), database: "db.dump", uploads: "uploads" }, null, 2) + "\n",
  );
  return target;
}

/** PostgreSQL's own dump tool, in its custom format (restored with pg_restore). */
function pgDump(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("pg_dump", ["--format=custom", "--no-owner", "--file", file, url], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? "pg_dump was not found. Install PostgreSQL's client tools (Debian: postgresql-client)."
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump stopped with code ${code}: ${stderr.trim()}`)),
    );
  });
}

async function sizeOf(entry: string): Promise<number> {
  const stat = await fsp.stat(entry);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const child of await fsp.readdir(entry)) total += await sizeOf(path.join(entry, child));
  return total;
}

/** Removes scheduled and manual backups older than `keepDays` days from the folder. */
async function pruneBackups(folder: string, keepDays: number, now: Date) {
  const cutoff = now.getTime() - keepDays * 24 * 3600_000;
  for (const name of await fsp.readdir(folder)) {
    const match = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(name);
    if (!match) continue;
    const [, y, mo, d, h, mi, s] = match;
    if (Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) < cutoff) {
      await fsp.rm(path.join(folder, name), { recursive: true, force: true });
    }
  }
}
