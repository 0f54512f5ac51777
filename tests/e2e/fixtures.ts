import crypto from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { E2E_ADMIN, baseURL, dataDir } from "../../playwright.config";

export { expect };
export { E2E_ADMIN, dataDir };

export async function signIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/members/login");
  // Type once the page's scripts have taken over: on a busy machine a field filled before then
  // is emptied again when React attaches to it.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("/members");
}

function pathOf(url: string) {
  try {
    return new URL(url).pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  } catch {
    return url;
  }
}

/** Fails a test when the page logs an error or throws (hydration mismatches included). */
export const test = base.extend<{ pageErrors: string[] }>({
  // This worker's own server (playwright.config.ts starts one per worker).
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as an object
  baseURL: async ({}, use) => use(baseURL),
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page, form or upload answering 4xx on purpose (404 page, refused sign-in, file too
        // large) is reported by the browser as a failed resource; a missing image, script or
        // stylesheet is still an error.
        const url = message.location().url;
        const isOurs = url.startsWith(new URL(page.url()).origin);
        const isAsset = /\/(assets|images|files)\/|\.(js|css|svg|png|jpe?g|gif|webp|ico)$/.test(pathOf(url));
        if (isOurs && !isAsset && /status of 4\d\d/.test(message.text())) return;
        errors.push(message.text());
      });
      await use(errors);
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Runs SQL in the server under test (through its control socket; TEST_HOOKS=true), for setting up
 * data no screen can make yet, and for checking what a form wrote.
 */
export async function sql<Row = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  return JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];
}

/** A made-up visitor address (sent as X-Forwarded-For), so each test has its own rate-limit counters. */
export function visitorAddress() {
  const bytes = crypto.randomBytes(2);
  return `198.51.${bytes[0]}.${bytes[1]}`;
}
