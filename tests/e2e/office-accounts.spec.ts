import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startSmtpServer } from "../helpers/smtp";
import { startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expect, signIn, sql, test } from "./fixtures";
import { createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// The office's accounts without the console (issue 32), as people meet them: the first
// administrator of a fresh install, told only the password the server printed, sets the site up
// in the browser; a staff member who forgot the password gets back in with a link the admin makes
// while the site cannot send e-mail.

/** Beside the suite's own servers (playwright.config.ts starts them from E2E_PORT up). */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 70;

async function shoot(page: Page, name: string, testInfo: { outputPath(name: string): string }) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function typeWhenReady(page: Page) {
  // Type once the page's scripts have taken over (a field filled before then is emptied again).
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

test.describe("a fresh install's first administrator", () => {
  let site: ServerUnderTest;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-first-admin-e2e-"));
    // As after `npm install && npm start`: no address, no password, no site address chosen.
    site = await startServer(
      { DATA_DIR: dataDir, SEED_DEMO: "false", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", PUBLIC_URL: "" },
      PORT,
    );
  });
  test.afterAll(async () => {
    await stopServer(site);
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("signs in with the printed password, sets the site up, signs in again with the new e-mail and password, and sets up e-mail in the browser", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The office reads the password where the server printed it.
    const password = /Password: (\S+)/.exec(site.output.join(""))?.[1];
    expect(password, "the server printed the generated password").toBeTruthy();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/members/login`);
    await typeWhenReady(page);
    await page.getByLabel("Email", { exact: true }).fill("admin@church.local");
    await page.getByLabel("Password", { exact: true }).fill(password!);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${site.url}/members/welcome`);
    await expect(page.getByRole("heading", { name: "Welcome! Set up the site" })).toBeVisible();
    await shoot(page, "welcome", testInfo);
    await page.setViewportSize({ width: 390, height: 844 });

    const step = (id: string) => page.getByTestId(`setup-step-${id}`);
    await step("password").getByLabel("Generated password").fill(password!);
    await step("password").getByLabel("New password", { exact: true }).fill("cedar window harbour");
    await step("password").getByLabel("New password again").fill("cedar window harbour");
    await step("password").getByRole("button", { name: "Save my password" }).click();
    await expect(page.getByTestId("setup-step-password-state")).toHaveText("Done");

    await step("profile").getByLabel("Your name").fill("Miriam Haddad");
    await step("profile").getByLabel("Your e-mail address").fill("office@actschurch.bh");
    await step("profile").getByRole("button", { name: "Save name and e-mail" }).click();
    await expect(page.getByTestId("setup-step-profile-state")).toHaveText("Done");

    await step("church").getByLabel("Church name").fill("ACTS Church Manama");
    await step("church").getByRole("button", { name: "Save church name" }).click();
    await expect(page.getByTestId("setup-step-church-state")).toHaveText("Done");

    await step("address").getByLabel("Site address").fill("https://www.actschurch.bh/connect");
    await step("address").getByRole("button", { name: "Save site address" }).click();
    await expect(step("address").getByText("Only the site's own address")).toBeVisible();
    await step("address").getByLabel("Site address").fill("https://www.actschurch.bh");
    await step("address").getByRole("button", { name: "Save site address" }).click();
    await expect(page.getByTestId("setup-done")).toBeVisible();
    await expect(page.getByTestId("setup-step-address-state")).toHaveText("Done");
    await shoot(page, "welcome-done", testInfo);

    // The site address screen shows what was saved.
    await page.goto(`${site.url}/members/settings/site-address`);
    await expect(page.getByTestId("site-address-now")).toContainText("https://www.actschurch.bh");
    await shoot(page, "site-address", testInfo);

    // Out, and back in with the new e-mail and password.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/members/login`);
    await typeWhenReady(page);
    await page.getByLabel("Email", { exact: true }).fill("office@actschurch.bh");
    await page.getByLabel("Password", { exact: true }).fill("cedar window harbour");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${site.url}/members`);
    await expect(page.getByRole("heading", { name: "Members Dashboard" })).toBeVisible();
    await expect(page.getByText("Welcome, Miriam Haddad.")).toBeVisible();
    for (const key of ["setup-password", "setup-profile", "setup-church", "site-address"]) {
      await expect(page.getByTestId(`setup-item-${key}`)).toHaveCount(0);
    }

    // E-mail is the checklist's last item: the admin enters the church's mail server (a real SMTP
    // server here), the test e-mail arrives at the new address, and so does a Connect message's
    // notification, without a restart.
    await page.getByTestId("setup-item-mail-server").getByRole("link", { name: "Set up e-mail" }).click();
    await page.waitForURL(`${site.url}/members/settings/email`);
    await typeWhenReady(page);
    await page.getByLabel("Server", { exact: true }).fill("127.0.0.1");
    await page.getByLabel("Port", { exact: true }).fill(new URL(smtp.url).port);
    await page.getByLabel("Security", { exact: true }).selectOption("none");
    await page.getByLabel("Sender", { exact: true }).fill('"ACTS Church" <office@actschurch.bh>');
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("mail-status")).toContainText("E-mail is set up.");
    await expect(page.getByLabel("Send it to")).toHaveValue("office@actschurch.bh");
    await page.getByRole("button", { name: "Send a test e-mail" }).click();
    await expect(page.getByTestId("test-answer")).toContainText(/250 /);
    await expect.poll(() => smtp.to("office@actschurch.bh").length, { timeout: 15_000 }).toBe(1);

    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${site.url}/connect`);
    const form = visitor.getByRole("region", { name: "Send Us a Message" });
    await form.getByLabel("Name").fill("Joy Santos");
    await form.getByLabel("Mobile Number").fill("+973 3666 1234");
    await form.getByLabel("Email").fill("joy.santos@example.org");
    await form.getByLabel("Message", { exact: true }).fill("What time is the Friday service?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByTestId("toast")).toContainText("Message Sent!");
    await visitor.close();
    await expect
      .poll(() => smtp.to("office@actschurch.bh").map((mail) => mail.subject), { timeout: 30_000 })
      .toContain("New message from Joy Santos");
    // The link in it uses the site address chosen in the set-up.
    const notification = smtp
      .to("office@actschurch.bh")
      .find((mail) => mail.subject === "New message from Joy Santos");
    expect(notification!.text).toContain("https://www.actschurch.bh/members/messages");
  });
});

test("a staff member forgets the password with mail off; the admin makes a reset link; it works once", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const staff = await createStaffAccount("Abena Boateng");

  // The staff member asks in vain: the site cannot send e-mail, and the page says who can help.
  const person = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await person.goto("/members/forgot-password");
  await typeWhenReady(person);
  await person.getByLabel("Email").fill(staff.email);
  await person.getByRole("button", { name: "Send me a link" }).click();
  await expect(person.getByTestId("reset-answer")).toContainText(
    "they can make you a reset link on the staff accounts screen",
  );

  // The admin makes a link on the account's screen.
  await signIn(page);
  await page.goto(`/members/staff/${staff.id}`);
  await page.getByRole("button", { name: "Make a reset link" }).click();
  const panel = page.getByTestId("reset-link");
  await expect(panel).toContainText("It works once");
  const url = await panel.getByRole("textbox").inputValue();
  expect(url).toMatch(/\/members\/set-password\?token=/);
  await shoot(page, "reset-link", testInfo);

  // The staff member chooses a new password with it and signs in.
  const link = new URL(url);
  await person.goto(link.pathname + link.search);
  await typeWhenReady(person);
  await person.getByLabel("New password", { exact: true }).fill("quiet harbour lantern");
  await person.getByLabel("Type it again").fill("quiet harbour lantern");
  await person.getByRole("button", { name: "Save new password" }).click();
  await person.waitForURL(/\/members\/login\?password=set/);
  await typeWhenReady(person);
  await person.getByLabel("Email", { exact: true }).fill(staff.email);
  await person.getByLabel("Password", { exact: true }).fill("quiet harbour lantern");
  await person.getByRole("button", { name: "Login" }).click();
  await person.waitForURL(/\/members$/);

  // The e-mail change on My account: a link goes to the new address (it waits, as mail is off).
  await person.goto("/members/account");
  await typeWhenReady(person);
  const change = person.getByTestId("email-change");
  await change.getByLabel("New e-mail address").fill(`abena.new.${staff.id.slice(0, 8)}@e2e.test`);
  await change.getByLabel("Your current password").fill("quiet harbour lantern");
  await change.getByRole("button", { name: "Send the link" }).click();
  await expect(person.getByTestId("email-change-pending")).toContainText("abena.new.");
  await shoot(person, "account-email-change", testInfo);
  const [waiting] = await sql<{ text_body: string }>(
    "select text_body from outbox_emails where to_address = $1",
    [`abena.new.${staff.id.slice(0, 8)}@e2e.test`],
  );
  expect(waiting!.text_body).toContain("/members/confirm-email?token=");

  // The reset link is used up.
  await person.goto(link.pathname + link.search);
  await expect(person.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await person.close();
});
