import fs from "node:fs";
import path from "node:path";
import { createAuth } from "../auth/auth.server";
import { ensureFirstAdmin } from "../auth/accounts.server";
import { acquireDataDirLock, loadOrCreateSessionSecret, type DataDirLock } from "../platform/data-dir.server";
import { pgRestore } from "../platform/backup.server";
import { clearBackupWork } from "../platform/backup-lock.server";
import {
  migrateDatabase,
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
} from "../platform/db.server";
import type { DatabaseReplacement } from "../platform/maintenance.server";
import type { Env } from "../platform/env.server";
import { pruneExpiredRateLimits } from "../platform/rate-limit.server";
import { seedDemoContent } from "../content/seed.server";
import { defaultSiteContent } from "../site/site-content.server";
import { ensureSiteSections } from "../site/site-sections.server";
import { clearOfficeSettings, refreshOfficeSettings } from "../platform/office-settings.server";
import { loadOrCreateSettingsKey } from "../platform/secret-box.server";
import { setServices, type Services } from "../platform/services.server";
import { createLocalFileStore, createS3FileStore, s3SettingsOf } from "../platform/storage.server";

export interface RunningServices {
  /** The services as they were started (after a restore, `services()` has the new database). */
  services: Services;
  /**
   * Puts a backup's database in place of the running one, migrated to this version, with the
   * auth library made again on it. The embedded database is swapped folder for folder and put
   * back if anything fails; PostgreSQL is loaded by pg_restore in one transaction. The caller
   * stops the worker first and keeps requests away (restore.server.ts, site-runtime.server.ts).
   */
  replaceDatabase(replacement: DatabaseReplacement): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where the database is; by default DATABASE_URL, else PGlite in $DATA_DIR/db. */
  database?: DatabaseOptions;
  log?: (message: string) => void;
  /** Seed demo content and create the first administrator when missing (default true). */
  firstRunSetup?: boolean;
}

/**
 * Opens the database (migrating it), the file store and the auth library, and makes them the
 * services every loader and action uses. On a new database it also seeds the demo content and
 * creates the first administrator.
 */
export async function startServices(env: Env, options: StartOptions = {}): Promise<RunningServices> {
  const log = options.log ?? console.log;
  const databaseOptions: DatabaseOptions =
    options.database ??
    (env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR, "db") });

  let lock: DataDirLock | undefined;
  if ("pgliteDir" in databaseOptions) lock = acquireDataDirLock(env.DATA_DIR);
  try {
    const secret = env.SESSION_SECRET ?? loadOrCreateSessionSecret(env.DATA_DIR);
    const database = await openDatabase(databaseOptions);
    const s3 = s3SettingsOf(env);
    const storage = s3
      ? await createS3FileStore(s3)
      : createLocalFileStore(path.join(env.DATA_DIR, "uploads"));
    const settingsKey = loadOrCreateSettingsKey({
      SESSION_SECRET: env.SESSION_SECRET,
      DATA_DIR: env.DATA_DIR,
    });
    // The auth library holds the database handle: a restored database gets a new one.
    const servicesOn = (handle: DatabaseHandle): Services => ({
      env,
      database: handle,
      db: handle.db,
      auth: createAuth({
        db: handle.db,
        secret,
        baseURL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
        appName: defaultSiteContent().church.name,
      }),
      storage,
      secret,
      settingsKey,
    });
    const services = servicesOn(database);
    let current = services;
    setServices(services);

    try {
      await database.withSetupLock(async () => {
        await migrateDatabase(database);
        // The website's texts as the church last saved them, or their first version.
        await ensureSiteSections();
        if (options.firstRunSetup === false) return;
        if (env.SEED_DEMO && (await seedDemoContent()))
          log("Demo content added (events, sermons, eLibrary).");
        await ensureFirstAdmin(log);
      });
      await pruneExpiredRateLimits(database.db);
      // Only this process opens an embedded database: a backup claim left by a crash is stale.
      if (database.kind === "pglite") await clearBackupWork();
      // The settings the office changed in the browser (site address, mail server, …).
      await refreshOfficeSettings();
    } catch (error) {
      setServices(undefined);
      clearOfficeSettings();
      await database.close();
      throw error;
    }

    /** Makes `handle` the site's database: migrated, its website sections and settings read. */
    const activate = async (handle: DatabaseHandle) => {
      current = servicesOn(handle);
      setServices(current);
      await handle.withSetupLock(async () => {
        await migrateDatabase(handle);
        await ensureSiteSections();
        // A backup without any account would lock everyone out: the first administrator, as at start.
        if (options.firstRunSetup !== false) await ensureFirstAdmin(log);
      });
      await refreshOfficeSettings();
    };

    let stopped = false;
    return {
      services,
      async replaceDatabase(replacement) {
        if (replacement.kind === "postgres") {
          if (current.database.kind !== "postgres")
            throw new Error("This install uses the embedded database.");
          await pgRestore(current.database.url!, replacement.dumpFile);
          await activate(current.database);
          return;
        }
        if (!("pgliteDir" in databaseOptions))
          throw new Error("Only an embedded database in a folder can be replaced.");
        const dir = databaseOptions.pgliteDir;
        const previous = current.database;
        await previous.close();
        const aside = `${dir}.before-restore-${Date.now()}`;
        fs.renameSync(dir, aside);
        let restored: DatabaseHandle | undefined;
        try {
          restored = await openDatabase({ pgliteDir: dir, loadFrom: replacement.dump });
          await activate(restored);
        } catch (error) {
          // Put the database that ran before back, as it was.
          await restored?.close().catch(() => {});
          fs.rmSync(dir, { recursive: true, force: true });
          fs.renameSync(aside, dir);
          await activate(await openDatabase({ pgliteDir: dir }));
          throw error;
        }
        fs.rmSync(aside, { recursive: true, force: true });
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        setServices(undefined);
        clearOfficeSettings();
        await current.database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
