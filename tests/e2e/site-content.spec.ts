import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signIn, sql, test, dataDir } from "./fixtures";

// The church edits its own website from /members/site: every save shows on the public pages at the
// next load, keeps the version before it, and is refused when someone else saved in between.

test.describe.configure({ mode: "serial" });

const SECTIONS = ["church", "service-times", "pastors", "our-story", "mission-vision", "ministry:amplify"];
let saved: { key: string; data: unknown }[] = [];

test.beforeAll(async () => {
  saved = await sql<{ key: string; data: unknown }>(
    "select key, data from site_sections where key = any($1)",
    [SECTIONS],
  );
});

// Other specs read the default texts: put them back (a save, as far as the site is concerned).
test.afterAll(async () => {
  for (const { key, data } of saved) {
    await sql("update site_sections set data = $1 where key = $2", [JSON.stringify(data), key]);
  }
});

const portrait = () => fs.readFileSync(path.join(dataDir, "uploads", "1767225600003.png"));

async function saveAndWait(page: Page) {
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByTestId("toast")).toContainText("shows on the site");
}

test("change the phone number: /connect and the footer show it at the next load", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site");
  await page.getByRole("link", { name: /Church details/ }).click();
  await expect(page.getByRole("heading", { name: "Church details", level: 1 })).toBeVisible();
  await page.getByLabel("Phone *").fill("+973 1755 0000");
  await page.getByLabel("WhatsApp number").fill("+973 3600 1111");
  await page.getByLabel("Copyright line").fill("ACTS Church Bahrain W.L.L.");
  await page.getByLabel("Facebook").fill("");
  await saveAndWait(page);

  await page.goto("/connect");
  await expect(page.getByRole("main").getByRole("link", { name: "+973 1755 0000" })).toHaveAttribute(
    "href",
    "tel:+97317550000",
  );
  await expect(page.getByRole("main").getByRole("link", { name: /\+973 3600 1111/ })).toHaveAttribute(
    "href",
    "https://wa.me/97336001111",
  );
  await expect(page.getByTestId("footer-contact")).toContainText("+973 1755 0000");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: /Message us on WhatsApp/ })).toHaveAttribute(
    "href",
    "https://wa.me/97336001111",
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ACTS Church Bahrain W.L.L.`);
  // An empty profile link hides its icon, in the footer and on /connect.
  await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("link", { name: /Facebook/ })).toHaveCount(0);
  // Anonymous visitors get it too (the page cache was emptied by the save).
  const anonymous = await page.request.get("/connect", { headers: { cookie: "" } });
  expect(await anonymous.text()).toContain("+973 1755 0000");
});

test("a mistake is shown on its field and nothing is saved", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site/church");
  await page.getByLabel("E-mail *").fill("not an address");
  await page.getByLabel("Church name *").fill("");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Please enter a valid e-mail address.").first()).toBeVisible();
  await expect(page.locator("#site-name-error")).toHaveText("Church name is required.");
  await expect(page.getByLabel("Church name *")).toBeFocused();
  const [church] = await sql<{ email: string }>(
    "select data->>'email' as email from site_sections where key = 'church'",
  );
  expect(church!.email).toBe("info@example.org");
});

test("add a service time: /connect and the home page's JSON-LD list it", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site/service-times");
  await page.getByRole("button", { name: "Add service" }).click();
  const entry = page.getByTestId("service-entry").last();
  await entry.getByLabel("Name *").fill("Youth Fellowship");
  await entry.getByLabel("Day").selectOption("Saturday");
  await entry.getByLabel("Starts").fill("16:00");
  await entry.getByLabel("Ends").fill("15:00");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(entry.getByText("The end must be after the start.")).toBeVisible();
  await entry.getByLabel("Ends").fill("18:00");
  await saveAndWait(page);

  await page.goto("/connect");
  await expect(page.getByRole("main")).toContainText("Youth Fellowship:");
  await expect(page.getByRole("main")).toContainText("Saturday 4:00-6:00 PM");
  await page.goto("/");
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  );
  expect(jsonLd.openingHoursSpecification).toContainEqual(
    expect.objectContaining({
      name: "Youth Fellowship",
      dayOfWeek: "https://schema.org/Saturday",
      opens: "16:00",
    }),
  );
});

test("add a pastor with a portrait, move them first: /about/our-team follows", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site/pastors");
  await page.getByRole("button", { name: "Add pastor" }).click();
  const entry = page.getByTestId("pastor-entry").last();
  await entry.getByLabel("Name *").fill("Pastor Ana Lim");
  await entry.getByLabel("Title *").fill("Pastor for Families");
  await entry.getByLabel("About *").fill("Ana cares for **families**.\n\nShe loves the *Psalms*.");
  await entry
    .getByLabel("Portrait")
    .setInputFiles({ name: "ana.png", mimeType: "image/png", buffer: portrait() });
  await expect(entry.getByRole("img", { name: "The current portrait" })).toBeVisible();
  for (let moves = 0; moves < 4; moves++) {
    await page.getByRole("button", { name: /Move Pastor \d: Pastor Ana Lim up/ }).click();
  }
  await expect(page.getByTestId("pastor-entry").first()).toContainText("Pastor 1: Pastor Ana Lim");
  await saveAndWait(page);

  await page.goto("/about/our-team");
  const first = page.getByTestId("pastor-card").first();
  await expect(first.getByRole("heading")).toHaveText("Pastor Ana Lim");
  await expect(first.locator("strong")).toHaveText("families");
  await expect(first.locator("em")).toHaveText("Psalms");
  // No e-mail or phone given: no empty contact links.
  await expect(first.locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0);
  const src = await first.getByRole("img", { name: "Portrait of Pastor Ana Lim" }).getAttribute("src");
  expect(src).toMatch(/^\/files\/portraits\/portrait-\d{13}-[0-9a-f]{6}_\d+x\d+\.png$/);
  expect((await page.request.get(src!)).status()).toBe(200);
  await expect(page.getByTestId("pastor-card")).toHaveCount(5);
});

test("edit a ministry's leader and schedule: its page shows them", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site");
  await page.getByRole("link", { name: /Amplify \(Music\)/ }).click();
  await page.getByLabel("Leader *").fill("Sis. Mary Grace Cruz");
  await page.getByLabel("Schedule *").fill("Practice: Tuesdays 7:30 PM");
  await saveAndWait(page);
  await page.goto("/ministries/amplify");
  await expect(page.getByText("Sis. Mary Grace Cruz")).toBeVisible();
  await expect(page.getByText("Practice: Tuesdays 7:30 PM")).toBeVisible();
  // Its picture is changed on the existing screen, opened with the ministry chosen.
  await page.goto("/members/site/ministries/amplify");
  await page.getByRole("link", { name: "Change the picture" }).click();
  await expect(page.getByLabel("Ministry")).toHaveValue("amplify");
});

test("restore a previous version in one click", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/site/ministries/amplify");
  const history = page.getByTestId("revisions");
  await expect(history).toContainText("Default content");
  await expect(history).toContainText("Changed: Schedule, Leader");
  await history.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByTestId("toast")).toContainText("Version restored");
  await expect(page.getByLabel("Leader *")).toHaveValue("Bro. Daniel Cruz");
  await expect(history).toContainText("Restored version 1");
  await page.goto("/ministries/amplify");
  await expect(page.getByText("Bro. Daniel Cruz")).toBeVisible();
});

test("two people saving the same section: the second is told and loses nothing", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const other = await browser.newPage();
  await signIn(other);
  await page.goto("/members/site/church");
  await other.goto("/members/site/church");

  await page.getByLabel("Tagline *").fill("Growing Together in Christ");
  await saveAndWait(page);

  await other.getByLabel("Tagline *").fill("A Family for Every Nation");
  await other.getByRole("button", { name: "Save and publish" }).click();
  await expect(other.getByTestId("toast")).toContainText("Changed by someone else");
  await expect(other.getByTestId("toast")).toContainText("after you opened it");
  await expect(other.getByLabel("Tagline *")).toHaveValue("A Family for Every Nation");
  const [church] = await sql<{ tagline: string }>(
    "select data->>'tagline' as tagline from site_sections where key = 'church'",
  );
  expect(church!.tagline).toBe("Growing Together in Christ");
  await other.close();
});

test("markup typed into every long text stays text on the public pages", async ({ page }) => {
  const probe =
    '<script>window.__xss=1</script><img src=x onerror="window.__xss=2"> [x](javascript:window.__xss=3)';
  await signIn(page);
  await page.goto("/members/site/our-story");
  await page.getByLabel("How it began *").fill(probe);
  await saveAndWait(page);
  await page.goto("/members/site/mission-vision");
  await page.getByLabel("Mission *").fill(probe);
  await saveAndWait(page);
  await page.goto("/members/site/ministries/amplify");
  await page.getByLabel("Full description *").fill(probe);
  await saveAndWait(page);

  for (const url of ["/about/our-story", "/about/mission-vision", "/ministries/amplify"]) {
    await page.goto(url);
    await expect(page.getByRole("main")).toContainText("<script>window.__xss=1</script>");
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    await expect(page.locator('main a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  }
});
