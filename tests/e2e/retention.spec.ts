import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

// Data retention as an administrator uses it (privacy issue): the periods in force, a bad number
// refused on its field, a new period saved and kept, at phone and desktop widths.
// tests/integration/retention.test.ts has the daily job, its counts and the refusals.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

test("an administrator sets how long Connect messages are kept", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  try {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/members/privacy");
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      await expect(page.getByRole("heading", { name: "Data retention", level: 1 })).toBeVisible();
      // The test servers run with RETENTION_HOUR=off (tests/integration/retention.test.ts has the hour).
      await expect(page.getByTestId("retention-last-run")).toContainText(
        "The daily clean-up is turned off on this server (RETENTION_HOUR=off).",
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`retention-${width}.png`), fullPage: true });
    }

    const messages = page.getByLabel("Connect messages");
    await expect(messages).toHaveValue("24");
    await messages.fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page
        .getByText(
          "Please enter how long to keep Connect messages as a whole number of months from 1 to 120.",
        )
        .first(),
    ).toBeVisible();
    await expect(messages).toHaveAttribute("aria-invalid", "true");

    await messages.fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "The new periods apply from the next daily clean-up.",
    );
    await page.reload();
    await expect(page.getByLabel("Connect messages")).toHaveValue("12");
    const [entry] = await sql<{ details: { to: { visitorMonths: number } } }>(
      "select details from audit_log where action = 'retention.changed' order by at desc limit 1",
    );
    expect(entry!.details.to.visitorMonths).toBe(12);
  } finally {
    // Other specs on this server expect the defaults.
    await sql("delete from settings where key = 'retention'");
  }
});
