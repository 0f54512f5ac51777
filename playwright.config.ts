import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the production build in the system's Chromium. They never download a
// browser: without one they stop here and say how to get it.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium was not found at ${chromium}, so the end-to-end tests cannot run.\n` +
      "Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}

// Two workers, each with a server and a throw-away data folder of its own, so specs that change
// shared tables for a moment (the empty states, a read failure, staff edits) never overlap.
// E2E_DATA_DIR holds one folder per server; a worker finds its server by its parallel index.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "church-e2e-"));
const workers = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3210);
const serverDir = (index: number) => path.join(process.env.E2E_DATA_DIR!, `server-${index}`);
const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** This worker's server and its data folder. */
export const baseURL = `http://localhost:${firstPort + serverIndex}`;
export const dataDir = serverDir(serverIndex);

export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e admin password" };

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: true,
  // One retry: a test that passes only on its second try is reported as flaky in the output (and
  // should be fixed), but a one-off timing hiccup on a loaded machine does not fail the whole run.
  // A test that fails twice still fails the run.
  retries: 1,
  workers,
  // Generous for a 2-core machine running two servers, two browsers and the tests at once: a test
  // that passes takes no longer for it; one that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    // A failed test is run once more (retries above) with a trace recorded, which is kept. Recording
    // every first run as well (retain-on-failure) snapshotted every action of every passing test
    // only to throw it away, a large share of two cores.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: "node server.js",
    url: `http://localhost:${firstPort + index}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(firstPort + index),
      // As a real install sets it: links, the sitemap and the form origin check use it.
      PUBLIC_URL: `http://localhost:${firstPort + index}`,
      HOST: "127.0.0.1",
      DATA_DIR: serverDir(index),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      REGISTRATION_PASSCODE: "e2e-passcode",
      // Tests act as distinct visitors through X-Forwarded-For, so one test's rate limit never
      // trips another's, and prepare data with SQL over the control socket.
      TRUST_PROXY: "true",
      TEST_HOOKS: "true",
      // Saving a sermon asks no other site for its video's picture (the tests have no internet).
      VIDEO_THUMBNAIL_URL: "off",
      // No daily backup copying the database, nor retention clean-up, in the middle of a test.
      BACKUP_HOUR: "off",
      RETENTION_HOUR: "off",
    },
  })),
});
