import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  hasPgRestore,
  readBackupManifest,
  unpackBackup,
  writeBackupArchive,
} from "../platform/backup.server";
import { LAST_BACKUP_KEY, privateBackupFolder } from "../platform/backup-schedule.server";
import { getSetting, setSetting } from "../platform/settings.server";
import { LAST_COPY_KEY } from "./offsite-copy.server";
import {
  busyMessage,
  claimBackupWork,
  clearBackupWork,
  currentBackupWork,
  releaseBackupWork,
} from "../platform/backup-lock.server";
import { AppError } from "../platform/app-error.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { enterMaintenance, leaveMaintenance, replaceDatabase } from "../platform/maintenance.server";
import { services } from "../platform/services.server";
import { backupPath } from "./backups.server";

// Restoring a backup in the running server: the site answers "under maintenance" meanwhile, a
// safety backup of the present state is taken first, the database is replaced (composition
// root, main/site-runtime.server.ts) and the uploaded files with it. The restore is written to
// the audit log of the RESTORED database, after the swap, with who did it and from which backup.

/** What this install can restore, for the screen: everything, or why not (PostgreSQL without pg_restore). */
export async function restoreAbility(): Promise<{ canRestore: boolean; why?: string }> {
  const { database } = services();
  if (database.kind === "pglite") return { canRestore: true };
  if (await hasPgRestore()) return { canRestore: true };
  return {
    canRestore: false,
    why: "This server has no pg_restore (PostgreSQL's client tools), so it cannot restore a backup here.",
  };
}

export interface RestoreOutcome {
  /** The backup taken of the state before the restore. */
  safetyBackup: string;
  /** When the restored backup was taken. */
  backupCreatedAt: string;
}

/** Checks, before anything is touched, that `name` is a backup this install can restore. */
async function checkRestorable(name: string) {
  const source = backupPath(name);
  const manifest = await readBackupManifest(source);
  const { database } = services();
  const wanted = database.kind === "pglite" ? "db.tar.gz" : "db.dump";
  if (manifest.database !== wanted)
    throw new AppError(
      database.kind === "pglite"
        ? "This backup was taken from a PostgreSQL database; this site uses the embedded database. Nothing was changed."
        : "This backup was taken from the embedded database; this site uses PostgreSQL. Nothing was changed.",
      400,
      { title: "Not restored" },
    );
  const ability = await restoreAbility();
  if (!ability.canRestore) throw new AppError(ability.why!, 400, { title: "Not restored" });
  return { source, manifest };
}

/** Moves a folder aside (for putting it back), or notes it did not exist. */
async function moveAside(folder: string, aside: string): Promise<boolean> {
  try {
    await fsp.rename(folder, aside);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Restores backup `name` from the backup folder. Refused while a backup or another restore runs,
 * and when the file is not a backup of this product (nothing changed then).
 */
export async function restoreFromBackup(
  name: string,
  actor: Exclude<Actor, string>,
): Promise<RestoreOutcome> {
  const { source, manifest } = await checkRestorable(name);
  const token = await claimBackupWork("restore", actor.email);
  if (!token) {
    const work = await currentBackupWork();
    throw new AppError(work ? busyMessage(work) : "Another backup or restore is running.", 409, {
      title: "Not now",
    });
  }
  const { env, storage } = services();
  const stamp = Date.now();
  const staging = path.join(env.DATA_DIR, `restore-${stamp}`);
  const outcomes = await Promise.all(
    [LAST_BACKUP_KEY, LAST_COPY_KEY].map(async (key) => [key, await getSetting(services().db, key)] as const),
  );
  enterMaintenance(`restoring ${name}`);
  let uploadsAside: string | undefined;
  let swapped = false;
  try {
    const safety = await writeBackupArchive(await privateBackupFolder(), "safety");
    await unpackBackup(source, staging);

    // The uploaded files first (a rename each way), so a failed database swap can put them back.
    const uploads = storage.localRoot;
    if (uploads && manifest.uploads) {
      const aside = `${uploads}.before-restore-${stamp}`;
      if (await moveAside(uploads, aside)) uploadsAside = aside;
      const restored = path.join(staging, "uploads");
      if (fs.existsSync(restored)) await fsp.rename(restored, uploads);
      else await fsp.mkdir(uploads, { recursive: true });
    }
    try {
      const dumpFile = path.join(staging, manifest.database);
      await replaceDatabase(
        services().database.kind === "pglite"
          ? { kind: "pglite", dump: new Blob([new Uint8Array(await fsp.readFile(dumpFile))]) }
          : { kind: "postgres", dumpFile },
      );
      swapped = true;
    } catch (error) {
      if (uploads && manifest.uploads) {
        await fsp.rm(uploads, { recursive: true, force: true });
        if (uploadsAside) await fsp.rename(uploadsAside, uploads);
        uploadsAside = undefined;
      }
      throw error;
    }

    // The restored database holds the backup-or-restore claim of the moment it was taken, and
    // the outcomes of the daily backup and its copy as they were then: the present ones are true.
    await clearBackupWork();
    for (const [key, value] of outcomes) if (value !== undefined) await setSetting(services().db, key, value);
    const safetyBackup = path.basename(safety.file);
    await logChange(services().db, actor, "backup.restored", {
      subject: { type: "backup", id: name, label: name },
      details: { backupCreatedAt: manifest.createdAt, safetyBackup },
    });
    return { safetyBackup, backupCreatedAt: manifest.createdAt };
  } finally {
    leaveMaintenance();
    if (!swapped) await releaseBackupWork(token).catch(() => {});
    await fsp.rm(staging, { recursive: true, force: true });
    if (uploadsAside) await fsp.rm(uploadsAside, { recursive: true, force: true });
  }
}
