import type { Browser, Page } from "@playwright/test";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";
import { noWiderThanScreen, ownSite } from "./own-site";

// Issue 39's acceptance, scripts off, on a site of its own that sends through a real SMTP server:
// /fil/ is the home page in Filipino; a visitor joins a ministry and registers for an event from
// /fil/ pages, first with mistakes (the messages are Filipino), then successfully (the answers are
// Filipino). The confirmation e-mails are Filipino (subject, text, lang="fil"), the event's cancel
// link is a /fil address and cancels; the rows keep 'fil'. An English registration still gets
// the English e-mail.

// Offset 96 would be 3306 with the default first port: MariaDB's on machines that run it.
const site = ownSite("filipino-forms", 97);
const ORIGIN = site.origin;
const { query, mailTo } = site;
const PHONE = { width: 390, height: 844 };

/**
 * axe needs scripts: it checks a copy of what the scripts-off page shows (its errors too), laid
 * into a page of the same site that runs them.
 */
async function expectAxeCleanCopy(browser: Browser, shown: Page, label: string) {
  const html = await shown.content();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  try {
    await page.goto(shown.url());
    await page.setContent(html, { waitUntil: "load" });
    await expectAxeClean(page, label);
  } finally {
    await context.close();
  }
}

async function withoutScripts(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return page;
}

/** "Biyernes, Disyembre 5, 2026": how Filipino pages and e-mails write a date. */
const filipinoDate = (isoDate: string) =>
  new Intl.DateTimeFormat("fil", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(`${isoDate}T00:00:00Z`));

