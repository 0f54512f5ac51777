import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test } from "./fixtures";
import { createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// The members area's one frame: a side navigation on a laptop, a Menu on a phone, each role's own
// screens, the current page marked, the inbox's count of new messages, and the way out.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A connect message waiting in the inbox; returns a function that takes it away again. */
async function newMessage(tag: string) {
  await sql(
    `with v as (insert into visitors (name, mobile, email, message)
       values ($1, '+973 3300 1122', $2, 'Hello') returning id, created_at)
     insert into inbox_items (kind, source_id, created_at) select 'connect', id, created_at from v`,
    [`Layout ${tag}`, `layout.${tag}@example.org`],
  );
}

async function removeMessages(tag: string) {
  await sql("delete from inbox_items where source_id in (select id from visitors where email = $1)", [
    `layout.${tag}@example.org`,
  ]);
  await sql("delete from visitors where email = $1", [`layout.${tag}@example.org`]);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Members" });

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the side navigation groups every screen, marks the current one and counts new messages", async ({
    page,
  }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    await newMessage(tag);
    try {
      await signIn(page);
      // No site header or footer inside the members area.
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      for (const group of ["People", "Messages", "Content", "Website", "Settings"]) {
        await expect(nav(page).getByRole("list", { name: group })).toBeVisible();
      }
      await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      // The inbox's badge shows how many are new, here and on the dashboard.
      const badge = nav(page).getByTestId("nav-unread-badge");
      await expect(badge).toHaveText(/^\d+ new$/);
      const unread = Number((await badge.textContent())!.split(" ")[0]);
      await expect(page.getByTestId("unread-messages")).toContainText(String(unread));

      // A member's profile belongs to the list: it is the one marked.
      await nav(page).getByRole("link", { name: "Membership List" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Membership List" })).toBeVisible();
      await expect(nav(page).getByRole("link", { name: "Membership List" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav(page).locator("[aria-current=page]")).toHaveCount(1);

      // Handling a message lowers the count at once.
      await nav(page).getByRole("link", { name: /Inbox/ }).click();
      await page.getByRole("link", { name: new RegExp(`Layout ${tag}`) }).click();
      await expect(nav(page).getByRole("link", { name: /Inbox/ })).toHaveAttribute("aria-current", "page");
      await page.getByRole("button", { name: "Mark handled" }).click();
      await expect(nav(page).getByTestId("nav-unread-badge")).toHaveCount(unread - 1 > 0 ? 1 : 0);
      if (unread - 1 > 0)
        await expect(nav(page).getByTestId("nav-unread-badge")).toHaveText(`${unread - 1} new`);

      // The way back is in the same place on every screen.
      await nav(page).getByRole("link", { name: "Reports" }).click();
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
      await expectAxeClean(page, "the reports in the members layout (laptop)");

      await expect(page.getByTestId("signed-in-person")).toContainText("admin@e2e.test");
      await nav(page).getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL("/");
      await page.goto("/members/details");
      await expect(page).toHaveURL(/\/members\/login/);
    } finally {
      await removeMessages(tag);
    }
  });

  test("an editor sees only the content, the website and their account", async ({ page }) => {
    const editor = await createStaffAccount("Edna Editor");
    await sql("update users set role = 'editor' where id = $1", [editor.id]);
    await signIn(page, editor);
    // A retrying assertion: the dashboard may still be loading when sign-in returns.
    await expect(nav(page).getByRole("link")).toHaveText([
      "ACTS Church BahrainMembers area",
      "Dashboard",
      "Sermons",
      "Events",
      "Ministry Videos",
      "Ministry Images",
      "Files and eLibrary",
      "Website",
      "My Account",
      "View website",
    ]);
    await expect(nav(page).getByTestId("nav-unread-badge")).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the Menu opens the same navigation, closes on a choice and on Escape", async ({ page }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    await newMessage(tag);
    try {
      await signIn(page);
      await expectNoSidewaysScroll(page);
      const menu = page.getByRole("button", { name: /Menu/ });
      // The count of new messages shows on the Menu button too.
      await expect(menu.getByTestId("menu-unread-badge")).toHaveText(/^\d+ new$/);
      await expect(nav(page).getByRole("link", { name: "Reports" })).toBeHidden();

      await menu.tap();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await expect(nav(page).getByRole("link", { name: "Reports" })).toBeVisible();
      await expectAxeClean(page, "the members menu open (phone)");
      await nav(page).getByRole("link", { name: "Reports" }).tap();
      await expect(page).toHaveURL("/members/reports");
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(nav(page).getByRole("link", { name: "Sermons" })).toBeHidden();
      await expectNoSidewaysScroll(page);

      await menu.tap();
      await expect(nav(page).getByRole("link", { name: "Sermons" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(nav(page).getByRole("link", { name: "Sermons" })).toBeHidden();
      await expect(menu).toBeFocused();

      // Sign out is in the menu.
      await menu.tap();
      await nav(page).getByRole("button", { name: "Sign out" }).tap();
      await expect(page).toHaveURL("/");
    } finally {
      await removeMessages(tag);
    }
  });

  test("the registration form opened by the passcode has the frame without the navigation", async ({
    page,
  }) => {
    await page.goto("/members/forms");
    await expect(page.getByRole("heading", { name: "Verify Access" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(nav(page).getByRole("link", { name: "View website" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: /Menu/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
