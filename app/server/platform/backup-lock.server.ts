import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { settings } from "../../../database/schema";
import { services } from "./services.server";

// One backup or restore at a time, across every server of the site: the work is claimed in the
// settings row "backup:busy" with a lease, so a server that died in the middle does not block
// the next one for longer than the lease.

const BUSY_KEY = "backup:busy";
const LEASE_MS = 2 * 3600_000;

export interface BackupWork {
  what: "backup" | "restore";
  /** Who started it: an e-mail address, or "system" for the daily backup. */
  by: string;
  since: string;
  until: string;
  token: string;
}

/** The backup or restore running now, if any. */
export async function currentBackupWork(now = new Date()): Promise<BackupWork | undefined> {
  const [row] = await services().db.select().from(settings).where(eq(settings.key, BUSY_KEY)).limit(1);
  const work = row?.value as BackupWork | undefined;
  return work && Date.parse(work.until) > now.getTime() ? work : undefined;
}

/** Claims the backup work; the token to release it with, or null when one runs already. */
export async function claimBackupWork(what: BackupWork["what"], by: string, now = new Date()) {
  const work: BackupWork = {
    what,
    by,
    since: now.toISOString(),
    until: new Date(now.getTime() + LEASE_MS).toISOString(),
    token: crypto.randomUUID(),
  };
  const claimed = await services()
    .db.insert(settings)
    .values({ key: BUSY_KEY, value: work })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: work, updatedAt: now },
      setWhere: sql`(${settings.value} ->> 'until') < ${now.toISOString()}`,
    })
    .returning({ key: settings.key });
  return claimed.length > 0 ? work.token : null;
}

/** Ends the claim `token` made (nothing when another has it). */
export async function releaseBackupWork(token: string) {
  await services()
    .db.delete(settings)
    .where(and(eq(settings.key, BUSY_KEY), sql`${settings.value} ->> 'token' = ${token}`));
}

/**
 * Forgets any claim: after a restore (the restored database holds the claim of the moment its
 * backup was taken) and when the embedded database opens (only this process can hold one).
 */
export async function clearBackupWork() {
  await services().db.delete(settings).where(eq(settings.key, BUSY_KEY));
}

/** Why a new backup or restore must wait, in a sentence. */
export function busyMessage(work: BackupWork): string {
  return `A ${work.what} started by ${work.by} is still running. Please wait until it has finished, then try again.`;
}
