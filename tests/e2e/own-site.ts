import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { startSmtpServer } from "../helpers/smtp";
import { ADMIN, startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expect, test } from "./fixtures";

// A site of its own for an acceptance spec that follows e-mails (rosters, groups, care): the
// production build on its own port and data folder, sending through a real local SMTP server. The
// spec's tests run one after the other against it; `query` runs SQL through the control socket.

export interface OwnSite {
  origin: string;
  dataDir: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** The one e-mail to `address` whose subject matches (waits for it). */
  mailTo(address: string, subject: RegExp): Promise<ParsedMail>;
}

/** Starts the site before the spec's tests and stops it after; `portOffset` is the spec's own. */
export function ownSite(name: string, portOffset: number): OwnSite {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  let server: ServerUnderTest | undefined;
  const site = { origin: `http://localhost:${port}`, dataDir: "" } as OwnSite;

  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    site.smtp = await startSmtpServer();
    site.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `church-${name}-e2e-`));
    server = await startServer(
      {
        DATA_DIR: site.dataDir,
        SEED_DEMO: "false",
        PUBLIC_URL: site.origin,
        SMTP_URL: site.smtp.url,
        MAIL_FROM: '"ACTS Church" <office@church.example.org>',
      },
      port,
    );
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
    await site.smtp?.stop();
    if (site.dataDir) fs.rmSync(site.dataDir, { recursive: true, force: true });
  });

  site.query = async <Row>(text: string, params: unknown[] = []) =>
    JSON.parse(await sendControlCommand(site.dataDir, "sql", { text, params })) as Row[];
  site.mailTo = async (address, subject) => {
    const matching = () => site.smtp.to(address).filter((mail) => subject.test(mail.subject ?? ""));
    await expect.poll(() => matching().length, { timeout: 90_000 }).toBe(1);
    return matching()[0]!;
  };
  return site;
}

/** Signs the site's administrator in, in a browser with scripts on. */
export async function signInAsAdmin(page: Page, origin: string) {
  await page.goto(`${origin}/members/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/members/login"));
}

/** Fails when the page scrolls sideways at a phone's or a laptop's width; keeps a picture of each. */
export async function noWiderThanScreen(page: Page, name: string, widths = [390, 1280]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is no wider than the screen`).toBeLessThanOrEqual(0);
  }
}
