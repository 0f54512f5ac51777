import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { ADMIN, startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";

// Backups in the browser, as an administrator meets them, on sites of their own (a fresh data
// folder each): back up now, add a member, restore the backup; the member is gone and the rest is
// back. Then the downloaded backup restores on a second, brand-new install through its backups
// screen, uploaded pictures included. The details (refusals, PostgreSQL, the off-site copy) are
// in tests/integration/backups-*.test.ts.

const PORT = Number(process.env.E2E_PORT ?? 3210) + 80;
const SHOTS = path.join("test-results", "backups");

let first: ServerUnderTest;
let firstDir: string;
let fresh: ServerUnderTest | undefined;
let freshDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  firstDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-backups-e2e-"));
  freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-backups-fresh-"));
  first = await startServer(
    { DATA_DIR: firstDir, SEED_DEMO: "false", PUBLIC_URL: `http://localhost:${PORT}` },
    PORT,
  );
});

test.afterAll(async () => {
  await stopServer(first);
  if (fresh) await stopServer(fresh);
  fs.rmSync(firstDir, { recursive: true, force: true });
  fs.rmSync(freshDir, { recursive: true, force: true });
});

const sqlIn = async <Row>(dataDir: string, text: string, params: unknown[] = []) =>
  JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];

async function signInAt(page: Page, origin: string) {
  await page.goto(`${origin}/members/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/members(\/account)?$/);
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test("back up now, add a member, restore; the download restores on a fresh install", async ({ page }) => {
  test.setTimeout(240_000);
  const origin = `http://localhost:${PORT}`;
  await signInAt(page, origin);

  // A picture uploaded before the backup.
  await page.goto(`${origin}/members/update-ministry-image`);
  await page.getByLabel("Ministry", { exact: true }).selectOption({ label: "Scribes" });
  const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "scribes.png", mimeType: "image/png", buffer: picture });
  await page.getByRole("button", { name: "Update Image" }).click();
  await expect(page).toHaveURL(/\/ministries\/scribes$/);
  const [image] = await sqlIn<{ image_url: string }>(
    firstDir,
    "select image_url from ministry_images where ministry_slug = 'scribes'",
  );

  // The dashboard's panel leads to the backups screen.
  await page.goto(`${origin}/members`);
  await page.getByRole("link", { name: /Backups: download, restore/ }).click();
  await expect(page).toHaveURL(/\/members\/backups$/);
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  await expect(page.getByText("No backups yet.")).toBeVisible();
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByTestId("toast").first()).toContainText("Backup made");
  const rows = page.getByTestId("backup-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Manual");
  await screenshots(page, "backups");
  await expectNoViolations(page, "/members/backups");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Added after the backup.
  await sqlIn(
    firstDir,
    "insert into members (first_name, last_name, email, mobile) values ('Late', 'Comer', 'late@example.org', '33339999')",
  );

  // Download the backup (one file) for the fresh install below.
  const downloading = page.waitForEvent("download");
  await rows
    .first()
    .getByRole("link", { name: /Download/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}-manual\.tar\.gz$/);
  const file = path.join(freshDir, "..", `${path.basename(freshDir)}-${download.suggestedFilename()}`);
  await download.saveAs(file);

  await rows
    .first()
    .getByRole("link", { name: /Restore/ })
    .click();
  await expect(page.getByRole("heading", { name: "Restore a backup" })).toBeVisible();
  const confirmation = page.getByTestId("restore-confirmation");
  await expect(confirmation).toContainText("Everything entered since");
  await expect(confirmation).toContainText("Members");
  await screenshots(page, "restore-confirmation");
  await expectNoViolations(page, "the restore confirmation");
  await page.setViewportSize({ width: 1280, height: 900 });
  // While it restores, the site answers "under maintenance", and /healthz says so.
  let restoring = true;
  const watch = async (address: string) => {
    while (restoring) {
      const answer = await fetch(address).catch(() => null);
      const text = answer ? await answer.text() : "";
      if (answer && (answer.status === 503 || text.includes("maintenance")))
        return { status: answer.status, text };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  };
  const during = Promise.all([watch(`${origin}/events`), watch(`${origin}/healthz`)]);
  await page.getByRole("button", { name: "Restore this backup" }).click();
  await expect(page).toHaveURL(/\/members\/backups$/, { timeout: 60_000 });
  restoring = false;
  const [pageDuring, healthDuring] = await during;
  expect(pageDuring?.status).toBe(503);
  expect(pageDuring?.text).toContain("Under maintenance");
  expect(healthDuring).toEqual({ status: 200, text: "ok (under maintenance: restoring a backup)" });
  await expect(page.getByTestId("toast").first()).toContainText("Backup restored");
  // The member added since is gone; the rest is back, the picture still served.
  expect(await sqlIn(firstDir, "select id from members where email = 'late@example.org'")).toEqual([]);
  expect((await page.request.get(`${origin}${image!.image_url}`)).status()).toBe(200);
  await expect(page.getByTestId("backup-row").filter({ hasText: "Before a restore" })).toHaveCount(1);
  const health = await page.request.get(`${origin}/healthz`);
  expect(await health.text()).toBe("ok");

  // A brand-new install: restore the downloaded file on its backups screen.
  const freshPort = PORT + 1;
  fresh = await startServer(
    { DATA_DIR: freshDir, SEED_DEMO: "false", PUBLIC_URL: `http://localhost:${freshPort}` },
    freshPort,
  );
  const freshOrigin = `http://localhost:${freshPort}`;
  expect((await page.request.get(`${freshOrigin}${image!.image_url}`)).status()).toBe(404);
  await page.context().clearCookies();
  await signInAt(page, freshOrigin);
  await page.goto(`${freshOrigin}/members/backups`);
  await page.getByLabel(/Backup file/).setInputFiles(file);
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page.getByRole("heading", { name: "Restore a backup" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Restore this backup" }).click();
  // The fresh install's session is not in the backup: sign in again, as the page says.
  await expect(page).toHaveURL(/\/members\/login/, { timeout: 60_000 });
  await expect(page.getByTestId("toast").first()).toContainText("sign in again");
  expect((await page.request.get(`${freshOrigin}${image!.image_url}`)).status()).toBe(200);
  const [restored] = await sqlIn<{ n: number }>(
    freshDir,
    "select count(*)::int as n from audit_log where action = 'backup.restored'",
  );
  expect(restored!.n).toBe(1);
  fs.rmSync(file, { force: true });
});
