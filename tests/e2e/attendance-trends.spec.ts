import { addDays, dayOfWeek, todayInChurchZone } from "../../app/lib/dates";
import { expectAxeClean } from "./axe";
import { parseCsv } from "../helpers/csv";
import { expect, signIn, sql, test } from "./fixtures";

// Headcounts and their trend (issue 37's acceptance): headcounts for 10 Fridays, nine written
// straight into the database and the last entered on the Headcounts screen; then the trend
// chart is drawn, and its words, its table and its CSV file say the same. At 390 px and 1280 px
// the page fits without scrolling sideways and passes axe.

const today = todayInChurchZone();
const lastFriday = addDays(today, -((dayOfWeek(today) - 5 + 7) % 7));
const fridays = Array.from({ length: 10 }, (_, i) => addDays(lastFriday, -7 * i)); // newest first

test("headcounts of 10 Fridays: the chart, its table and its CSV agree", async ({ page }) => {
  test.setTimeout(120_000);
  await sql("delete from headcounts where service_name = 'Worship Service' and service_date >= $1", [
    addDays(lastFriday, -7 * 70),
  ]);
  for (const [i, date] of fridays.slice(1).entries()) {
    await sql(
      `insert into headcounts (service_date, service_name, adults, children, online, first_time, recorded_by)
       values ($1, 'Worship Service', $2, $3, $4, $5, 'e2e')`,
      [date, 150 - i * 5, 20 + i, 40 - i, i % 3],
    );
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/members/attendance");
  const card = page.locator(`[data-occasion="service|${lastFriday}|Worship Service"]`);
  await card.getByLabel("Adults").fill("172");
  await card.getByLabel("Children").fill("31");
  await card.getByLabel("Online viewers").fill("55");
  await card.getByLabel("First-time visitors").fill("4");
  await card.getByRole("button", { name: /Save counts/ }).click();
  await expect(page.getByTestId("change-notice")).toContainText("Counts saved");
  await expect(card.getByTestId("occasion-summary")).toContainText("203 counted (172 adults, 31 children)");
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await page.goto("/members/reports/attendance?range=12w");
  await expect(page.getByTestId("weekly-chart")).toHaveAttribute("data-drawn", "true");
  const table = page.getByTestId("weekly-table");
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll("th, td")].map((cell) =>
          cell.textContent === "–" ? "" : (cell.textContent ?? ""),
        ),
      ),
    );
  expect(rows).toHaveLength(12);
  // The ten Fridays in the table, oldest first: in person = adults + children.
  const expected = [...fridays].reverse().map((date, index) => {
    const i = 8 - index; // the seeded row's index (the newest is the one entered)
    return date === lastFriday ? [date, "203"] : [date, String(150 - i * 5 + 20 + i)];
  });
  expect(rows.slice(2).map((row) => row.slice(0, 2))).toEqual(expected);
  const last = rows.at(-1)!;
  // The chart's words name the last week's figures, as the table has them.
  const summary = await page.getByTestId("weekly-chart").locator("canvas").getAttribute("aria-label");
  expect(summary).toContain(
    `${lastFriday}: ${last[1]} in person, 4-week average ${last[2]}, 12-week average ${last[3]}`,
  );

  // The CSV file is the table.
  const csv = await page.request.get("/members/reports/attendance/export/weekly?range=12w");
  expect(csv.status()).toBe(200);
  const csvRows = parseCsv(await csv.text());
  const header = await table.locator("thead th").allTextContents();
  expect(csvRows[0]).toEqual(header);
  expect(csvRows.slice(1)).toEqual(rows);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `sideways scroll at ${width} px`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`trends-${width}.png`), fullPage: true });
    await expectAxeClean(page, `the attendance trends at ${width} px`);
  }
});

test("an usher counts from a signed link on a phone with scripts off; an altered link writes nothing", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/members/attendance");
  await page.getByLabel("The usher's name").fill("Ruth Usher");
  await page.getByRole("button", { name: "Make a link" }).click();
  const url = await page.getByTestId("usher-url").inputValue();
  const token = url.split("/headcount/")[1]!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  try {
    const usher = await phone.newPage();
    const response = await usher.goto(`/headcount/${token}`);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    await expect(usher.getByText("Hello Ruth Usher.")).toBeVisible();
    await usher.getByLabel("Service or event").selectOption(`service|${lastFriday}|Worship Service`);
    await usher.getByLabel("Adults").fill("181");
    await usher.getByLabel("Children").fill("22");
    await usher.getByRole("button", { name: "Save" }).click();
    await expect(usher.getByTestId("notice")).toContainText("Saved: Worship Service");
    expect(
      await usher.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const [row] = await sql<{ adults: number; recorded_by: string }>(
      "select adults, recorded_by from headcounts where service_date = $1 and service_name = 'Worship Service'",
      [lastFriday],
    );
    expect(row).toEqual({ adults: 181, recorded_by: "usher:Ruth Usher" });

    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await usher.goto(`/headcount/${altered}`);
    expect(refused!.status()).toBe(404);
    await expect(usher.getByTestId("closed-link")).toContainText("This link is not valid");
    await expect(usher.getByLabel("Adults")).toHaveCount(0);

    // axe runs in the page, so it looks at the same link in a browser with scripts.
    await page.goto(`/headcount/${token}`);
    await expect(page.getByText("Hello Ruth Usher.")).toBeVisible();
    await expectAxeClean(page, "the usher's page at 390 px");
  } finally {
    await phone.close();
  }
});
