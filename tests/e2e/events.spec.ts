import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { church } from "../../app/content/church";
import { mapSearchUrl } from "../../app/lib/map-links";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { dateBadge, formatDateLong } from "../../app/lib/format";
import { expect, sql, test, visitorAddress } from "./fixtures";

/** The church's map link: a map search for its address (the first content gives no link of its own). */
const churchMapsUrl = mapSearchUrl(church.address);

// Some tests move or add events that the others read: one at a time, in order.
test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const today = todayInChurchZone();
const seeded = [
  { title: "IronMen Basketball Fellowship", date: addDays(today, 8), time: "6:00 PM - 8:00 PM" },
  { title: "Youth Worship Night", date: addDays(today, 13), time: "7:00 PM - 9:30 PM" },
  { title: "Family Day Picnic", date: addDays(today, 27), time: "9:00 AM - 2:00 PM" },
];

async function eventId(title: string) {
  const [row] = await sql<{ id: string }>("select id from events where title = $1", [title]);
  return row!.id;
}

/** Adds an event of our own (a unique title) and returns its id and title. */
async function insertEvent(
  fields: { title?: string; date?: string; time?: string; endTime?: string | null } = {},
) {
  const title = fields.title ?? `E2E Event ${crypto.randomBytes(3).toString("hex")}`;
  const [row] = await sql<{ id: string }>(
    `insert into events (title, event_date, event_time, event_end_time, location_name, google_maps_url, description)
     values ($1, $2, $3, $4, 'E2E Hall', $5, 'An event made by a test.') returning id`,
    [title, fields.date ?? addDays(today, 5), fields.time ?? "18:30", fields.endTime ?? null, churchMapsUrl],
  );
  return { id: row!.id, title };
}

async function removeEvent(id: string) {
  await sql("delete from event_registrations where event_id = $1", [id]);
  await sql("delete from events where id = $1", [id]);
}

async function registrationsFor(title: string) {
  return sql<{
    event_id: string | null;
    event_title: string;
    name: string;
    email: string;
    mobile: string;
    message: string | null;
  }>(
    "select event_id, event_title, name, email, mobile, message from event_registrations where event_title = $1",
    [title],
  );
}

async function openRegistration(page: Page) {
  const trigger = page.getByRole("button", { name: "Register for This Event" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Register for This Event" });
  await expect(dialog).toBeVisible();
  return { trigger, dialog };
}

test("the list shows the upcoming events soonest first, with 12-hour times and View Details links", async ({
  page,
}) => {
  await page.goto("/events");
  await expect(page).toHaveTitle(/^Church Events \|/);
  await expect(page.getByRole("heading", { level: 1, name: "Church Events" })).toBeVisible();

  const titles = await page
    .getByRole("main")
    .getByRole("article")
    .getByRole("heading", { level: 2 })
    .allTextContents();
  expect(titles.filter((title) => seeded.some((event) => event.title === title))).toEqual(
    seeded.map((e) => e.title),
  );

  for (const event of seeded) {
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: event.title }) });
    const badge = dateBadge(event.date);
    await expect(card).toContainText(event.time);
    await expect(card).toContainText(`${badge.day}${badge.month}`);
    await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute(
      "href",
      `/events/${await eventId(event.title)}`,
    );
  }
  const ironMen = page.getByRole("article").filter({ hasText: "IronMen Basketball Fellowship" });
  await expect(ironMen).toContainText("Community Sports Court, Manama");
  // The description is cut to two lines.
  const description = ironMen.getByText(/An evening of basketball/);
  await expect(description).toHaveCSS("-webkit-line-clamp", "2");

  await ironMen.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "IronMen Basketball Fellowship" })).toBeVisible();
});

test("the list is complete in the HTML before any script runs", async ({ request }) => {
  const response = await request.get("/events");
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const event of seeded) expect(html).toContain(event.title);
  expect(html).toContain("6:00 PM - 8:00 PM");
});

test("an event from yesterday is hidden and one today is shown", async ({ page }) => {
  const past = await insertEvent({ date: addDays(today, -1), time: "23:30" });
  const todays = await insertEvent({ date: today, time: "05:00" });
  try {
    await page.goto("/events");
    const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).not.toContain(past.title);
    expect(titles[0]).toBe(todays.title);
    await expect(page.getByRole("article").first()).toContainText("5:00 AM");
  } finally {
    await removeEvent(past.id);
    await removeEvent(todays.id);
  }
});

