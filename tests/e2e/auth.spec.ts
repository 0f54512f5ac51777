import { E2E_ADMIN, expect, signIn, test } from "./fixtures";

test("an anonymous visitor to /members is sent to the login page", async ({ page }) => {
  await page.goto("/members");
  await expect(page).toHaveURL("/members/login");
  await expect(page.getByRole("heading", { name: "Members Login" })).toBeVisible();
});

test("a wrong password shows 'Sign in Failed' with the reason and keeps the fields", async ({ page }) => {
  await page.goto("/members/login");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill("definitely wrong");
  await page.getByRole("button", { name: "Login" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Sign in Failed");
  await expect(toast).toContainText("Invalid username or password.");
  await expect(page).toHaveURL("/members/login");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(E2E_ADMIN.email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("definitely wrong");
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/members/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret words");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("staff sign in, see the members area, and sign out", async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId("toast")).toContainText("Login Successful!");
  await expect(page.getByRole("heading", { name: "Members Dashboard" })).toBeVisible();
  // The members area has its own navigation, with the person signed in.
  await expect(
    page.getByRole("navigation", { name: "Members" }).getByRole("link", { name: "Dashboard" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("signed-in-person")).toContainText("admin@e2e.test");
  // The public site's header offers the way back in, and no Login.
  await page.getByRole("link", { name: "View website" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Members", exact: true })).toHaveAttribute("href", "/members");
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);

  // Already signed in: the login page sends them on.
  await page.goto("/members/login");
  await expect(page).toHaveURL("/members");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/members");
  await expect(page).toHaveURL("/members/login");
});

test("after signing out, Back shows nothing of the members area from the browser's cache", async ({
  page,
}) => {
  await signIn(page);
  // A whole page load of the member list, as a browser keeps it (not a move inside the app).
  await page.goto("/members/details");
  await expect(page.getByRole("heading", { name: "Membership List" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await page.goBack();
  // The browser had to ask again, and the server sent it to the login page.
  await expect(page).toHaveURL(/\/members\/login/);
  await expect(page.getByRole("heading", { name: "Membership List" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu offers Members and Logout when signed in", async ({ page }) => {
    await signIn(page);
    await page.goto("/about");
    await page.getByTestId("mobile-menu").getByLabel("Menu").tap();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav.getByRole("link", { name: "Members" })).toBeVisible();
    await nav.getByRole("button", { name: "Logout" }).tap();
    await expect(page).toHaveURL("/");
    await page.goto("/members");
    await expect(page).toHaveURL("/members/login");
  });
});

test("after a sign-in from another page, the visitor goes back there", async ({ page }) => {
  await page.goto("/members/login?redirectTo=%2Fmembers%3Fwelcome%3D1");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/members?welcome=1");
});
