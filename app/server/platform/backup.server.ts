import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { services } from "./services.server";

// Backups of an embedded install: the database's files (taken by PGlite itself, consistent while
// the site runs) and the uploaded files, in one folder that `npm run restore` brings back.
// On PostgreSQL use pg_dump for the database and copy the uploads folder.

export interface BackupManifest {
  createdAt: string;
  database: "db.tar.gz";
  uploads: "uploads";
}

/** A backup folder's time stamp, `YYYYMMDD-HHMMSS` in UTC. */
export function backupStamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** Writes `backup-YYYYMMDD-HHMMSS/` under `outDir` and returns its path. */
export async function writeBackup(outDir: string, now = new Date()): Promise<string> {
  const { database, env } = services();
  // The database first: a file uploaded a moment later is merely extra; its row is not there.
  const dump = await database.dumpEmbedded();
  if (!dump)
    throw new Error("This install uses PostgreSQL: back it up with pg_dump, and copy DATA_DIR/uploads.");
  const target = path.join(path.resolve(outDir), `backup-${backupStamp(now)}`);
  await fsp.mkdir(target, { recursive: true });
  await fsp.writeFile(path.join(target, "db.tar.gz"), dump);
  const uploads = path.join(env.DATA_DIR, "uploads");
  if (fs.existsSync(uploads)) await fsp.cp(uploads, path.join(target, "uploads"), { recursive: true });
  else await fsp.mkdir(path.join(target, "uploads"));
  const manifest: BackupManifest = {
    createdAt: now.toISOString(),
    database: "db.tar.gz",
    uploads: "uploads",
  };
  await fsp.writeFile(path.join(target, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return target;
}

/**
 * Puts a backup into a data folder that has no database yet (the server must be stopped).
 * Returns the database options that open it.
 */
export async function restoreBackup(backupDir: string, dataDir: string) {
  const source = path.resolve(backupDir);
  const manifestFile = path.join(source, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`${source} is not a backup folder (no manifest.json).`);
  const dbDir = path.join(dataDir, "db");
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new Error(
      `${dataDir} already holds a database. Move it away first (or restore into a new DATA_DIR).`,
    );
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const uploads = path.join(source, "uploads");
  if (fs.existsSync(uploads)) await fsp.cp(uploads, path.join(dataDir, "uploads"), { recursive: true });
  const dump = await fsp.readFile(path.join(source, "db.tar.gz"));
  return { pgliteDir: dbDir, loadFrom: new Blob([new Uint8Array(dump)]) };
}
