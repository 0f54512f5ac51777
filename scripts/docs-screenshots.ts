// Regenerates every picture the README and the church office guide show: `npm run docs:screenshots`.
// It starts the production build on a throw-away data folder with the demo content and a small
// made-up congregation, does in the browser what the guide describes, and writes viewport PNGs.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { assertPortFree, ensureBuild, startServer, type BenchServer } from "../bench/server";
import { seedBenchData } from "../bench/seed";
import { announcementPictures } from "./docs-screenshots-announcements";
import { carePictures } from "./docs-screenshots-care";
import { languagePictures } from "./docs-screenshots-languages";
import type { PictureTools } from "./docs-picture-tools";
import { groupPictures } from "./docs-screenshots-groups";
import { rosterPictures } from "./docs-screenshots-rosters";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const guideImages = path.join(root, "docs", "guide", "images");
const readmeImages = path.join(root, "docs", "images");
const port = Number(process.env.DOCS_PORT ?? 3360);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const admin = { email: "admin@church.local", password: "docs screenshots password" };
const passcode = "welcome-2026";
const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

function log(message: string) {
  console.error(message);
}

/** A small congregation: the bench's generated rows, a few dozen instead of thousands. */
async function seedCongregation(server: BenchServer) {
  await seedBenchData((text) => server.sql(text), {
    members: 48,
    visitors: 6,
    events: 10,
    sermons: 12,
    registrations: 40,
  });
  // The generator makes some weddings after today and every member new this week; a real registry does not.
  await server.sql("UPDATE members SET wedding_anniversary = NULL WHERE wedding_anniversary > current_date");
  await server.sql(
    "UPDATE members SET created_at = now() - (abs(hashtext(id::text)) % 700) * interval '1 day' WHERE email NOT LIKE 'ana.%'",
  );
}

/** Writes the viewport as it stands, without a pointer hovering over a card or a toast on top. */
// A spreadsheet as an office keeps one: two rows ready, one with a mistake for the check to show.
const importCsv = Buffer.from(
  [
    "First Name,Last Name,E-mail,Mobile Number,Date of Birth,Ministries",
    "Rachel,Dizon,rachel.dizon@example.org,+973 3950 0101,1990-03-10,Amplify",
    "Paolo,Dizon,paolo.dizon@example.org,+973 3950 0102,1988-11-02,",
    "Miguel,Santos,miguel.santos@example,+973 3950 0103,31/02/1995,",
  ].join("\r\n"),
);

async function shoot(page: Page, folder: string, name: string) {
  fs.mkdirSync(folder, { recursive: true });
  await page.mouse.move(0, 0);
  for (const close of await page.getByTestId("toast").getByRole("button", { name: "Close" }).all()) {
    await close.click().catch(() => undefined);
  }
  await page
    .getByTestId("toast")
    .first()
    .waitFor({ state: "hidden" })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(folder, `${name}.png`), animations: "disabled" });
  log(`  ${path.relative(root, path.join(folder, `${name}.png`))}`);
}

/** Scrolls what the picture is about to the middle of the screen. */
async function centre(page: Page, locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
}

/** Waits for the toast an action shows, and closes it, so it does not cover the picture. */
async function closeToast(page: Page) {
  const toast = page.getByTestId("toast");
  await toast.waitFor();
  await toast.getByRole("button", { name: "Close" }).click();
  await toast.waitFor({ state: "hidden" });
}

