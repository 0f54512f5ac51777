import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, signIn, sql, test } from "./fixtures";

// The church's own content in Filipino (issue 39): staff write a section's translation beside the
// English on the section's own screen, and the Filipino pages show it; a section nobody has
// translated stays English there, marked lang="en". The public About pages are drawn by the page
// modules; this spec only reads them.

test.describe.configure({ mode: "serial" });

const STORY =
  "Nagsimula ang aming simbahan noong 2023 bilang isang maliit na grupo ng magkakapatid kay Kristo.";
const COMMUNITY = "ang komunidad ng mga Pilipino at lahat ng lahi sa Bahrain";
const MILESTONE = "Itinatag ang Simbahan";

// Other specs read the English, and no Filipino version exists on a fresh install: remove ours.
test.afterAll(async () => {
  await sql("delete from site_section_revisions where section_key like 'fil:%'");
  await sql("delete from site_sections where key like 'fil:%'");
});

/** The language an element's text is in: its own lang, or the nearest one around it. */
const langOf = (page: Page, text: string) =>
  page
    .getByRole("main")
    .getByText(text, { exact: false })
    .first()
    .evaluate((element) => element.closest("[lang]")?.getAttribute("lang"));

test("staff translate Our Story beside the English; /fil/about/our-story shows it, an untranslated section stays English with lang=en", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/members/site");
  await expect(page.getByText("Filipino: 0 of 26 sections translated.")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Our Story/ }) });
  await expect(card.getByTestId("translation-link")).toHaveText("Filipino: not translated yet");
  await card.getByTestId("translation-link").click();

  await expect(page).toHaveURL(/\/members\/site\/our-story\?lang=fil$/);
  await expect(page.getByRole("heading", { name: "Our Story", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Filipino", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Only the words: the year founded has no Filipino field.
  await expect(page.getByLabel("Year founded (Filipino)")).toHaveCount(0);

  // Side by side on a wide screen: the English text, read only, with the Filipino field beside it.
  const englishStory = page.locator("#fil-story-en");
  await expect(englishStory).toContainText("Our church was founded in 2023");
  const filipinoStory = page.getByLabel("How it began (Filipino)");
  const [left, right] = [await englishStory.boundingBox(), await filipinoStory.boundingBox()];
  expect(right!.x).toBeGreaterThan(left!.x + left!.width);
  expect(Math.abs(right!.y - left!.y)).toBeLessThan(40);

  await filipinoStory.fill(STORY);
  await page.getByLabel("Founded for (Filipino)").fill(COMMUNITY);
  const first = page.getByTestId("milestone-entry").first();
  await expect(first.getByRole("heading")).toHaveText("Milestone 1: Church Founded");
  await first.getByLabel("Title (Filipino)").fill(MILESTONE);
  await page.getByRole("button", { name: "Save the Filipino" }).click();

  await expect(page.getByTestId("translation-status")).toContainText(
    "Saved. Our Story in Filipino is now version 1 and shows on the Filipino pages.",
  );
  await expect(page.getByTestId("revisions")).toContainText("Version 1");
  await expectNoViolations(page, "the Filipino side of Our Story, saved");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, "the Filipino side of Our Story on a phone");
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByLabel("How it began (Filipino)")).toHaveValue(STORY);
  const [row] = await sql<{ version: number; story: string }>(
    "select version, data->>'story' as story from site_sections where key = 'fil:our-story'",
  );
  expect(row).toEqual({ version: 1, story: STORY });
  // The English section was not touched.
  const [english] = await sql<{ story: string }>(
    "select data->>'story' as story from site_sections where key = 'our-story'",
  );
  expect(english!.story).toContain("Our church was founded in 2023");

  await page.goto("/members/site");
  await expect(page.getByText("Filipino: 1 of 26 sections translated.")).toBeVisible();
  await expectNoViolations(page, "/members/site with its translations");
  await expect(card.getByTestId("translation-link")).toContainText("Filipino: 3 of");

  // The Filipino page shows the translation, in Filipino; the milestones not translated read English.
  await page.goto("/fil/about/our-story");
  const main = page.getByRole("main");
  await expect(main).toContainText(STORY);
  await expect(main).toContainText(MILESTONE);
  await expect(main).toContainText("First Service");
  await expect(main).not.toContainText("Our church was founded in 2023");
  expect(await langOf(page, STORY)).toBe("fil");
  expect(await langOf(page, MILESTONE)).toBe("fil");

  // What We Believe has no translation: English, marked as such.
  await page.goto("/fil/about/what-we-believe");
  const [belief] = await sql<{ title: string }>(
    "select data->'beliefs'->0->>'title' as title from site_sections where key = 'what-we-believe'",
  );
  await expect(page.getByRole("main")).toContainText(belief!.title);
  expect(await langOf(page, belief!.title)).toBe("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");

  // The English page is as it was.
  await page.goto("/about/our-story");
  await expect(page.getByRole("main")).toContainText("Our church was founded in 2023");
  await expect(page.getByRole("main")).not.toContainText(STORY);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a ministry's Filipino is saved by a plain form post; a save opened before another's is refused and keeps what was typed", async ({
    page,
    browser,
  }) => {
    // Signed in with scripts, then the same session without them.
    const signedIn = await browser.newContext({ javaScriptEnabled: true });
    const withScripts = await signedIn.newPage();
    await signIn(withScripts);
    await page.context().addCookies(await signedIn.cookies());
    await signedIn.close();

    await page.goto("/members/site/ministries/acts-kids?lang=fil");
    await expect(page.getByRole("heading", { name: "ACTS Kids", level: 1 })).toBeVisible();
    // The leader's name is the same in every language: no field for it.
    await expect(page.getByLabel("Leader (Filipino)")).toHaveCount(0);
    await page.getByLabel("Short description (Filipino)").fill("Para sa mga bata, edad 4 hanggang 12.");
    await page.getByRole("button", { name: "Save the Filipino" }).click();
    await expect(page.getByRole("status")).toContainText("ACTS Kids in Filipino is now version 1");
    await expect(page.getByLabel("Short description (Filipino)")).toHaveValue(
      "Para sa mga bata, edad 4 hanggang 12.",
    );

    // Someone else saves meanwhile (version 2); this page was opened at version 1.
    await sql(
      "update site_sections set data = jsonb_set(data, '{schedule}', '\"Tuwing Biyernes\"'), version = 2 where key = 'fil:ministry:acts-kids'",
    );
    await page.getByLabel("Schedule (Filipino)").fill("Tuwing Linggo");
    await page.getByRole("button", { name: "Save the Filipino" }).click();
    await expect(page.getByRole("alert")).toContainText("Changed by someone else");
    await expect(page.getByLabel("Schedule (Filipino)")).toHaveValue("Tuwing Linggo");
    // Saving again from this page is still refused: it was opened at version 1.
    await page.getByRole("button", { name: "Save the Filipino" }).click();
    await expect(page.getByRole("alert")).toContainText("Changed by someone else");
    const [row] = await sql<{ version: number; schedule: string }>(
      "select version, data->>'schedule' as schedule from site_sections where key = 'fil:ministry:acts-kids'",
    );
    expect(row).toEqual({ version: 2, schedule: "Tuwing Biyernes" });
  });
});
