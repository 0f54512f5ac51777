import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { PUBLIC_PATHS } from "../../app/lib/site-url";
import { expect, signIn, sql, test, visitorAddress, dataDir } from "./fixtures";

// The dashboard's "Set up your website" checklist and "Remove demo content". Other specs rely on
// the seeded demo rows, so this one sets them aside (is_demo = false) for the removal, removes
// demo rows of its own, and gives everything back afterwards.

test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const tag = `Setup${crypto.randomBytes(3).toString("hex")}`;
const uploads = () => path.join(dataDir, "uploads");
const eventImage = `${tag.toLowerCase()}-event.png`;
const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

const TABLES = ["sermons", "events", "documents"] as const;
/** The seeded demo rows, set aside while this spec runs, by table. */
const setAside: Record<string, string[]> = {};
let originalPhone = "";
let demoEventId = "";

async function openHydrated(page: Page, to: string) {
  await page.goto(to);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

test.beforeAll(async () => {
  for (const table of TABLES) {
    const rows = await sql<{ id: string }>(`update ${table} set is_demo = false where is_demo returning id`);
    setAside[table] = rows.map((row) => row.id);
  }
  const [church] = await sql<{ phone: string }>(
    "select data->>'phone' as phone from site_sections where key = 'church'",
  );
  originalPhone = church!.phone;
});

test.afterAll(async () => {
  for (const table of TABLES) {
    await sql(
      `update ${table} set is_demo = true where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
      [JSON.stringify(setAside[table] ?? [])],
    );
  }
  await sql(
    "update site_sections set data = jsonb_set(data, '{phone}', to_jsonb($1::text)) where key = 'church'",
    [originalPhone],
  );
  // Whatever a failed run left behind.
  await sql("delete from sermons where title like $1", [`${tag}%`]);
  await sql("delete from events where title like $1", [`${tag}%`]);
  await sql("delete from documents where file_name like $1", [`${tag}%`]);
  fs.rmSync(path.join(uploads(), eventImage), { force: true });
});

test("the dashboard lists what is left to set up, and an item goes once it is fixed", async ({ page }) => {
  await signIn(page);
  const checklist = page.getByRole("region", { name: "Set up your website" });
  await expect(checklist).toBeVisible();
  const phone = checklist.getByTestId("setup-item-phone");
  await expect(phone).toContainText("The phone number is still a placeholder.");
  await expect(phone).toContainText(originalPhone);
  await expect(phone.getByRole("link", { name: "Edit church details" })).toHaveAttribute(
    "href",
    "/members/site/church",
  );
  await expect(checklist.getByTestId("setup-item-pastors").getByRole("link")).toHaveAttribute(
    "href",
    "/members/site/pastors",
  );
  await expect(checklist.getByTestId("setup-item-ministry-leaders")).toContainText(
    "ministries still show an example leader.",
  );

  await sql(
    "update site_sections set data = jsonb_set(data, '{phone}', to_jsonb($1::text)) where key = 'church'",
    ["+973 1700 0000"],
  );
  await page.reload();
  await expect(checklist).toBeVisible();
  await expect(checklist.getByTestId("setup-item-phone")).toHaveCount(0);
  await expect(checklist.getByTestId("setup-item-email")).toBeVisible();
});

test("Remove demo content says what goes, removes only that, and leaves no dead links", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Demo rows of this spec's own: a sermon, an event with an uploaded picture, an eLibrary PDF.
  await sql(
    `insert into sermons (title, sermon_date, speaker, youtube_id, is_demo)
     values ($1, current_date - 7, 'Senior Pastor', 'demoSetup01', true)`,
    [`${tag} Sermon`],
  );
  fs.copyFileSync(path.join(uploads(), "1767225600003.png"), path.join(uploads(), eventImage));
  [{ id: demoEventId }] = (await sql<{ id: string }>(
    `insert into events (title, event_date, event_time, location_name, google_maps_url, image_url,
       image_object_path, is_demo)
     values ($1, current_date + 20, '18:00', 'Main hall', 'https://www.google.com/maps', $2, $3, true)
     returning id`,
    [`${tag} Event`, `/files/${eventImage}`, eventImage],
  )) as [{ id: string }];

  await signIn(page);
  await page.goto("/members/upload");
  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: `${tag} Guide.pdf`, mimeType: "application/pdf", buffer: pdfBytes });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("toast")).toContainText("Upload Complete!");
  const [document] = await sql<{ id: string; storage_object_path: string }>(
    "update documents set is_demo = true where file_name = $1 returning id, storage_object_path",
    [`${tag} Guide.pdf`],
  );
  const documentFile = path.join(uploads(), document!.storage_object_path);
  expect(fs.existsSync(documentFile)).toBe(true);

  await openHydrated(page, "/members");
  const checklist = page.getByRole("region", { name: "Set up your website" });
  await expect(checklist.getByTestId("setup-item-demo-sermons")).toContainText(
    "1 demo sermon is still published.",
  );
  await expect(checklist.getByTestId("setup-item-demo-events")).toContainText(
    "1 demo event is still published.",
  );
  await expect(checklist.getByTestId("setup-item-demo-documents")).toContainText(
    "1 demo eLibrary document is still published.",
  );

  // The confirmation names everything that goes; Cancel keeps it.
  await checklist.getByRole("button", { name: "Remove demo content" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("It cannot be undone.");
  await expect(dialog.getByRole("listitem")).toHaveText([
    `1 sermon: ${tag} Sermon`,
    `1 event: ${tag} Event`,
    `1 eLibrary document: ${tag} Guide.pdf`,
  ]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await sql(`select id from sermons where title = $1`, [`${tag} Sermon`])).toHaveLength(1);

  await checklist.getByRole("button", { name: "Remove demo content" }).click();
  await dialog.getByRole("button", { name: "Remove demo content" }).click();
  await expect(page.getByTestId("toast")).toContainText("Demo Content Removed");
  await expect(page.getByTestId("toast")).toContainText("Removed 1 sermon, 1 event and 1 eLibrary document.");
  for (const key of ["demo-sermons", "demo-events", "demo-documents"])
    await expect(checklist.getByTestId(`setup-item-${key}`)).toHaveCount(0);
  await expect(checklist.getByRole("button", { name: "Remove demo content" })).toHaveCount(0);

  // Only the demo rows went, with their files; the set-aside rows are all still there.
  for (const table of TABLES) {
    expect(await sql(`select id from ${table} where is_demo`), table).toEqual([]);
    const [{ n }] = (await sql<{ n: string }>(
      `select count(*) as n from ${table} where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
      [JSON.stringify(setAside[table])],
    )) as [{ n: string }];
    expect(Number(n), table).toBe(setAside[table]!.length);
  }
  expect(fs.existsSync(documentFile)).toBe(false);
  expect(fs.existsSync(path.join(uploads(), eventImage))).toBe(false);

  // No page links to anything that is gone (or to anything else that is missing).
  const answers = await crawl(request, baseURL!);
  const broken = [...answers].filter(([, status]) => status === 404 || status >= 500);
  expect(broken, "links answering 404 or 5xx").toEqual([]);
  const visited = [...answers.keys()];
  expect(visited.length).toBeGreaterThan(PUBLIC_PATHS.length);
  expect(visited.filter((link) => link.includes(demoEventId) || link.includes(document!.id))).toEqual([]);
  expect(visited).not.toContain(`/files/${document!.storage_object_path}`);
});

