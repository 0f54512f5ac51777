import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Secrets the office types into a settings screen (the mail server's password, a bucket's secret
// key) are kept in the database sealed with AES-256-GCM. The key lives beside the session secret:
// derived from SESSION_SECRET when that is set (every server of a PostgreSQL cluster shares it),
// else in the data folder's `settings-key` file, made on first use. A backup holds the sealed
// values, never the key: restoring on another install means typing those secrets again.

export const SETTINGS_KEY_FILE = "settings-key";
const PREFIX = "v1:";

/** Where the key comes from, in words, for the backup screen and the restore note. */
export function settingsKeySource(env: { SESSION_SECRET?: string; DATA_DIR: string }): string {
  return env.SESSION_SECRET
    ? "derived from SESSION_SECRET"
    : `the file ${path.join(env.DATA_DIR, SETTINGS_KEY_FILE)}`;
}

/** The 32-byte key that seals stored secrets. */
export function loadOrCreateSettingsKey(env: { SESSION_SECRET?: string; DATA_DIR: string }): Buffer {
  if (env.SESSION_SECRET)
    return Buffer.from(
      crypto.hkdfSync("sha256", env.SESSION_SECRET, "church-site", "settings-encryption", 32),
    );
  const file = path.join(env.DATA_DIR, SETTINGS_KEY_FILE);
  try {
    const existing = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
    if (existing.length === 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString("base64url") + "\n", { mode: 0o600 });
  return key;
}

/** Seals `plain` with `key`: "v1:" and the nonce, tag and ciphertext in base64url. */
export function sealSecret(plain: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The secret sealed by `sealSecret`, or null when it was sealed with another key (or is damaged). */
export function openSecret(sealed: string, key: Buffer): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  if (raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
