import ExcelJS from "exceljs";
import type { Page, TestInfo } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./staff-account";

// Each flow walks several screens at three widths with axe: longer than one screen's test.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const CSV = [
  "First Name;Last Name;E-mail;Mobile Number;Date of Birth;Ministries;Notes",
  "Alma;Importova;alma.importova@example.org;+973 3950 0001;03/10/1990;Amplify, TEE;likes tea",
  "Bruno;Importova;bruno.importova@example.org;39500002;1985-02-28;;",
  ";Importova;nofirst.importova@example.org;39500003;;;",
  "Carla;Importova;carla.importova@example.org;39500004;31/02/1990;;",
  "Dario;Importova;dario.importova@example.org;39500005;;Choir;",
  "Ema;Importova;bruno.importova@example.org;39500006;;;",
  "Fidel;Importova-Longname-With-A-Very-Long-Surname;fidel.with.a.really.long.address.importova@example.org;;3 Oct 1991;;",
].join("\r\n");

async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto("/members/import");
  await page.getByLabel("Spreadsheet file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and check" }).click();
}

/** Axe, no sideways scroll and a screenshot, on a phone (390 and 360 px) and on a laptop. */
async function checkLayouts(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390, 360]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await expectNoSidewaysScroll(page);
    if (width === 360) continue;
    await expectAxeClean(page, `${name} at ${width}px`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function undo(page: Page, fileName: string, members: number, options: { axe?: boolean } = {}) {
  await page.goto("/members/import");
  await page.getByRole("button", { name: `Undo import of ${fileName}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`This removes the ${members} members added from “${fileName}”.`);
  if (options.axe) await expectAxeClean(page, "the undo confirmation");
  await dialog.getByRole("button", { name: `Undo import, remove ${members} members` }).click();
  await expect(page.getByTestId("toast")).toContainText("Import Undone");
  await expect(page.getByTestId("toast")).toContainText(
    `${members} members added from “${fileName}” removed.`,
  );
}

test.beforeAll(async () => {
  await sql("delete from members where last_name like 'Importova%' or last_name = 'Sheetson'");
  await sql("delete from member_imports");
});

test("staff import a CSV with problems shown row by row, find the members, and undo the import", async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto("/members");
  await page.getByRole("link", { name: "Import Members" }).first().click();
  await expect(page.getByRole("heading", { name: "Import Members", level: 1 })).toBeVisible();
  await expect(page.getByText("No imports yet.")).toBeVisible();

  await uploadFile(page, { name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${CSV}`) });
  await page.waitForURL(/\/members\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Check the Import" })).toBeVisible();

  // The columns were guessed from their names; Notes is not imported.
  await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("firstName");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("email");
  await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveValue("birthday");
  await expect(page.getByLabel("Notes", { exact: true })).toHaveValue("");

  // A detail that cannot be read is left empty and the row imported; only a missing or wrong
  // required detail, or a repeat, skips a row.
  await expect(page.getByTestId("import-summary")).toHaveText(
    /^7 rows: 4 ready \(2 with a detail left empty\), 3 skipped\. A detail that cannot be read/,
  );
  const preview = page.getByTestId("import-preview");
  await expect(preview.getByTestId("preview-row")).toHaveCount(7);
  await expect(preview).toContainText("First name is required.");
  await expect(preview).toContainText("Birthday: “31/02/1990” is not a real date. Left empty.");
  await expect(preview).toContainText("Unknown ministry “Choir”: left out.");
  await expect(preview).toContainText("Same e-mail as row 3.");
  await expect(preview).toContainText("Mobile number is required.");
  await expect(
    page
      .getByTestId("skipped-rows")
      .getByRole("listitem")
      .filter({ hasText: /^Row \d/ }),
  ).toHaveCount(3);
  await expect(page.getByTestId("emptied-rows").locator(":scope > li")).toHaveText([
    /^Row 5 \(Carla, .*Birthday: “31\/02\/1990” is not a real date\. Left empty\.$/,
    /^Row 6 \(Dario, .*Unknown ministry “Choir”: left out\.$/,
  ]);

  // Choosing a column checks the rows again.
  await page.getByLabel("Notes", { exact: true }).selectOption("nickname");
  await expect(preview.getByRole("columnheader", { name: /Notes/ })).toBeVisible();
  await expect(preview).toContainText("likes tea");

  await checkLayouts(page, testInfo, "import-review");

  // The ministry the church does not have goes in as one of ours.
  await page.getByLabel("“Choir” in 1 row").selectOption({ label: "Amplify (Music)" });
  await page.getByRole("button", { name: "Import 4 members" }).click();
  await page.waitForURL("/members/import");
  await expect(page.getByTestId("toast")).toContainText("Import Complete");
  await expect(page.getByTestId("toast")).toContainText(
    "4 members added from “members.csv”. 3 rows with problems skipped.",
  );
  const item = page.getByTestId("import-item").filter({ hasText: "members.csv" });
  await expect(item.getByTestId("import-status")).toHaveText("Imported");
  await expect(item).toContainText("Imported4");
  await expect(item).toContainText("Skipped3");
  await checkLayouts(page, testInfo, "import-history");

  const [alma] = await sql<{ birthday: string; ministries: string[]; nickname: string; import_id: string }>(
    "select birthday::text, ministry_involvement as ministries, nickname, import_id from members where email = 'alma.importova@example.org'",
  );
  expect(alma).toMatchObject({
    birthday: "1990-10-03",
    ministries: ["amplify", "tee"],
    nickname: "likes tea",
  });
  expect(
    await sql<{ first_name: string; birthday: string | null; ministries: string[] }>(
      "select first_name, birthday::text, ministry_involvement as ministries from members where first_name in ('Carla', 'Dario') and last_name = 'Importova' order by first_name",
    ),
  ).toEqual([
    { first_name: "Carla", birthday: null, ministries: [] },
    { first_name: "Dario", birthday: null, ministries: ["amplify"] },
  ]);

  await page.goto("/members/details?q=Importova");
  await expect(page.getByTestId("member-row")).toHaveCount(4);
  await expect(page.getByRole("cell", { name: "Alma Importova", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Bruno Importova", exact: true })).toBeVisible();

  await page.goto("/members/import");
  await page.getByRole("link", { name: "Details of import members.csv" }).click();
  await expect(page.getByRole("heading", { name: "Import Details" })).toBeVisible();
  await expect(page.getByText("4 members imported")).toBeVisible();
  await checkLayouts(page, testInfo, "import-details");

  await undo(page, "members.csv", 4, { axe: true });
  await expect(item.getByTestId("import-status")).toHaveText("Undone");
  await page.goto("/members/details?q=Importova");
  await expect(page.getByText("No members found.")).toBeVisible();
  expect(await sql("select id from members where last_name = 'Importova'")).toEqual([]);
});

test("staff import an Excel workbook, date cells and problems included, and undo it", async ({ page }) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Members");
  sheet.addRow(["Name", "Email", "Mobile", "Birthday", "Ministry Involvement", "Status"]);
  sheet.addRow([
    "Gina Sheetson",
    "gina.sheetson@example.org",
    33951111,
    new Date(Date.UTC(1992, 4, 17)),
    "Yadah (Dance)",
    "active",
  ]);
  sheet.addRow([
    "Hugo Sheetson",
    "hugo.sheetson@example.org",
    "+63 9171234567",
    "17 May 1993",
    "",
    "Inactive",
  ]);
  sheet.addRow(["Ivo Sheetson", "ivo.sheetson@example.org", "", "10/25/1990", "Dance Team", "Member"]);
  sheet.getCell("D2").numFmt = "dd/mm/yyyy";
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await signIn(page);
  await uploadFile(page, {
    name: "members.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
  await page.waitForURL(/\/members\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("fullName");
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("1992-05-17");
  await expect(preview).toContainText("Mobile number is required.");
  await expect(preview).toContainText("has the month first");
  await expect(preview).toContainText("Unknown ministry “Dance Team”: left out.");
  await expect(preview).toContainText("Unknown membership status “Member”");
  await expect(page.getByTestId("import-summary")).toHaveText(/^3 rows: 2 ready, 1 skipped\./);

  await page.getByRole("button", { name: "Import 2 members" }).click();
  await page.waitForURL("/members/import");
  await expect(page.getByTestId("toast")).toContainText("2 members added from “members.xlsx”.");

  await page.goto("/members/details?q=Sheetson");
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  await expect(page.getByRole("cell", { name: "Gina Sheetson", exact: true })).toBeVisible();
  const [gina] = await sql<{ birthday: string; ministries: string[] }>(
    "select birthday::text, ministry_involvement as ministries from members where email = 'gina.sheetson@example.org'",
  );
  expect(gina).toEqual({ birthday: "1992-05-17", ministries: ["yadah"] });

  await undo(page, "members.xlsx", 2);
  await page.goto("/members/details?q=Sheetson");
  await expect(page.getByText("No members found.")).toBeVisible();
});

test("a file that is too large or not a spreadsheet is refused with a clear message", async ({ page }) => {
  const before = await sql<{ n: number }>("select count(*)::int as n from member_imports");
  await signIn(page);

  await uploadFile(page, {
    name: "members.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "not a spreadsheet" })).toHaveText(
    "“members.xlsx” is a PDF file, not a spreadsheet. Please choose a CSV file or an Excel workbook (.xlsx).",
  );
  await expect(page).toHaveURL("/members/import");

  // Checked in the browser before anything is sent (the server refuses it too).
  await page.getByLabel("Spreadsheet file").setInputFiles({
    name: "huge.csv",
    mimeType: "text/csv",
    buffer: Buffer.alloc(20 * 1024 * 1024, "a"),
  });
  await expect(page.getByRole("alert")).toHaveText("The file is too large. Files can be at most 10MB.");
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL("/members/import");
  expect(await sql<{ n: number }>("select count(*)::int as n from member_imports")).toEqual(before);
});
