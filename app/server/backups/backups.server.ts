import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_BACKUP_UPLOAD_BYTES, MAX_BACKUP_UPLOAD_LABEL, type BackupOrigin } from "~/lib/backups";
import {
  BACKUP_FILE_MODE,
  NOT_A_BACKUP,
  backupStamp,
  legacyFolderEntries,
  readBackupManifest,
  writeBackupArchive,
  type BackupManifest,
} from "../platform/backup.server";
import {
  BACKUP_NAME,
  backupFolder,
  backupTimeOf,
  privateBackupFolder,
  runScheduledBackup,
} from "../platform/backup-schedule.server";
import {
  busyMessage,
  claimBackupWork,
  currentBackupWork,
  releaseBackupWork,
} from "../platform/backup-lock.server";
import { AppError } from "../platform/app-error.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { tarGzStream } from "../platform/tar.server";
import { copyBackupOffsite, type CopyStatus } from "./offsite-copy.server";

// The backups screen's server side: what is in the backup folder, "back up now", downloading one
// as a single file, and receiving one uploaded for a restore.

export interface BackupEntry {
  /** The file's (or older folder's) name in the backup folder: the backup's id on the screen. */
  name: string;
  at: string;
  bytes: number;
  origin: BackupOrigin;
  /** A folder from before one-file backups (downloaded as one file all the same). */
  isFolder: boolean;
}

async function sizeOf(entry: string): Promise<number> {
  const stat = await fsp.stat(entry);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const child of await fsp.readdir(entry)) total += await sizeOf(path.join(entry, child));
  return total;
}

function originOf(name: string): BackupOrigin {
  const match = BACKUP_NAME.exec(name)!;
  if (match[1] === "uploaded") return "uploaded";
  return (match[8] as BackupOrigin | undefined) ?? "scheduled";
}

/** The backups in the backup folder, newest first. */
export async function listBackups(): Promise<BackupEntry[]> {
  const folder = backupFolder();
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const at = backupTimeOf(name);
    if (!at) continue;
    const full = path.join(folder, name);
    try {
      const stat = await fsp.stat(full);
      if (stat.isDirectory() && !fs.existsSync(path.join(full, "manifest.json"))) continue;
      entries.push({
        name,
        at: at.toISOString(),
        bytes: await sizeOf(full),
        origin: originOf(name),
        isFolder: stat.isDirectory(),
      });
    } catch {
      // Removed while we looked (pruned by the daily backup).
    }
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
}

/** The path of backup `name` in the backup folder; refuses any other name. */
export function backupPath(name: string): string {
  if (!BACKUP_NAME.test(name)) throw new AppError("There is no such backup.", 404);
  const full = path.join(backupFolder(), name);
  if (!fs.existsSync(full)) throw new AppError("There is no such backup (it may have been removed).", 404);
  return full;
}

/** A backup's manifest, for the restore confirmation. */
export async function backupDetails(name: string): Promise<{ entry: BackupEntry; manifest: BackupManifest }> {
  const full = backupPath(name);
  const manifest = await readBackupManifest(full);
  const stat = await fsp.stat(full);
  return {
    entry: {
      name,
      at: manifest.createdAt,
      bytes: await sizeOf(full),
      origin: originOf(name),
      isFolder: stat.isDirectory(),
    },
    manifest,
  };
}

/** "Back up now": a backup of this moment, refused while another backup or a restore runs. */
export async function backupNow(
  actor: Exclude<Actor, string>,
  options: { copyOffsite: boolean },
): Promise<{ name: string; bytes: number; copy: CopyStatus | null }> {
  const token = await claimBackupWork("backup", actor.email);
  if (!token) {
    const work = await currentBackupWork();
    throw new AppError(
      work ? busyMessage(work) : "Another backup or restore is running. Please try again.",
      409,
      {
        title: "Not now",
      },
    );
  }
  try {
    const { file, bytes } = await writeBackupArchive(await privateBackupFolder(), "manual");
    const name = path.basename(file);
    await logChange(services().db, actor, "backup.created", {
      subject: { type: "backup", id: name, label: name },
      details: { bytes },
    });
    const copy = options.copyOffsite ? await copyBackupOffsite(file) : null;
    return { name, bytes, copy };
  } finally {
    await releaseBackupWork(token);
  }
}

