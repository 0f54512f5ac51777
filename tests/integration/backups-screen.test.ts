import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../database/schema";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { startServices, type RunningServices } from "~/server/main/boot.server";
import { migrationsFolder, openDatabase } from "~/server/platform/db.server";
import { startSiteRuntime } from "~/server/main/site-runtime.server";
import { claimBackupWork, releaseBackupWork } from "~/server/platform/backup-lock.server";
import { parseEnv } from "~/server/platform/env.server";
import { maintenance } from "~/server/platform/maintenance.server";
import { lastBackup } from "~/server/platform/backup-schedule.server";
import { setSetting } from "~/server/platform/settings.server";
import { services } from "~/server/platform/services.server";
import * as screen from "~/routes/members/backups/backups";
import * as confirm from "~/routes/members/backups/backup-restore";
import * as download from "~/routes/members/backups/backup-download";
import * as upload from "~/routes/members/backups/backup-upload";
import {
  callRoute,
  createTestDatabase,
  databaseKinds,
  expectingConsoleErrors,
  formRequest,
  signInCookie,
  TEST_ADMIN,
} from "../helpers/test-services";
import { migrationsOfRelease, PREVIOUS_RELEASE_MIGRATIONS } from "../helpers/previous-release";

// The backups screen against a real server set-up (a database in a data folder, the worker's
// runtime with its database swap), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.

type ScreenData =
  Awaited<ReturnType<typeof screen.loader>> extends infer T ? (T extends { data: infer D } ? D : T) : never;

