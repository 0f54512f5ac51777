import type { Database, DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import type { FileStore } from "./storage.server";

/**
 * What every loader and action may use. Set once at start-up (or by a test). A domain that brings
 * a service of its own adds it here by declaration merging (auth/auth.server.ts adds `auth`), so
 * the platform knows none of them.
 */
export interface Services {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  storage: FileStore;
  /** Signs flash cookies; the same secret as the sessions. */
  secret: string;
  /** Seals the secrets stored in office settings (secret-box.server.ts). */
  settingsKey: Buffer;
}

// Kept on globalThis so a development reload of this module does not lose it.
const KEY = Symbol.for("church-site.services");
type Holder = { [KEY]?: Services };

export function setServices(value: Services | undefined) {
  (globalThis as Holder)[KEY] = value;
}

export function services(): Services {
  const value = (globalThis as Holder)[KEY];
  if (!value) throw new Error("The server's services are not started (call startServices first).");
  return value;
}