test("a visitor joins a ministry and registers for an event in Filipino, and is written to in Filipino", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const eventDate = addDays(todayInChurchZone(), 12);
  const [event] = await query<{ id: string }>(
    `insert into events (title, description, event_date, event_time, event_end_time, location_name, google_maps_url, capacity)
     values ('Family Day', 'Games and a meal for the whole family.', $1, '16:00', '19:00', 'Church hall',
       'https://maps.google.com/?q=church+hall', 40) returning id`,
    [eventDate],
  );
  const visitor = await withoutScripts(browser, "198.51.100.71");

  // The home page in Filipino: the page says its language, and its frame speaks Filipino.
  await visitor.goto(`${ORIGIN}/fil/`);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "fil");
  await expect(
    visitor.locator('a[href="/fil/ministries"]').filter({ hasText: "Mga Ministry" }).first(),
  ).toBeAttached();

  // A ministry: the join link opens the form in the page; a first try with mistakes.
  await visitor.goto(`${ORIGIN}/fil/ministries/acts-kids`);
  await expect(visitor.getByRole("heading", { level: 2, name: "Tungkol sa ACTS Kids" })).toBeVisible();
  // The ministry's own texts stand in English, and say so.
  await expect(visitor.locator('dd[lang="en"]').first()).toBeVisible();
  await visitor.getByRole("button", { name: "Sumali sa Ministry na Ito" }).first().click();
  await expect(visitor).toHaveURL(/\/fil\/ministries\/acts-kids\?join(#join)?$/);
  // Mistakes the browser lets through (it checks only that the fields are filled in).
  await visitor.getByLabel("Buong Pangalan").fill("   ");
  await visitor.getByLabel("Email").fill("maria@example.ph");
  await visitor.getByLabel("Mobile Number").fill("tawagan ako");
  await visitor.getByRole("button", { name: "Ipadala ang Rehistrasyon" }).click();
  await expect(visitor).toHaveURL(/\/fil\/ministries\/acts-kids\?join$/);
  await expect(visitor.getByRole("alert")).toContainText("Hindi Natuloy ang Pagrehistro");
  await expect(visitor.getByText("Pakilagay po ang inyong buong pangalan.", { exact: true })).toBeVisible();
  await expect(
    visitor.getByText("Pakilagay po ang isang tamang mobile number.", { exact: true }),
  ).toBeVisible();
  await expect(visitor.getByLabel("Buong Pangalan")).toHaveAttribute("aria-invalid", "true");
  await expect(visitor.getByLabel("Mobile Number")).toHaveValue("tawagan ako");
  await noWiderThanScreen(visitor, "ministry-errors");
  await expectAxeCleanCopy(browser, visitor, "the Filipino ministry form with its errors");
  await visitor.setViewportSize(PHONE);
  expect(await query("select 1 from ministry_registrations")).toEqual([]);

  await visitor.getByLabel("Buong Pangalan").fill("Maria Santos");
  await visitor.getByLabel("Email").fill("maria@example.ph");
  await visitor.getByLabel("Mobile Number").fill("+973 3311 2233");
  await visitor.getByRole("button", { name: "Ipadala ang Rehistrasyon" }).click();
  await expect(visitor.getByRole("status")).toContainText(
    "Matagumpay ang Pagrehistro! Naka-sign up na po kayo sa ACTS Kids.",
  );

  // An event: the same, from its Filipino page.
  await visitor.goto(`${ORIGIN}/fil/events/${event!.id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Family Day" })).toHaveAttribute("lang", "en");
  await expect(visitor.getByText(filipinoDate(eventDate)).first()).toBeVisible();
  await expect(visitor.getByText("40 sa 40 ang natitira")).toBeVisible();
  await visitor.getByRole("button", { name: "Magrehistro sa Event na Ito" }).click();
  await expect(visitor).toHaveURL(/\/fil\/events\/[\w-]+\?register(#register)?$/);
  await visitor.getByLabel("Buong Pangalan").fill("   ");
  await visitor.getByLabel("Email").fill("maria@example.ph");
  await visitor.getByLabel("Mobile Number").fill("+973 3311 2233");
  await visitor.getByLabel("Mensahe (Opsiyonal)").fill("Dalawa po kami.");
  await visitor.getByRole("button", { name: "Magrehistro", exact: true }).click();
  await expect(visitor.getByRole("alert")).toContainText("Hindi Natuloy ang Pagrehistro");
  await expect(visitor.getByText("Pakilagay po ang inyong buong pangalan.", { exact: true })).toBeVisible();
  await expect(visitor.getByLabel("Mensahe (Opsiyonal)")).toHaveValue("Dalawa po kami.");
  await noWiderThanScreen(visitor, "event-errors");
  await expectAxeCleanCopy(browser, visitor, "the Filipino event form with its errors");
  await visitor.setViewportSize(PHONE);
  expect(await query("select 1 from event_registrations")).toEqual([]);

  await visitor.getByLabel("Buong Pangalan").fill("Maria Santos");
  await visitor.getByRole("button", { name: "Magrehistro", exact: true }).click();
  await expect(visitor.getByRole("status")).toContainText(
    "Matagumpay ang Pagrehistro! Nakarehistro na po kayo sa Family Day.",
  );
  await expect(visitor.getByText("39 sa 40 ang natitira")).toBeVisible();

  // Both rows keep the language of the pages they came from.
  expect(await query("select name, language from ministry_registrations")).toEqual([
    { name: "Maria Santos", language: "fil" },
  ]);
  expect(await query("select name, language, status from event_registrations")).toEqual([
    { name: "Maria Santos", language: "fil", status: "confirmed" },
  ]);

  // The confirmations, as the SMTP server received them: Filipino through and through.
  const welcome = await mailTo("maria@example.ph", /^Maligayang pagdating sa ACTS Kids$/);
  expect(welcome.text).toContain("Mahal na kaibigan,");
  expect(welcome.text).toContain(`Tungkol sa ACTS Kids: ${ORIGIN}/fil/ministries/acts-kids`);
  expect(welcome.html).toContain('<html lang="fil">');
  const registered = await mailTo("maria@example.ph", /^Rehistrado na po kayo: Family Day$/);
  expect(registered.html).toContain('<html lang="fil">');
  expect(registered.text).toContain("Salamat po sa inyong pagrehistro sa Family Day.");
  expect(registered.text).toContain(`Petsa: ${filipinoDate(eventDate)}`);
  expect(registered.text).toContain("Oras: 4:00 PM - 7:00 PM");
  expect(registered.html).toContain("Ipakita po ang code na ito sa pintuan");
  expect(registered.attachments.map((file) => file.filename).sort()).toEqual(["check-in.png", "event.ics"]);
  const cancelLink = /Kanselahin ang aking rehistrasyon: (\S+)/.exec(registered.text!)![1]!;
  expect(cancelLink).toMatch(new RegExp(`^${ORIGIN}/fil/events/${event!.id}/cancel\\?r=`));

  // The cancel link opens the Filipino page, which cancels once.
  await visitor.goto(cancelLink);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "fil");
  await expect(
    visitor.getByText("Kakanselahin po ba ang rehistrasyon ni Maria Santos sa Family Day?"),
  ).toBeVisible();
  await visitor.getByRole("button", { name: "Kanselahin ang Aking Rehistrasyon" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "Nakansela na po ang inyong rehistrasyon sa Family Day.",
  );
  expect(await query("select status from event_registrations")).toEqual([{ status: "cancelled" }]);

  // An English registration is as it always was.
  const english = await withoutScripts(browser, "198.51.100.72");
  await english.goto(`${ORIGIN}/events/${event!.id}?register`);
  await english.getByLabel("Full Name").fill("Ana Reyes");
  await english.getByLabel("Email").fill("ana@example.org");
  await english.getByLabel("Mobile Number").fill("+973 3344 5566");
  await english.getByRole("button", { name: "Register", exact: true }).click();
  await expect(english.getByRole("status")).toContainText(
    "Registration Successful! You've registered for Family Day.",
  );
  const englishMail = await mailTo("ana@example.org", /^You are registered: Family Day$/);
  expect(englishMail.html).toContain('<html lang="en">');
  expect(englishMail.text).toContain("Dear friend,");
  expect(englishMail.text).toMatch(
    new RegExp(`Cancel my registration: ${ORIGIN}/events/${event!.id}/cancel\\?r=`),
  );
  expect(await query("select name, language from event_registrations where status = 'confirmed'")).toEqual([
    { name: "Ana Reyes", language: "en" },
  ]);
});

test("the connect page in Filipino shows its errors in Filipino, on a phone and a laptop", async ({
  browser,
}) => {
  const visitor = await withoutScripts(browser, "198.51.100.73");
  await visitor.goto(`${ORIGIN}/fil/connect`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Kumonekta sa Amin" })).toBeVisible();
  await visitor.getByLabel("Pangalan", { exact: true }).fill("Jose Cruz");
  await visitor.getByLabel("Mobile Number").fill("tawagan ako");
  await visitor.getByLabel("Email").fill("jose@example.ph");
  await visitor.getByLabel("Mensahe", { exact: true }).fill("   ");
  await visitor.getByRole("button", { name: "Ipadala ang Mensahe" }).click();
  await expect(visitor).toHaveURL(`${ORIGIN}/fil/connect`);
  await expect(visitor.getByRole("alert")).toContainText("Hindi Naipadala");
  await expect(
    visitor.getByText("Pakilagay po ang isang tamang mobile number.", { exact: true }),
  ).toBeVisible();
  await expect(visitor.getByText("Pakisulat po ang inyong mensahe.", { exact: true })).toBeVisible();
  await noWiderThanScreen(visitor, "connect-errors");
  await expectAxeCleanCopy(browser, visitor, "the Filipino connect form with its errors");
  expect(await query("select 1 from visitors")).toEqual([]);
});