describe.each(databaseKinds)("backups in the browser on %s", (kind) => {
  let running: RunningServices;
  let runtime: { stop(): Promise<void> };
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-backups-"));
    const database = await createTestDatabase(kind);
    dropDatabase = database.drop;
    const env = parseEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SESSION_SECRET: "test-secret-that-is-long-enough-0123456789",
      PUBLIC_URL: "http://localhost",
      BACKUP_HOUR: "off",
    });
    running = await startServices(env, {
      log: () => {},
      ...(kind === "postgres" ? { database: database.options } : {}),
    });
    runtime = startSiteRuntime(running, 3_600_000);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await runtime.stop();
    await running.stop();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = () => new Request("http://localhost/members/backups", { headers: { cookie } });
  const post = (fields: Record<string, string>) => formRequest("/members/backups", fields, { cookie });
  const list = async () => ((await callRoute(screen.loader, get())).data as ScreenData).backups;
  const memberNames = async () =>
    (await services().db.select({ name: members.firstName }).from(members)).map((row) => row.name).sort();
  const uploads = (name: string) => path.join(dataDir, "uploads", name);
  const audit = (action: string) =>
    services().database.query<{ actor_label: string; subject_id: string; details: Record<string, unknown> }>(
      "select actor_label, subject_id, details from audit_log where action = $1 order by at",
      [action],
    );

  it("makes a backup now, refuses one while another runs, and downloads it as one file", async () => {
    expect(await list()).toEqual([]);
    await services().storage.put("documents/kept.txt", Buffer.from("kept"));

    const token = (await claimBackupWork("restore", "someone@test.local"))!;
    const refused = await callRoute(screen.action, post({ intent: "backup-now" }));
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toMatch(/A restore started by someone@test\.local is still running/);
    expect(await list()).toEqual([]);
    await releaseBackupWork(token);

    const made = await callRoute(screen.action, post({ intent: "backup-now" }));
    expect(made.status).toBe(200);
    const backups = await list();
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ origin: "manual", isFolder: false });
    expect(backups[0]!.bytes).toBeGreaterThan(1000);
    expect((await audit("backup.created")).map((row) => row.subject_id)).toEqual([backups[0]!.name]);

    const answer = await callRoute(
      download.loader,
      new Request(`http://localhost/members/backups/download/${backups[0]!.name}`, { headers: { cookie } }),
      { params: { name: backups[0]!.name } },
    );
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${backups[0]!.name}"`);
    const file = path.join(dataDir, "downloaded.tar.gz");
    fs.writeFileSync(file, Buffer.from(await answer.response!.arrayBuffer()));
    const entries = execFileSync("tar", ["tzf", file]).toString().trim().split("\n");
    expect(entries).toEqual([
      "manifest.json",
      kind === "pglite" ? "db.tar.gz" : "db.dump",
      "uploads/documents/kept.txt",
    ]);
    const manifest = JSON.parse(execFileSync("tar", ["xzOf", file, "manifest.json"]).toString()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      product: "church-site",
      kind: "manual",
      counts: { members: 0, accounts: 1 },
    });
    expect((await audit("backup.downloaded")).length).toBe(1);

    // A name that is not a backup in the folder is not served.
    const outside = await callRoute(
      download.loader,
      new Request("http://localhost/members/backups/download/x", { headers: { cookie } }),
      { params: { name: "../session-secret" } },
    );
    expect(outside.status).toBe(404);
  }, 120_000);

  it("says plainly when this server cannot restore (PostgreSQL without pg_restore)", async () => {
    const path_ = process.env.PATH;
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), "church-no-tools-"));
    try {
      const data = (await callRoute(screen.loader, get())).data as ScreenData;
      if (kind === "pglite") {
        // The embedded database needs no tool of its own.
        expect(data.restore).toEqual({ canRestore: true });
      } else {
        expect(data.restore.canRestore).toBe(false);
        expect(data.restore.why).toMatch(/no pg_restore/);
      }
    } finally {
      fs.rmSync(process.env.PATH, { recursive: true, force: true });
      process.env.PATH = path_;
    }
  });

  async function uploadFile(bytes: Uint8Array, name = "backup.tar.gz") {
    const form = new FormData();
    form.append("backup", new Blob([new Uint8Array(bytes)]), name);
    return callRoute(
      upload.action,
      new Request("http://localhost/members/backups/upload", {
        method: "POST",
        body: form,
        headers: { cookie, origin: "http://localhost" },
      }),
    );
  }

  it("refuses a file that is not a backup of this site, and changes nothing", async () => {
    const before = await list();
    const plain = await uploadFile(new TextEncoder().encode("just some text"), "notes.txt");
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.data)).toMatch(/not a backup of this website/);
    // A gzipped file that is no tar, and a tar of someone else's.
    const gzip = await uploadFile(zlib.gzipSync(crypto.randomBytes(2000)));
    expect(gzip.status).toBe(400);
    const foreign = path.join(dataDir, "foreign");
    fs.mkdirSync(foreign);
    fs.writeFileSync(
      path.join(foreign, "manifest.json"),
      JSON.stringify({ product: "wordpress", createdAt: "2026-01-01" }),
    );
    execFileSync("tar", ["czf", path.join(dataDir, "foreign.tar.gz"), "-C", foreign, "manifest.json"]);
    const other = await uploadFile(fs.readFileSync(path.join(dataDir, "foreign.tar.gz")));
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.data)).toMatch(/not a backup of this website/);
    expect(await list()).toEqual(before);
    expect(
      fs.readdirSync(path.join(dataDir, "backups")).filter((name) => !name.startsWith("backup-")),
    ).toEqual([]);
  });

  it("puts everything back when the backup's database cannot be loaded", async () => {
    await services()
      .db.insert(members)
      .values({ firstName: "Zoe", lastName: "Keep", email: "zoe@example.org", mobile: "33330000" });
    // Our manifest, but a damaged database dump inside.
    const broken = path.join(dataDir, "broken");
    fs.mkdirSync(path.join(broken, "uploads", "documents"), { recursive: true });
    const database = kind === "pglite" ? "db.tar.gz" : "db.dump";
    fs.writeFileSync(
      path.join(broken, "manifest.json"),
      JSON.stringify({
        product: "church-site",
        format: 2,
        createdAt: new Date().toISOString(),
        database,
        uploads: "uploads",
      }),
    );
    fs.writeFileSync(path.join(broken, database), zlib.gzipSync(Buffer.from("not a database")));
    fs.writeFileSync(path.join(broken, "uploads", "documents", "stranger.txt"), "stranger");
    execFileSync("tar", [
      "czf",
      path.join(dataDir, "broken.tar.gz"),
      "-C",
      broken,
      "manifest.json",
      database,
      "uploads",
    ]);
    const uploaded = await uploadFile(fs.readFileSync(path.join(dataDir, "broken.tar.gz")));
    const name = decodeURIComponent(uploaded.response!.headers.get("location")!.split("/").pop()!);
    const { result: failed, logged } = await expectingConsoleErrors(() =>
      callRoute(confirm.action, formRequest(`/members/backups/restore/${name}`, {}, { cookie }), {
        params: { name },
      }),
    );
    expect(failed.status).toBe(500);
    expect(logged.join("\n")).toMatch(/Restoring a backup failed/);
    expect(JSON.stringify(failed.data)).toMatch(/the site is as it was/);
    expect(maintenance()).toBeNull();
    expect(await memberNames()).toEqual(["Zoe"]);
    expect(fs.readFileSync(uploads("documents/kept.txt"), "utf8")).toBe("kept");
    expect(fs.existsSync(uploads("documents/stranger.txt"))).toBe(false);
    await services().db.delete(members);
  }, 120_000);

  it("restores a backup: the data and files come back, the restore is in the restored audit log", async () => {
    await services()
      .db.insert(members)
      .values({ firstName: "Ana", lastName: "Cruz", email: "ana@example.org", mobile: "33334444" });
    await services().storage.put("documents/ana.txt", Buffer.from("Ana's file"));
    expect((await callRoute(screen.action, post({ intent: "backup-now" }))).status).toBe(200);
    const backup = (await list()).find((item) => item.origin === "manual")!;

    // The daily backup's outcome is about the backup folder, not the data: it stays as it is now.
    const lastDaily = { at: "2026-11-26T00:00:00.000Z", ok: true, folder: "elsewhere.tar.gz", bytes: 1 };
    await setSetting(services().db, "backup:last", lastDaily);
    // Entered after the backup: lost by the restore.
    await services()
      .db.insert(members)
      .values({ firstName: "Ben", lastName: "Dias", email: "ben@example.org", mobile: "33335555" });
    await services().storage.put("documents/ben.txt", Buffer.from("Ben's file"));
    fs.rmSync(uploads("documents/ana.txt"));

    const page = await callRoute(
      confirm.loader,
      new Request(`http://localhost/members/backups/restore/${backup.name}`, { headers: { cookie } }),
      { params: { name: backup.name } },
    );
    expect(page.data).toMatchObject({ counts: { members: 1, accounts: 1 }, ability: { canRestore: true } });

    // Refused while a backup runs, with nothing changed.
    const token = (await claimBackupWork("backup", "the daily backup"))!;
    const busy = await callRoute(
      confirm.action,
      formRequest(`/members/backups/restore/${backup.name}`, {}, { cookie }),
      { params: { name: backup.name } },
    );
    expect(busy.status).toBe(409);
    expect(await memberNames()).toEqual(["Ana", "Ben"]);
    await releaseBackupWork(token);

    const restoring = callRoute(
      confirm.action,
      formRequest(`/members/backups/restore/${backup.name}`, {}, { cookie }),
      { params: { name: backup.name } },
    );
    // While it runs the site is under maintenance, and a backup is refused.
    await expect.poll(() => maintenance(), { timeout: 30_000, interval: 5 }).not.toBeNull();
    expect(maintenance()!.reason).toBe(`restoring ${backup.name}`);
    const meanwhile = await callRoute(screen.action, post({ intent: "backup-now" }));
    expect(meanwhile.status).toBe(409);
    const restored = await restoring;
    expect(restored.status).toBe(302);
    // The session was in the backup: the admin stays signed in.
    expect(restored.response!.headers.get("location")).toBe("/members/backups");
    expect(maintenance()).toBeNull();
    expect(await memberNames()).toEqual(["Ana"]);
    expect(await lastBackup()).toEqual(lastDaily);
    expect(fs.readFileSync(uploads("documents/ana.txt"), "utf8")).toBe("Ana's file");
    expect(fs.existsSync(uploads("documents/ben.txt"))).toBe(false);
    expect(fs.readFileSync(uploads("documents/kept.txt"), "utf8")).toBe("kept");
    const [entry, ...more] = await audit("backup.restored");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_label: TEST_ADMIN.email, subject_id: backup.name });
    // The state before was kept: a restore of it would bring Ben back.
    const safety = (await list()).find((item) => item.origin === "safety")!;
    expect(entry!.details.safetyBackup).toBe(safety.name);
    // The site works on the restored database, and a new backup can be made at once.
    expect((await callRoute(screen.action, post({ intent: "backup-now" }))).status).toBe(200);
  }, 180_000);

  it("restores an uploaded backup file after its confirmation", async () => {
    const made = (await list()).find((item) => item.origin === "safety")!;
    const uploaded = await uploadFile(fs.readFileSync(path.join(dataDir, "backups", made.name)));
    expect(uploaded.status).toBe(302);
    const location = uploaded.response!.headers.get("location")!;
    expect(location).toMatch(/^\/members\/backups\/restore\/uploaded-\d{8}-\d{6}\.tar\.gz$/);
    const name = decodeURIComponent(location.split("/").pop()!);
    expect((await list()).find((item) => item.name === name)).toMatchObject({ origin: "uploaded" });
    const restored = await callRoute(
      confirm.action,
      formRequest(`/members/backups/restore/${name}`, {}, { cookie }),
      {
        params: { name },
      },
    );
    expect(restored.status).toBe(302);
    expect(await memberNames()).toEqual(["Ana", "Ben"]);
    expect(fs.existsSync(uploads("documents/ben.txt"))).toBe(true);
  }, 180_000);
});

