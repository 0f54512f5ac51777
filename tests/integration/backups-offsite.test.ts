import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/members/backups/backups";
import * as dashboard from "~/routes/members/home/dashboard";
import { runDailyBackup } from "~/server/backups/backups.server";
import { lastBackupCopy } from "~/server/backups/offsite-copy.server";
import { services } from "~/server/platform/services.server";
import { startS3Server } from "../helpers/s3";
import {
  callRoute,
  expectingConsoleErrors,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The off-site copy against a real S3-compatible server (s3rver): set up on the backups screen,
// tested, used by "back up now" when ticked and by the daily backup; a failure is shown on the
// screen and on the dashboard. The secret key never comes back to the page or the audit log.

describe("the off-site copy of the backups", () => {
  let t: TestServices;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let cookie: string;
  let folder: string;

  beforeAll(async () => {
    s3 = await startS3Server("church-backups");
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-offsite-"));
    t = await startTestServices("pglite", { BACKUP_DIR: folder, BACKUP_HOUR: "3" });
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
    await s3.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const post = (fields: Record<string, string>) => formRequest("/members/backups", fields, { cookie });
  const screenData = async () =>
    (await callRoute(screen.loader, new Request("http://localhost/members/backups", { headers: { cookie } })))
      .data as Record<string, unknown>;
  const settingsOf = () => ({
    intent: "save-copy",
    endpoint: s3.env.S3_ENDPOINT,
    region: "us-east-1",
    bucket: "church-backups",
    accessKeyId: "S3RVER",
    secretKey: "S3RVER",
    prefix: "/offsite/",
    forcePathStyle: "on",
  });
  async function objectsInBucket(): Promise<string[]> {
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: "church-backups" }));
    client.destroy();
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  }

  it("is set up on the screen, tested, and used by back up now and the daily backup", async () => {
    // Bad input: a clear message and nothing saved.
    const bad = await callRoute(
      screen.action,
      post({ ...settingsOf(), bucket: "No Such Name!", secretKey: "" }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toMatch(/bucket's name/);
    expect((await screenData()).copy).toBeNull();
    const noSecret = await callRoute(screen.action, post({ ...settingsOf(), secretKey: "" }));
    expect(noSecret.status).toBe(400);
    expect(JSON.stringify(noSecret.data)).toMatch(/secret key/);

    expect((await callRoute(screen.action, post(settingsOf()))).status).toBe(200);
    const shown = await screenData();
    expect(shown.copy).toEqual({
      endpoint: s3.env.S3_ENDPOINT,
      region: "us-east-1",
      bucket: "church-backups",
      accessKeyId: "S3RVER",
      prefix: "offsite",
      forcePathStyle: true,
      hasSecretKey: true,
    });
    // The secret is sealed in the database, and nowhere on the page or in the audit log.
    expect(JSON.stringify(shown)).not.toContain('"S3RVER"}');
    const [stored] = await services().database.query<{ value: { secretKeySealed: string } }>(
      "select value from settings where key = 'office:backup-copy'",
    );
    expect(stored!.value.secretKeySealed).toMatch(/^v1:/);
    const entries = await services().database.query<{ details: unknown }>(
      "select details from audit_log where action = 'settings.backup-copy-saved'",
    );
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toMatch(/S3RVER"|v1:/);
    expect(JSON.stringify(entries)).toContain("secretKey");

    // Saved again without a secret key: the saved one is kept.
    expect((await callRoute(screen.action, post({ ...settingsOf(), secretKey: "" }))).status).toBe(200);

    const tested = await callRoute(screen.action, post({ intent: "test-copy" }));
    expect(tested.status).toBe(200);
    expect(JSON.stringify(tested.data)).toMatch(/took a test file/);
    expect(await objectsInBucket()).toEqual([]);

    // Back up now, copied when ticked.
    expect((await callRoute(screen.action, post({ intent: "backup-now", copyOffsite: "on" }))).status).toBe(
      200,
    );
    const [manual] = await objectsInBucket();
    expect(manual).toMatch(/^offsite\/backup-\d{8}-\d{6}-manual\.tar\.gz$/);
    const local = fs.readFileSync(path.join(folder, path.basename(manual!)));
    expect(await lastBackupCopy()).toMatchObject({ ok: true, file: path.basename(manual!) });
    expect(local.length).toBeGreaterThan(1000);

    // The daily backup is copied by itself.
    const daily = await runDailyBackup(new Date());
    expect(daily).toMatchObject({ ok: true });
    expect(await objectsInBucket()).toEqual([manual, `offsite/${path.basename(daily!.folder!)}`].sort());
    expect((await screenData()).lastCopy).toMatchObject({ ok: true, file: path.basename(daily!.folder!) });
  }, 120_000);

  it("shows a failed copy on the screen and the dashboard", async () => {
    // A bucket that does not exist.
    expect((await callRoute(screen.action, post({ ...settingsOf(), bucket: "missing-bucket" }))).status).toBe(
      200,
    );
    const tested = await callRoute(screen.action, post({ intent: "test-copy" }));
    expect(tested.status).toBe(502);
    expect(JSON.stringify(tested.data)).toMatch(
      /The bucket answered: .*NoSuchBucket|The bucket answered: .*bucket/i,
    );

    const { result: made, logged } = await expectingConsoleErrors(() =>
      callRoute(screen.action, post({ intent: "backup-now", copyOffsite: "on" })),
    );
    expect(made.status).toBe(502);
    expect(JSON.stringify(made.data)).toMatch(/the off-site copy failed/);
    expect(logged.join("\n")).toMatch(/The off-site copy of backup-.* failed/);
    expect((await screenData()).lastCopy).toMatchObject({ ok: false });

    const home = await callRoute(
      dashboard.loader,
      new Request("http://localhost/members", { headers: { cookie } }),
    );
    const backup = (home.data as { backup: { copyFailed?: { detail: string } } }).backup;
    expect(backup.copyFailed?.detail).toBeTruthy();

    // Turned off: the screen has no bucket any more, and backups stay on the server only.
    expect((await callRoute(screen.action, post({ intent: "remove-copy" }))).status).toBe(200);
    expect((await screenData()).copy).toBeNull();
  }, 60_000);
});
