import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  addSermon,
  createDatabaseRelay,
  createPostgresDatabase,
  inParallel,
  query,
  sendMessage,
  signInCookie,
  startServer,
  stopServer,
  type ServerUnderTest,
} from "./helpers";

// Runs against the production build: `npm run build` first (npm test does).
const figures: string[] = [];
afterAll(() => {
  console.log(`\nReliability figures\n${figures.map((line) => `  ${line}`).join("\n")}\n`);
});

const kinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
let port = 3450;

describe.each(kinds)("on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `church-reliability-${kind}-`));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
  let server: ServerUnderTest | undefined;

  async function start() {
    if (kind === "postgres" && !database) database = await createPostgresDatabase();
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: "false" };
    if (database)
      Object.assign(env, {
        DATABASE_URL: database.url,
        SESSION_SECRET: "reliability-secret-0123456789-abcdefghij",
      });
    server = await startServer(env, port++);
    return server;
  }
  const sql = <Row>(text: string) => query<Row>(dataDir, database?.url, text);

  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write through a SIGKILL, and nothing half-written", async () => {
    let current = await start();
    const cookie = await signInCookie(current);
    const acknowledged: string[] = [];
    let killed = false;
    const writes = Array.from({ length: 240 }, (_, i) => i);
    const killer = (async () => {
      while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 5));
      current.process.kill("SIGKILL");
      killed = true;
    })();
    await inParallel(writes, 12, async (i) => {
      if (killed) return;
      const tag = `crash-${kind}-${i}`;
      const ok =
        i % 4 === 0
          ? await addSermon(current, cookie, tag)
          : await sendMessage(current, `198.51.100.${i % 200}`, tag);
      if (ok && !killed) acknowledged.push(tag);
    });
    await killer;
    const dead = current.process;
    if (dead.exitCode === null && dead.signalCode === null)
      await new Promise((resolve) => dead.once("exit", resolve));

    current = await start();
    const stored = [
      ...(await sql<{ tag: string }>("select message as tag from visitors where message like 'crash-%'")),
      ...(await sql<{ tag: string }>("select title as tag from sermons where title like 'crash-%'")),
    ].map((row) => row.tag);
    const lost = acknowledged.filter((tag) => !stored.includes(tag));
    const duplicated = stored.length - new Set(stored).size;
    const halfWritten = await sql<{ n: string }>(
      "select count(*) as n from visitors where message like 'crash-%' and (name is null or email is null or mobile is null)",
    );
    figures.push(
      `${kind} crash: ${acknowledged.length} writes acknowledged before SIGKILL, ${stored.length} found after restart, ${lost.length} lost, ${duplicated} duplicated`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(Number(halfWritten[0]!.n)).toBe(0);
  });

  it("takes 500 public submissions from 50 concurrent clients, each exactly once", async () => {
    const current = server ?? (await start());
    const submissions = Array.from({ length: 500 }, (_, i) => ({
      ip: `203.0.113.${i % 50}`,
      tag: `load-${kind}-${i}`,
    }));
    const started = performance.now();
    const latencies: number[] = [];
    const results = await inParallel(submissions, 50, async ({ ip, tag }) => {
      const begin = performance.now();
      const ok = await sendMessage(current, ip, tag);
      latencies.push(performance.now() - begin);
      return ok;
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = await sql<{ tag: string }>(
      "select message as tag from visitors where message like 'load-%'",
    );
    latencies.sort((a, b) => a - b);
    figures.push(
      `${kind} load: 500 submissions from 50 clients in ${seconds.toFixed(1)} s (${(500 / seconds).toFixed(0)}/s, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(0)} ms), ${results.filter(Boolean).length} acknowledged, ${rows.length} stored, ${rows.length - new Set(rows.map((r) => r.tag)).size} duplicated`,
    );
    expect(results.every(Boolean)).toBe(true);
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.tag)).size).toBe(500);
  });
});

// Needs a PostgreSQL server to put out of reach (the embedded database lives inside the process).
describe.each(process.env.TEST_DATABASE_URL ? ["postgres"] : [])("with the database down (%s)", () => {
  it("answers 503 with a friendly page, and recovers by itself when the database is back", async () => {
    const database = (await createPostgresDatabase())!;
    const target = new URL(database.url);
    const relay = await createDatabaseRelay(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(database.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-reliability-down-"));
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        DATABASE_URL: viaRelay.toString(),
        SESSION_SECRET: "reliability-secret-0123456789-abcdefghij",
      },
      port++,
    );
    try {
      expect((await fetch(`${server.url}/events`)).status).toBe(200);

      await relay.down();
      const down = await fetch(`${server.url}/events`);
      const page = await down.text();
      expect(down.status).toBe(503);
      expect(page).toContain("Please try again");
      expect(page).not.toMatch(/at .+\.js:\d+/);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);

      await relay.up();
      const backAt = Date.now();
      let status = 0;
      while (Date.now() - backAt < 30_000) {
        status = (await fetch(`${server.url}/events`)).status;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      figures.push(
        `database down: 503 while unreachable, back to 200 ${((Date.now() - backAt) / 1000).toFixed(1)} s after it returned`,
      );
      expect(status).toBe(200);
    } finally {
      await stopServer(server);
      await relay.down().catch(() => {});
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
