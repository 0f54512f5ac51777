import crypto from "node:crypto";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectNoSidewaysScroll } from "./staff-account";

// The staff-accounts screens as an admin uses them, on a phone and on a laptop: invite someone (the
// e2e server has no SMTP, so the link to pass on is shown), give the account another role, disable
// it, and delete it. Each account is the test's own; the shared E2E admin is never changed.

const SCREENS = [
  { name: "phone", width: 390, height: 844, isMobile: true },
  { name: "laptop", width: 1280, height: 800, isMobile: false },
] as const;

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.isMobile,
      hasTouch: screen.isMobile,
    });

    test("an admin invites an account, passes on the link, changes its role, disables and deletes it", async ({
      page,
    }) => {
      const tag = crypto.randomBytes(3).toString("hex");
      const name = `Grace Invited ${tag}`;
      const email = `grace.${tag}@example.org`;
      try {
        await signIn(page);
        // The dashboard's card (the navigation has the same link on a laptop).
        await page
          .getByRole("main")
          .getByRole("link", { name: /Staff Accounts/ })
          .click();
        await expect(page.getByRole("heading", { name: "Staff accounts", level: 1 })).toBeVisible();
        await page.waitForFunction(() => "__reactRouterDataRouter" in window);
        await expect(page.getByTestId("staff-row").filter({ hasText: "admin@e2e.test" })).toContainText(
          "(you)",
        );
        await expectNoSidewaysScroll(page);
        await expectAxeClean(page, `the staff list on a ${screen.name}`);

        // Invite: each role says what it may do.
        const form = page.getByRole("region", { name: "Add a staff account" });
        await expect(form.getByRole("radio", { name: "Editor" })).toHaveAccessibleDescription(
          /^Website and church details: edit the website's pages/,
        );
        await form.getByLabel("Name").fill(name);
        await form.getByLabel("E-mail").fill(email);
        await form.getByRole("radio", { name: "Editor" }).check();
        await expect(form.getByRole("radio", { name: "Make an invitation link" })).toBeChecked();
        await form.getByRole("button", { name: "Make invitation link" }).click();

        await expect(page.getByTestId("toast")).toContainText(`Pass the link on to ${name}.`);
        const panel = page.getByTestId("invitation-link");
        await expect(panel).toContainText("E-mail is not set up on this site");
        const link = await panel.getByLabel(`Link for ${name}`).inputValue();
        expect(link).toMatch(/\/members\/set-password\?token=[\w-]{40,}$/);
        const row = page.getByTestId("staff-row").filter({ hasText: email });
        await expect(row).toContainText("Invited");
        await expect(row).toContainText("Link expires");
        await expect(row.getByTestId("staff-role")).toHaveText("Editor");
        await expect(form.getByLabel("Name")).toHaveValue("");
        await expectNoSidewaysScroll(page);
        await expectAxeClean(page, `the staff list with a new invitation on a ${screen.name}`);
        await page.screenshot({ path: `test-results/staff-list-${screen.name}.png`, fullPage: true });

        // A second invitation to the same address is refused on the field.
        await form.getByLabel("Name").fill("Someone Else");
        await form.getByLabel("E-mail").fill(email.toUpperCase());
        await form.getByRole("radio", { name: "Staff" }).check();
        await form.getByRole("button", { name: "Make invitation link" }).click();
        await expect(
          form.getByText("There is already a staff account with this e-mail address."),
        ).toBeVisible();
        await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

        // The account's own page: another role, then disabled.
        await row.getByRole("link").click();
        await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
        await page.waitForFunction(() => "__reactRouterDataRouter" in window);
        // The link was lost? A new one, for the same invitation.
        await page.getByRole("button", { name: "Make a new invitation link" }).click();
        const newPanel = page.getByTestId("invitation-link");
        await expect(newPanel).toContainText("pass this link on");
        const newLink = await newPanel.getByLabel(`Link for ${name}`).inputValue();
        expect(newLink).toMatch(/\/members\/set-password\?token=[\w-]{40,}$/);
        expect(newLink).not.toBe(link);
        await expectNoSidewaysScroll(page);
        await expectAxeClean(page, `an invited account on a ${screen.name}`);
        await page.screenshot({ path: `test-results/staff-invited-${screen.name}.png`, fullPage: true });

        const role = page.getByRole("region", { name: "Role" });
        await role.getByRole("radio", { name: "Staff" }).check();
        await role.getByRole("button", { name: "Save role" }).click();
        await expect(page.getByTestId("toast")).toContainText(`${name} is now Staff`);
        await expect(page.getByTestId("staff-detail-role")).toHaveText("Staff");

        await page.getByRole("button", { name: "Disable account" }).click();
        await expect(page.getByTestId("toast")).toContainText(`${name} cannot sign in any more`);
        await expect(page.getByTestId("staff-detail-status")).toContainText("Disabled");
        await expect(page.getByTestId("staff-detail-status")).toContainText(
          "Had not accepted the invitation",
        );
        await expect(page.getByRole("button", { name: "Enable account" })).toBeVisible();
        const [stored] = await sql<{ role: string; banned: boolean }>(
          "select role, banned from users where email = $1",
          [email],
        );
        expect(stored).toEqual({ role: "staff", banned: true });
        const audit = await sql<{ action: string; actor_label: string }>(
          "select action, actor_label from audit_log where subject_label = $1 order by at, action",
          [email],
        );
        expect(audit).toEqual([
          { action: "staff.invited", actor_label: "admin@e2e.test" },
          { action: "staff.invitation-resent", actor_label: "admin@e2e.test" },
          { action: "staff.role-changed", actor_label: "admin@e2e.test" },
          { action: "staff.disabled", actor_label: "admin@e2e.test" },
        ]);
        await expectNoSidewaysScroll(page);
        await expectAxeClean(page, `a disabled account on a ${screen.name}`);
        await page.screenshot({ path: `test-results/staff-account-${screen.name}.png`, fullPage: true });

        // Delete, after a question that names the person.
        await page.getByRole("button", { name: "Delete account" }).click();
        const dialog = page.getByRole("alertdialog");
        await expect(dialog).toContainText(`Delete the staff account of ${name} (${email})?`);
        await expectAxeClean(page, `the delete question on a ${screen.name}`);
        await dialog.getByRole("button", { name: "Delete account" }).click();
        await expect(page).toHaveURL(/\/members\/staff$/);
        await expect(page.getByTestId("toast")).toContainText(`The account of ${name} is deleted.`);
        await expect(page.getByTestId("staff-row").filter({ hasText: email })).toHaveCount(0);
      } finally {
        await sql("delete from users where email = $1", [email]);
      }
    });
  });
}