/** Opens a members screen once its scripts have taken over, so forms behave as for a person. */
async function openScreen(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

async function signIn(page: Page) {
  await openScreen(page, "/members/login");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  // A new site's first administrator (admin@church.local) is welcomed by the set-up first.
  await page.waitForURL(/\/members(\/welcome)?$/);
  // The address changes a moment before the screen does: wait for the sign-in form to go.
  await page.getByRole("heading", { name: "Members Login" }).waitFor({ state: "detached" });
  if (page.url().endsWith("/members/welcome")) {
    await page.getByRole("heading", { name: "Welcome! Set up the site" }).waitFor();
    await shoot(page, guideImages, "first-sign-in");
    await page.getByRole("button", { name: "Finish later" }).first().click();
    await page.waitForURL("**/members");
  }
}

/** What a visitor sends on /connect, so the inbox has a message to read and answer. */
async function sendConnectMessage(browser: Browser, baseURL: string) {
  const page = await browser.newPage({ baseURL, viewport: phone, reducedMotion: "reduce" });
  await page.goto("/connect");
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Name").fill("Liza Mendoza");
  await form.getByLabel("Mobile Number").fill("+973 3311 2233");
  await form.getByLabel("Email").fill("liza.mendoza@example.org");
  await form
    .getByLabel("Message", { exact: true })
    .fill("We just moved to Bahrain. What time is the Friday service, and is there a children's class?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await page.getByTestId("toast").waitFor();
  await page.close();
}

async function publicPictures(browser: Browser, baseURL: string) {
  const page = await browser.newPage({ baseURL, viewport: phone, reducedMotion: "reduce" });
  await page.goto("/");
  await shoot(page, readmeImages, "home-phone");
  await page.close();
}

async function phonePictures(browser: Browser, baseURL: string) {
  const page = await browser.newPage({ baseURL, viewport: phone, reducedMotion: "reduce" });
  await openScreen(page, "/members/login");
  await shoot(page, guideImages, "sign-in");
  await signIn(page);

  await openScreen(page, "/members/forms");
  await page.getByLabel("Password").fill(passcode);
  await page.getByRole("button", { name: "Verify" }).click();
  await closeToast(page);
  await page.getByLabel("First Name *").fill("Joy");
  await page.getByLabel("Last Name *").fill("Ramos");
  await shoot(page, guideImages, "register-member");
  await page.close();
}

async function laptopPictures(browser: Browser, server: BenchServer) {
  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: laptop, reducedMotion: "reduce" });
  await signIn(page);
  await shoot(page, readmeImages, "dashboard");

  await openScreen(page, "/members/account");
  await centre(page, page.getByRole("heading", { name: "Password" }));
  await page.getByLabel("Current password", { exact: true }).fill(admin.password);
  await shoot(page, guideImages, "change-password");

  await openScreen(page, "/members/site");
  await shoot(page, guideImages, "website");
  await openScreen(page, "/members/site/church");
  await page.getByLabel("Phone *").fill("+973 1700 0000");
  await centre(page, page.getByLabel("Phone *"));
  await shoot(page, guideImages, "church-details");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await closeToast(page);
  await openScreen(page, "/members/site/service-times");
  await shoot(page, guideImages, "service-times");
  await openScreen(page, "/members/site/pastors");
  await page.getByRole("button", { name: "Add pastor" }).click();
  await page.getByLabel("Name *").last().fill("Pastor John Mathew");
  await page.getByLabel("Title *").last().fill("Associate Pastor");
  await centre(page, page.getByLabel("About *").last());
  await shoot(page, guideImages, "add-pastor");

  await openScreen(page, "/members/add-sermon");
  await shoot(page, guideImages, "add-sermon");
  await openScreen(page, "/members/add-event");
  await shoot(page, guideImages, "add-event");

  await openScreen(page, "/members/messages");
  await shoot(page, guideImages, "inbox");
  await page.getByTestId("inbox-row").filter({ hasText: "Liza Mendoza" }).getByRole("link").click();
  await page.getByRole("heading", { level: 1, name: "Liza Mendoza" }).waitFor();
  await shoot(page, guideImages, "message");

  await openScreen(page, "/members/import");
  await shoot(page, guideImages, "import-members");
  await page
    .getByLabel("Spreadsheet file")
    .setInputFiles({ name: "new-members.csv", mimeType: "text/csv", buffer: importCsv });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.getByRole("heading", { name: "Check the Import" }).waitFor();
  await shoot(page, guideImages, "import-check");

  // A member deleted by mistake, for Recently deleted (and a line in the audit log).
  const [ana] = await server.sql<{ id: string }>("SELECT id FROM members WHERE email LIKE 'ana.%' LIMIT 1");
  const [mistaken] = await server.sql<{ name: string; email: string }>(
    `SELECT concat_ws(' ', first_name, middle_name, last_name) AS name, email FROM members
     WHERE email NOT LIKE 'ana.%' ORDER BY created_at DESC LIMIT 1 OFFSET 3`,
  );
  await openScreen(page, `/members/profile/${ana!.id}`);
  await shoot(page, guideImages, "member-profile");
  await openScreen(page, `/members/details?q=${encodeURIComponent(mistaken!.email)}`);
  await page.getByRole("button", { name: `Delete ${mistaken!.name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await closeToast(page);
  await openScreen(page, "/members/deleted");
  await shoot(page, guideImages, "recently-deleted");

  await openScreen(page, `/members/profile/${ana!.id}/erase`);
  await shoot(page, guideImages, "erase-person");

  await openScreen(page, "/members/staff");
  const form = page.getByRole("region", { name: "Add a staff account" });
  await form.getByLabel("Name").fill("Grace Office");
  await form.getByLabel("E-mail").fill("grace.office@example.org");
  await form.getByRole("radio", { name: "Staff" }).check();
  await form.getByRole("button", { name: "Make invitation link" }).click();
  await closeToast(page);
  await centre(page, page.getByLabel("Link for Grace Office"));
  await shoot(page, guideImages, "staff-accounts");

  // A role of the church's own: a volunteer who only posts sermons.
  await openScreen(page, "/members/staff/roles/new");
  await page.getByRole("textbox", { name: "Name of the role" }).fill("Sermons volunteer");
  await page
    .getByRole("radiogroup", { name: "Sermons and media" })
    .getByRole("radio", { name: "Edit" })
    .check();
  await page.getByRole("button", { name: "Create role" }).click();
  await page.getByRole("heading", { name: "Sermons volunteer", level: 1 }).waitFor();
  await closeToast(page);
  await shoot(page, guideImages, "role");

  await openScreen(page, "/members/settings/site-address");
  await shoot(page, guideImages, "site-address");

  await openScreen(page, "/members/reports");
  await shoot(page, guideImages, "reports");

  await openScreen(page, "/members/audit");
  await shoot(page, guideImages, "audit-log");

  // The e-mail settings as a church that has not set e-mail up sees them (the messages sent above wait).
  await openScreen(page, "/members/settings/email");
  await shoot(page, guideImages, "email-settings");

  // The daily backup runs within a minute of the start; the dashboard then shows it.
  for (let waited = 0; waited < 120; waited += 2) {
    const [row] = await server.sql("SELECT 1 FROM settings WHERE key = 'backup:last'");
    if (row) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await openScreen(page, "/members");
  await centre(page, page.getByTestId("backup-status"));
  await shoot(page, guideImages, "backups");

  // The backups screen with the daily backup on its list, and a restore's confirmation.
  await openScreen(page, "/members/backups");
  await shoot(page, guideImages, "backups-screen");
  await page
    .getByTestId("backup-row")
    .first()
    .getByRole("link", { name: /Restore/ })
    .click();
  await page.getByTestId("restore-confirmation").waitFor();
  await shoot(page, guideImages, "backup-restore");
  await page.close();
}

async function main() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium was not found at ${chromiumPath}: install it or set CHROMIUM_PATH.`);
  }
  await assertPortFree(port);
  ensureBuild(root);
  const server = await startServer({
    root,
    port,
    admin,
    log,
    // The daily backup on, so the dashboard has one to show; the registration form open.
    env: { BACKUP_HOUR: "3", REGISTRATION_PASSCODE: passcode },
  });
  let browser: Browser | undefined;
  try {
    await seedCongregation(server);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    await sendConnectMessage(browser, server.baseUrl);
    await publicPictures(browser, server.baseUrl);
    await phonePictures(browser, server.baseUrl);
    await laptopPictures(browser, server);
    const tools: PictureTools = {
      shoot: (page, name) => shoot(page, guideImages, name),
      signIn,
      openScreen,
      phone,
      laptop,
    };
    await announcementPictures(browser, server, tools);
    await rosterPictures(browser, server, tools);
    await groupPictures(browser, server, tools);
    await carePictures(browser, server, tools);
    await languagePictures(browser, server, tools);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
