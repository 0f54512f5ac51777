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

// One throw-away data folder for the server under test, shared with the test workers.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "church-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;

export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e admin password" };

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: true,
  retries: 0,
  // One worker: several specs change shared tables for a moment (the empty states, a read failure,
  // staff edits) and one server holds one database, so tests must not overlap.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
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
  webServer: {
    command: "node server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      REGISTRATION_PASSCODE: "e2e-passcode",
      // Tests act as distinct visitors through X-Forwarded-For, so one test's rate limit never
      // trips another's, and prepare data with SQL over the control socket.
      TRUST_PROXY: "true",
      TEST_HOOKS: "true",
    },
  },
});
