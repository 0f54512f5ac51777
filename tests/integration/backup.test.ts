import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, members } from "../../database/schema";
import { restoreBackup, writeBackupArchive } from "~/server/platform/backup.server";
import { openDatabase } from "~/server/platform/db.server";
import { seedDemoContent } from "~/server/content/seed.server";
import { variantObjectNames } from "~/lib/image-variants";
import { prepareImage, storePreparedImage } from "~/server/platform/images.server";
import { phoneJpeg } from "../helpers/pictures";
import { startTestServices, type TestServices } from "../helpers/test-services";

describe("backups of the embedded database", () => {
  let t: TestServices;
  let scratch: string;
  beforeAll(async () => {
    t = await startTestServices("pglite");
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "church-backup-"));
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  // A backup and a restore of a whole embedded database: tens of seconds on a busy CI machine.
  it("restores every row and file into an empty folder", async () => {
    await seedDemoContent();
    await t.services.db
      .insert(members)
      .values({ firstName: "Ana", lastName: "Cruz", email: "ana@example.org", mobile: "33334444" });
    await t.services.db.insert(auditLog).values({
      actorLabel: "admin@test.local",
      ip: "203.0.113.5",
      action: "member.updated",
      subjectType: "member",
      subjectLabel: "Ana Cruz",
      details: { changes: [{ field: "mobile", label: "Mobile", from: "1", to: "33334444" }] },
    });
    const entries = await t.services.database.query("select * from audit_log order by at, id");
    // An uploaded picture is several files: every copy travels with the backup.
    const picture = await prepareImage(await phoneJpeg(), "event-images/event-1700000000000");
    await storePreparedImage(t.services.storage, picture, async () => {});

    const { file: backup, manifest } = await writeBackupArchive(
      path.join(scratch, "backups"),
      "manual",
      new Date("2026-11-21T10:20:30Z"),
    );
    expect(path.basename(backup)).toBe("backup-20261121-102030-manual.tar.gz");
    expect(manifest).toMatchObject({ product: "church-site", kind: "manual", database: "db.tar.gz" });
    expect(manifest.counts).toEqual({ members: 1, accounts: 1 });
    expect(manifest.notes!.join(" ")).toMatch(/settings key \(derived from SESSION_SECRET\)/);
    // The archive opens with the ordinary tar tool: manifest first, the database, the files.
    const listing = execFileSync("tar", ["tzf", backup]).toString().trim().split("\n");
    expect(listing.slice(0, 2)).toEqual(["manifest.json", "db.tar.gz"]);
    expect(listing).toContain(`uploads/${variantObjectNames(picture.set)[0]!.name}`);

    const target = path.join(scratch, "restored");
    const options = await restoreBackup(backup, target);
    const restored = await openDatabase(options);
    try {
      const rows = await restored.query<{ first_name: string }>("select first_name from members");
      expect(rows.map((r) => r.first_name)).toEqual(["Ana"]);
      const docs = await restored.query<{ storage_object_path: string }>(
        "select storage_object_path from documents",
      );
      expect(docs).toHaveLength(3);
      for (const doc of docs)
        expect(fs.existsSync(path.join(target, "uploads", doc.storage_object_path))).toBe(true);
      for (const copy of variantObjectNames(picture.set))
        expect(fs.existsSync(path.join(target, "uploads", copy.name)), copy.name).toBe(true);
      expect((await restored.query("select id from users")).length).toBe(1);
      // The audit log comes back whole, and still refuses to be changed.
      expect(await restored.query("select * from audit_log order by at, id")).toEqual(entries);
      await expect(restored.query("delete from audit_log")).rejects.toThrow(/append-only/);
    } finally {
      await restored.close();
    }

    // A folder that already has a database is never overwritten.
    await expect(restoreBackup(backup, target)).rejects.toThrow(/already holds a database/);

    // A backup folder made before one-file backups restores as before.
    const folder = path.join(scratch, "backup-20261120-030000");
    fs.mkdirSync(folder);
    execFileSync("tar", ["xzf", backup, "-C", folder]);
    fs.writeFileSync(
      path.join(folder, "manifest.json"),
      JSON.stringify({ createdAt: "2026-11-20T00:00:00.000Z", database: "db.tar.gz", uploads: "uploads" }),
    );
    const fromFolder = await openDatabase(await restoreBackup(folder, path.join(scratch, "restored-old")));
    try {
      expect(await fromFolder.query("select first_name from members")).toEqual([{ first_name: "Ana" }]);
    } finally {
      await fromFolder.close();
    }
  }, 90_000);
});
