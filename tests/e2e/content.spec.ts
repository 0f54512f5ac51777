import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { parseCsv } from "../helpers/csv";
import { expect, signIn, sql, test, visitorAddress, dataDir } from "./fixtures";

test.describe.configure({ mode: "serial" });

const uploads = () => path.join(dataDir, "uploads");
const demoPng = () => fs.readFileSync(path.join(uploads(), "1767225600003.png"));
const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

async function toast(page: Page) {
  return page.getByTestId("toast");
}

test("documents: upload a PDF and a PNG, see them in the eLibrary, delete one, refuse bad files", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/members/upload");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByText("PDF, DOCX, PPT, XLSX, PNG, JPG up to 25MB")).toBeVisible();

  await page.getByRole("button", { name: "Upload" }).click();
  await expect(await toast(page)).toContainText("No file selected");
  await expect(await toast(page)).toContainText("Please choose a file to upload.");

  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "Church Bulletin.pdf", mimeType: "application/pdf", buffer: pdfBytes });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(await toast(page)).toContainText("Upload Complete!");
  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "Youth Camp.png", mimeType: "image/png", buffer: demoPng() });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("document-row").filter({ hasText: "Youth Camp.png" })).toBeVisible();

  const [pdf] = await sql<{ storage_object_path: string; file_size: string }>(
    "select storage_object_path, file_size from documents where file_name = 'Church Bulletin.pdf'",
  );
  expect(pdf!.storage_object_path).toMatch(/^\d{13}\.pdf$/);
  expect(fs.existsSync(path.join(uploads(), pdf!.storage_object_path))).toBe(true);

  await page.goto("/media/elibrary");
  await expect(page.getByRole("heading", { name: "Church Bulletin" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Youth Camp" })).toBeVisible();

  // Too large, and HTML dressed up as a PDF: refused, nothing stored.
  const before = fs.readdirSync(uploads()).length;
  await page.goto("/members/upload");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "huge.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([pdfBytes, Buffer.alloc(26 * 1024 * 1024)]),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(await toast(page)).toContainText("Upload Failed");
  await expect(await toast(page)).toContainText("at most 25MB");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(await toast(page)).toContainText("This type of file is not accepted");
  expect(fs.readdirSync(uploads()).length).toBe(before);
  expect(await sql("select id from documents where file_name in ('huge.pdf', 'notes.pdf')")).toEqual([]);

  // Delete the PDF: gone from the list, the eLibrary and the store.
  await page.getByRole("button", { name: "Delete Church Bulletin.pdf" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(await toast(page)).toContainText("File Deleted");
  await expect(page.getByTestId("document-row").filter({ hasText: "Church Bulletin.pdf" })).toHaveCount(0);
  expect(fs.existsSync(path.join(uploads(), pdf!.storage_object_path))).toBe(false);
  await page.goto("/media/elibrary");
  await expect(page.getByRole("heading", { name: "Church Bulletin" })).toHaveCount(0);
});

test("sermons: add, edit with Cancel Edit, delete, and the public page follows", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/add-sermon");
  await page.getByLabel("Sermon Date").fill(addDays(todayInChurchZone(), 1));
  await page.getByLabel("Title", { exact: true }).fill("Hope That Holds");
  await page.getByLabel("Speaker").fill("Guest Speaker");
  await page.getByLabel("YouTube URL").fill("https://vimeo.com/12345");
  await page.getByRole("button", { name: "Add Sermon" }).click();
  await expect(await toast(page)).toContainText("Invalid YouTube URL");
  await expect(await toast(page)).toContainText("Please enter a valid YouTube video URL.");
  expect(await sql("select id from sermons where title = 'Hope That Holds'")).toEqual([]);

  await page.getByLabel("YouTube URL").fill("https://youtu.be/abcdefghijk");
  await page.getByRole("button", { name: "Add Sermon" }).click();
  await expect(await toast(page)).toContainText("Sermon Added!");
  // Tomorrow's sermon is the newest date, so it heads the list, which says its order.
  await expect(page.getByTestId("sermon-row").first()).toContainText("Hope That Holds");
  await expect(page.getByTestId("list-order")).toHaveText("Sorted by sermon date, newest first.");
  await page.goto("/media/sermons");
  await expect(page.getByRole("heading", { name: "Hope That Holds" })).toBeVisible();

  await page.goto("/members/add-sermon");
  await page.getByRole("link", { name: "Edit Hope That Holds" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Hope That Holds");
  await expect(page.getByLabel("YouTube URL")).toHaveValue("https://www.youtube.com/watch?v=abcdefghijk");
  await page.getByRole("link", { name: "Cancel Edit" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Add Sermon" })).toBeVisible();

  await page.getByRole("link", { name: "Edit Hope That Holds" }).click();
  await expect(page.getByRole("button", { name: "Update Sermon" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Hope That Holds Fast");
  await page.getByRole("button", { name: "Update Sermon" }).click();
  await expect(await toast(page)).toContainText("Sermon Updated!");
  await expect(page.getByRole("button", { name: "Add Sermon" })).toBeVisible();
  await page.goto("/media/sermons");
  await expect(page.getByRole("heading", { name: "Hope That Holds Fast" })).toBeVisible();

  await page.goto("/members/add-sermon");
  await page.getByRole("button", { name: "Delete Hope That Holds Fast" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(await toast(page)).toContainText("Sermon Deleted");
  await page.goto("/media/sermons");
  await expect(page.getByRole("heading", { name: "Hope That Holds Fast" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("sermons: add one with a new series, a passage and an MP3 recording, then remove the recording", async ({
    page,
  }) => {
    // A few MPEG-1 Layer III frames: silence, but an MP3 by its content.
    const frame = Buffer.alloc(417);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    const mp3 = Buffer.concat([frame, frame, frame]);

    await signIn(page);
    await page.goto("/members/add-sermon");
    await expect(page.getByText("MP3 or M4A up to 100MB")).toBeVisible();
    await page.getByLabel("Sermon Date").fill(addDays(todayInChurchZone(), -3));
    await page.getByLabel("Title", { exact: true }).fill("Night Visitor");
    await page.getByLabel("Speaker").fill("Pastor Ann");
    await page.getByLabel("YouTube URL").fill("https://youtu.be/Nicodemus01");
    await page.getByLabel("Series").fill("Conversations with Jesus");
    await page.getByLabel("Bible Passage").fill("John 3:1-21");
    await page.getByLabel("Description").fill("A teacher of Israel comes by night.");
    await page
      .getByLabel("Recording")
      .setInputFiles({ name: "night-visitor.mp3", mimeType: "audio/mpeg", buffer: mp3 });
    await page.getByRole("button", { name: "Add Sermon" }).click();
    await expect(await toast(page)).toContainText("Sermon Added!");
    await expect(await toast(page)).toContainText("Night Visitor is on the website.");
    const row = page.getByTestId("sermon-row").filter({ hasText: "Night Visitor" });
    await expect(row).toContainText("Series: Conversations with Jesus");
    await expect(row).toContainText("Recording");
    // The form starts afresh for the next sermon.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");

    const [saved] = await sql<{
      id: string;
      passage: string;
      audio_object_path: string;
      audio_bytes: number;
    }>(
      "select id, passage, audio_object_path, audio_bytes::int as audio_bytes from sermons where title = 'Night Visitor'",
    );
    expect(saved).toMatchObject({ passage: "John 3:1-21", audio_bytes: mp3.length });
    expect(fs.existsSync(path.join(uploads(), saved!.audio_object_path))).toBe(true);

    await row.getByRole("link", { name: "Edit Night Visitor" }).click();
    await expect(page.getByLabel("Series")).toHaveValue("Conversations with Jesus");
    await expect(page.getByText("This sermon has a recording (1.2 KB)")).toBeVisible();
    await page.getByLabel("Remove the recording").check();
    await page.getByRole("button", { name: "Update Sermon" }).click();
    await expect(await toast(page)).toContainText("Sermon Updated!");
    await expect(page.getByRole("button", { name: "Add Sermon" })).toBeVisible();
    await expect(page.getByTestId("sermon-row").filter({ hasText: "Night Visitor" })).not.toContainText(
      "Recording",
    );
    expect(fs.existsSync(path.join(uploads(), saved!.audio_object_path))).toBe(false);
    await sql("delete from sermons where id = $1", [saved!.id]);
  });
});

test("ministry videos: need a ministry, show on its page, edit and delete", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/add-ministry-video");
  await page.getByLabel("Title", { exact: true }).fill("Worship Practice Highlights");
  await page.getByLabel("YouTube URL").fill("https://www.youtube.com/watch?v=Zyxwvutsrqp");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(await toast(page)).toContainText("Ministry not selected");
  await expect(await toast(page)).toContainText("Please select a ministry.");

  await page.getByLabel("Ministry", { exact: true }).selectOption({ label: "Amplify (Music)" });
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(await toast(page)).toContainText("Video Added!");
  await page.goto("/ministries/amplify");
  await expect(page.getByRole("heading", { name: "Worship Practice Highlights" })).toBeVisible();

  await page.goto("/members/add-ministry-video");
  await page.getByRole("link", { name: "Edit Worship Practice Highlights" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Worship Practice Highlights");
  await expect(page.getByLabel("Ministry", { exact: true })).toHaveValue("amplify");
  await page.getByLabel("Title", { exact: true }).fill("Worship Night Highlights");
  await page.getByRole("button", { name: "Update Video" }).click();
  await expect(await toast(page)).toContainText("Video Updated!");
  await page.getByRole("button", { name: "Delete Worship Night Highlights" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(await toast(page)).toContainText("Video Deleted");
  await page.goto("/ministries/amplify");
  await expect(page.getByRole("heading", { name: "Worship Night Highlights" })).toHaveCount(0);
});

test("events: add with an image, edit, delete, and the public pages follow", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/add-event");
  const date = addDays(todayInChurchZone(), 4);
  await page.getByLabel("Title *").fill("Community Outreach Day");
  await page.getByLabel("Date *").fill(date);
  await page.getByLabel("Start Time *").fill("09:30");
  await page.getByLabel("Location Name *").fill("Church Hall");
  await page.getByLabel("Google Maps URL *").fill("https://maps.google.com/?q=Manama");
  await page.getByLabel("Description").fill("Serving our neighbours together.");
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "outreach.png", mimeType: "image/png", buffer: demoPng() });
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(await toast(page)).toContainText("Event Added!");
  const [created] = await sql<{
    id: string;
    image_url: string;
    image_object_path: string;
    event_end_time: string | null;
  }>(
    "select id, image_url, image_object_path, event_end_time from events where title = 'Community Outreach Day'",
  );
  expect(created!.image_object_path).toMatch(/^event-images\/event-\d{13}-[0-9a-f]{6}_\d+x\d+\.png$/);
  expect(created!.image_url).toBe(`/files/${created!.image_object_path}`);
  expect(created!.event_end_time).toBeNull();

  await page.goto("/events");
  const card = page.getByRole("article").filter({ hasText: "Community Outreach Day" });
  await expect(card).toContainText("9:30 AM");
  await expect(card.locator("img")).toHaveAttribute("src", created!.image_url);
  await page.goto(`/events/${created!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Community Outreach Day" })).toBeVisible();

  await page.goto("/members/add-event");
  await expect(page.getByTestId("list-order")).toHaveText("Sorted by date, newest first.");
  await page.getByRole("link", { name: "Edit Community Outreach Day" }).click();
  await expect(page.getByRole("button", { name: "Update Event" })).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveValue("Community Outreach Day");
  await page.getByLabel("End Time").fill("12:00");
  // The picture's focus: found in it at upload; staff move it to the top.
  const focus = page.getByRole("group", { name: "Picture Focus" });
  await expect(focus.getByRole("radio", { name: "Automatic: where the faces and detail are" })).toBeChecked();
  await focus.getByRole("radio", { name: "Top", exact: true }).check();
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(await toast(page)).toContainText("Event Updated!");
  await page.goto(`/events/${created!.id}`);
  await expect(page.getByText("9:30 AM - 12:00 PM")).toBeVisible();
  const hero = page.locator(`img[src="${created!.image_url}"]`);
  expect(await hero.evaluate((img) => getComputedStyle(img).objectPosition)).toBe("50% 0%");

  await page.goto("/members/add-event");
  await page.getByRole("button", { name: "Delete Community Outreach Day" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(await toast(page)).toContainText("Event Deleted");
  expect(fs.existsSync(path.join(uploads(), created!.image_object_path))).toBe(false);
  const response = await page.goto(`/events/${created!.id}`);
  expect(response?.status()).toBe(404);
});

test("repeating events: a weekly series, one date changed, the later dates removed, on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/members/add-event");
  const first = addDays(todayInChurchZone(), 2);
  const until = addDays(first, 7 * 5);
  await page.getByLabel("Title *").fill("Dawn Prayer");
  await page.getByLabel("Date *").fill(first);
  await page.getByLabel("Start Time *").fill("05:30");
  await page.getByLabel("Location Name *").fill("Chapel");
  await page.getByLabel("Google Maps URL *").fill("https://maps.google.com/?q=Manama");
  await page.getByLabel("Repeats").selectOption("weekly");
  await page.getByLabel("Last Date *").fill(until);
  await expect(page.getByText(/6 dates until/)).toBeVisible();
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(await toast(page)).toContainText("6 dates until");
  const dates = () =>
    sql<{ id: string; event_date: string; event_time: string; is_series_exception: boolean }>(
      "select id, to_char(event_date, 'YYYY-MM-DD') as event_date, event_time, is_series_exception from events where title = 'Dawn Prayer' order by event_date",
    );
  const made = await dates();
  expect(made.map((row) => row.event_date)).toEqual(
    [0, 1, 2, 3, 4, 5].map((week) => addDays(first, 7 * week)),
  );

  // The second date starts later that week only.
  await page.goto(`/members/add-event?edit=${made[1]!.id}`);
  await expect(page.getByText("This is one date of a repeating event")).toBeVisible();
  await page.getByLabel("Start Time *").fill("06:00");
  await page.getByLabel("This date only").check();
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(await toast(page)).toContainText("Event Updated!");

  // The fifth and sixth dates are cancelled together (the list has the latest date first).
  await page.goto("/members/add-event");
  await page.getByRole("button", { name: "Delete Dawn Prayer" }).nth(1).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel("Also delete every later date of this repeating event").check();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(await toast(page)).toContainText("Event Deleted");
  const left = await dates();
  expect(left.map((row) => [row.event_date, row.event_time.slice(0, 5), row.is_series_exception])).toEqual([
    [first, "05:30", false],
    [addDays(first, 7), "06:00", true],
    [addDays(first, 14), "05:30", false],
    [addDays(first, 21), "05:30", false],
  ]);

  // Visitors see the series once, and its page lists the later dates.
  await page.goto("/events");
  const cards = page.getByRole("article").filter({ hasText: "Dawn Prayer" });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText("Every");
  await cards.getByRole("link", { name: /View Details/ }).click();
  const more = page.getByRole("region", { name: "More Dates" });
  await expect(more.getByRole("link")).toHaveCount(3);
  await more.getByRole("link").first().click();
  await expect(page.getByText("6:00 AM")).toBeVisible();

  await sql("delete from events where title = 'Dawn Prayer'");
});

test("ministry image: needs both choices, then shows on the ministry's page", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/update-ministry-image");
  await page.getByRole("button", { name: "Update Image" }).click();
  await expect(await toast(page)).toContainText("Missing information");
  await expect(await toast(page)).toContainText("Please select a ministry and an image file.");

  await page.getByLabel("Ministry", { exact: true }).selectOption({ label: "Scribes" });
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "scribes.png", mimeType: "image/png", buffer: demoPng() });
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await page.getByRole("button", { name: "Update Image" }).click();
  await expect(page).toHaveURL("/ministries/scribes");
  await expect(await toast(page)).toContainText("Image Updated!");
  const [row] = await sql<{ image_url: string; storage_object_path: string }>(
    "select image_url, storage_object_path from ministry_images where ministry_slug = 'scribes'",
  );
  expect(row!.storage_object_path).toMatch(/^ministry-images\/scribes-\d{13}-[0-9a-f]{6}_\d+x\d+\.png$/);
  await expect(page.locator(`img[src="${row!.image_url}"]`)).toBeVisible();
});

test("registrations: public sign-ups appear grouped with counts and export", async ({
  page,
  request,
  baseURL,
}) => {
  const visitor = { "x-forwarded-for": visitorAddress(), origin: baseURL! };
  const [event] = await sql<{ id: string; title: string }>(
    "select id, title from events where event_date >= $1 order by event_date limit 1",
    [todayInChurchZone()],
  );
  const signUps = [
    request.post("/ministries/tee", {
      form: { name: "Grace Tan", email: "grace@example.org", mobile: "33331111" },
      headers: visitor,
    }),
    request.post("/ministries/tee", {
      form: { name: "Leo Tan", email: "leo@example.org", mobile: "33332222", emailConsent: "on" },
      headers: visitor,
    }),
    request.post(`/events/${event!.id}`, {
      form: {
        name: "Mara Cruz",
        email: "mara@example.org",
        mobile: "33333333",
        message: "Bringing two friends",
      },
      headers: visitor,
    }),
  ];
  for (const response of await Promise.all(signUps)) expect(response.status()).toBe(200);

  await signIn(page);
  await page.goto("/members/ministry-registrations");
  const tee = page.getByRole("region", { name: "TEE" });
  await expect(tee.getByTestId("group-count")).toHaveText("2");
  await expect(tee).toContainText("Grace Tan");
  const [ministryFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export All" }).click(),
  ]);
  expect(ministryFile.suggestedFilename()).toBe("all_ministry_registrations.csv");
  const ministryRows = parseCsv(fs.readFileSync((await ministryFile.path())!, "utf8"));
  expect(ministryRows[0]).toEqual(["Ministry", "Name", "Email", "Mobile", "Date", "E-mails OK"]);
  // Only Leo ticked the box for the church's e-mails.
  expect(
    ministryRows
      .filter((r) => r[0] === "TEE")
      .map((r) => `${r[1]}: ${r[5]}`)
      .sort(),
  ).toEqual(["Grace Tan: No", "Leo Tan: Yes"]);
  expect(
    ministryRows
      .filter((r) => r[0] === "TEE")
      .map((r) => r[1])
      .sort(),
  ).toEqual(["Grace Tan", "Leo Tan"]);

  await page.goto("/members/event-registrations");
  const group = page.getByRole("region", { name: event!.title });
  await expect(group).toContainText("Mara Cruz");
  await expect(group).toContainText("Bringing two friends");
  const [eventFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export All" }).click(),
  ]);
  expect(eventFile.suggestedFilename()).toBe("all_event_registrations.csv");
  const eventRows = parseCsv(fs.readFileSync((await eventFile.path())!, "utf8"));
  expect(eventRows[0]).toEqual([
    "Event",
    "Name",
    "Email",
    "Mobile",
    "Message",
    "Date",
    "Status",
    "Arrived",
    "E-mails OK",
  ]);
  expect(eventRows.find((r) => r[1] === "Mara Cruz")).toEqual([
    event!.title,
    "Mara Cruz",
    "mara@example.org",
    "33333333",
    "Bringing two friends",
    expect.any(String),
    "confirmed",
    "",
    "No",
  ]);
});