/** A backup as one .tar.gz file, read from disk as it is sent (an older folder is packed on the way). */
export async function backupDownload(
  name: string,
): Promise<{ fileName: string; body: Readable; bytes?: number }> {
  const full = backupPath(name);
  const stat = await fsp.stat(full);
  if (!stat.isDirectory()) return { fileName: name, body: fs.createReadStream(full), bytes: stat.size };
  return { fileName: `${name}.tar.gz`, body: tarGzStream(await legacyFolderEntries(full)) };
}

/** Records a download in the audit log (a backup holds every member's data). */
export async function recordBackupDownload(actor: Exclude<Actor, string>, name: string) {
  await logChange(services().db, actor, "backup.downloaded", {
    subject: { type: "backup", id: name, label: name },
  });
}

const tooLarge = () =>
  new AppError(`The file is too large. A backup can be at most ${MAX_BACKUP_UPLOAD_LABEL}.`, 413, {
    title: "Not uploaded",
  });

/**
 * Receives a backup file sent from the restore form: streamed to the backup folder as
 * `uploaded-YYYYMMDD-HHMMSS.tar.gz` (never into memory), then checked to be a backup of this
 * website; anything else is removed again. Returns the new backup's name.
 */
export async function receiveBackupUpload(request: Request, fileField = "backup"): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BACKUP_UPLOAD_BYTES + 64 * 1024) {
    void request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body)
    throw new AppError("The upload could not be read. Please try again.", 400);
  const folder = await privateBackupFolder();
  // A name no other upload (finished, or still arriving) has.
  const nameAt = (at: Date) => `uploaded-${backupStamp(at)}.tar.gz`;
  let at = new Date();
  while (
    fs.existsSync(path.join(folder, nameAt(at))) ||
    fs.existsSync(path.join(folder, `${nameAt(at)}.partial`))
  )
    at = new Date(at.getTime() + 1000);
  const name = nameAt(at);
  const target = path.join(folder, name);
  const partial = `${target}.partial`;
  try {
    const received = await new Promise<boolean>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: { files: 1, fileSize: MAX_BACKUP_UPLOAD_BYTES + 1, fields: 10, parts: 11 },
        });
      } catch {
        reject(new AppError("The upload could not be read. Please try again.", 400));
        return;
      }
      let writing: Promise<boolean> = Promise.resolve(false);
      let failure: AppError | null = null;
      parser.on("file", (field, stream) => {
        stream.on("error", () => {});
        if (field !== fileField || failure) return void stream.resume();
        stream.on("limit", () => (failure ??= tooLarge()));
        writing = pipeline(stream, fs.createWriteStream(partial, { mode: BACKUP_FILE_MODE })).then(
          () => fs.statSync(partial).size > 0,
          () => false,
        );
      });
      parser.on("error", () =>
        reject(failure ?? new AppError("The upload could not be read. Please try again.", 400)),
      );
      parser.on("close", () => {
        void writing.then((ok) => (failure ? reject(failure) : resolve(ok)));
      });
      Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
        .on("error", () => parser.destroy(new Error("The request ended early")))
        .pipe(parser);
    });
    if (!received)
      throw new AppError("Please choose a backup file to upload.", 400, { title: "Not uploaded" });
    await readBackupManifest(partial).catch((error: unknown) => {
      throw error instanceof AppError ? error : new AppError(NOT_A_BACKUP, 400, { title: "Not a backup" });
    });
    await fsp.rename(partial, target);
    return name;
  } finally {
    await fsp.rm(partial, { force: true });
  }
}

/** The daily backup (worker, once a minute: it decides whether one is due), then its off-site copy. */
export async function runDailyBackup(now = new Date()) {
  const status = await runScheduledBackup(now);
  if (status?.ok && status.folder) await copyBackupOffsite(status.folder, now);
  return status;
}
