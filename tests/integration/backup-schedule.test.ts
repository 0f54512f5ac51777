import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { members } from "../../database/schema";
import { restoreBackup, writeBackupArchive } from "~/server/platform/backup.server";
import {
  backupNeedsAttention,
  dueSlot,
  lastBackup,
  runScheduledBackup,
} from "~/server/platform/backup-schedule.server";
import { openDatabase } from "~/server/platform/db.server";
import {
  databaseKinds,
  expectingConsoleErrors,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The daily backup the server takes by itself, walked through several days with a clock of our
// own: due at BACKUP_HOUR Bahrain time (or at the first look after it), once a day whichever
// server looks, old ones removed after BACKUP_KEEP_DAYS, the outcome kept for the dashboard.

/** A moment in Bahrain time (UTC+3), e.g. at("2026-11-21", "02:59"). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

describe.each(databaseKinds)("the daily backup on %s", (kind) => {
  let t: TestServices;
  let folder: string;

  afterEach(async () => {
    await t.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-scheduled-"));
    t = await startTestServices(kind, {
      BACKUP_DIR: folder,
      BACKUP_HOUR: "3",
      BACKUP_KEEP_DAYS: "2",
      ...env,
    });
  }
  const backups = () =>
    fs
      .readdirSync(folder)
      .filter((name) => name.startsWith("backup-"))
      .sort();

  // A backup and a restore of a whole embedded database: tens of seconds on a busy CI machine.
  it("is taken once a day after 03:00 Bahrain time, keeps two days, and restores", async () => {
    await start();
    await t.services.db
      .insert(members)
      .values({ firstName: "Ana", lastName: "Cruz", email: "ana@example.org", mobile: "33334444" });
    expect(dueSlot(at("2026-11-21", "02:59"), 3)).toEqual(at("2026-11-20", "03:00"));

    // The first look after the server starts takes the backup that is due.
    const first = await runScheduledBackup(at("2026-11-21", "02:59"));
    expect(first).toMatchObject({ ok: true });
    expect(first!.bytes).toBeGreaterThan(1000);
    // Every minute after: nothing more until 03:00 the next day.
    expect(await runScheduledBackup(at("2026-11-21", "02:59"))).toBeNull();
    expect(await runScheduledBackup(at("2026-11-21", "03:00"))).toMatchObject({ ok: true });
    expect(await runScheduledBackup(at("2026-11-21", "23:59"))).toBeNull();
    expect(await runScheduledBackup(at("2026-11-22", "03:01"))).toMatchObject({ ok: true });
    expect(backups()).toHaveLength(3);
    // Two days on, the backups older than two days are gone.
    const latest = await runScheduledBackup(at("2026-11-24", "03:00"));
    expect(backups()).toEqual(["backup-20261122-000100-scheduled.tar.gz", path.basename(latest!.folder!)]);
    expect(await lastBackup()).toEqual(latest);
    expect(backupNeedsAttention(latest!, at("2026-11-25", "12:00"))).toBe(false);
    expect(backupNeedsAttention(latest!, at("2026-11-26", "12:00"))).toBe(true);

    // The backup brings the registry back.
    if (kind === "pglite") {
      const target = path.join(folder, "restored");
      const restored = await openDatabase(await restoreBackup(latest!.folder!, target));
      try {
        const rows = await restored.query<{ email: string }>("select email from members");
        expect(rows).toEqual([{ email: "ana@example.org" }]);
      } finally {
        await restored.close();
      }
    } else {
      execFileSync("tar", ["xzf", latest!.folder!, "-C", folder, "db.dump"]);
      const listing = execFileSync("pg_restore", ["--list", path.join(folder, "db.dump")]).toString();
      expect(listing).toMatch(/TABLE DATA public members/);
    }
  }, 90_000);

  it("keeps backups readable by the server's own user only: files 0600, the folder 0700, older ones too", async () => {
    await start();
    // As an earlier version left them: the folder and a backup readable by everyone on the machine.
    fs.chmodSync(folder, 0o755);
    const older = path.join(folder, "backup-20261120-000000-scheduled.tar.gz");
    fs.writeFileSync(older, "an older backup", { mode: 0o644 });
    fs.chmodSync(older, 0o644);
    const made = await runScheduledBackup(at("2026-11-21", "03:00"));
    expect(made).toMatchObject({ ok: true });
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(folder).toString(8)).toBe("700");
    expect(mode(made!.folder!).toString(8)).toBe("600");
    expect(mode(older).toString(8)).toBe("600");
    // A backup written to a folder of its own (the command line's) makes that folder private too.
    const outDir = path.join(folder, "by-hand", "backups");
    const { file } = await writeBackupArchive(outDir, "manual");
    expect(mode(outDir).toString(8)).toBe("700");
    expect(mode(file).toString(8)).toBe("600");
  }, 90_000);

  it("says so when it fails, and the dashboard warns", async () => {
    await start();
    // A file where the backup folder should be: nothing can be written there.
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, "not a folder");
    const { result: failed, logged } = await expectingConsoleErrors(() =>
      runScheduledBackup(at("2026-11-21", "04:00")),
    );
    expect(logged.join("\n")).toMatch(/^The daily backup failed: /);
    expect(failed).toMatchObject({ ok: false });
    expect(failed!.error).toBeTruthy();
    expect(backupNeedsAttention(await lastBackup(), at("2026-11-21", "04:01"))).toBe(true);
  });

  it("is not taken at all with BACKUP_HOUR=off", async () => {
    await start({ BACKUP_HOUR: "off" });
    expect(await runScheduledBackup(at("2026-11-21", "04:00"))).toBeNull();
    expect(backups()).toEqual([]);
  });
});
