import { eq, like } from "drizzle-orm";
import { settings } from "../../../database/schema";
import type { Executor } from "./db.server";
import { services } from "./services.server";
import { setSetting } from "./settings.server";

// Settings the office changes in the browser (the site address, the mail server, the off-site
// backup copy) are rows of the `settings` table whose key starts with "office:". Code that runs
// on every request (the site's address in each page) must not wait for the database, so each
// server keeps them in memory: read at start-up, replaced at once when this server saves one, and
// read again by the worker every few seconds, so another server's change reaches it soon after.
// An environment variable, where one exists for a setting, always wins over the stored value;
// each screen says so.

export const OFFICE_PREFIX = "office:";

export type OfficeSettingKey = `${typeof OFFICE_PREFIX}${string}`;

// Kept on globalThis so a development reload of this module does not lose it.
const KEY = Symbol.for("church-site.office-settings");
type Holder = { [KEY]?: Map<string, unknown> };

function snapshot(): Map<string, unknown> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new Map());
}

/** Reads every office setting from the database into this server's memory. */
export async function refreshOfficeSettings(): Promise<void> {
  const rows = await services()
    .db.select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(like(settings.key, `${OFFICE_PREFIX}%`));
  (globalThis as Holder)[KEY] = new Map(rows.map((row) => [row.key, row.value]));
}

/** Forgets the stored settings (a test, or a server stopping). */
export function clearOfficeSettings(): void {
  (globalThis as Holder)[KEY] = new Map();
}

/** The stored value of an office setting as this server last read it (no database round trip). */
export function officeSetting<T>(key: OfficeSettingKey): T | undefined {
  return snapshot().get(key) as T | undefined;
}

/**
 * Stores an office setting with `executor` (the caller's transaction, beside its audit entry) and
 * makes it this server's value at once. `null` removes it.
 */
export async function saveOfficeSetting(executor: Executor, key: OfficeSettingKey, value: unknown) {
  if (value === null || value === undefined) {
    await executor.delete(settings).where(eq(settings.key, key));
    snapshot().delete(key);
    return;
  }
  await setSetting(executor, key, value);
  snapshot().set(key, value);
}
