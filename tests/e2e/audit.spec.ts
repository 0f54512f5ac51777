import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parseCsv } from "../helpers/csv";
import { expectNoViolations } from "./axe";
import { E2E_ADMIN, expect, signIn, sql, test, visitorAddress } from "./fixtures";

// The audit log as an administrator uses it: a member's record is changed, and the change can be
// found again (on a phone and on a desktop) by filtering for that member, read with its old and
// new values, downloaded as a CSV, and seen in the member's own history on their profile.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("an administrator finds a member's change in the audit log, downloads it, and sees it on the profile", async ({
  page,
}) => {
  // Two widths, axe on each, a download and the profile: more than the default time on a busy machine.
  test.setTimeout(60_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const firstName = `Audit${tag}`;
  // Numbers of this run's own, so a retry never finds the first try's member as a duplicate.
  const digits = String(crypto.randomInt(1_000_000, 9_999_999));
  const [before, after] = [`3${digits}`, `4${digits}`];
  const name = `${firstName} Santos`;
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile) values ($1, 'Santos', $2, $3) returning id`,
    [firstName, `audit.${tag}@example.org`, before],
  );
  const id = member!.id;

  await signIn(page);
  await page.goto(`/members/edit/${id}`);
  await page.getByLabel("Mobile *").fill(after);
  await page.getByLabel("Address (Bahrain)").fill("Building 12, Road 3, Manama");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Update Successful!");

  for (const { name: width, ...size } of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto("/members/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    // Once scripts run, the address keeps only the filters chosen.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByLabel("About member").selectOption({ label: name });
    await page.getByRole("button", { name: "Show entries" }).click();
    await expect(page).toHaveURL(new RegExp(`/members/audit\\?member=${id}$`));

    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry.getByTestId("audit-summary")).toHaveText(`Changed member ${name}`);
    await expect(entry).toContainText(E2E_ADMIN.email);
    await expect(entry.getByRole("listitem")).toHaveText([
      `Mobile: ${before} → ${after}`,
      "Address (Bahrain): (empty) → Building 12, Road 3, Manama",
    ]);
    await expect(
      page.getByRole("status").filter({ hasText: "1 entry matches these filters." }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoViolations(page, `the filtered audit log (${width})`);
    await screenshot(page, `audit-${width}`);
  }

  // The CSV holds the same entry, every value whole, and taking it is recorded.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit_log_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(fs.readFileSync((await download.path())!, "utf8"));
  expect(header).toEqual(["When (Bahrain time)", "Who", "Address (IP)", "What", "Action"]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(1)).toEqual([
    E2E_ADMIN.email,
    expect.stringMatching(/^[\d.:a-f]+$/),
    `Changed member ${name}: Mobile: ${before} → ${after}; Address (Bahrain): (empty) → Building 12, Road 3, Manama`,
    "member.updated",
  ]);
  await page.goto("/members/audit?action=exports");
  await expect(page.getByTestId("audit-entry").first().getByTestId("audit-summary")).toHaveText(
    "Exported the audit log (1 row)",
  );

  // The member's profile keeps their own history, with the way to the full log for an administrator.
  for (const { name: width, ...size } of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/members/profile/${id}`);
    const history = page.getByRole("list", { name: "History" });
    await expect(history.getByTestId("audit-entry")).toHaveCount(1);
    await expect(history).toContainText(`Changed member ${name}`);
    await expect(history).toContainText(`Mobile: ${before} → ${after}`);
    await expectNoSidewaysScroll(page);
    await expectNoViolations(page, `a member's profile with its history (${width})`);
    await screenshot(page, `profile-history-${width}`);
  }
  await page.getByRole("link", { name: "See this member in the audit log" }).click();
  await expect(page).toHaveURL(`/members/audit?member=${id}`);
  await expect(page.getByLabel("About member")).toHaveValue(id);
  await expect(page.getByTestId("audit-entry")).toHaveCount(1);
});

test("a filter that cannot be right is named on its field, and nothing is listed", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/audit?from=2026-02-30&to=2026-01-01");
  await expect(page.getByText("Please enter a date, such as 2026-11-23.")).toBeVisible();
  await expect(page.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByRole("status").filter({ hasText: "Please correct the filters above." }),
  ).toBeVisible();
  await expect(page.getByTestId("audit-entry")).toHaveCount(0);
  await expectNoViolations(page, "the audit log with a wrong filter");
});
