import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { authenticatorCode, linkFromOutbox } from "./staff-account";

// The staff-accounts issue end to end, as the church office meets it: an admin invites an editor,
// who chooses a password from the link and posts a sermon but cannot open the registry; the admin
// makes them staff and their open session follows at once; they set up two-factor sign-in and sign
// in with a code and a backup code; they reset a forgotten password by e-mail; the admin disables
// the account and its open session ends; the audit log names who did each of these.

const REPORTS = ["birthdays", "anniversaries", "active_members", "visitors", "ministry?slug=amplify"];

async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  return context.newPage();
}

async function passwordSignIn(page: Page, email: string, password: string) {
  await page.goto("/members/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The status of a GET made with the page's own cookies (its session). */
async function statusOf(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return response.status();
}

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

test("invite an editor, change the role, two-factor, forgot password, disable; the audit log names each actor", async ({
  page,
  browser,
}) => {
  // Three people and some twenty pages: about 20 s on a quiet machine, so more than the default.
  test.slow();
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const name = `Eve Editor ${tag}`;
  const email = `eve.${tag}@example.org`;
  const sermon = `Sermon by Eve ${tag}`;
  const person = await newVisitor(browser);
  try {
    // The admin invites an editor; e-mail is not set up here, so the link is shown to pass on.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.goto("/members/staff");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const form = page.getByRole("region", { name: "Add a staff account" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("radio", { name: "Editor" }).check();
    await form.getByRole("button", { name: "Make invitation link" }).click();
    const link = await page.getByTestId("invitation-link").getByLabel(`Link for ${name}`).inputValue();

    // The editor chooses a password from the link, on a phone, and signs in.
    await person.goto(link);
    await expect(person.getByRole("heading", { level: 1 })).toContainText(`Welcome, ${name}`);
    await person.getByLabel("Password", { exact: true }).fill("quiet harbour morning 7");
    await person.getByLabel("Type it again").fill("quiet harbour morning 7");
    await person.getByRole("button", { name: "Save my password" }).click();
    await expect(person).toHaveURL("/members/login?password=set");
    await passwordSignIn(person, email, "quiet harbour morning 7");
    await expect(person).toHaveURL("/members");
    // The link works once.
    await person.goto(link);
    await expect(person.getByText(/expired or was already used/)).toBeVisible();

    // An editor adds a sermon...
    await person.goto("/members/add-sermon");
    await person.getByLabel("Sermon Date").fill("2026-11-20");
    await person.getByLabel("Title", { exact: true }).fill(sermon);
    await person.getByLabel("Speaker").fill("Eve");
    await person.getByLabel("YouTube URL").fill("https://youtu.be/abcdefghijk");
    await person.getByRole("button", { name: "Add Sermon" }).click();
    await expect(person.getByTestId("toast")).toContainText("Sermon Added!");
    // ...and the dashboard offers no registry, while the server refuses it and every export.
    await person.goto("/members");
    await expect(person.getByRole("link", { name: /Membership List/ })).toHaveCount(0);
    await expect(person.getByRole("link", { name: /Add Sermon/ })).toBeVisible();
    const refused = [
      "/members/details",
      "/members/reports",
      "/members/event-registrations",
      "/members/messages",
      "/members/staff",
      "/members/audit",
      "/members/audit/export",
      "/members/privacy",
      ...REPORTS.map((report) => `/members/reports/export/${report}`),
      "/members/registrations/export/ministry",
      "/members/registrations/export/event",
    ];
    for (const path of refused) expect(await statusOf(person, path), path).toBe(403);
    expect(await statusOf(person, "/members/site")).toBe(200);

    // The admin makes them staff: the same open session reaches the registry, not the website.
    const [account] = await sql<{ id: string }>("select id from users where email = $1", [email]);
    await page.goto(`/members/staff/${account!.id}`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const role = page.getByRole("region", { name: "Role" });
    await role.getByRole("radio", { name: "Staff" }).check();
    await role.getByRole("button", { name: "Save role" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${name} is now Staff`);
    expect(await statusOf(person, "/members/details")).toBe(200);
    expect(await statusOf(person, "/members/reports/export/active_members")).toBe(200);
    expect(await statusOf(person, "/members/site")).toBe(403);
    expect(await statusOf(person, "/members/add-sermon")).toBe(403);

    // Two-factor sign-in: set up with the app (the code computed from the key on the page).
    await person.goto("/members/account/two-factor");
    await person.getByLabel("Your password").fill("quiet harbour morning 7");
    await person.getByRole("button", { name: "Continue" }).click();
    await expect(person.getByTestId("totp-secret")).toBeVisible();
    const secret = (await person.getByTestId("totp-secret").textContent())!;
    await person.getByLabel("6-digit code from the app").fill(await authenticatorCode(secret));
    await person.getByRole("button", { name: "Turn on" }).click();
    await expect(person.getByTestId("backup-codes")).toContainText("shown only once");
    const codes = await person
      .getByTestId("backup-codes")
      .getByRole("list", { name: "Backup codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    await person.context().clearCookies();

    // Signing in now asks for the code; then a backup code works, once.
    await passwordSignIn(person, email, "quiet harbour morning 7");
    await expect(person).toHaveURL("/members/login/two-factor");
    await person.getByLabel("6-digit code").fill(await authenticatorCode(secret));
    await person.getByRole("button", { name: "Verify" }).click();
    await expect(person).toHaveURL("/members");
    for (const attempt of ["works", "is refused"]) {
      await person.context().clearCookies();
      await passwordSignIn(person, email, "quiet harbour morning 7");
      await person.getByRole("link", { name: "Use a backup code instead" }).click();
      await person.getByLabel("Backup code").fill(codes[0]!);
      await person.getByRole("button", { name: "Verify" }).click();
      if (attempt === "works") await expect(person).toHaveURL("/members");
      else
        await expect(
          person.getByText("That backup code is not right, or it has been used already."),
        ).toBeVisible();
    }
    expect(await statusOf(person, "/members")).toBe(302);

    // Forgot password: a link by e-mail (read from the outbox), a new password, signed in again.
    await person.context().clearCookies();
    await person.goto("/members/login");
    // The link is followed inside the running app: clicked before React has taken the login page
    // over, it loads the next page whole, and an address typed there before that page's React
    // starts was seen lost now and then (the required field then stops the form without a word).
    await person.waitForFunction(() => "__reactRouterDataRouter" in window);
    await person.getByRole("link", { name: "Forgot password?" }).click();
    // The sign-in page has an Email field too: type only once the next page is the one shown.
    await expect(person.getByRole("heading", { name: "Forgot password?", level: 1 })).toBeVisible();
    await person.getByLabel("Email").fill(email);
    await person.getByRole("button", { name: "Send me a link" }).click();
    await expect(person.getByRole("status").first()).toContainText("If an account uses this address");
    await person.goto(await linkFromOutbox(email));
    await expect(person.getByRole("heading", { level: 1 })).toContainText("Choose a new password");
    await person.getByLabel("New password").fill("amber compass winter 9");
    await person.getByLabel("Type it again").fill("amber compass winter 9");
    await person.getByRole("button", { name: "Save new password" }).click();
    await expect(person).toHaveURL("/members/login?password=set");
    await passwordSignIn(person, email, "amber compass winter 9");
    // The app's code signed in once already (perhaps within these 30 seconds): its next one.
    await person.getByLabel("6-digit code").fill(await authenticatorCode(secret, 1));
    await person.getByRole("button", { name: "Verify" }).click();
    await expect(person).toHaveURL("/members");

    // The admin disables the account: its open session ends on its next request.
    await page.goto(`/members/staff/${account!.id}`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${name} cannot sign in any more`);
    await person.goto("/members/details");
    await expect(person).toHaveURL(/\/members\/login/);

    // The audit log shows each of these with the right actor.
    const entries = await sql<{ action: string; actor_label: string }>(
      `select action, actor_label from audit_log
       where (subject_label in ($1, $2) or actor_label = $1) and action <> 'auth.sign-in-failed'
       order by at, action`,
      [email, sermon],
    );
    const by = (action: string) =>
      entries.filter((entry) => entry.action === action).map((e) => e.actor_label);
    expect(by("staff.invited")).toEqual(["admin@e2e.test"]);
    expect(by("staff.invitation-accepted")).toEqual([email]);
    expect(by("sermon.created")).toEqual([email]);
    expect(by("staff.role-changed")).toEqual(["admin@e2e.test"]);
    expect(by("account.two-factor-enabled")).toEqual([email]);
    expect(by("auth.signed-in").length).toBeGreaterThanOrEqual(4);
    expect(new Set(by("auth.signed-in"))).toEqual(new Set([email]));
    expect(by("auth.password-reset")).toEqual([email]);
    expect(by("staff.disabled")).toEqual(["admin@e2e.test"]);

    // ...and the admin reads them on the screen, filtered by that person.
    await page.goto(`/members/audit?person=${account!.id}`);
    const summaries = page.getByTestId("audit-summary");
    await expect(summaries.filter({ hasText: /two-factor/i }).first()).toBeVisible();
    await expect(summaries.filter({ hasText: sermon }).first()).toBeVisible();
  } finally {
    await person.context().close();
    await sql("delete from sermons where title = $1", [sermon]);
    await sql("delete from users where email = $1", [email]);
  }
});
