import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { startSmtpServer } from "../helpers/smtp";
import { ADMIN, startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expect, test } from "./fixtures";

// E-mail set up in the browser (issue 32), on a fresh site started without SMTP_URL: the admin
// enters a real SMTP server (smtp-server), the test e-mail shows its answer and arrives, and a
// Connect message's notification follows. Then, with mail off again, e-mails wait (one an
// invitation past its time): the expired one is marked so, and when mail is switched on the
// admin discards the rest; nothing of them arrives.

/** Beside the suite's own servers (playwright.config.ts starts them from E2E_PORT up). */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const ORIGIN = `http://localhost:${PORT}`;
const SHOTS = process.env.MAIL_SETTINGS_SHOTS;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: ServerUnderTest;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-mail-settings-e2e-"));
  site = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", PUBLIC_URL: ORIGIN }, PORT);
});

test.afterAll(async () => {
  await stopServer(site);
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async <Row>(text: string, params: unknown[] = []) =>
  JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];

async function signIn(page: Page) {
  await page.goto(`${ORIGIN}/members/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${ORIGIN}/members`);
}

/** A visitor's message through the Connect page (a confirmation to them, a notification to staff). */
async function sendConnectMessage(page: Page, email: string, message: string) {
  await page.goto(`${ORIGIN}/connect`);
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Name").fill("Load Tester");
  await form.getByLabel("Mobile Number").fill("+973 3333 4444");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message", { exact: true }).fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message Sent!");
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function saveMailServer(page: Page) {
  await page.goto(`${ORIGIN}/members/settings/email`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Server", { exact: true }).fill("127.0.0.1");
  await page.getByLabel("Port", { exact: true }).fill(new URL(smtp.url).port);
  await page.getByLabel("Security", { exact: true }).selectOption("none");
  await page.getByLabel("Sender", { exact: true }).fill('"ACTS Church" <office@church.example.org>');
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").first()).toContainText("E-mail settings saved");
}

test("the admin sets up e-mail in the browser: the test e-mail shows the server's answer and arrives", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto(`${ORIGIN}/members/settings`);
  await expect(page.getByTestId("settings-status-email")).toHaveText(
    "Not set up: e-mails wait in the outbox.",
  );
  await shoot(page, "settings-hub");
  await page.getByRole("link", { name: /E-mail/ }).click();
  await expect(page.getByTestId("mail-status")).toContainText("E-mail is not set up.");

  await saveMailServer(page);
  await expect(page.getByTestId("mail-status")).toContainText("E-mail is set up.");
  await expect(page.getByLabel("Send it to")).toHaveValue(ADMIN.email);
  await page.getByRole("button", { name: "Send a test e-mail" }).click();
  await expect(page.getByTestId("test-answer")).toContainText(`Accepted for ${ADMIN.email}`);
  await expect(page.getByTestId("test-answer")).toContainText(/250 /);
  await expect.poll(() => smtp.to(ADMIN.email).length, { timeout: 15_000 }).toBe(1);
  expect(smtp.to(ADMIN.email)[0]!.subject).toMatch(/^Test e-mail from the /);
  await shoot(page, "email-settings");

  // The worker takes the new settings without a restart: a Connect message's notification arrives.
  await sendConnectMessage(page, "visitor.one@example.org", "Could someone call me about the youth group?");
  await expect
    .poll(() => smtp.to(ADMIN.email).map((mail) => mail.subject), { timeout: 30_000 })
    .toContain("New message from Load Tester");
});

test("with mail off, e-mails wait; the expired invitation is marked expired, and the rest are discarded when mail is switched on", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${ORIGIN}/members/settings/email`);
  await page.getByRole("button", { name: "Remove the e-mail settings" }).click();
  await expect(page.getByTestId("mail-status")).toContainText("E-mail is not set up.");
  smtp.received.length = 0;

  // Three e-mails wait: a Connect message's confirmation and notification, and an invitation
  // queued four days ago (valid 72 hours), as an afternoon of trying the site leaves them.
  await sendConnectMessage(page, "visitor.two@example.org", "Is there parking on Friday?");
  await query(
    `insert into outbox_emails (kind, to_address, subject, text_body, html_body, created_at, expires_at)
     values ('account.invitation', 'new.staff@example.org', 'Your account for the website', 'Choose your password',
             '<p>Choose your password</p>', now() - interval '4 days', now() - interval '1 day')`,
  );
  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>(
            "select status from outbox_emails where kind = 'account.invitation'",
          )
        )[0]?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe("expired");
  await page.goto(`${ORIGIN}/members/messages/outbox`);
  const invitation = page.getByTestId("outbox-email").filter({ hasText: "Your account for the website" });
  await expect(invitation.getByTestId("email-status")).toHaveText("Expired, not sent");

  await saveMailServer(page);
  const held = page.getByTestId("held-emails");
  await expect(held).toContainText("2 e-mails waited while e-mail was off");
  await expect(held).toContainText("Staff notification: Connect message");
  await shoot(page, "email-settings-held");
  await held.getByRole("button", { name: "Discard them" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard them" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Discarded" })).toBeVisible();
  await expect(held).toHaveCount(0);

  // Long enough for the worker (every 5 s) to have sent anything it would send.
  await page.waitForTimeout(7_000);
  expect(smtp.received.map((mail) => mail.subject)).toEqual([]);
  expect(await query("select kind, status from outbox_emails where status <> 'sent' order by kind")).toEqual([
    { kind: "account.invitation", status: "expired" },
    { kind: "confirmation.connect", status: "discarded" },
    { kind: "notification.connect", status: "discarded" },
  ]);
});
