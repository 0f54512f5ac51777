import path from "node:path";
import { createAuth } from "../auth/auth.server";
import { ensureFirstAdmin } from "../auth/accounts.server";
import { acquireDataDirLock, loadOrCreateSessionSecret, type DataDirLock } from "../platform/data-dir.server";
import { migrateDatabase, openDatabase, type DatabaseOptions } from "../platform/db.server";
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
  services: Services;
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
    const auth = createAuth({
      db: database.db,
      secret,
      baseURL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      appName: defaultSiteContent().church.name,
    });
    const settingsKey = loadOrCreateSettingsKey({
      SESSION_SECRET: env.SESSION_SECRET,
      DATA_DIR: env.DATA_DIR,
    });
    const services: Services = { env, database, db: database.db, auth, storage, secret, settingsKey };
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
      // The settings the office changed in the browser (site address, mail server, …).
      await refreshOfficeSettings();
    } catch (error) {
      setServices(undefined);
      clearOfficeSettings();
      await database.close();
      throw error;
    }

    let stopped = false;
    return {
      services,
      async stop() {
        if (stopped) return;
        stopped = true;
        setServices(undefined);
        clearOfficeSettings();
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
