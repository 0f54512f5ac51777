import crypto from "node:crypto";
import fs from "node:fs";
import { chromium, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { church } from "../../app/content/church";
import { mapSearchUrl } from "../../app/lib/map-links";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

/** The church's map link: a map search for its address (the first content gives no link of its own). */
const churchMapsUrl = mapSearchUrl(church.address);

// The door on the day, on a phone: a visitor registers on the public page, staff open the check-in
// list from Event Registrations, find a person and tap "Arrived"; the confirmation's QR code opens
// the list with that person at the top, or is read by the page's own scanner (a browser with a
// fake camera that films the codes).

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
});

test("registrants are checked in on a phone, by search and by the confirmation's QR code", async ({
  page,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const title = `Door Test ${tag}`;
  const [event] = await sql<{ id: string }>(
    `insert into events (title, event_date, event_time, location_name, google_maps_url, capacity)
     values ($1, $2, '18:00', 'Hall', $3, 20) returning id`,
    [title, addDays(todayInChurchZone(), 1), churchMapsUrl],
  );
  try {
    for (const name of ["Lara Santos", "Miguel Reyes"]) {
      await page.goto(`/events/${event!.id}`);
      await page.getByRole("button", { name: "Register for This Event" }).tap();
      const dialog = page.getByRole("dialog", { name: "Register for This Event" });
      await dialog.getByLabel("Full Name").fill(name);
      await dialog.getByLabel("Email").fill(`${name.split(" ")[0]!.toLowerCase()}.${tag}@example.org`);
      await dialog.getByLabel("Mobile Number").fill("+973 3612 3456");
      await dialog.getByRole("button", { name: "Register" }).tap();
      await expect(page.getByTestId("toast")).toContainText("Registration Successful!");
    }

    await signIn(page);
    await page.goto("/members/event-registrations");
    await page.getByRole("link", { name: `Check-in for ${title}` }).tap();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Check-in: ${title}`);
    await expect(page.getByTestId("arrival-count")).toHaveText("0 of 2 arrived");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // This browser has no camera: the page says so, and that the phone's camera app still works.
    await page.getByRole("button", { name: "Scan a code" }).tap();
    await expect(page.getByRole("alert")).toContainText("Your phone's camera app still reads the codes");
    await page.screenshot({ path: test.info().outputPath("no-camera-390.png") });
    await expectAxeClean(page, "the check-in page without a camera");
    await page.getByRole("button", { name: "Close camera" }).tap();
    await expect(page.getByRole("button", { name: "Scan a code" })).toBeFocused();

    await page.getByLabel("Find a person").fill("lara");
    await expect(page.getByTestId("check-in-row")).toHaveCount(1);
    const arrived = page.getByRole("button", { name: "Arrived: Lara Santos" });
    expect((await arrived.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await arrived.tap();
    await expect(page.getByTestId("arrival-count")).toHaveText("1 of 2 arrived");
    await expect(page.getByTestId("check-in-row")).toContainText("Arrived");

    // Miguel shows his confirmation's QR code; the phone's camera opens what it holds.
    const [mail] = await sql<{ attachments: { filename: string; content: string }[] }>(
      "select attachments from outbox_emails where to_address = $1 and kind = 'confirmation.event'",
      [`miguel.${tag}@example.org`],
    );
    const png = Buffer.from(mail!.attachments.find((a) => a.filename === "check-in.png")!.content, "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const scanned = new URL(jsQR(new Uint8ClampedArray(data), info.width, info.height)!.data);
    await page.goto(scanned.pathname + scanned.search);
    const top = page.getByRole("region", { name: "Scanned registration" });
    await expect(top).toContainText("Miguel Reyes");
    await top.getByRole("button", { name: "Arrived: Miguel Reyes" }).tap();
    await expect(page.getByTestId("arrival-count")).toHaveText("2 of 2 arrived");
    await page.screenshot({ path: test.info().outputPath("check-in-390.png"), fullPage: true });

    const rows = await sql<{ name: string; arrived: boolean }>(
      "select name, checked_in_at is not null as arrived from event_registrations where event_id = $1 order by name",
      [event!.id],
    );
    expect(rows).toEqual([
      { name: "Lara Santos", arrived: true },
      { name: "Miguel Reyes", arrived: true },
    ]);
  } finally {
    await sql("delete from event_registrations where event_id = $1", [event!.id]);
    await sql("delete from events where id = $1", [event!.id]);
  }
});

async function addEvent(title: string) {
  const [event] = await sql<{ id: string }>(
    `insert into events (title, event_date, event_time, location_name, google_maps_url, capacity)
     values ($1, $2, '18:00', 'Hall', $3, 20) returning id`,
    [title, addDays(todayInChurchZone(), 1), churchMapsUrl],
  );
  return event!;
}

/** Registers on the public event page as a visitor does; answers the confirmation's QR code picture. */
async function register(page: Page, eventId: string, name: string, email: string): Promise<Buffer> {
  await page.goto(`/events/${eventId}`);
  await page.getByRole("button", { name: "Register for This Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Register for This Event" });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Mobile Number").fill("+973 3612 3456");
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("toast")).toContainText("Registration Successful!");
  const [mail] = await sql<{ attachments: { filename: string; content: string }[] }>(
    "select attachments from outbox_emails where to_address = $1 and kind = 'confirmation.event'",
    [email],
  );
  return Buffer.from(mail!.attachments.find((a) => a.filename === "check-in.png")!.content, "base64");
}

const SIDE = 480;

/** One frame of the fake camera's film, as raw RGB: a QR code held up in the middle, or nothing. */
async function frame(png: Buffer | null): Promise<Buffer> {
  const blank = sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: "#f4f1ea" } });
  const picture = png
    ? blank.composite([
        {
          input: await sharp(png).resize(360, 360, { kernel: "nearest" }).toBuffer(),
          left: 60,
          top: 60,
        },
      ])
    : blank;
  return picture.removeAlpha().raw().toBuffer();
}

/** RGB to the planes of a YUV 4:2:0 frame (full range, as the Y4M header's C420jpeg says). */
function yuv420(rgb: Buffer): Buffer {
  const half = SIDE / 2;
  const y = Buffer.alloc(SIDE * SIDE);
  const u = Buffer.alloc(half * half);
  const v = Buffer.alloc(half * half);
  const at = (x: number, row: number) => (row * SIDE + x) * 3;
  for (let row = 0; row < SIDE; row++) {
    for (let x = 0; x < SIDE; x++) {
      const i = at(x, row);
      y[row * SIDE + x] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let row = 0; row < half; row++) {
    for (let x = 0; x < half; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const i = at(2 * x + dx!, 2 * row + dy!);
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
      u[row * half + x] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[row * half + x] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  return Buffer.concat([y, u, v]);
}

/**
 * A Y4M film for Chromium's fake camera (it plays it in a loop): each QR code held up for two
 * seconds, with a second of nothing between them.
 */
async function film(codes: Buffer[], file: string) {
  const fps = 5;
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  const nothing = yuv420(await frame(null));
  for (const png of codes) {
    const held = yuv420(await frame(png));
    for (let i = 0; i < 2 * fps; i++) parts.push(Buffer.from("FRAME\n"), held);
    for (let i = 0; i < fps; i++) parts.push(Buffer.from("FRAME\n"), nothing);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}

test("staff scan confirmations' QR codes with the phone's camera in the page, one person after another", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const title = `Scan Test ${tag}`;
  const event = await addEvent(title);
  const camera = test.info().outputPath("camera.y4m");
  const launch = test.info().project.use.launchOptions ?? {};
  try {
    const ana = await register(page, event.id, "Ana Cruz", `ana.${tag}@example.org`);
    const ben = await register(page, event.id, "Ben Uy", `ben.${tag}@example.org`);
    await film([ana, ben], camera);

    const browser = await chromium.launch({
      ...launch,
      args: [
        ...(launch.args ?? []),
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${camera}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
      });
      const phone = await context.newPage();
      const errors: string[] = [];
      phone.on("pageerror", (error) => errors.push(error.message));
      phone.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });

      await signIn(phone);
      // From another members screen the check-in page is a whole page load: the camera is
      // allowed only to a document that came from it.
      await phone.goto("/members/event-registrations");
      await phone.getByRole("link", { name: `Check-in for ${title}` }).tap();
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`Check-in: ${title}`);
      expect(
        await phone.evaluate(() =>
          (
            document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }
          ).featurePolicy?.allowsFeature("camera"),
        ),
      ).toBe(true);
      await expect(phone.getByTestId("arrival-count")).toHaveText("0 of 2 arrived");

      await phone.getByRole("button", { name: "Scan a code" }).tap();
      const panel = phone.getByRole("region", { name: "Scan a code" });
      await expect(panel.getByTestId("camera-preview")).toBeVisible();
      await expect(panel.getByTestId("scan-result")).toContainText(/Ana Cruz checked in|Ben Uy checked in/, {
        timeout: 20_000,
      });
      await phone.screenshot({ path: test.info().outputPath("scan-390.png"), fullPage: true });
      await expectAxeClean(phone, "the check-in page scanning");
      await expect(
        panel.getByRole("button", { name: /^Undo the check-in of (Ana Cruz|Ben Uy)$/ }),
      ).toBeVisible();
      // The camera keeps reading: the next person held up is checked in too.
      await expect(phone.getByTestId("arrival-count")).toHaveText("2 of 2 arrived", { timeout: 20_000 });
      await expect(
        phone.getByRole("button", { name: "Undo the check-in of Ana Cruz" }).first(),
      ).toBeVisible();
      await expect(phone.getByRole("button", { name: "Undo the check-in of Ben Uy" }).first()).toBeVisible();
      // A code seen again says the person has arrived already, without an error.
      await expect(panel.getByTestId("scan-result")).toContainText(/already arrived at/, { timeout: 20_000 });
      await phone.setViewportSize({ width: 1280, height: 900 });
      await phone.screenshot({ path: test.info().outputPath("scan-1280.png"), fullPage: true });

      const rows = await sql<{ name: string; arrived: boolean }>(
        "select name, checked_in_at is not null as arrived from event_registrations where event_id = $1 order by name",
        [event.id],
      );
      expect(rows).toEqual([
        { name: "Ana Cruz", arrived: true },
        { name: "Ben Uy", arrived: true },
      ]);
      const [logged] = await sql<{ n: number }>(
        "select count(*)::int as n from audit_log where subject_id = $1 and action = 'registration.checked-in' and details->>'by' = 'qr-code'",
        [event.id],
      );
      expect(logged!.n).toBe(2);

      await panel.getByRole("button", { name: "Close camera" }).click();
      await expect(panel).toHaveCount(0);
      expect(errors, "errors in the browser console").toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(camera, { force: true });
    await sql("delete from event_registrations where event_id = $1", [event.id]);
    await sql("delete from events where id = $1", [event.id]);
  }
});
