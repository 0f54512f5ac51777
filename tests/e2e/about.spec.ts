import { pastors } from "../../app/content/pastors";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

const aboutPages = [
  { path: "/about", title: "About Us | ACTS Church Bahrain", h1: "Who We Are" },
  { path: "/about/our-story", title: "Our Story | ACTS Church Bahrain", h1: "Our Story" },
  { path: "/about/what-we-believe", title: "What We Believe | ACTS Church Bahrain", h1: "What We Believe" },
  { path: "/about/mission-vision", title: "Mission & Vision | ACTS Church Bahrain", h1: "Mission & Vision" },
  { path: "/about/our-team", title: "Our Team | ACTS Church Bahrain", h1: "Our Team" },
];

test("/about has the four cards, each with Learn More to its page", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About Us | ACTS Church Bahrain");
  const cards = page.getByTestId("about-card");
  await expect(cards).toHaveCount(4);
  for (const [index, [name, href]] of [
    ["Our Story", "/about/our-story"],
    ["What We Believe", "/about/what-we-believe"],
    ["Mission & Vision", "/about/mission-vision"],
    ["Our Team", "/about/our-team"],
  ].entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(name!);
    await expect(card.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", href!);
  }
  await cards
    .nth(3)
    .getByRole("link", { name: /^Learn More/ })
    .click();
  await expect(page).toHaveURL("/about/our-team");
  await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
});

test("/about/our-story tells of 2023 and walks the timeline", async ({ page }) => {
  await page.goto("/about/our-story");
  await expect(page.getByRole("main")).toContainText(
    "Founded in 2023 for the Filipino community and all nationalities in Bahrain.",
  );
  const entries = page.getByTestId("timeline-entry");
  await expect(entries).toHaveCount(4);
  const expected = [
    ["2023", "Church Founded"],
    ["2023", "First Service"],
    ["2024", "Ministry Launch"],
    ["Present", ""],
  ];
  for (const [index, [year, title]] of expected.entries()) {
    await expect(entries.nth(index).locator("p").first()).toHaveText(year!, { ignoreCase: true });
    if (title) await expect(entries.nth(index).getByRole("heading", { level: 3 })).toHaveText(title);
  }
  for (const ministry of ["ACTS Kids", "Amplify", "The Gatekeepers"])
    await expect(entries.nth(2)).toContainText(ministry);
});

test("/about/what-we-believe has the four beliefs with verses and six statements of faith", async ({
  page,
}) => {
  await page.goto("/about/what-we-believe");
  const beliefs = page.getByTestId("belief");
  await expect(beliefs).toHaveCount(4);
  for (const [index, name] of [/Trinity/, /Salvation by Grace/, /Scripture/, /The Church/].entries()) {
    const belief = beliefs.nth(index);
    await expect(belief.getByRole("heading", { level: 3 })).toHaveText(name);
    // A Bible reference: a book, a chapter and a verse (e.g. "2 Timothy 3:16-17").
    await expect(belief.locator("cite")).toHaveText(/^(\d )?[A-Z][a-z]+ \d+:\d+(-\d+)?$/);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Statement of Faith" })).toBeVisible();
  await expect(page.getByTestId("statement")).toHaveCount(6);
});

test("/about/mission-vision has the mission, the vision, four core values and six goals", async ({
  page,
}) => {
  await page.goto("/about/mission-vision");
  await expect(page.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Our Vision" })).toBeVisible();
  await expect(page.getByTestId("core-value").getByRole("heading", { level: 3 })).toHaveText([
    "Love",
    "Unity",
    "Service",
    "Growth",
  ]);
  await expect(page.getByTestId("goal")).toHaveCount(6);
});

test("/about/our-team has four pastor cards with portrait, e-mail and phone links, then the leadership philosophy", async ({
  page,
}) => {
  await page.goto("/about/our-team");
  const cards = page.getByTestId("pastor-card");
  await expect(cards).toHaveCount(4);
  for (const [index, pastor] of pastors.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("img", { name: `Portrait of ${pastor.name}` })).toBeVisible();
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(pastor.name);
    await expect(card).toContainText(pastor.title, { ignoreCase: true });
    await expect(card).toContainText(pastor.description);
    await expect(card.getByRole("link", { name: /E-mail/ })).toHaveAttribute(
      "href",
      `mailto:${pastor.email}`,
    );
    await expect(card.getByRole("link", { name: /Phone/ })).toHaveAttribute("href", /^tel:\+\d{8,15}$/);
    await expect(card.getByRole("link", { name: /Phone/ })).toContainText(pastor.phone);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Our Leadership Philosophy" })).toBeVisible();
});

test("every About page is complete in the HTML, with its own title and description", async ({ request }) => {
  const descriptions = new Set<string>();
  for (const { path, title, h1 } of aboutPages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title.replace("&", "&amp;")}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1.replace("&", "&amp;")}</h1>`));
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(description, path).toBeTruthy();
    descriptions.add(description!);
  }
  expect(descriptions.size).toBe(aboutPages.length);
});

test("the About pages pass an automated accessibility check (WCAG 2 A and AA)", async ({ page }) => {
  for (const { path } of aboutPages) {
    await page.goto(path);
    expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa"] }), path).toEqual([]);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("no About page is wider than the screen", async ({ page }) => {
    for (const { path } of aboutPages) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
