import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, sql, test } from "./fixtures";

// Issue 39: the public pages people read, in Filipino under /fil and in English at the spec's
// addresses. Each Filipino page says it is Filipino (<html lang>, hreflang to both addresses),
// shows its words in Filipino, keeps its links Filipino, and marks the church's English texts
// lang="en"; the English page keeps the spec's words.

const tag = `Lang${crypto.randomBytes(3).toString("hex")}`;
const seriesSlug = `${tag.toLowerCase()}-series`;
let sermonId = "";

test.beforeAll(async () => {
  await sql("insert into sermon_series (name, slug) values ($1, $2)", [`${tag} Series`, seriesSlug]);
  const [sermon] = await sql<{ id: string }>(
    `insert into sermons (sermon_date, title, speaker, youtube_id, passage, description, series_id)
     values ('2026-12-04', $1, 'Senior Pastor', 'abcdefghijk', 'Psalm 23', 'The Lord is my shepherd.',
       (select id from sermon_series where slug = $2))
     returning id`,
    [`${tag} Sermon`, seriesSlug],
  );
  sermonId = sermon!.id;
});

test.afterAll(async () => {
  await sql("delete from sermons where title like $1", [`${tag}%`]);
  await sql("delete from sermon_series where slug = $1", [seriesSlug]);
});

interface Page39 {
  /** The English address, for the test's name (what varies in braces). */
  name: string;
  path: () => string;
  /** A text of the page (a heading, a button, a line) in each language. */
  fil: string;
  en: string;
}

const page39 = (name: string, fil: string, en: string, path = () => name): Page39 => ({
  name,
  path,
  fil,
  en,
});

const pages: Page39[] = [
  page39("/", "Mga Darating sa Simbahan", "Upcoming at Church"),
  page39("/about", "Sino Kami", "Who We Are"),
  page39("/about/our-story", "Ang Aming Kuwento", "Our Story"),
  page39("/about/what-we-believe", "Ang Aming Pinaniniwalaan", "What We Believe"),
  page39("/about/mission-vision", "Misyon at Bisyon", "Mission & Vision"),
  page39("/about/our-team", "Ang Aming mga Pastor", "Our Pastors"),
  page39("/ministries", "Ang Aming mga Ministry", "Our Ministries"),
  page39("/media", "Mga Sermon at Babasahin", "Sermons & Resources"),
  page39("/media/sermons", "Mga Sermon", "Sermons"),
  page39(
    "/media/sermons/{id}",
    "Tungkol sa Sermong Ito",
    "About This Sermon",
    () => `/media/sermons/${sermonId}`,
  ),
  page39(
    "/media/sermons/series/{series}",
    "Lahat ng Sermon",
    "All Sermons",
    () => `/media/sermons/series/${seriesSlug}`,
  ),
  page39("/media/sermons/speakers/senior-pastor", "Lahat ng Sermon", "All Sermons"),
  page39(
    "/media/elibrary",
    "Isang babasahin mula sa eLibrary ng aming simbahan, libreng basahin at i\u2011download.",
    "A resource from our church eLibrary, free to read and download.",
  ),
  page39("/privacy", "Abiso sa Privacy", "Privacy Notice"),
];

const filipino = (path: string) => (path === "/" ? "/fil/" : `/fil${path}`);

/** Addresses with one language: files, downloads, the feed, the members area. */
const ONE_LANGUAGE = /^\/(files|assets|members)\/|\/download$|\/audio$|\.(xml|ics|pdf|png|jpe?g)$/;

/** Every address the page's own content links or sends a form to. */
async function mainAddresses(page: Page): Promise<string[]> {
  return page
    .locator("main")
    .evaluate((main) => [
      ...[...main.querySelectorAll("a[href]")].map((link) => link.getAttribute("href")!),
      ...[...main.querySelectorAll("form[action]")].map((form) => form.getAttribute("action")!),
    ]);
}

async function expectLanguageAlternates(page: Page, path: string, origin: string) {
  for (const [lang, address] of [
    ["en", path],
    ["fil", filipino(path)],
    ["x-default", path],
  ]) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
      "href",
      `${origin}${address}`,
    );
  }
}

for (const entry of pages) {
  test(`${entry.name} in Filipino under /fil, and in English as before`, async ({ page, baseURL }) => {
    const path = entry.path();
    await page.goto(filipino(path));
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
    await expectLanguageAlternates(page, path, baseURL!);
    await expect(page.locator("main").getByText(entry.fil, { exact: true }).first()).toBeVisible();
    const addresses = await mainAddresses(page);
    const ours = addresses.filter((href) => href.startsWith("/") && !ONE_LANGUAGE.test(href));
    for (const href of ours) expect(href, `a link on ${filipino(path)}`).toMatch(/^\/fil(\/|$)/);

    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectLanguageAlternates(page, path, baseURL!);
    await expect(page.locator("main").getByText(entry.en, { exact: true }).first()).toBeVisible();
    await expect(page.locator("main").getByText(entry.fil, { exact: true })).toHaveCount(0);
    for (const href of await mainAddresses(page)) expect(href).not.toMatch(/^\/fil(\/|$)/);
    // Nothing on an English page says it is in English: it is the page's own language.
    await expect(page.locator('main [lang="en"]')).toHaveCount(0);
  });
}