test("the IronMen event shows its own default picture and other events the generic one", async ({ page }) => {
  await page.goto("/events");
  const image = (title: string) =>
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title }) })
      .locator("img");
  await expect(image("IronMen Basketball Fellowship")).toHaveAttribute(
    "src",
    "/images/ironmen-basketball.svg",
  );
  await expect(image("Youth Worship Night")).toHaveAttribute("src", "/images/event-default.svg");
  // The pictures are really there (a broken image would also log a console error).
  for (const src of ["/images/ironmen-basketball.svg", "/images/event-default.svg"]) {
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  }
  await expect
    .poll(() => image("IronMen Basketball Fellowship").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("with no upcoming events the page says so", async ({ page }) => {
  await sql("update events set event_date = event_date - 1000");
  try {
    await page.goto("/events");
    await expect(page.getByText("No upcoming events at the moment. Please check back soon!")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  } finally {
    await sql("update events set event_date = event_date + 1000");
  }
});

test("an event's page shows its US date, time range, map link and speaker", async ({ page }) => {
  const youth = seeded[1]!;
  const response = await page.goto(`/events/${await eventId(youth.title)}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Youth Worship Night \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Youth Worship Night|songs/,
  );
  await expect(page.getByRole("heading", { level: 1, name: youth.title })).toBeVisible();

  const facts = page.getByRole("complementary", { name: "Event Details" });
  await expect(facts).toContainText(formatDateLong(youth.date));
  expect(formatDateLong(youth.date)).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(facts).toContainText("7:00 PM - 9:30 PM");
  const location = facts.getByRole("link", { name: /ACTS Church main hall/ });
  await expect(location).toHaveAttribute("href", churchMapsUrl);
  await expect(location).toHaveAttribute("target", "_blank");
  await expect(location).toHaveAttribute("rel", /noopener/);
  await expect(facts).toContainText("Speaker");
  await expect(facts).toContainText("Amplify and Yadah ministries");
  await expect(page.getByText("A night of songs, dance and prayer led by our youth.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to All Events" })).toHaveAttribute("href", "/events");

  // No speaker: no speaker line.
  await page.goto(`/events/${await eventId(seeded[0]!.title)}`);
  const ironFacts = page.getByRole("complementary", { name: "Event Details" });
  await expect(ironFacts).toContainText("6:00 PM - 8:00 PM");
  await expect(ironFacts).not.toContainText("Speaker");
  await expect(page.locator("main img").first()).toHaveAttribute("src", "/images/ironmen-basketball.svg");

  await page.getByRole("link", { name: "Back to All Events" }).click();
  await expect(page).toHaveURL("/events");
});

test("a malformed or unknown event id shows 'Event Not Found' with status 404", async ({ page }) => {
  for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(`/events/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Event Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to All Events" })).toHaveAttribute("href", "/events");
    await expect(page.getByRole("banner")).toBeVisible();
  }
});

test("registering: toast, a row with the event's title, the modal closes and the form is cleared", async ({
  page,
}) => {
  const event = await insertEvent();
  try {
    await page.goto(`/events/${event.id}`);
    const { trigger, dialog } = await openRegistration(page);
    await dialog.getByLabel("Full Name").fill("Maria Santos");
    await dialog.getByLabel("Email").fill("maria.santos@example.org");
    await dialog.getByLabel("Mobile Number").fill("+973 3612 3456");
    await dialog.getByLabel("Message (Optional)").fill("Coming with my sister.");
    await dialog.getByRole("button", { name: "Register" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Registration Successful!");
    await expect(toast).toContainText(`You've registered for ${event.title}.`);
    await expect(dialog).toBeHidden();
    expect(await registrationsFor(event.title)).toEqual([
      {
        event_id: event.id,
        event_title: event.title,
        name: "Maria Santos",
        email: "maria.santos@example.org",
        mobile: "+973 3612 3456",
        message: "Coming with my sister.",
      },
    ]);

    await trigger.click();
    for (const label of ["Full Name", "Email", "Mobile Number", "Message (Optional)"]) {
      await expect(dialog.getByLabel(label)).toHaveValue("");
    }
  } finally {
    await removeEvent(event.id);
  }
});

test("seats left: right after a registration the page counts it, and so does every visitor after", async ({
  page,
  request,
}) => {
  const event = await insertEvent();
  await sql("update events set capacity = 3 where id = $1", [event.id]);
  try {
    // Another visitor has the page in the cache already.
    expect(await (await request.get(`/events/${event.id}`)).text()).toContain("3 of 3 left");
    await page.goto(`/events/${event.id}`);
    const seats = page.getByRole("definition").filter({ hasText: /left$/ });
    await expect(seats).toHaveText("3 of 3 left");
    const { dialog } = await openRegistration(page);
    await dialog.getByLabel("Full Name").fill("Lea Salonga");
    await dialog.getByLabel("Email").fill("lea@example.org");
    await dialog.getByLabel("Mobile Number").fill("+973 3612 3457");
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect(page.getByTestId("toast")).toContainText("Registration Successful!");
    await expect(seats).toHaveText("2 of 3 left");
    await page.reload();
    await expect(seats).toHaveText("2 of 3 left");
    expect(await (await request.get(`/events/${event.id}`)).text()).toContain("2 of 3 left");
  } finally {
    await removeEvent(event.id);
  }
});

test("a registration with mistakes is refused with the reason and nothing is written", async ({
  page,
  request,
}) => {
  const event = await insertEvent();
  try {
    await page.goto(`/events/${event.id}`);
    const { dialog } = await openRegistration(page);
    await dialog.getByLabel("Full Name").fill("Jose Rizal");
    await dialog.getByLabel("Email").fill("jose@example.org");
    await dialog.getByLabel("Mobile Number").fill("call me");
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect(dialog.getByText("Please enter a valid mobile number.")).toBeVisible();
    await expect(dialog.getByLabel("Mobile Number")).toBeFocused();
    await expect(dialog).toBeVisible();

    // The server checks too, whatever the browser did.
    const response = await request.post(`/events/${event.id}`, {
      form: { name: "", email: "x", mobile: "1" },
    });
    expect(response.status()).toBe(400);
    expect(await registrationsFor(event.title)).toEqual([]);
  } finally {
    await removeEvent(event.id);
  }
});

test("when the event is removed meanwhile, 'Registration Failed' explains and the form stays filled", async ({
  page,
}) => {
  const event = await insertEvent();
  try {
    await page.goto(`/events/${event.id}`);
    const { dialog } = await openRegistration(page);
    await dialog.getByLabel("Full Name").fill("Grace Lim");
    await dialog.getByLabel("Email").fill("grace@example.org");
    await dialog.getByLabel("Mobile Number").fill("33445566");
    await sql("delete from events where id = $1", [event.id]);
    await dialog.getByRole("button", { name: "Register" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Registration Failed");
    await expect(toast).toContainText("This event is no longer available.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Grace Lim");
    await expect(dialog.getByLabel("Email")).toHaveValue("grace@example.org");
    await expect(dialog.getByLabel("Mobile Number")).toHaveValue("33445566");
    expect(await registrationsFor(event.title)).toEqual([]);
  } finally {
    await removeEvent(event.id);
  }
});

test("a past event's page shows that registration is closed, and the server refuses one", async ({
  page,
  request,
}) => {
  const event = await insertEvent({ date: addDays(today, -3) });
  try {
    const response = await page.goto(`/events/${event.id}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByText("This event has already taken place, so registration is closed."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Register for This Event" })).toHaveCount(0);
    const post = await request.post(`/events/${event.id}`, {
      form: { name: "Late Comer", email: "late@example.org", mobile: "33445566" },
    });
    expect(post.status()).toBe(409);
    expect(await registrationsFor(event.title)).toEqual([]);
  } finally {
    await removeEvent(event.id);
  }
});

test("the modal closes on X, the backdrop and Escape, and gives focus back to the button", async ({
  page,
}) => {
  await page.goto(`/events/${await eventId("Family Day Picnic")}`);
  const close = [
    async () => page.getByRole("dialog").getByRole("button", { name: "Close" }).click(),
    async () => page.getByTestId("dialog-backdrop").click({ position: { x: 5, y: 5 } }),
    async () => page.keyboard.press("Escape"),
  ];
  for (const closeIt of close) {
    const { trigger, dialog } = await openRegistration(page);
    await expect(dialog.getByLabel("Full Name")).toBeFocused();
    await closeIt();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  }
});

test("calendars: the feed and one event's file are iCalendar, and the event page links to both ways in", async ({
  page,
  request,
  baseURL,
}) => {
  const feed = await request.get("/events.ics");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  for (const event of seeded) expect(text).toContain(`SUMMARY:${event.title}`);

  const id = await eventId(seeded[0]!.title);
  const one = await request.get(`/events/${id}.ics`);
  expect(one.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect((await one.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1);

  await page.goto("/events");
  await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
    "href",
    "/events.ics",
  );
  // Subscribing (webcal://, which calendars open as a subscription), Google Calendar's add-by-address
  // page, and the file itself, side by side; all on the site's own address.
  const feedLinks = page.getByRole("region", { name: "Keep our events in your calendar" });
  const webcal = `${baseURL!.replace(/^https?:/, "webcal:")}/events.ics`;
  await expect(feedLinks.getByRole("link", { name: "Subscribe" })).toHaveAttribute("href", webcal);
  await expect(feedLinks.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/r?cid=${webcal}`,
  );
  await expect(feedLinks.getByRole("link", { name: "Download (.ics)" })).toHaveAttribute(
    "href",
    "/events.ics",
  );
  await page.goto(`/events/${id}`);
  const calendar = page.getByRole("region", { name: "Add to Calendar" });
  await expect(calendar.getByRole("link", { name: "Calendar file (.ics)" })).toHaveAttribute(
    "href",
    `/events/${id}.ics`,
  );
  await expect(calendar.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=IronMen/,
  );
});

test("sharing: WhatsApp and Facebook links hold the page's address; copying the link says so", async ({
  page,
  context,
  baseURL,
}) => {
  const id = await eventId(seeded[0]!.title);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/events/${id}`);
  const share = page.getByRole("region", { name: "Share" });
  const whatsApp = new URL((await share.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!);
  expect(whatsApp.origin + whatsApp.pathname).toBe("https://wa.me/");
  expect(whatsApp.searchParams.get("text")).toContain(seeded[0]!.title);
  expect(whatsApp.searchParams.get("text")).toContain(`${baseURL}/events/${id}`);
  const facebook = new URL((await share.getByRole("link", { name: /Facebook/ }).getAttribute("href"))!);
  expect(facebook.searchParams.get("u")).toBe(`${baseURL}/events/${id}`);
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByTestId("toast")).toContainText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/events/${id}`);
  // The preview's picture: the event's drawing is not one previews show, so the site's own.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${baseURL}/og-image.png`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the register link opens the form in the page and registering works", async ({ page }) => {
    const event = await insertEvent();
    try {
      await page.goto(`/events/${event.id}`);
      await page.getByRole("button", { name: "Register for This Event" }).click();
      await expect(page).toHaveURL(new RegExp(`/events/${event.id}\\?register`));
      const form = page.getByRole("region", { name: "Register for This Event" });
      await form.getByLabel("Full Name").fill("Pedro Cruz");
      await form.getByLabel("Email").fill("pedro@example.org");
      await form.getByLabel("Mobile Number").fill("39998888");
      await form.getByRole("button", { name: "Register" }).click();

      await expect(page.getByRole("status").filter({ hasText: "Registration Successful!" })).toContainText(
        `You've registered for ${event.title}.`,
      );
      expect(await registrationsFor(event.title)).toMatchObject([
        { name: "Pedro Cruz", event_id: event.id, message: null },
      ]);
    } finally {
      await removeEvent(event.id);
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the list, the page and the form fit the screen", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("article").first()).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const card = await page.getByRole("article").first().boundingBox();
    expect(card!.width).toBeLessThanOrEqual(390);

    await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .tap();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    const trigger = page.getByRole("button", { name: "Register for This Event" });
    const button = await trigger.boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(44);
    await trigger.tap();
    const dialog = page.getByRole("dialog", { name: "Register for This Event" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole("button", { name: "Register" })).toBeInViewport();
  });

  test("a full event puts the visitor on the waitlist; the e-mailed link cancels once", async ({ page }) => {
    const event = await insertEvent();
    await sql("update events set capacity = 1 where id = $1", [event.id]);
    await sql(
      `insert into event_registrations (event_id, event_title, name, email, mobile) values ($1, $2, 'First Guest', 'first@example.org', '33333333')`,
      [event.id, event.title],
    );
    try {
      await page.goto(`/events/${event.id}`);
      await expect(page.getByText("Full: registrations join the waitlist")).toBeVisible();
      await page.getByRole("button", { name: "Join the Waitlist" }).tap();
      const dialog = page.getByRole("dialog", { name: "Register for This Event" });
      await dialog.getByLabel("Full Name").fill("Wait Lister");
      await dialog.getByLabel("Email").fill("wait.lister@example.org");
      await dialog.getByLabel("Mobile Number").fill("+973 3612 3456");
      await dialog.getByRole("button", { name: "Register" }).tap();
      await expect(page.getByTestId("toast")).toContainText("You're on the Waitlist");

      const [mail] = await sql<{ subject: string; text_body: string }>(
        "select subject, text_body from outbox_emails where to_address = $1",
        ["wait.lister@example.org"],
      );
      expect(mail!.subject).toBe(`You are on the waitlist: ${event.title}`);
      const link = new URL(/http:\/\/\S+\/cancel\?\S+/.exec(mail!.text_body)![0]);
      await page.goto(link.pathname + link.search);
      await expect(page.getByText(`Leave the waitlist for ${event.title}, Wait Lister?`)).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Leave the Waitlist" }).tap();
      await expect(page.getByRole("status")).toHaveText(
        `Your registration for ${event.title} has been cancelled.`,
      );
      const rows = await sql<{ email: string; status: string }>(
        "select email, status from event_registrations where event_id = $1 order by email",
        [event.id],
      );
      expect(rows).toEqual([
        { email: "first@example.org", status: "confirmed" },
        { email: "wait.lister@example.org", status: "cancelled" },
      ]);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole("alert")).toHaveText("This registration has already been cancelled.");
    } finally {
      await removeEvent(event.id);
    }
  });
});
