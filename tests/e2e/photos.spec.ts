import type { Locator, Page, Response } from "@playwright/test";
import sharp from "sharp";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { objectPosition } from "../../app/lib/image-focus";
import { parseVariantSet, variantObjectNames } from "../../app/lib/image-variants";
import { phoneJpeg } from "../helpers/pictures";
import { expect, signIn, sql, test } from "./fixtures";

// A phone photo uploaded as an event's picture, as staff do: what visitors download is upright,
// carries no GPS or other metadata, and is small on a phone.

const SHOTS = process.env.SHOTS_DIR;

/** The picture is drawn in a 16:9 frame, cropped around `focus` (CSS object-position). */
async function expectSixteenByNine(picture: Locator, focus: string) {
  await expect(picture).toBeVisible();
  const box = (await picture.boundingBox())!;
  expect(
    Math.abs(box.height - (box.width * 9) / 16),
    `a ${box.width}x${box.height} frame`,
  ).toBeLessThanOrEqual(2);
  expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe("cover");
  expect(await picture.evaluate((img) => getComputedStyle(img).objectPosition)).toBe(focus);
}

/** Counts the picture bytes a page downloads while `visit` runs. */
async function pictureBytes(page: Page, visit: () => Promise<unknown>) {
  const responses: Response[] = [];
  const listen = (response: Response) => {
    if (response.request().resourceType() === "image") responses.push(response);
  };
  page.on("response", listen);
  await visit();
  await page.waitForLoadState("networkidle");
  page.off("response", listen);
  let bytes = 0;
  const urls: string[] = [];
  for (const response of responses) {
    bytes += (await response.body()).byteLength;
    urls.push(new URL(response.url()).pathname);
  }
  return { bytes, urls };
}

test("a phone photo becomes an upright, metadata-free picture of a few dozen KB on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const title = `Harvest Picnic ${Date.now()}`;
  await signIn(page);
  await page.goto("/members/add-event");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill(addDays(todayInChurchZone(), 6));
  await page.getByLabel("Start Time *").fill("16:00");
  await page.getByLabel("Location Name *").fill("Church Garden");
  await page.getByLabel("Google Maps URL *").fill("https://maps.google.com/?q=Manama");
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: await phoneJpeg() });
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event Added!");
  const [event] = await sql<{
    id: string;
    image_url: string;
    image_object_path: string;
    image_focus_x: number;
    image_focus_y: number;
  }>("select id, image_url, image_object_path, image_focus_x, image_focus_y from events where title = $1", [
    title,
  ]);
  // The focal point found in the picture: each place crops the portrait to 16:9 around it.
  expect(event!.image_focus_x).toEqual(expect.any(Number));
  const set = parseVariantSet(event!.image_object_path)!;
  const focus = objectPosition(event!.image_focus_x, event!.image_focus_y, {
    width: set.width,
    height: set.height,
    frame: 16 / 9,
  });
  try {
    // Upright: the sideways 4032x3024 frame is kept 1600 wide and taller than wide.
    expect(event!.image_object_path).toMatch(/^event-images\/event-\d{13}-[0-9a-f]{6}_1600x2133\.jpg$/);

    // Every copy a visitor can download: no EXIF (so no GPS), no XMP, no orientation flag.
    for (const copy of variantObjectNames(parseVariantSet(event!.image_object_path)!)) {
      const response = await page.request.get(`/files/${copy.name}`);
      expect(response.status(), copy.name).toBe(200);
      expect(response.headers()["cache-control"], copy.name).toContain("immutable");
      const bytes = await response.body();
      expect(bytes.toString("latin1"), copy.name).not.toMatch(/Exif|PhoneCo|ns\.adobe\.com\/xap/);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, copy.name).toBeUndefined();
      expect(meta.xmp, copy.name).toBeUndefined();
      expect(meta.height! > meta.width!, copy.name).toBe(true);
    }

    // A visitor on a 390 px phone.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const visitor = await phone.newPage();
    try {
      const eventPage = await pictureBytes(visitor, () => visitor.goto(`/events/${event!.id}`));
      const picture = visitor.locator(`img[src="${event!.image_url}"]`);
      await expect(picture).toBeVisible();
      await expect(picture).toHaveAttribute("width", "1600");
      await expect(picture).toHaveAttribute("height", "2133");
      await expect(picture).toHaveAttribute("fetchpriority", "high");
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/_640\.webp$/);
      expect(eventPage.urls.filter((url) => url.startsWith("/files/"))).toHaveLength(1);
      await expectSixteenByNine(picture, focus);
      expect(
        eventPage.bytes,
        `picture bytes on the event page: ${eventPage.urls.join(", ")}`,
      ).toBeLessThanOrEqual(150 * 1024);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/event-photo-390.png`, fullPage: true });

      const list = await pictureBytes(visitor, () => visitor.goto("/events"));
      const card = visitor.getByRole("article").filter({ hasText: title });
      await expect(card.locator("img")).toHaveAttribute("loading", /lazy|eager/);
      // The portrait fills a 16:9 frame like every other card's picture: the card is not taller.
      await expectSixteenByNine(card.locator("img"), focus);
      if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/events-photo-390.png`, fullPage: true });
      expect(list.bytes).toBeLessThanOrEqual(400 * 1024);
    } finally {
      await phone.close();
    }

    // On a laptop the page takes a wider copy, still WebP.
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const wide = await laptop.newPage();
    try {
      await wide.goto(`/events/${event!.id}`);
      const picture = wide.locator(`img[src="${event!.image_url}"]`);
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/_1024\.webp$/);
      await expectSixteenByNine(picture, focus);
      await wide.goto("/events");
      const card = wide.getByRole("article").filter({ hasText: title });
      await expectSixteenByNine(card.locator("img"), focus);
      if (SHOTS) await wide.screenshot({ path: `${SHOTS}/events-photo-1280.png`, fullPage: true });
      if (SHOTS) await wide.screenshot({ path: `${SHOTS}/event-photo-1280.png`, fullPage: true });
    } finally {
      await laptop.close();
    }
  } finally {
    await sql("delete from events where id = $1", [event!.id]);
  }
});

test("a picture that is not one, or an SVG, is refused on the event form with nothing saved", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/members/add-event");
  const title = `Refused Picture ${Date.now()}`;
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill(addDays(todayInChurchZone(), 6));
  await page.getByLabel("Start Time *").fill("16:00");
  await page.getByLabel("Location Name *").fill("Church Garden");
  await page.getByLabel("Google Maps URL *").fill("https://maps.google.com/?q=Manama");
  const cut = (await phoneJpeg()).subarray(0, 5000);
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "cut.jpg", mimeType: "image/jpeg", buffer: cut });
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("This file is not a picture we can read.");
  await page.getByLabel("Image", { exact: true }).setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("This type of file is not accepted.");
  expect(await sql("select id from events where title = $1", [title])).toHaveLength(0);
});
