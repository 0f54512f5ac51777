import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, signIn, sql, test } from "./fixtures";

// Staff give a seeded eLibrary document a title and a description, see them on the public page,
// and restore the uploaded details. The seeded documents are shared with other specs: the row and
// its history are put back as they were at the end.

test.describe.configure({ mode: "serial" });

const FILE = "Welcome Guide.pdf";
const XSS = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;

interface DocumentState {
  id: string;
  title: string | null;
  description: string | null;
  category: string;
  version: number;
  updated_by: string | null;
  updated_at: string | null;
}
let original: DocumentState;
let keptRevisions: string[] = [];

test.beforeAll(async () => {
  [original] = (await sql<DocumentState>(
    "select id, title, description, category, version, updated_by, updated_at from documents where file_name = $1",
    [FILE],
  )) as [DocumentState];
  expect(original, `the demo seed's ${FILE}`).toBeTruthy();
  keptRevisions = (
    await sql<{ id: string }>("select id from site_section_revisions where section_key = $1", [
      `document:${original.id}`,
    ])
  ).map((row) => row.id);
});

test.afterAll(async () => {
  await sql(
    `update documents set title = $2, description = $3, category = $4, version = $5, updated_by = $6,
       updated_at = $7 where id = $1`,
    [
      original.id,
      original.title,
      original.description,
      original.category,
      original.version,
      original.updated_by,
      original.updated_at,
    ],
  );
  await sql("delete from site_section_revisions where section_key = $1 and not (id::text = any($2))", [
    `document:${original.id}`,
    keptRevisions,
  ]);
});

async function openUploadScreen(page: Page) {
  await page.goto("/members/upload");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

async function openDetails(page: Page) {
  await page.getByRole("button", { name: `Edit details of ${FILE}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit details" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const card = (page: Page, text: string) => page.getByTestId("document-card").filter({ hasText: text });
const currentRow = async () =>
  (
    await sql<{ title: string | null; description: string | null; version: number }>(
      "select title, description, version from documents where id = $1",
      [original.id],
    )
  )[0]!;

test("staff give a document a title and description, the eLibrary shows them, and a restore undoes it", async ({
  page,
}) => {
  await signIn(page);
  await openUploadScreen(page);
  let dialog = await openDetails(page);
  await expect(dialog.getByLabel("Title (optional)")).toHaveValue(original.title ?? "");
  await expect(dialog.getByLabel("Category")).toHaveValue("elibrary");
  await dialog.getByLabel("Title (optional)").fill("A Guide for New Friends");
  await dialog
    .getByLabel("Description (optional)")
    .fill("Everything about your first Friday.\nWhere to park.\n\nWe are glad you came!");
  await dialog.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("toast")).toContainText("Details Saved");
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("document-row").filter({ hasText: FILE });
  await expect(row.getByRole("link")).toHaveText("A Guide for New Friends");
  await expect(row.getByTestId("document-edited")).toHaveText(
    /^Edited by admin, [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/,
  );
  expect(await currentRow()).toMatchObject({
    title: "A Guide for New Friends",
    version: original.version + 1,
  });

  await page.goto("/media/elibrary");
  const shown = card(page, "A Guide for New Friends");
  await expect(shown.getByRole("heading", { level: 2 })).toHaveText("A Guide for New Friends");
  // The small print still says which file it is.
  await expect(shown).toContainText(FILE);
  const paragraphs = shown.getByTestId("document-description").locator("p");
  await expect(paragraphs).toHaveCount(2);
  expect(await paragraphs.first().evaluate((p: HTMLElement) => p.innerText)).toBe(
    "Everything about your first Friday.\nWhere to park.",
  );
  await expect(paragraphs.nth(1)).toHaveText("We are glad you came!");
  await expect(shown).not.toContainText("A resource from our church eLibrary");
  // The others keep the fixed text.
  await expect(card(page, "Bible Reading Plan")).toContainText(
    "A resource from our church eLibrary, free to read and download.",
  );

  // The history lists both versions; restoring the uploaded one brings the file name back.
  await openUploadScreen(page);
  dialog = await openDetails(page);
  await dialog.getByText(/^History \(2 versions\)$/).click();
  const entries = dialog.getByTestId("history-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`Version ${original.version + 1} (current)`);
  await expect(entries.first()).toContainText("admin");
  await expect(entries.nth(1)).toContainText(`Version ${original.version}`);
  await expect(entries.nth(1)).toContainText("Uploaded");
  expect(
    await axeViolations(page, { tags: ["wcag2a", "wcag2aa"], include: '[role="dialog"]' }),
    "the details dialog with its history",
  ).toEqual([]);

  await entries
    .nth(1)
    .getByRole("button", { name: `Restore version ${original.version}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Version Restored");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("link")).toHaveText(FILE);
  expect(await currentRow()).toMatchObject({ title: null, description: null, version: original.version + 2 });

  await page.goto("/media/elibrary");
  const back = card(page, "Welcome Guide");
  await expect(back.getByRole("heading", { level: 2 })).toHaveText("Welcome Guide");
  await expect(back).toContainText("A resource from our church eLibrary, free to read and download.");
  await expect(card(page, "A Guide for New Friends")).toHaveCount(0);
});

test("a save over someone else's newer version is refused, says who, and keeps what was typed", async ({
  page,
}) => {
  await signIn(page);
  await openUploadScreen(page);
  const dialog = await openDetails(page);
  // Someone else saves while the dialog is open.
  await sql(
    "update documents set title = 'Changed Elsewhere', version = version + 1, updated_by = 'Grace Lim', updated_at = now() where id = $1",
    [original.id],
  );
  const before = await currentRow();
  await dialog.getByLabel("Title (optional)").fill("My Title");
  await dialog.getByLabel("Description (optional)").fill("My words.");
  await dialog.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("toast")).toContainText("Changed by someone else");
  await expect(dialog.getByRole("alert")).toContainText(
    /^This document was changed by Grace Lim at .+, after you opened it\. Nothing was saved/,
  );
  await expect(dialog.getByLabel("Title (optional)")).toHaveValue("My Title");
  await expect(dialog.getByLabel("Description (optional)")).toHaveValue("My words.");
  expect(await currentRow()).toEqual(before);

  // Opened again, the form starts from the newer version, and saves.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  const again = await openDetails(page);
  await expect(again.getByLabel("Title (optional)")).toHaveValue("Changed Elsewhere");
  await again.getByLabel("Title (optional)").fill("My Title");
  await again.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("toast")).toContainText("Details Saved");
  expect(await currentRow()).toMatchObject({ title: "My Title", version: before.version + 1 });
});

