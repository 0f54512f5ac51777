import crypto from "node:crypto";
import jsQR from "jsqr";
import sharp from "sharp";
import { church } from "../../app/content/church";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

// The door on the day, on a phone: a visitor registers on the public page, staff open the check-in
// list from Event Registrations, find a person and tap "Arrived"; the confirmation's QR code opens
// the list with that person at the top.

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
    [title, addDays(todayInChurchZone(), 1), church.mapsUrl],
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
