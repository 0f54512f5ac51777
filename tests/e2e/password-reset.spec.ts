import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectAxeClean } from "./axe";
import { createStaffAccount, expectNoSidewaysScroll, linkFromOutbox } from "./staff-account";

// "Forgot password?" in the browser: the request, the link from the outbox (this server sends no
// e-mail, so it waits there), the set-password page, and signing in with the new password.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const SAME_ANSWER =
  "If an account uses this address, we have sent it a link to choose a new password. It works for one hour. Check your spam folder too.";

test.describe("on a phone", () => {
  test.use(PHONE);

  test("forgot password: ask for a link, choose a new password with it, sign in with it", async ({
    page,
  }, testInfo) => {
    const account = await createStaffAccount("Esther Phiri", "old pass phrase 1");

    await page.goto("/members/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/members/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the forgot-password form");

    // An address that is not one gets a message on the field.
    await page.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByLabel("Email").fill("esther at home");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expectAxeClean(page, "the forgot-password form with an error");
    await page.screenshot({ path: testInfo.outputPath("forgot-password-error-390.png"), fullPage: true });

    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const answer = page.getByTestId("reset-answer");
    await expect(answer).toContainText(SAME_ANSWER);
    // This server has no e-mail set up: the page says so, and what else can be done.
    await expect(answer).toContainText("the e-mail will be sent once the church sets up e-mail");
    await expect(answer).toContainText("they can make you a reset link on the staff accounts screen");
    await expect(answer).toBeFocused();
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the forgot-password answer");
    await page.screenshot({ path: testInfo.outputPath("forgot-password-sent-390.png"), fullPage: true });

    const link = await linkFromOutbox(account.email);
    const response = await page.goto(link);
    // The token stays on this page: no referrer to other pages, nothing kept in a cache.
    // (The site-wide policy comes first; the last one a browser understands wins.)
    expect(response!.headers()["referrer-policy"]?.split(/[\n,]/).pop()?.trim()).toBe("no-referrer");
    expect(response!.headers()["cache-control"]).toMatch(/\bno-store\b/);
    // Leave for a page of the site (an HTML page: a text file would make the browser ask for a
    // /favicon.ico that does not exist).
    const [leaving] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === "/about"),
      page.evaluate(() => {
        const away = Object.assign(document.createElement("a"), { href: "/about" });
        document.body.append(away);
        away.click();
      }),
    ]);
    expect(leaving.headers()["referer"]).toBeUndefined();
    // Let that navigation finish, or it interrupts the next one.
    await page.waitForURL("**/about");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByText("at least 10 characters")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the set-password page");
    await page.screenshot({ path: testInfo.outputPath("set-password-390.png"), fullPage: true });

    await page.getByLabel("New password").fill("river lamp orchard stone");
    await page.getByLabel("Type it again").fill("river lamp orchard stones");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
    await expect(page.getByLabel("Type it again")).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the set-password page with an error");
    await page.screenshot({ path: testInfo.outputPath("set-password-error-390.png"), fullPage: true });

    await page.getByLabel("New password").fill("river lamp orchard stone");
    await page.getByLabel("Type it again").fill("river lamp orchard stone");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL("/members/login?password=set");
    await expect(page.getByText("Your password is set. Sign in with it now.")).toBeVisible();

    await signIn(page, { email: account.email, password: "river lamp orchard stone" });
    await expect(page.getByRole("heading", { name: "Members Dashboard" })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  });
});

test.describe("on a desktop", () => {
  test.use(DESKTOP);

  test("an invited person chooses a first password on the welcome page, then signs in", async ({
    page,
  }, testInfo) => {
    const invited = await createStaffAccount("Samuel Mensah", null);
    // Asking through "Forgot password?" gives an account without a password its welcome link.
    await page.goto("/members/forgot-password");
    await page.getByLabel("Email").fill(invited.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByTestId("reset-answer")).toBeVisible();

    await page.goto(await linkFromOutbox(invited.email));
    await expect(
      page.getByRole("heading", { name: "Welcome, Samuel Mensah: choose your password" }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(invited.email);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, "the welcome page");
    await page.screenshot({ path: testInfo.outputPath("set-password-invitation-1280.png"), fullPage: true });

    // A common password is refused on the server, with the reason on the field.
    await page.getByLabel("Password", { exact: true }).fill("password1234");
    await page.getByLabel("Type it again").fill("password1234");
    await page.getByRole("button", { name: "Save my password" }).click();
    await expect(page.getByText(/too common or too easy to guess/)).toBeVisible();
    await expectAxeClean(page, "the welcome page with an error");

    await page.getByLabel("Password", { exact: true }).fill("quiet harbour blue kettle");
    await page.getByLabel("Type it again").fill("quiet harbour blue kettle");
    await page.getByRole("button", { name: "Save my password" }).click();
    await expect(page).toHaveURL("/members/login?password=set");
    // The sign-in page opens with the new account's address filled in.
    await expect(page.getByLabel("Email")).toHaveValue(invited.email);
    await page.screenshot({ path: testInfo.outputPath("login-after-invitation-1280.png"), fullPage: true });
    await signIn(page, { email: invited.email, password: "quiet harbour blue kettle" });
  });

  test("a link that is unknown, used or expired says so and leads to Forgot password?", async ({
    page,
  }, testInfo) => {
    const response = await page.goto("/members/set-password?token=no-such-link");
    expect(response!.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expect(page.getByText(/This link has expired or was already used/)).toBeVisible();
    await expectAxeClean(page, "the page of a link that no longer works");
    await page.screenshot({ path: testInfo.outputPath("set-password-invalid-1280.png"), fullPage: true });
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/members/forgot-password");
  });

  test("a locked account's sign-in message leads to Forgot password?, with the address filled in", async ({
    page,
  }, testInfo) => {
    const account = await createStaffAccount("Ruth Adebayo", "owner pass phrase 1");
    // Twenty failed sign-ins within the hour, from anywhere, lock the account.
    await sql("insert into rate_limits (key, count, reset_at) values ($1, 20, now() + interval '1 hour')", [
      `signin:fail:${account.email}|all`,
    ]);
    await page.goto("/members/login");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("owner pass phrase 1");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.locator("#login-error");
    await expect(alert).toContainText("This account is locked for a while");
    await expectAxeClean(page, "the login page of a locked account");
    await page.screenshot({ path: testInfo.outputPath("login-locked-1280.png"), fullPage: true });

    await alert.getByRole("link", { name: /Forgot password\?/ }).click();
    await expect(page).toHaveURL("/members/forgot-password");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expectAxeClean(page, "the forgot-password form");
    await page.screenshot({ path: testInfo.outputPath("forgot-password-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByTestId("reset-answer")).toBeVisible();
    await page.goto(await linkFromOutbox(account.email));
    await page.getByLabel("New password").fill("owner new pass phrase");
    await page.getByLabel("Type it again").fill("owner new pass phrase");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL("/members/login?password=set");
    // The link opened the account at once.
    await signIn(page, { email: account.email, password: "owner new pass phrase" });
  });
});
