import { expect, test } from "./fixtures";

test("the home page shows the hero, the three weekly items and the way onward", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("ACTS Church Bahrain");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Growing in Faith Together/,
  );

  await expect(page.getByRole("heading", { level: 1, name: "Growing in Faith Together" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join Us This Friday" })).toHaveAttribute("href", "/about");

  const items = page.getByRole("main").getByRole("listitem");
  await expect(items.filter({ hasText: "Friday Service" })).toContainText("Every Friday");
  await expect(items.filter({ hasText: "Friday Service" })).toContainText("3:30 PM");
  await expect(items.filter({ hasText: "Bible Study" })).toContainText("Every Thursday");
  await expect(items.filter({ hasText: "Bible Study" })).toContainText("7:30 PM");
  await expect(items.filter({ hasText: "Hospital Visitation" })).toContainText("Monthly");
  await expect(items.filter({ hasText: "Hospital Visitation" })).toContainText("Time TBA");

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "View All Events" })).toHaveAttribute("href", "/events");
  await expect(main.getByRole("link", { name: "Connect With Us" })).toHaveAttribute("href", "/connect");
  await expect(main.getByRole("link", { name: "Learn About Us" })).toHaveAttribute("href", "/about");
});

test("the page is served complete before any script runs", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Growing in Faith Together");
  expect(html).toContain("Join Us This Friday");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-powered-by"]).toBeUndefined();
});

test("an unknown address shows a friendly 404 inside the site frame", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/at .*\.js:\d+/);
});

test("the footer has its links, three social profiles and this year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["About", "/about"],
    ["Ministries", "/ministries"],
    ["Events", "/events"],
    ["Media", "/media"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  for (const name of ["Facebook", "Instagram", "YouTube"]) {
    await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
      "target",
      "_blank",
    );
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});
