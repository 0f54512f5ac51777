// While a backup is restored the site answers every other request with "under maintenance"
// (server/app.ts), and the database is swapped under the running server. The swap needs the
// auth library, the worker and the site's caches, which only the composition root knows
// (app/server/main/): it registers the swap here at start-up, and the backups domain asks for it.

/** What a restore hands to the swap: the embedded database's dump, or a pg_dump file. */
export type DatabaseReplacement = { kind: "pglite"; dump: Blob } | { kind: "postgres"; dumpFile: string };

export type DatabaseReplacer = (replacement: DatabaseReplacement) => Promise<void>;

interface MaintenanceState {
  reason: string;
  since: string;
}

// Kept on globalThis so a development reload of this module does not lose them.
const KEY = Symbol.for("church-site.maintenance");
type Holder = { [KEY]?: { state: MaintenanceState | null; replacer?: DatabaseReplacer } };

function holder() {
  return ((globalThis as Holder)[KEY] ??= { state: null });
}

/** The site is under maintenance until `leaveMaintenance` (every other request is answered 503). */
export function enterMaintenance(reason: string) {
  holder().state = { reason, since: new Date().toISOString() };
}

export function leaveMaintenance() {
  holder().state = null;
}

/** Why the site is under maintenance now, or null. */
export function maintenance(): MaintenanceState | null {
  return holder().state;
}

/** Registered by the composition root at start-up; undefined to forget it (on stop). */
export function setDatabaseReplacer(replacer: DatabaseReplacer | undefined) {
  holder().replacer = replacer;
}

/** Replaces the running server's database with a backup's (see app/server/main/site-runtime.server.ts). */
export async function replaceDatabase(replacement: DatabaseReplacement): Promise<void> {
  const { replacer } = holder();
  if (!replacer) throw new Error("This process cannot replace its database (no site runtime started).");
  await replacer(replacement);
}
