import type { Page } from "@playwright/test";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectAxeClean } from "./axe";
import { authenticatorCode, createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// A staff member turns on two-factor sign-in on a phone (QR code or typed key, first code, backup
// codes), then signs in with the app's code and with a backup code; and the account page on a desktop.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const SHOTS = process.env.SCREENSHOT_DIR;

async function signOutOnPhone(page: Page) {
  await page.goto("/about");
  await page.getByTestId("mobile-menu").getByLabel("Menu").tap();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Logout" }).tap();
  await expect(page).toHaveURL("/");
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/members/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/members/login/two-factor");
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("set up two-factor sign-in, then sign in with the app's code and with a backup code", async ({
    page,
  }) => {
    // Three sign-ins and four accessibility scans.
    test.setTimeout(90_000);
    const staff = await createStaffAccount();
    await signIn(page, staff);

    await page.goto("/members/account");
    await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
    await expect(page.getByTestId("two-factor-status")).toContainText("Off");
    await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expectAxeClean(page, "the set-up's first step");

    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Your password")).toHaveAccessibleDescription(
      "That is not your current password.",
    );
    await page.getByLabel("Your password").fill(staff.password);
    await page.getByRole("button", { name: "Continue" }).click();

    const scan = page.getByTestId("scan-step");
    await expect(scan.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the QR code step");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/two-factor-scan-390.png`, fullPage: true });

    await page.getByLabel("6-digit code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(scan.getByText(/That code is not right/)).toBeVisible();
    await page.getByLabel("6-digit code from the app").fill(await authenticatorCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();

    const codesPanel = page.getByTestId("backup-codes");
    await expect(codesPanel).toContainText("shown only once");
    const codes = await codesPanel
      .getByRole("list", { name: "Backup codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    const download = page.waitForEvent("download");
    await codesPanel.getByRole("link", { name: "Download as .txt" }).click();
    expect((await download).suggestedFilename()).toBe("backup-codes.txt");
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the backup codes");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/two-factor-codes-390.png`, fullPage: true });
    const [row] = await sql<{ two_factor_enabled: boolean }>(
      "select two_factor_enabled from users where id = $1",
      [staff.id],
    );
    expect(row!.two_factor_enabled).toBe(true);

    await codesPanel.getByRole("link", { name: "I have saved my codes" }).click();
    await expect(page.getByTestId("two-factor-status")).toContainText("10 backup codes left.");

    // Signing in now asks for the app's code.
    await signOutOnPhone(page);
    await signInWithPassword(page, staff.email, staff.password);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the sign-in's second step");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-two-factor-390.png`, fullPage: true });
    await page.getByLabel("6-digit code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(/That code is not right/).first()).toBeVisible();
    await page.getByLabel("6-digit code").fill(await authenticatorCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/members");
    await expect(page.getByTestId("toast")).toContainText("Login Successful!");

    // And with a backup code instead, which then works no more.
    await signOutOnPhone(page);
    await signInWithPassword(page, staff.email, staff.password);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/members");
    await page.goto("/members/account");
    await expect(page.getByTestId("two-factor-status")).toContainText("9 backup codes left.");

    const failures = await sql<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'auth.sign-in-failed' and subject_id = $1 and details->>'reason' = 'second-factor'",
      [staff.id],
    );
    expect(failures[0]!.n).toBe(1);
  });

  test("an expired or missing sign-in step leads back to the login page", async ({ page }) => {
    await page.goto("/members/login/two-factor");
    await expect(page.getByRole("alert")).toContainText("This sign-in has expired");
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page).toHaveURL("/members/login");
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the account page lists this device and signs out another", async ({ page, browser }) => {
    const staff = await createStaffAccount("Joel Mendoza");
    // A second device: a phone that signed in earlier.
    const phone = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    const phonePage = await phone.newPage();
    await signIn(phonePage, staff);

    await signIn(page, staff);
    await page.getByRole("navigation", { name: "Members" }).getByRole("link", { name: "My Account" }).click();
    await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
    const sessions = page.getByTestId("sessions").getByTestId("session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText("This device");
    await expect(sessions.nth(1)).toContainText("Safari on iPhone");
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the account page");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-1280.png`, fullPage: true });

    await sessions
      .nth(1)
      .getByRole("button", { name: /Sign out Safari on iPhone/ })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Safari on iPhone is signed out.");
    await expect(sessions).toHaveCount(1);
    await phonePage.goto("/members");
    await expect(phonePage).toHaveURL("/members/login");
    await phone.close();

    await page.getByLabel("Name", { exact: true }).fill("Joel A. Mendoza");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByTestId("toast")).toContainText("You are now Joel A. Mendoza.");
  });
});