test("a title and description with markup show as text, and no script runs", async ({ page }) => {
  await signIn(page);
  await openUploadScreen(page);
  const dialog = await openDetails(page);
  await dialog.getByLabel("Title (optional)").fill(XSS);
  await dialog.getByLabel("Description (optional)").fill(XSS);
  await dialog.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("toast")).toContainText("Details Saved");
  expect((await currentRow()).title).toBe(XSS);
  await expect(page.getByTestId("document-row").filter({ hasText: FILE }).getByRole("link")).toHaveText(XSS);

  await page.goto("/media/elibrary");
  const shown = page.getByTestId("document-card").filter({ hasText: FILE });
  await expect(shown.getByRole("heading", { level: 2 })).toHaveText(XSS);
  await expect(shown.getByTestId("document-description")).toHaveText(XSS);
  await expect(shown.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await openUploadScreen(page);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});

test("a save for a document deleted meanwhile says so, and the list drops it", async ({ page }) => {
  const [{ id }] = (await sql<{ id: string }>(
    `insert into documents (file_name, file_path, file_size, category, storage_object_path)
     values ('E2E Soon Gone.pdf', 'e2e-soon-gone.pdf', 10, 'gospel-track', 'e2e-soon-gone.pdf') returning id`,
  )) as [{ id: string }];
  try {
    await signIn(page);
    await openUploadScreen(page);
    await page.getByRole("button", { name: "Edit details of E2E Soon Gone.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit details" });
    await dialog.getByLabel("Title (optional)").fill("Too late");
    await sql("delete from documents where id = $1", [id]);
    await dialog.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByTestId("toast")).toContainText("Document Not Found");
    await expect(page.getByTestId("toast")).toContainText("no longer exists");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("document-row").filter({ hasText: "E2E Soon Gone.pdf" })).toHaveCount(0);
    expect(
      await sql("select id from site_section_revisions where section_key = $1", [`document:${id}`]),
    ).toEqual([]);
  } finally {
    await sql("delete from documents where id = $1", [id]);
  }
});