// The embedded database only: a PostgreSQL backup of an older version restores into an empty
// database by hand (operations.md), since pg_restore --clean keeps tables the backup does not have.
describe("an older backup on the embedded database", () => {
  let running: RunningServices;
  let runtime: { stop(): Promise<void> };
  let dataDir: string;
  let cookie: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-backups-old-"));
    const env = parseEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SESSION_SECRET: "test-secret-that-is-long-enough-0123456789",
      PUBLIC_URL: "http://localhost",
      BACKUP_HOUR: "off",
    });
    running = await startServices(env, { log: () => {} });
    runtime = startSiteRuntime(running, 3_600_000);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await runtime.stop();
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const list = async () =>
    (
      (
        await callRoute(
          screen.loader,
          new Request("http://localhost/members/backups", { headers: { cookie } }),
        )
      ).data as ScreenData
    ).backups;
  const memberNames = async () =>
    (await services().db.select({ name: members.firstName }).from(members)).map((row) => row.name).sort();
  const audit = (action: string) =>
    services().database.query<{ subject_id: string }>("select subject_id from audit_log where action = $1", [
      action,
    ]);

  it("upgrades a backup folder of an earlier release as it restores it", async () => {
    // A database as an earlier release left it (its migrations only), saved as that release's
    // backup folder: manifest.json, db.tar.gz and uploads/.
    const migrations = migrationsOfRelease(PREVIOUS_RELEASE_MIGRATIONS);
    const old = await openDatabase({ pgliteDir: path.join(dataDir, "old-db") });
    let dump: Uint8Array;
    try {
      await migratePglite(old.db as unknown as Parameters<typeof migratePglite>[0], {
        migrationsFolder: migrations,
      });
      await old.query(
        "insert into members (first_name, last_name, email, mobile) values ('Olga', 'Old', 'olga@example.org', '33331111')",
      );
      dump = (await old.dumpEmbedded())!;
    } finally {
      await old.close();
      fs.rmSync(migrations, { recursive: true, force: true });
    }
    const name = "backup-20250101-030000";
    const folder = path.join(dataDir, "backups", name);
    fs.mkdirSync(path.join(folder, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(folder, "db.tar.gz"), dump);
    fs.writeFileSync(
      path.join(folder, "manifest.json"),
      JSON.stringify({ createdAt: "2025-01-01T00:00:00.000Z", database: "db.tar.gz", uploads: "uploads" }),
    );
    expect((await list()).find((item) => item.name === name)).toMatchObject({
      origin: "scheduled",
      isFolder: true,
    });

    const restored = await callRoute(
      confirm.action,
      formRequest(`/members/backups/restore/${name}`, {}, { cookie }),
      {
        params: { name },
      },
    );
    // The admin of this test did not exist then: signed out, asked to sign in again.
    expect(restored.response!.headers.get("location")).toBe("/members/login");
    expect(await memberNames()).toEqual(["Olga"]);
    const [applied] = await services().database.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    expect(applied!.n).toBe(journal.entries.length);
    expect((await audit("backup.restored")).map((row) => row.subject_id)).toEqual([name]);
  }, 180_000);
});
