import { expect, test } from "./fixtures";

const aboutPages = [
  ["Our Story", "/about/our-story"],
  ["What We Believe", "/about/what-we-believe"],
  ["Mission & Vision", "/about/mission-vision"],
  ["Our Team", "/about/our-team"],
] as const;

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the top navigation has every section and an About menu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Ministries", "/ministries"],
      ["Events", "/events"],
      ["Media", "/media"],
      ["Connect", "/connect"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/members/login");

    const menu = page.getByTestId("about-menu");
    await expect(menu.getByRole("link", { name: "Our Story" })).toBeHidden();
    await menu.getByText("About").click();
    for (const [name, href] of aboutPages)
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
    await expect(menu.getByRole("link", { name: "Our Story" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Our Story" })).toBeHidden();

    // Clicking elsewhere closes it too.
    await menu.getByText("About").click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu.getByRole("link", { name: "Our Story" })).toBeHidden();
  });

  test("the About menu works from the keyboard", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("about-menu").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByTestId("about-menu").getByRole("link", { name: "Mission & Vision" }),
    ).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu button opens every link and closes after choosing one", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menu = page.getByTestId("mobile-menu");
    await menu.getByLabel("Menu").tap();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    for (const [name, href] of aboutPages)
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    for (const name of ["Home", "Ministries", "Events", "Media", "Connect", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Login" }).tap();
    await expect(page).toHaveURL("/members/login");
    await expect(nav).toBeHidden();
  });

  test("the menu opens from the keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("mobile-menu").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("nothing is wider than the screen", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
