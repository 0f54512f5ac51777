import { expect, signIn, sql, test } from "./fixtures";

// A staff member chooses a daily digest of one ministry's sign-ups; the choice is kept.

test.afterAll(async () => {
  await sql("delete from notification_preferences");
});

test("choose a daily digest of one ministry's sign-ups", async ({ page }) => {
  await signIn(page);
  await page.goto("/members");
  await page.getByRole("link", { name: /E-mail Notifications/ }).click();
  await expect(page.getByRole("heading", { name: "E-mail notifications", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("E-mail is not set up");
  const mine = page.locator("form").filter({ hasText: "What I am told" });
  await mine.getByLabel("Messages sent on the Connect page").uncheck();
  await mine.getByLabel("Sign-ups for every ministry").uncheck();
  await mine.getByText("Or only sign-ups for these ministries").click();
  await mine.getByLabel("Yadah (Dance)").check();
  await mine.getByLabel("One daily digest (after 7:00 AM)").check();
  await mine.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your e-mail notifications are updated.");
  await page.reload();
  await expect(mine.getByLabel("Yadah (Dance)")).toBeChecked();
  await expect(mine.getByLabel("One daily digest (after 7:00 AM)")).toBeChecked();
  const [row] = await sql<{ ministries: string[]; frequency: string; connect: boolean }>(
    "select ministries, frequency, connect from notification_preferences",
  );
  expect(row).toEqual({ ministries: ["yadah"], frequency: "daily", connect: false });
});
