import { AsyncLocalStorage } from "node:async_hooks";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../../database/schema";
import { projectRoot } from "./paths.server";

const execFileAsync = promisify(execFile);

/** One type for both drivers: route code never knows which database runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The database or an open transaction: what a write that must join its caller's transaction takes. */
export type Executor = Tx | Database;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs start-up work (migrations, seed, first admin) so that when several app servers start at
   * once on one PostgreSQL database only one does it at a time.
   */
  withSetupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Cheap round trip used by readiness checks. */
  ping(): Promise<void>;
  /** PostgreSQL's connection URL (for pg_dump); undefined for the embedded database. */
  url?: string;
  /** A consistent copy of an embedded database's files (gzipped tar); null on PostgreSQL. */
  dumpEmbedded(): Promise<Uint8Array | null>;
  /** Plain parameterised SQL, for maintenance and test set-up (route code uses `db`). */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export type DatabaseOptions = { url: string } | { pgliteDir: string; loadFrom?: Blob } | { memory: true };

// Any fixed number shared by all our servers; pg advisory locks are keyed by bigint.
const SETUP_LOCK_ID = 7_413_202_301;

export function migrationsFolder() {
  return path.join(projectRoot(), "database", "migrations");
}

/**
 * PGlite's Postgres keeps its buffer pool inside the process, and Postgres's default of 128 MB
 * would be most of the server's memory once touched. A church's data (ten thousand members is a
 * few megabytes) fits in a much smaller pool; the rest is read through the operating system's
 * file cache, which is not counted against the process. Measured with `npm run bench`.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "temp_buffers=4MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/**
 * Creating a new embedded database (Postgres's initdb) takes several hundred megabytes of
 * WebAssembly memory, which a WebAssembly instance never gives back. A short-lived child process
 * does that once, so the server itself only ever opens an existing database. It works in a
 * folder beside the real one and renames it into place, so an interrupted first start leaves no
 * half-made database behind.
 */
async function createPgliteDatabase(dir: string) {
  const staging = `${dir}.creating-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const script = `
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(process.argv[1]);
    await db.close();`;
  await execFileAsync(process.execPath, ["--input-type=module", "-e", script, staging], {
    cwd: projectRoot(),
  });
  fs.rmSync(dir, { recursive: true, force: true }); // an empty or half-made folder
  fs.renameSync(staging, dir);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openPostgres(options.url);
  if (
    "pgliteDir" in options &&
    !options.loadFrom &&
    !fs.existsSync(path.join(options.pgliteDir, "PG_VERSION"))
  ) {
    await createPgliteDatabase(options.pgliteDir);
  }
  // The member search index needs pg_trgm, which PGlite keeps outside its core: load it always.
  const pgliteOptions: PGliteOptions = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS };
  const client =
    "memory" in options
      ? new PGlite(pgliteOptions)
      : new PGlite(
          options.pgliteDir,
          options.loadFrom ? { ...pgliteOptions, loadDataDir: options.loadFrom } : pgliteOptions,
        );
  await client.waitReady;
  guardAgainstWaitingOnItself(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // The data-folder lock already keeps every other process out of an embedded database.
    withSetupLock: (work) => work(),
    ping: async () => {
      await client.query("select 1");
    },
    query: async <Row>(text: string, params: unknown[] = []) => (await client.query<Row>(text, params)).rows,
    dumpEmbedded: async () => new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer()),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export const QUERY_BESIDE_TRANSACTION =
  "A query was sent outside the open transaction it was started from. The embedded database has one connection, so it would wait for that transaction forever: run it through the transaction (tx), or before it.";

/**
 * PGlite has one connection: a query sent through the database (not the transaction) from inside
 * a transaction's callback waits for that transaction, which waits for the query, and the whole
 * site stops. Such a query throws at once instead. Queries of other requests are not affected:
 * they wait their turn as before.
 */
function guardAgainstWaitingOnItself(client: PGlite) {
  // Open while one of this database's transactions runs its callback, closed once it has ended
  // (a query on another database, e.g. while copying one into another, is not concerned).
  const openTransaction = new AsyncLocalStorage<{ open: boolean }>();
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
    const state = { open: true };
    return transaction((tx) => openTransaction.run(state, () => callback(tx))).finally(() => {
      state.open = false;
    });
  };
  for (const method of ["query", "exec"] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (openTransaction.getStore()?.open) return Promise.reject(new Error(QUERY_BESIDE_TRANSACTION));
      return original(...args);
    };
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Set once close() has begun: the pool reports itself ended before its connections have said
  // goodbye to the server, so one the server drops in the meantime (the database being removed
  // or the server shutting down) is expected and not worth an error line.
  let closing = false;
  // An idle connection dropped by the server must not crash the process; the pool reconnects.
  pool.on("error", (error) => {
    if (!closing) console.error("PostgreSQL connection error:", error.message);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    url,
    withSetupLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [SETUP_LOCK_ID]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    query: async <Row>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as Row[],
    dumpEmbedded: async () => null,
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

export async function migrateDatabase(handle: DatabaseHandle) {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], config);
  }
}
