import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { BackupCopyInput } from "~/schemas/backup-copy";
import { AppError } from "../platform/app-error.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { officeSetting, saveOfficeSetting } from "../platform/office-settings.server";
import { openSecret, sealSecret } from "../platform/secret-box.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";
import { createS3FileStore, type FileStore } from "../platform/storage.server";

// The off-site copy: after each daily backup (and after "back up now" when asked) the backup's
// one file is uploaded to an S3-compatible bucket the office sets up on the backups screen, so a
// copy survives the loss of the server's disk. The secret key is sealed (secret-box.server.ts)
// and never sent back to the page. The outcome of the last copy is kept for the screen and the
// dashboard.

export const BACKUP_COPY_SETTING = "office:backup-copy";
/** The settings row with the last off-site copy's outcome. */
export const LAST_COPY_KEY = "backup:copy-last";

interface StoredBackupCopy {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretKeySealed: string;
  prefix: string;
  forcePathStyle: boolean;
}

/** What the screen shows of the settings: everything but the secret key. */
export interface BackupCopyView {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  prefix: string;
  forcePathStyle: boolean;
  hasSecretKey: boolean;
}

export interface CopyStatus {
  at: string;
  ok: boolean;
  /** The backup copied (its file name). */
  file: string;
  /** Where it went (bucket and object name), or why it failed. */
  detail: string;
}

function stored(): StoredBackupCopy | undefined {
  return officeSetting<StoredBackupCopy>(BACKUP_COPY_SETTING);
}

export function backupCopySettings(): BackupCopyView | null {
  const copy = stored();
  if (!copy) return null;
  const { secretKeySealed, ...shown } = copy;
  return { ...shown, hasSecretKey: secretKeySealed.length > 0 };
}

/** Saves the bucket (the secret key kept when left blank); audited without the secret. */
export async function saveBackupCopySettings(input: BackupCopyInput, actor: Exclude<Actor, string>) {
  const before = stored();
  const secretKeySealed = input.secretKey
    ? sealSecret(input.secretKey, services().settingsKey)
    : (before?.secretKeySealed ?? "");
  if (!secretKeySealed)
    throw new AppError("Please enter the secret key.", 400, { field: "secretKey", title: "Not saved" });
  const next: StoredBackupCopy = {
    endpoint: input.endpoint,
    region: input.region,
    bucket: input.bucket,
    accessKeyId: input.accessKeyId,
    secretKeySealed,
    prefix: input.prefix,
    forcePathStyle: input.forcePathStyle,
  };
  const changed = (Object.keys(next) as (keyof StoredBackupCopy)[])
    .filter((field) => field !== "secretKeySealed" && before?.[field] !== next[field])
    .concat(input.secretKey ? ["secretKeySealed"] : []);
  await services().db.transaction(async (tx) => {
    await saveOfficeSetting(tx, BACKUP_COPY_SETTING, next);
    await logChange(tx, actor, "settings.backup-copy-saved", {
      subject: { type: "settings", id: "backup-copy", label: "Off-site backup copy" },
      details: {
        bucket: next.bucket,
        endpoint: next.endpoint || "Amazon S3",
        changed: changed.map((field) => (field === "secretKeySealed" ? "secretKey" : field)),
      },
    });
  });
}

export async function removeBackupCopySettings(actor: Exclude<Actor, string>): Promise<boolean> {
  if (!stored()) return false;
  await services().db.transaction(async (tx) => {
    await saveOfficeSetting(tx, BACKUP_COPY_SETTING, null);
    await logChange(tx, actor, "settings.backup-copy-removed", {
      subject: { type: "settings", id: "backup-copy", label: "Off-site backup copy" },
    });
  });
  return true;
}

async function bucketStore(copy: StoredBackupCopy): Promise<FileStore> {
  const secretAccessKey = openSecret(copy.secretKeySealed, services().settingsKey);
  if (secretAccessKey === null)
    throw new Error(
      "The saved secret key cannot be read on this server (it was saved with another key, e.g. before a restore on another install). Please enter it again.",
    );
  return createS3FileStore({
    bucket: copy.bucket,
    endpoint: copy.endpoint || undefined,
    region: copy.region,
    accessKeyId: copy.accessKeyId,
    secretAccessKey,
    forcePathStyle: copy.forcePathStyle,
  });
}

const objectName = (copy: StoredBackupCopy, file: string) => (copy.prefix ? `${copy.prefix}/${file}` : file);

function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { Code?: string }).Code ?? (error.name !== "Error" ? error.name : "");
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** Writes a small object to the saved bucket and removes it again: the bucket's own answer. */
export async function testBackupCopy(): Promise<{ ok: boolean; message: string }> {
  const copy = stored();
  if (!copy) throw new AppError("Save the bucket's settings first.", 400, { title: "No bucket" });
  const name = objectName(copy, `church-site-test-${crypto.randomBytes(6).toString("hex")}.txt`);
  try {
    const store = await bucketStore(copy);
    await store.put(
      name,
      Buffer.from("A test from the church website's backups screen. It is removed at once.\n"),
    );
    await store.delete(name);
    return {
      ok: true,
      message: `The bucket "${copy.bucket}" took a test file (${name}) and removed it again.`,
    };
  } catch (error) {
    return { ok: false, message: `The bucket answered: ${reason(error)}` };
  }
}

/** Uploads a backup file to the bucket, when one is set up; records and returns the outcome. */
export async function copyBackupOffsite(file: string, now = new Date()): Promise<CopyStatus | null> {
  const copy = stored();
  if (!copy) return null;
  const fileName = path.basename(file);
  let status: CopyStatus;
  try {
    const store = await bucketStore(copy);
    const name = objectName(copy, fileName);
    const { size } = await fsp.stat(file);
    await store.put(name, fs.createReadStream(file), size);
    status = { at: now.toISOString(), ok: true, file: fileName, detail: `${copy.bucket}/${name}` };
  } catch (error) {
    const message = reason(error);
    console.error(`The off-site copy of ${fileName} failed: ${message}`);
    status = { at: now.toISOString(), ok: false, file: fileName, detail: message };
  }
  await setSetting(services().db, LAST_COPY_KEY, status);
  return status;
}

/** The last off-site copy's outcome, for the screen and the dashboard. */
export async function lastBackupCopy(): Promise<CopyStatus | undefined> {
  return getSetting<CopyStatus>(services().db, LAST_COPY_KEY);
}