/**
 * Visits the public pages and the sitemap's addresses, then every internal link found on a public
 * page (pages, files, assets; members pages are checked but not followed). Returns each link's
 * status.
 */
async function crawl(request: APIRequestContext, baseURL: string): Promise<Map<string, number>> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  // The server's own address, and the one it writes into absolute links (the sitemap's).
  const siteOrigins = new Set([new URL(baseURL).origin, ...locs.map((url) => url.origin)]);
  const fromSitemap = locs.map((url) => url.pathname + url.search);

  const status = new Map<string, number>();
  const queue = [...new Set([...PUBLIC_PATHS, ...fromSitemap])];
  while (queue.length > 0) {
    const link = queue.shift()!;
    if (status.has(link)) continue;
    if (status.size > 1500)
      throw new Error("The crawl found more than 1500 links: is a link generated without end?");
    const answer = await request.get(link);
    status.set(link, answer.status());
    const followable =
      !link.startsWith("/members") &&
      !link.startsWith("/files/") &&
      !link.startsWith("/assets/") &&
      (answer.headers()["content-type"] ?? "").includes("text/html");
    if (!followable) continue;
    const html = await answer.text();
    for (const match of html.matchAll(/\shref="([^"]*)"/g)) {
      const href = match[1]!.replace(/&amp;/g, "&");
      if (!href || href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) continue;
      const url = new URL(href, new URL(link, baseURL));
      if (!siteOrigins.has(url.origin)) continue;
      const target = url.pathname + url.search;
      if (!status.has(target)) queue.push(target);
    }
  }
  return status;
}

test("the checklist is gone for good once everything is set up", async ({ page }) => {
  // Everything left is a placeholder in the content (the demo rows are set aside): fix them all.
  const sections = await sql<{ key: string; data: Record<string, unknown> }>(
    "select key, data from site_sections where key = 'church' or key = 'pastors' or key like 'ministry:%'",
  );
  const saved = new Map(sections.map((row) => [row.key, row.data]));
  try {
    await sql(`update site_sections set data = data || $1::jsonb where key = 'church'`, [
      JSON.stringify({
        phone: "+973 1700 0000",
        email: "office@actschurch.bh",
        address: "Building 12, Road 34, Manama",
        facebook: "https://www.facebook.com/actschurch",
        instagram: "",
        youtube: "",
      }),
    ]);
    await sql(
      `update site_sections set data = jsonb_set(data, '{pastors}', $1::jsonb) where key = 'pastors'`,
      [
        JSON.stringify([
          { name: "Pastor Ana Cruz", title: "Pastor", description: "", email: "", phone: "", image: "" },
        ]),
      ],
    );
    await sql(
      `update site_sections set data = jsonb_set(data, '{leader}', '""') where key like 'ministry:%'`,
    );
    // E-mail set up (as the e-mail settings screen stores it; each server reads it within seconds).
    await sql(`insert into settings (key, value) values ('office:mail', $1::jsonb)`, [
      JSON.stringify({ host: "127.0.0.1", port: 9, security: "none", from: "office@actschurch.bh" }),
    ]);
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Members Dashboard" })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "Set up your website" })).toHaveCount(0, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
  } finally {
    await sql(`delete from settings where key = 'office:mail'`);
    for (const [key, data] of saved)
      await sql("update site_sections set data = $2::jsonb where key = $1", [key, JSON.stringify(data)]);
    // The next specs find e-mail not set up again once the server has read the settings anew.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("setup-item-mail-server")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
});
