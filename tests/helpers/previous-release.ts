import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { hashPassword } from "better-auth/crypto";
import { startServices } from "~/server/main/boot.server";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "~/server/platform/db.server";
import { parseEnv } from "~/server/platform/env.server";
import { createTestDatabase, TEST_ADMIN, type DatabaseKind, type TestServices } from "./test-services";

/**
 * How many migrations (entries of database/migrations/meta/_journal.json) the previous release
 * shipped. When a release goes out, set it to that release's count, so the upgrade test always
 * starts from the database the installed sites have.
 */
export const PREVIOUS_RELEASE_MIGRATIONS = 5;

/** The session secret of the old site, which stays the same across the upgrade (it encrypts secrets). */
export const SESSION_SECRET = "test-secret-that-is-long-enough-0123456789";

/** A copy of database/migrations that holds only the first `count` migrations. */
export function migrationsOfRelease(count: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-migrations-"));
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: unknown[] };
  if (journal.entries.length < count) {
    throw new Error(`Only ${journal.entries.length} migrations exist; the previous release had ${count}.`);
  }
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return folder;
}

async function migrateWith(handle: DatabaseHandle, migrationsFolder: string) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  }
}

/** What a test may use to write rows into the old database the way the old release's code did. */
export interface OldRelease {
  /** Plain SQL on the old database. */
  query: DatabaseHandle["query"];
  /**
   * A staff account as the old admin:create made it (a user row and its password), written in SQL:
   * the current auth library would also write the columns that came later.
   */
  addAccount(account: { email: string; password: string; name: string; role: string }): Promise<string>;
}

/**
 * Builds a database as the previous release left it (an embedded one in a data folder, or a new
 * PostgreSQL database): only that release's migrations, then `fill` writes its rows. `open` then
 * starts the current code on it, which applies the newer migrations as an upgrade does.
 */
export async function databaseOfPreviousRelease(
  kind: DatabaseKind,
  fill: (old: OldRelease) => Promise<void>,
  migrationCount = PREVIOUS_RELEASE_MIGRATIONS,
): Promise<{ open(): Promise<TestServices>; discard(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-upgrade-"));
  // A database before any migration (for the embedded one, a copy of the run's template when
  // there is one), then only the old release's.
  const database = await createTestDatabase(kind, { migrated: false });
  const discard = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const migrations = migrationsOfRelease(migrationCount);
  const handle = await openDatabase(database.options);
  try {
    await migrateWith(handle, migrations);
    const addAccount: OldRelease["addAccount"] = async ({ email, password, name, role }) => {
      const [user] = await handle.query<{ id: string }>(
        `insert into users (name, email, email_verified, role, banned) values ($1, $2, false, $3, false) returning id`,
        [name, email, role],
      );
      await handle.query(
        `insert into accounts (account_id, provider_id, user_id, password) values ($1, 'credential', $2, $3)`,
        [user!.id, user!.id, await hashPassword(password)],
      );
      return user!.id;
    };
    await fill({ query: handle.query, addAccount });
  } catch (error) {
    await handle.close();
    await discard();
    throw error;
  } finally {
    fs.rmSync(migrations, { recursive: true, force: true });
  }
  await handle.close();

  return {
    discard,
    async open() {
      const env = parseEnv({
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SESSION_SECRET,
        VIDEO_THUMBNAIL_URL: "off",
      });
      const running = await startServices(env, { database: database.options, log: () => {} });
      return {
        services: running.services,
        dataDir,
        async stop() {
          await running.stop();
          await discard();
        },
      };
    },
  };
}
