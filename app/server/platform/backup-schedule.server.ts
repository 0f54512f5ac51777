import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { settings } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { BACKUP_FILE_MODE, BACKUP_FOLDER_MODE, privateFolder, writeBackupArchive } from "./backup.server";
import { claimBackupWork, releaseBackupWork } from "./backup-lock.server";
import { services } from "./services.server";
import { getSetting, setSetting } from "./settings.server";
import { describeError } from "./db-errors.server";

// The daily backup, taken by the server itself: at BACKUP_HOUR (Bahrain time) or at the first
// minute the site runs after it, into BACKUP_DIR, keeping BACKUP_KEEP_DAYS days of them. Every
// server's worker looks once a minute; the day is claimed in the database first, so with several
// servers only one takes it. The embedded database is copied by PGlite itself; PostgreSQL with
// pg_dump (its custom format, for pg_restore). Each is one file (backup.server.ts). The dashboard
// shows the last one; the backups screen lists them all.

export interface BackupStatus {
  /** When it was taken (or tried). */
  at: string;
  ok: boolean;
  /** The backup's file (a folder before this version). */
  folder?: string;
  bytes?: number;
  /** Why it failed, in a sentence. */
  error?: string;
}

/** The settings row with the last daily backup's outcome. */
export const LAST_BACKUP_KEY = "backup:last";
const CLAIM_KEY = "backup:through";

/** The folder backups go to: BACKUP_DIR, else `backups` in the data folder. */
export function backupFolder(): string {
  const { env } = services();
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));
}

/**
 * The backup folder, ready for a new backup: made, or made again, readable by the server's own
 * user only, and every backup already in it likewise (backups of earlier versions were written
 * readable by everyone on the machine).
 */
export async function privateBackupFolder(): Promise<string> {
  const folder = backupFolder();
  await privateFolder(folder, true);
  for (const entry of await fsp.readdir(folder, { withFileTypes: true })) {
    const mode = entry.isDirectory() ? BACKUP_FOLDER_MODE : entry.isFile() ? BACKUP_FILE_MODE : null;
    if (mode !== null) await fsp.chmod(path.join(folder, entry.name), mode);
  }
  return folder;
}

/** The latest backup time due at `now`: today's at `hour` (Bahrain time) once it has come, else yesterday's. */
export function dueSlot(now: Date, hour: number): Date {
  const at = (day: string) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00+03:00`);
  const today = todayInChurchZone(now);
  return at(today) <= now ? at(today) : at(addDays(today, -1));
}

/** The last scheduled backup's outcome, for the dashboard. */
export async function lastBackup(): Promise<BackupStatus | undefined> {
  return getSetting<BackupStatus>(services().db, LAST_BACKUP_KEY);
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
 * Takes the backup due at `now` unless it was taken already (here or on another server). Returns
 * what happened, or null when nothing was due (or another backup or a restore is running: it is
 * taken at the next look after that one).
 */
export async function runScheduledBackup(now = new Date()): Promise<BackupStatus | null> {
  const { db, env } = services();
  if (env.BACKUP_HOUR === "off") return null;
  const slot = dueSlot(now, env.BACKUP_HOUR).toISOString();
  const claimedSlot = await getSetting<string>(db, CLAIM_KEY);
  if (claimedSlot !== undefined && claimedSlot >= slot) return null;
  const token = await claimBackupWork("backup", "the daily backup", now);
  if (!token) return null;
  try {
    if (!(await claimDailySlot(CLAIM_KEY, slot))) return null;
    let status: BackupStatus;
    try {
      const { file, bytes } = await writeBackupArchive(await privateBackupFolder(), "scheduled", now);
      status = { at: now.toISOString(), ok: true, folder: file, bytes };
      await pruneBackups(backupFolder(), env.BACKUP_KEEP_DAYS, now);
    } catch (error) {
      const message = describeError(error);
      console.error(`The daily backup failed: ${message}`);
      status = { at: now.toISOString(), ok: false, error: message };
    }
    await setSetting(db, LAST_BACKUP_KEY, status);
    return status;
  } finally {
    await releaseBackupWork(token);
  }
}

/** A backup's name in the folder: `backup-YYYYMMDD-HHMMSS[-kind].tar.gz`, `uploaded-….tar.gz`, or an older folder. */
export const BACKUP_NAME =
  /^(backup|uploaded)-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(scheduled|manual|safety))?(\.tar\.gz)?$/;

/** When a backup in the folder was taken (from its name), or null for anything else. */
export function backupTimeOf(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, , y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** Removes backups older than `keepDays` days from the folder (scheduled, manual, safety and uploaded). */
async function pruneBackups(folder: string, keepDays: number, now: Date) {
  const cutoff = now.getTime() - keepDays * 24 * 3600_000;
  for (const name of await fsp.readdir(folder)) {
    const time = backupTimeOf(name);
    if (time && time.getTime() < cutoff) {
      await fsp.rm(path.join(folder, name), { recursive: true, force: true });
    }
  }
}