test("the home page in Filipino: its words, the days of the week, and the church's texts marked English", async ({
  page,
}) => {
  await page.goto("/fil/");
  await expect(page.getByRole("link", { name: "Sumama sa Amin Ngayong Biyernes" })).toHaveAttribute(
    "href",
    "/fil/about",
  );
  await expect(page.getByText(/^Tuwing Biyernes/).first()).toBeVisible();
  await expect(page.getByText("Every Friday")).toHaveCount(0);
  // The church's own texts, not yet translated, say they are English.
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Kabilang Ka Rito" })).not.toHaveAttribute("lang", /.*/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Samahan kami sa pagsamba tuwing Biyernes, \d{1,2}:\d\d [AP]M\.$/,
  );
  await expect(page).toHaveTitle("ACTS Church Bahrain");
});

test("About pages in Filipino: the story in English inside a Filipino sentence, the other pages linked in Filipino", async ({
  page,
}) => {
  await page.goto("/fil/about/our-story");
  await expect(page).toHaveTitle("Ang Aming Kuwento | ACTS Church Bahrain");
  const intro = page.getByText(/^Itinatag noong \d{4} para sa/);
  await expect(intro.locator('span[lang="en"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Paano Ito Nagsimula" })).toBeVisible();
  await expect(page.locator('div[lang="en"]').filter({ hasText: "Our church was founded" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Higit pa tungkol sa amin" }).getByRole("link"),
  ).toHaveText(["Ang Aming Pinaniniwalaan", "Misyon at Bisyon", "Ang Aming Koponan"]);

  await page.goto("/fil/about/our-team");
  const card = page.getByTestId("pastor-card").first();
  await expect(card.getByRole("img")).toHaveAccessibleName(/^Larawan ni /);
  await expect(card.getByRole("heading", { level: 3 })).toHaveAttribute("lang", "en");
});

test("the ministries list in Filipino: each ministry's English name and text marked, its link Filipino", async ({
  page,
}) => {
  await page.goto("/fil/ministries");
  const card = page.getByTestId("ministry-card").filter({ hasText: "ACTS Kids" });
  await expect(card.getByRole("heading", { level: 2 })).toHaveAttribute("lang", "en");
  await expect(card.getByRole("link")).toHaveAccessibleName("Alamin Pa tungkol sa ACTS Kids");
  await expect(card.getByRole("link")).toHaveAttribute("href", "/fil/ministries/acts-kids");
  await expect(page.getByRole("link", { name: "Kumonekta Ngayon" })).toHaveAttribute("href", "/fil/connect");
});

test("sermons in Filipino: dates in Filipino, the typed English titles marked, the search kept in Filipino", async ({
  page,
}) => {
  await page.goto(`/fil/media/sermons?q=${tag}`);
  const card = page.getByTestId("sermon-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("sermon-date")).toContainText("Dis");
  await expect(card.getByTestId("sermon-date")).toContainText("Disyembre 4, 2026");
  await expect(card.getByRole("heading", { level: 2 })).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("sermon-count")).toContainText("1 sermon ang nakita.");
  await expect(page.getByRole("search", { name: "Maghanap ng sermon" })).toHaveAttribute(
    "action",
    "/fil/media/sermons",
  );
  // An empty field sent by the form comes back to the short Filipino address.
  await page.goto(`/fil/media/sermons?q=${tag}&series=&speaker=&year=`);
  await expect(page).toHaveURL(`/fil/media/sermons?q=${tag}`);

  await card.getByRole("link", { name: `${tag} Sermon`, exact: true }).click();
  await expect(page).toHaveURL(`/fil/media/sermons/${sermonId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  await expect(page.getByText("Biyernes, Disyembre 4, 2026").first()).toBeVisible();
  await expect(page.getByText("The Lord is my shepherd.")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(`/fil/media/sermons/${sermonId}`)),
  );
  await expect(page.getByRole("link", { name: "WhatsApp (bubukas sa bagong tab)" })).toBeVisible();

  await page.goto(`/fil/media/sermons/series/${seriesSlug}`);
  await expect(page.getByRole("heading", { level: 1, name: `${tag} Series` })).toHaveAttribute("lang", "en");
  await expect(page.getByText("Serye ng Sermon", { exact: true })).toBeVisible();

  await page.goto("/fil/media/sermons/series/no-such-series");
  await expect(page.getByRole("heading", { level: 1, name: "Hindi Nakita ang Serye" })).toBeVisible();
});

test("the privacy notice in Filipino: its date in Filipino, the church's notice marked English", async ({
  page,
}) => {
  await page.goto("/fil/privacy");
  await expect(page.getByText(/^Bersyon \d+/)).toBeVisible();
  await expect(page.locator('main div[lang="en"]')).toContainText("What we keep, and why");
  await expect(page).toHaveTitle("Abiso sa Privacy | ACTS Church Bahrain");
});

test("an address under /fil that is no page answers 404 in Filipino", async ({ page }) => {
  const response = await page.goto("/fil/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");
});