test("the shared admin's own page says why it cannot be disabled or deleted", async ({ page }) => {
  await signIn(page);
  const [me] = await sql<{ id: string }>("select id from users where email = 'admin@e2e.test'");
  await page.goto(`/members/staff/${me!.id}`);
  await expect(page.getByRole("heading", { name: "Sign-in and access" })).toBeVisible();
  await expect(page.getByText("This is your own account, so it cannot be disabled here")).toBeVisible();
  await expect(page.getByText("This is your own account, so it cannot be deleted here")).toBeVisible();
  await expect(page.getByRole("button", { name: "Disable account" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete account" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/staff-own-account.png", fullPage: true });
});

test("an admin makes an account with a temporary password; a common one is refused on the field", async ({
  page,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const email = `tess.${tag}@example.org`;
  try {
    await signIn(page);
    await page.goto("/members/staff");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const form = page.getByRole("region", { name: "Add a staff account" });
    await form.getByLabel("Name").fill(`Tess Temporary ${tag}`);
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("radio", { name: "Staff" }).check();
    await expect(form.getByLabel("Temporary password", { exact: true })).toHaveCount(0);
    await form.getByRole("radio", { name: "Set a temporary password" }).check();
    await form.getByLabel("Temporary password", { exact: true }).fill("Password1234");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(form.getByText("This password is too common")).toBeVisible();
    await expect(form.getByLabel("Temporary password", { exact: true })).toBeFocused();
    await expectAxeClean(page, "the add form showing an error");
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/staff-temporary-password-error.png", fullPage: true });

    await form.getByLabel("Temporary password", { exact: true }).fill("saffron ledger 4471");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("toast")).toContainText("Give Tess Temporary");
    const row = page.getByTestId("staff-row").filter({ hasText: email });
    await expect(row.getByTestId("staff-status")).toHaveText("Must change password");
    await expect(row.getByTestId("staff-role")).toHaveText("Staff");
  } finally {
    await sql("delete from users where email = $1", [email]);
  }
});
