import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  readTarGz,
  safeEntryPath,
  folderEntries,
  streamToFile,
  writeTarGz,
  NotATarError,
  type TarSource,
} from "./tar.server";
import { AppError } from "./app-error.server";
import { settingsKeySource } from "./secret-box.server";
import { services } from "./services.server";

// A backup is ONE file, `backup-YYYYMMDD-HHMMSS-<kind>.tar.gz`: a gzipped tar holding
// manifest.json first (what it is, when, which database, how to restore it), the database's dump
// (db.tar.gz, PGlite's own copy of its files, consistent while the site runs; or db.dump,
// pg_dump's custom format) and the uploaded files under uploads/ (none when they live in S3).
// Backups made before this version are folders holding the same three things; they still list,
// download and restore.

export const BACKUP_PRODUCT = "church-site";

export type BackupKind = "scheduled" | "manual" | "safety";

export interface BackupManifest {
  /** Always BACKUP_PRODUCT in a backup of this version; absent in the older folders. */
  product?: typeof BACKUP_PRODUCT;
  format?: 2;
  createdAt: string;
  kind?: BackupKind;
  database: "db.tar.gz" | "db.dump";
  databaseKind?: "pglite" | "postgres";
  /** null when the uploaded files live in a bucket and are not in the backup. */
  uploads: "uploads" | null;
  /** How many database migrations the backup's database had (a newer install upgrades it). */
  migrations?: number;
  /** What it holds, read when it was taken (for the restore confirmation). */
  counts?: { members: number; accounts: number };
  /** What a restore needs besides this file, in words. */
  notes?: string[];
}

/** A backup's time stamp, `YYYYMMDD-HHMMSS` in UTC. */
export function backupStamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The file name of a new backup. */
export function backupFileName(kind: BackupKind, now: Date) {
  return `backup-${backupStamp(now)}-${kind}.tar.gz`;
}

/** Whether a parsed manifest.json is one of ours (this version's, or an older folder's). */
export function isBackupManifest(value: unknown): value is BackupManifest {
  if (typeof value !== "object" || value === null) return false;
  const manifest = value as Partial<BackupManifest>;
  const databaseOk = manifest.database === "db.tar.gz" || manifest.database === "db.dump";
  const dateOk = typeof manifest.createdAt === "string" && !Number.isNaN(Date.parse(manifest.createdAt));
  if (manifest.product !== undefined) return manifest.product === BACKUP_PRODUCT && databaseOk && dateOk;
  // The folders before this version: { createdAt, database, uploads: "uploads" } and nothing else.
  return databaseOk && dateOk && manifest.uploads === "uploads";
}

export const NOT_A_BACKUP =
  "This file is not a backup of this website (it has no manifest of ours). Nothing was changed.";

async function countsNow(): Promise<BackupManifest["counts"]> {
  const { database } = services();
  try {
    const [members] = await database.query<{ n: number }>(
      "select count(*)::int as n from members where deleted_at is null",
    );
    const [accounts] = await database.query<{ n: number }>("select count(*)::int as n from users");
    return { members: members?.n ?? 0, accounts: accounts?.n ?? 0 };
  } catch {
    return undefined;
  }
}

async function migrationsNow(): Promise<number | undefined> {
  try {
    const [row] = await services().database.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    return row?.n;
  } catch {
    return undefined;
  }
}

/** The manifest of a backup taken now. */
async function manifestNow(kind: BackupKind, now: Date): Promise<BackupManifest> {
  const { database, env, storage } = services();
  const notes = [
    `Stored secrets (the mail server's password, the off-site bucket's secret key) are sealed with this install's settings key (${settingsKeySource(env)}), which is not in the backup. Restored on another install, they must be typed again on the settings screens.`,
  ];
  if (!storage.localRoot)
    notes.push(
      "The uploaded files live in an S3 bucket and are not in this backup: keep them with the bucket's own versioning or replication.",
    );
  return {
    product: BACKUP_PRODUCT,
    format: 2,
    createdAt: now.toISOString(),
    kind,
    database: database.kind === "pglite" ? "db.tar.gz" : "db.dump",
    databaseKind: database.kind,
    uploads: storage.localRoot ? "uploads" : null,
    migrations: await migrationsNow(),
    counts: await countsNow(),
    notes,
  };
}

