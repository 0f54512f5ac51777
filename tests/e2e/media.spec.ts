import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { prepareImage } from "../../app/server/platform/images.server";
import { axeViolations } from "./axe";
import { dataDir, expect, sql, test } from "./fixtures";

test("/media has the two cards: Sermons and eLibrary", async ({ page }) => {
  await page.goto("/media");
  await expect(page).toHaveTitle("Media | ACTS Church Bahrain");
  const cards = page.getByTestId("media-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText("Sermons");
  await expect(cards.nth(0).getByRole("link")).toHaveAttribute("href", "/media/sermons");
  await expect(cards.nth(1).getByRole("heading", { level: 2 })).toHaveText("eLibrary");
  await expect(cards.nth(1).getByRole("link")).toHaveAttribute("href", "/media/elibrary");
  await cards.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "eLibrary" })).toBeVisible();
});

test.describe("sermons", () => {
  const tag = `E2E ${crypto.randomBytes(3).toString("hex")}`;

  test.beforeAll(async () => {
    // Around the demo seed's four: one newer than all (two on that date, the later added first),
    // one older than all.
    await sql(
      `insert into sermons (title, sermon_date, speaker, youtube_id, created_at) values
        ($1, '2999-12-31', 'Guest Speaker', 'e2eTieAAAAA', now() - interval '1 hour'),
        ($2, '2999-12-31', 'Guest Speaker', 'e2eTieBBBBB', now()),
        ($3, '2000-01-07', 'Founding Pastor', 'e2eOldCCCCC', now())`,
      [`${tag} tie added first`, `${tag} tie added later`, `${tag} oldest`],
    );
  });
  test.afterAll(async () => {
    await sql("delete from sermons where title like $1", [`${tag} %`]);
  });

  test("come newest first, each with its video, title, speaker and month/day badge", async ({ page }) => {
    await page.goto("/media/sermons");
    await expect(page).toHaveTitle("Sermons | ACTS Church Bahrain");
    const expected = await sql<{ title: string; speaker: string; sermon_date: string }>(
      "select title, speaker, to_char(sermon_date, 'YYYY-MM-DD') as sermon_date from sermons order by sermon_date desc, created_at desc",
    );
    expect(expected.length).toBeGreaterThanOrEqual(7);
    const cards = page.getByTestId("sermon-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(expected.map((s) => s.title));
    await expect(cards.first()).toContainText(`${tag} tie added later`);
    await expect(cards.nth(1)).toContainText(`${tag} tie added first`);
    await expect(cards.last()).toContainText(`${tag} oldest`);

    const first = cards.first();
    await expect(first.getByTestId("video-preview")).toBeVisible();
    await expect(first).toContainText("Guest Speaker");
    await expect(first.getByTestId("sermon-date")).toHaveAttribute("datetime", "2999-12-31");
    await expect(first.getByTestId("sermon-date")).toContainText("Dec");
    await expect(first.getByTestId("sermon-date")).toContainText("31");
    await expect(cards.last().getByTestId("sermon-date")).toContainText("Jan");
    await expect(cards.last().getByTestId("sermon-date")).toContainText("7");
  });

  test("load the video player only when a preview is clicked", async ({ page }) => {
    // Keep the test off the internet: answer for the video platform's player with an empty page.
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await page.goto("/media/sermons");
    await expect(page.locator("iframe")).toHaveCount(0);
    const card = page.getByTestId("sermon-card").filter({ hasText: `${tag} oldest` });
    await card.getByRole("link", { name: `Play video: ${tag} oldest` }).click();
    const player = card.locator("iframe");
    await expect(player).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/e2eOldCCCCC(\?|$)/,
    );
    await expect(player).toHaveAttribute("title", `${tag} oldest`);
    await expect(page.locator("iframe")).toHaveCount(1);
  });

  test("fill four columns on a large screen and one on a phone", async ({ page }) => {
    const columns = async (p: Page) =>
      p
        .getByTestId("sermon-grid")
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/media/sermons");
    expect(await columns(page)).toBe(4);
    const tops = await page
      .getByTestId("sermon-card")
      .evaluateAll((cards) => cards.slice(0, 5).map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(tops[4]).toBeGreaterThan(tops[0]!);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await columns(page)).toBe(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

test("a long sermon list comes 24 at a time, newest first, with links to older and newer", async ({
  page,
}) => {
  await sql(
    `insert into sermons (sermon_date, title, speaker, youtube_id)
     select date '2099-01-01' + g, 'Paged sermon ' || g, 'Guest', 'abcdefghijk' from generate_series(1, 30) g`,
  );
  try {
    await page.goto("/media/sermons");
    const cards = page.getByTestId("sermon-card");
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toContainText("Paged sermon 30");
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager.getByRole("link", { name: "Newer sermons" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Older sermons" }).click();
    await expect(page).toHaveURL(/\/media\/sermons\?page=2$/);
    await expect(cards.first()).toContainText("Paged sermon 6");
    await expect(pager).toContainText("Page 2 of");
    await pager.getByRole("link", { name: "Newer sermons" }).click();
    await expect(page).toHaveURL(/\/media\/sermons$/);
    await expect(cards.first()).toContainText("Paged sermon 30");
  } finally {
    await sql("delete from sermons where title like 'Paged sermon %'");
  }
});

test("the sermons and the eLibrary are in the HTML before any script runs", async ({ request }) => {
  const sermons = await request.get("/media/sermons");
  expect(sermons.status()).toBe(200);
  const sermonsHtml = await sermons.text();
  for (const title of [
    "Walking by Faith",
    "The Good Shepherd",
    "Rooted in Love",
    "Faithful in Small Things",
  ]) {
    expect(sermonsHtml).toContain(title);
  }
  expect(sermonsHtml).not.toContain("<iframe");
  expect(sermonsHtml).toContain('<meta name="description"');

  const library = await request.get("/media/elibrary");
  expect(library.status()).toBe(200);
  const libraryHtml = await library.text();
  for (const title of ["Welcome Guide", "Bible Reading Plan", "Worship Night Poster"])
    expect(libraryHtml).toContain(title);
  expect(libraryHtml).toContain("<title>eLibrary | ACTS Church Bahrain</title>");
});

test("the Media pages pass an automated accessibility check (WCAG 2 A and AA)", async ({ page }) => {
  for (const path of ["/media", "/media/sermons", "/media/elibrary"]) {
    await page.goto(path);
    expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa"] }), path).toEqual([]);
  }
  await page
    .getByTestId("document-card")
    .filter({ hasText: "Worship Night Poster" })
    .getByRole("link", { name: /^Read/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa"], include: "dialog[open]" })).toEqual([]);
});

test.describe("eLibrary", () => {
  test("shows each document under its name without the extension, with the fixed description", async ({
    page,
  }) => {
    await page.goto("/media/elibrary");
    await expect(page).toHaveTitle("eLibrary | ACTS Church Bahrain");
    const cards = page.getByTestId("document-card");
    const titles = await cards.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining(["Welcome Guide", "Bible Reading Plan", "Worship Night Poster"]),
    );
    for (const title of titles) expect(title).not.toMatch(/\.(pdf|png)$/i);
    for (const card of await cards.all()) {
      await expect(card).toContainText("A resource from our church eLibrary, free to read and download.");
      await expect(card.getByRole("link", { name: /^Read/ })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Download/ })).toBeVisible();
    }
  });

  test("opens an image in the viewer, which closes on Escape, on X and on the backdrop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/media/elibrary");
    const read = page
      .getByTestId("document-card")
      .filter({ hasText: "Worship Night Poster" })
      .getByRole("link", { name: /^Read/ });
    const viewer = page.getByRole("dialog", { name: "Worship Night Poster" });

    await read.click();
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole("img", { name: "Worship Night Poster" });
    await expect(image).toHaveAttribute("src", /^\/files\/[\w.-]+\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(read).toBeFocused();

    await read.click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();

    await read.click();
    await expect(viewer).toBeVisible();
    // The dialog starts listening for outside clicks a moment after it opens: on a busy machine
    // the first click can come before that, so click again until it closes.
    await expect(async () => {
      await page.mouse.click(10, 10);
      await expect(viewer).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    expect(page.context().pages()).toHaveLength(1);
  });

  test("opens other files in a new tab at their public address", async ({ page }) => {
    await page.goto("/media/elibrary");
    const read = page
      .getByTestId("document-card")
      .filter({ hasText: "Welcome Guide" })
      .getByRole("link", { name: /^Read/ });
    await expect(read).toHaveAttribute("target", "_blank");
    await expect(read).toHaveAttribute("rel", /noopener/);
    await expect(read).toHaveAttribute("href", /^\/files\/[\w.-]+\.pdf$/);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), read.click()]);
    await tab.waitForLoadState("domcontentloaded");
    expect(new URL(tab.url()).pathname).toBe(await read.getAttribute("href"));
    await tab.close();
  });

  test("downloads a document under its original file name", async ({ page, request }) => {
    await page.goto("/media/elibrary");
    for (const [title, fileName, type, magic] of [
      ["Welcome Guide", "Welcome Guide.pdf", "application/pdf", "%PDF"],
      ["Worship Night Poster", "Worship Night Poster.png", "image/png", "\x89PNG"],
    ] as const) {
      const href = await page
        .getByTestId("document-card")
        .filter({ hasText: title })
        .getByRole("link", { name: /^Download/ })
        .getAttribute("href");
      expect(href).toMatch(/^\/media\/elibrary\/[0-9a-f-]{36}\/download$/);
      const response = await request.get(href!);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"]).toBe(type);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["content-disposition"]).toBe(
        `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
      expect((await response.body()).subarray(0, magic.length).toString("latin1")).toBe(magic);
    }

    // The browser saves it under that name too.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByTestId("document-card")
        .filter({ hasText: "Bible Reading Plan" })
        .getByRole("link", { name: /^Download/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("Bible Reading Plan.pdf");
  });

  test("answers 404 for an id that is not an eLibrary document", async ({ request }) => {
    const [sermon] = await sql<{ id: string }>("select id from sermons limit 1");
    for (const id of [crypto.randomUUID(), "not-a-uuid", sermon!.id, "1%27%20or%20%271%27%3D%271"]) {
      const response = await request.get(`/media/elibrary/${id}/download`);
      expect(response.status(), id).toBe(404);
    }
  });

  test("shows an empty state when there are no documents", async ({ page }) => {
    // Hide the eLibrary for a moment (and only it), then put it back.
    await sql("update documents set category = 'e2e-hidden' where category = 'elibrary'");
    try {
      await page.goto("/media/elibrary");
    } finally {
      await sql("update documents set category = 'elibrary' where category = 'e2e-hidden'");
    }
    await expect(page.getByTestId("elibrary-empty")).toContainText("No materials yet");
    await expect(page.getByTestId("document-card")).toHaveCount(0);
  });
});

test.describe("when the database cannot be read", () => {
  for (const { path, table, toast, state } of [
    { path: "/media/sermons", table: "sermons", toast: "Error fetching sermons", state: "sermons-error" },
    {
      path: "/media/elibrary",
      table: "documents",
      toast: "Error fetching materials",
      state: "elibrary-error",
    },
  ]) {
    test(`${path} shows an error state and the '${toast}' toast`, async ({ page, pageErrors }) => {
      // Take the table away for one page load only.
      await sql(`alter table ${table} rename to ${table}_e2e_away`);
      let status: number | undefined;
      try {
        status = (await page.goto(path))?.status();
      } finally {
        await sql(`alter table ${table}_e2e_away rename to ${table}`);
      }
      expect(status).toBe(503);
      await expect(page.getByTestId(state)).toBeVisible();
      await expect(page.getByTestId("toast")).toContainText(toast);
      // The browser reports the page's own 503 as a failed resource: that is this test's point.
      const expected = pageErrors.filter((message) => /status of 503/.test(message));
      expect(expected.length).toBeGreaterThan(0);
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((message) => !expected.includes(message)));
    });
  }
});

test("sermons on a phone: filtered by series, a sermon's page with its recording, share links and series", async ({
  page,
  request,
}) => {
  const tag = `Series ${crypto.randomBytes(3).toString("hex")}`;
  const slug = tag.toLowerCase().replace(/ /g, "-");
  // A recording in the store, as the staff form leaves it (the form itself has its own test).
  const audioPath = `sermon-audio/${slug}.mp3`;
  fs.mkdirSync(path.join(dataDir, "uploads", "sermon-audio"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", audioPath), Buffer.alloc(2048, 0xff));
  await sql("insert into sermon_series (name, slug, description) values ($1, $2, 'Six Fridays in Romans.')", [
    tag,
    slug,
  ]);
  const made = await sql<{ id: string; title: string }>(
    `insert into sermons (sermon_date, title, speaker, youtube_id, passage, description, series_id,
       audio_object_path, audio_content_type, audio_bytes)
     select d, $1 || ' ' || n, 'Guest Preacher', 'abcdefghijk', 'Romans ' || n || ':1-11', 'Peace with God.',
       (select id from sermon_series where slug = $2), case when n = '5' then $3 end,
       case when n = '5' then 'audio/mpeg' end, case when n = '5' then 2048 end
     from (values (date '2026-02-06', '5'), (date '2026-01-30', '3')) as v(d, n)
     returning id, title`,
    [tag, slug, audioPath],
  );
  // The video's picture of sermon 5, as the server keeps it when the sermon is saved.
  const picture = await prepareImage(
    await sharp({ create: { width: 480, height: 360, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer(),
    `sermon-thumbnails/${slug}`,
  );
  for (const file of picture.files) {
    fs.mkdirSync(path.dirname(path.join(dataDir, "uploads", file.name)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", file.name), file.body);
  }
  const thumbnail = `/files/${picture.files[0]!.name}`;
  await sql("update sermons set thumbnail_url = $1 where title = $2", [thumbnail, `${tag} 5`]);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/media/sermons");
    // Each filter box shows its whole choice ("All speakers", not "All spe").
    for (const label of ["Series", "Speaker", "Year"]) {
      const box = page.getByLabel(label, { exact: true });
      await expect(box).toBeVisible();
      const { text, room } = await box.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        // The browser draws the arrow inside the box, about 20 px wide.
        const arrow = 20;
        return {
          text: context.measureText(select.selectedOptions[0]!.text).width,
          room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow,
        };
      });
      expect(text, `the ${label} box's text fits`).toBeLessThanOrEqual(room);
    }
    // The series has a way in of its own, and the form narrows the list to it.
    await expect(
      page.getByRole("navigation", { name: "Sermon series" }).getByRole("link", { name: tag }),
    ).toBeVisible();
    await page.getByLabel("Series", { exact: true }).selectOption({ label: tag });
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(new RegExp(`/media/sermons\\?series=${slug}$`));
    const cards = page.getByTestId("sermon-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText([`${tag} 5`, `${tag} 3`]);
    // Sermon 5 shows its video's picture from our store, as a small WebP on a phone; sermon 3
    // (no picture kept) its plain background.
    const shown = cards.first().getByTestId("video-thumbnail");
    await expect(shown).toHaveAttribute("src", thumbnail);
    await expect(cards.first().locator('source[type="image/webp"]')).toHaveAttribute(
      "srcset",
      /_320\.webp 320w/,
    );
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    await expect(cards.nth(1).getByTestId("video-thumbnail")).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    await cards
      .first()
      .getByRole("link", { name: `${tag} 5`, exact: true })
      .click();
    const id = made.find((row) => row.title === `${tag} 5`)!.id;
    await expect(page).toHaveURL(`/media/sermons/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} 5`);
    await expect(page.getByText("Romans 5:1-11")).toBeVisible();
    await expect(page.getByText("Peace with God.")).toBeVisible();
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      "https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg",
    );
    const videoObject = JSON.parse((await page.locator("#sermon-json-ld").textContent())!) as Record<
      string,
      unknown
    >;
    expect(videoObject).toMatchObject({
      "@type": "VideoObject",
      name: `${tag} 5`,
      uploadDate: "2026-02-06T00:00:00+03:00",
    });

    // The recording plays from our own store.
    const source = page.getByTestId("sermon-audio").locator("source");
    await expect(source).toHaveAttribute("src", `/media/sermons/${id}/audio`);
    const audio = await request.get(`/media/sermons/${id}/audio`);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
    expect((await audio.body()).length).toBe(2048);

    // Share: WhatsApp carries the title and the page's own address; copy link is there with scripts.
    const whatsApp = page.getByRole("link", { name: /WhatsApp/ });
    const text = new URL((await whatsApp.getAttribute("href"))!).searchParams.get("text")!;
    expect(text).toContain(`${tag} 5`);
    expect(text).toContain(page.url());
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

    await page.getByRole("link", { name: tag, exact: true }).click();
    await expect(page).toHaveURL(`/media/sermons/series/${slug}`);
    await expect(page.getByText("Six Fridays in Romans.")).toBeVisible();
    await expect(page.getByTestId("sermon-card")).toHaveCount(2);
  } finally {
    await sql("delete from sermons where title like $1", [`${tag} %`]);
    await sql("delete from sermon_series where slug = $1", [slug]);
    for (const file of picture.files) fs.rmSync(path.join(dataDir, "uploads", file.name), { force: true });
  }
});