/** A backup file can be read by the server's own user only: it holds every member's details. */
export const BACKUP_FILE_MODE = 0o600;
/** A folder of backups (or of one being unpacked) can be opened by the server's own user only. */
export const BACKUP_FOLDER_MODE = 0o700;

/**
 * Makes `folder` (and its missing parents) for backups, its owner's alone. An existing folder is
 * made so too when `tighten` (the site's own backup folder; not a folder named on the command line).
 */
export async function privateFolder(folder: string, tighten = false): Promise<void> {
  await fsp.mkdir(folder, { recursive: true, mode: BACKUP_FOLDER_MODE });
  if (tighten) await fsp.chmod(folder, BACKUP_FOLDER_MODE);
}

/**
 * Writes a one-file backup of the database and the uploaded files into `outDir` and returns its
 * path. The database first: a file uploaded a moment later is merely extra; its row is not there.
 * The file is its owner's alone (BACKUP_FILE_MODE), as is `outDir` when it is made here.
 */
export async function writeBackupArchive(
  outDir: string,
  kind: BackupKind,
  now = new Date(),
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const { database, storage } = services();
  await privateFolder(outDir);
  // Two backups of one kind in the same second get names a second apart.
  while (fs.existsSync(path.join(path.resolve(outDir), backupFileName(kind, now))))
    now = new Date(now.getTime() + 1000);
  const file = path.join(path.resolve(outDir), backupFileName(kind, now));
  const manifest = await manifestNow(kind, now);
  const sources: TarSource[] = [
    { name: "manifest.json", bytes: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") },
  ];
  let pgDumpFile: string | undefined;
  try {
    if (database.kind === "pglite") {
      const dump = await database.dumpEmbedded();
      sources.push({ name: "db.tar.gz", bytes: dump! });
    } else {
      pgDumpFile = `${file}.pgdump`;
      // pg_dump writes into the file as it finds it, so it is made the owner's alone first.
      await fsp.writeFile(pgDumpFile, "", { mode: BACKUP_FILE_MODE });
      await pgDump(database.url!, pgDumpFile);
      sources.push({ name: "db.dump", file: pgDumpFile });
    }
    if (storage.localRoot) {
      const uploads = await folderEntries(storage.localRoot, "uploads");
      sources.push(...uploads.filter((entry) => !entry.name.endsWith(".part")));
    }
    await writeTarGz(file, sources, BACKUP_FILE_MODE);
  } finally {
    if (pgDumpFile) await fsp.rm(pgDumpFile, { force: true });
  }
  return { file, bytes: (await fsp.stat(file)).size, manifest };
}

/** The entries of a backup folder made before this version, as they go into a one-file download. */
export async function legacyFolderEntries(folder: string): Promise<TarSource[]> {
  const manifest = await readBackupManifest(folder);
  return [
    { name: "manifest.json", file: path.join(folder, "manifest.json") },
    { name: manifest.database, file: path.join(folder, manifest.database) },
    ...(await folderEntries(path.join(folder, "uploads"), "uploads")),
  ];
}

/** Reads and checks a backup's manifest (a one-file backup or an older folder). */
export async function readBackupManifest(source: string): Promise<BackupManifest> {
  const stat = await fsp.stat(source);
  let raw: string | undefined;
  if (stat.isDirectory()) {
    raw = await fsp.readFile(path.join(source, "manifest.json"), "utf8").catch(() => undefined);
  } else {
    try {
      await readTarGz(fs.createReadStream(source), async (entry, body) => {
        if (safeEntryPath(entry.name) !== "manifest.json") return "skip";
        if (entry.size > 64 * 1024) return "stop";
        raw = Buffer.concat(await body.toArray()).toString("utf8");
        return "stop";
      });
    } catch (error) {
      if (!(error instanceof NotATarError)) throw error;
    }
  }
  let parsed: unknown;
  try {
    parsed = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isBackupManifest(parsed)) throw new AppError(NOT_A_BACKUP, 400, { title: "Not a backup" });
  return parsed;
}

/**
 * Unpacks a backup (file or older folder) into `target`: manifest.json, the database dump and
 * uploads/. Refuses anything that is not one of ours, leaving `target` removed.
 */
export async function unpackBackup(source: string, target: string): Promise<BackupManifest> {
  const manifest = await readBackupManifest(source);
  await privateFolder(target);
  try {
    if ((await fsp.stat(source)).isDirectory()) {
      await fsp.cp(source, target, { recursive: true });
    } else {
      await readTarGz(fs.createReadStream(source), async (entry, body) => {
        const name = safeEntryPath(entry.name);
        const wanted = name === "manifest.json" || name === manifest.database || name?.startsWith("uploads/");
        if (!name || entry.type !== "file" || !wanted) return "skip";
        await streamToFile(body, path.join(target, name));
      });
    }
    if (!fs.existsSync(path.join(target, manifest.database)))
      throw new AppError("The backup is incomplete: it has no database. Nothing was changed.", 400, {
        title: "Not a backup",
      });
    return manifest;
  } catch (error) {
    await fsp.rm(target, { recursive: true, force: true });
    if (error instanceof NotATarError)
      throw new AppError(
        "The backup file is damaged (it ends early or is not a backup). Nothing was changed.",
        400,
        {
          title: "Not a backup",
        },
      );
    throw error;
  }
}

/**
 * Puts a backup (a one-file backup or an older folder) into a data folder that has no database
 * yet (the server must be stopped). Returns the database options that open it.
 */
export async function restoreBackup(backup: string, dataDir: string) {
  const source = path.resolve(backup);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist.`);
  const dbDir = path.join(dataDir, "db");
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new Error(
      `${dataDir} already holds a database. Move it away first (or restore into a new DATA_DIR).`,
    );
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `restore-${process.pid}-${Date.now()}`);
  let manifest: BackupManifest;
  try {
    manifest = await unpackBackup(source, staging);
  } catch (error) {
    if (error instanceof AppError) throw new Error(`${source}: ${error.message}`);
    throw error;
  }
  try {
    if (manifest.database !== "db.tar.gz")
      throw new Error(
        "This backup was taken from PostgreSQL: restore it with pg_restore (see docs/operations.md).",
      );
    const uploads = path.join(staging, "uploads");
    if (fs.existsSync(uploads)) await fsp.cp(uploads, path.join(dataDir, "uploads"), { recursive: true });
    const dump = await fsp.readFile(path.join(staging, "db.tar.gz"));
    return { pgliteDir: dbDir, loadFrom: new Blob([new Uint8Array(dump)]) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

function runTool(tool: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${tool} was not found. Install PostgreSQL's client tools (Debian: postgresql-client).`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} stopped with code ${code}: ${stderr.trim()}`)),
    );
  });
}

/** PostgreSQL's own dump tool, in its custom format (restored with pg_restore). */
export function pgDump(url: string, file: string): Promise<void> {
  return runTool("pg_dump", ["--format=custom", "--no-owner", "--file", file, url], "pg_dump");
}

/**
 * Loads a pg_dump file into the database at `url`, replacing what the dump holds, in one
 * transaction: if anything fails, the database is as it was.
 */
export function pgRestore(url: string, file: string): Promise<void> {
  return runTool(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--single-transaction",
      "--no-owner",
      "--no-privileges",
      "--dbname",
      url,
      file,
    ],
    "pg_restore",
  );
}

/** Whether pg_restore can be run on this machine (for the backups screen on PostgreSQL). */
export async function hasPgRestore(): Promise<boolean> {
  try {
    await runTool("pg_restore", ["--version"], "pg_restore");
    return true;
  } catch {
    return false;
  }
}
