import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, sql, test, visitorAddress } from "./fixtures";
import { lastQueuedEmail } from "./staff-account";

// A visitor whose browser runs no scripts (or whose phone has not loaded them): every public page
// shows its content and menu, and every public form sends, answers with its messages and stores
// its row, by ordinary page loads (ADR 013).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

function uniqueEmail(label: string) {
  return `${label}.${crypto.randomBytes(4).toString("hex")}@example.org`;
}

async function aSermonId() {
  const [sermon] = await sql<{ id: string }>("select id from sermons order by sermon_date desc limit 1");
  return sermon!.id;
}

async function anEventId() {
  const [event] = await sql<{ id: string }>(
    "select id from events where event_date >= current_date order by event_date limit 1",
  );
  return event!.id;
}

const PUBLIC_PAGES: [string, string][] = [
  ["/", "Growing in Faith Together"],
  ["/about", "Who We Are"],
  ["/about/our-story", "Our Story"],
  ["/about/what-we-believe", "What We Believe"],
  ["/about/mission-vision", "Mission & Vision"],
  ["/about/our-team", "Our Team"],
  ["/ministries", "Our Ministries"],
  ["/ministries/acts-kids", "ACTS Kids"],
  ["/events", "Church Events"],
  ["/connect", "Connect With Us"],
  ["/prayer", "Prayer Request"],
  ["/groups", "Find a Group"],
  ["/media", "Sermons & Resources"],
  ["/media/sermons", "Sermons"],
  ["/media/elibrary", "eLibrary"],
  ["/update-my-details", "Update My Details"],
  ["/privacy", "Privacy"],
  ["/no-such-page", "Page Not Found"],
];

test.describe("on a phone", () => {
  test.use(PHONE);

  test("every public page shows its content and its menu opens", async ({ page }) => {
    test.setTimeout(90_000);
    const eventId = await anEventId();
    const sermonId = await aSermonId();
    const withData: [string, string][] = [
      [`/events/${eventId}`, ""],
      [`/media/sermons/${sermonId}`, ""],
      ["/media/sermons/speakers/senior-pastor", "Senior Pastor"],
    ];
    for (const [path, heading] of [...PUBLIC_PAGES, ...withData]) {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1, path).toHaveCount(1);
      if (heading) await expect(h1, path).toContainText(heading);
      await page.getByTestId("mobile-menu").locator("summary").click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu, path).toBeVisible();
      await expect(menu.getByRole("link", { name: "Events" }), path).toHaveAttribute("href", "/events");
    }
  });
});

async function connectForm(page: Page) {
  return page.getByRole("region", { name: "Send Us a Message" });
}

test("connect: a mistake is shown on its field with what was typed, then the message is sent and stored", async ({
  page,
}) => {
  const email = uniqueEmail("no-script");
  await page.goto("/connect");
  const form = await connectForm(page);
  await form.getByLabel("Name").fill("Rosa Script-Free");
  await form.getByLabel("Mobile Number").fill("call me");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message", { exact: true }).fill("Hello without JavaScript");
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page).toHaveURL(/\/connect$/);
  const answer = await connectForm(page);
  await expect(answer.getByRole("alert")).toContainText("Submission Failed");
  await expect(answer.getByLabel("Mobile Number")).toHaveAttribute("aria-invalid", "true");
  await expect(answer.getByText("Please enter a valid mobile number.").first()).toBeVisible();
  await expect(answer.getByLabel("Name")).toHaveValue("Rosa Script-Free");
  await expect(answer.getByLabel("Message", { exact: true })).toHaveValue("Hello without JavaScript");
  expect(await sql("select id from visitors where email = $1", [email])).toEqual([]);

  await answer.getByLabel("Mobile Number").fill("+973 3600 1234");
  await answer.getByRole("button", { name: "Send Message" }).click();
  const done = await connectForm(page);
  await expect(done.getByRole("status")).toContainText(
    "Message Sent! Thank you for connecting with us. We will get back to you soon.",
  );
  await expect(done.getByLabel("Name")).toHaveValue("");
  expect(await sql("select name, mobile from visitors where email = $1", [email])).toEqual([
    { name: "Rosa Script-Free", mobile: "+973 3600 1234" },
  ]);
});

test("ministry join: the button leads to the form in the page, which signs the visitor up", async ({
  page,
}) => {
  const email = uniqueEmail("join");
  await page.goto("/ministries/acts-kids");
  await page.getByRole("button", { name: "Join This Ministry" }).first().click();
  await expect(page).toHaveURL(/\/ministries\/acts-kids\?join#join$/);
  const section = page.getByRole("region", { name: "Join ACTS Kids" });
  await section.getByLabel("Full Name").fill("Tomas Join");
  await section.getByLabel("Email").fill(email);
  await section.getByLabel("Mobile Number").fill("+973 3600 2222");
  await section.getByRole("button", { name: "Submit Registration" }).click();

  await expect(page.getByRole("status")).toContainText(
    "Registration Successful! You've signed up for ACTS Kids.",
  );
  expect(
    await sql("select ministry_slug, name from ministry_registrations where email = $1", [email]),
  ).toEqual([{ ministry_slug: "acts-kids", name: "Tomas Join" }]);
});

test("event registration: the form in the page registers, a blank name is refused", async ({ page }) => {
  const email = uniqueEmail("register");
  const eventId = await anEventId();
  await page.goto(`/events/${eventId}`);
  await page.getByRole("button", { name: "Register for This Event" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}\\?register#register$`));
  const section = page.getByRole("region", { name: "Register for This Event" });
  await section.getByLabel("Full Name").fill("   ");
  await section.getByLabel("Email").fill(email);
  await section.getByLabel("Mobile Number").fill("+973 3600 3333");
  await section.getByRole("button", { name: "Register", exact: true }).click();
  const refused = page.getByRole("region", { name: "Register for This Event" });
  await expect(refused.getByRole("alert")).toContainText("Registration Failed");
  await expect(refused.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(refused.getByLabel("Email")).toHaveValue(email);

  await refused.getByLabel("Full Name").fill("Lina Register");
  await refused.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Registration Successful! You've registered for");
  expect(await sql("select name from event_registrations where email = $1", [email])).toEqual([
    { name: "Lina Register" },
  ]);

  // The confirmation's cancel link: a page with one button, sent as a plain form.
  const [mail] = await sql<{ text_body: string }>(
    "select text_body from outbox_emails where to_address = $1 order by created_at desc limit 1",
    [email],
  );
  const link = new URL(/http:\/\/\S+\/cancel\?\S+/.exec(mail!.text_body)![0]);
  expect(await (await page.request.get(link.pathname + link.search)).text()).not.toMatch(
    /<script[^>]*type="module"/,
  );
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Cancel My Registration" }).click();
  await expect(page.getByRole("status")).toContainText("has been cancelled.");
  expect(await sql("select status from event_registrations where email = $1", [email])).toEqual([
    { status: "cancelled" },
  ]);
});

test("a member's own forms: the link is asked for, then consents and changes are sent from it", async ({
  page,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const email = uniqueEmail(`own${tag}`);
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, country_code)
     values ($1, 'Plain', $2, '33112233', '+973') returning id`,
    [`Noel${tag}`, email],
  );
  await sql(
    "insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'registry', 1, 'staff')",
    [member!.id],
  );
  try {
    await page.goto("/update-my-details");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByTestId("update-link-answer")).toHaveText(
      "If this address belongs to a member, we have sent a link to it. It works for 7 days.",
    );
    const link = /\/update-my-details\/[\w-]{43}/.exec(
      await lastQueuedEmail(email, "member.update-link"),
    )![0];

    expect(await (await page.request.get(link)).text()).not.toMatch(/<script[^>]*type="module"/);
    await page.goto(link);
    const consents = page.getByRole("region", { name: "Your consents" });
    await consents.getByLabel(/receive e-mails from/).check();
    await consents.getByRole("button", { name: "Save my consents" }).click();
    await expect(page.getByRole("status")).toHaveText("Your consents are saved.");
    expect(await sql("select kind from consents where member_id = $1 order by kind", [member!.id])).toEqual([
      { kind: "email" },
      { kind: "registry" },
    ]);

    await page.getByRole("textbox", { name: "Mobile" }).fill("39001122");
    await page.getByRole("button", { name: "Send my changes" }).click();
    await expect(page.getByTestId("update-thanks")).toHaveText(
      "Thank you. The church office will review your changes.",
    );
    const [request] = await sql<{ changes: Record<string, unknown> }>(
      "select changes from member_update_requests where member_id = $1",
      [member!.id],
    );
    expect(JSON.stringify(request!.changes)).toContain("39001122");
  } finally {
    await sql("delete from members where id = $1", [member!.id]);
    await sql("delete from outbox_emails where to_address = $1", [email]);
  }
});

test.describe("from an address of its own", () => {
  // The rate limit counts per address: this test fills its own minute.
  test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

  test("the honeypot and the rate limit still apply to forms sent without scripts", async ({ page }) => {
    const trapped = uniqueEmail("trap");
    await page.goto("/connect");
    const form = await connectForm(page);
    await form.getByLabel("Name").fill("A Bot");
    await form.getByLabel("Mobile Number").fill("+973 3600 4444");
    await form.getByLabel("Email").fill(trapped);
    await form.getByLabel("Message", { exact: true }).fill("Buy now");
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect((await connectForm(page)).getByRole("status")).toContainText("Thank you");
    expect(await sql("select id from visitors where email = $1", [trapped])).toEqual([]);

    // This test's own address has sent one form; 29 more fill its minute.
    for (let sent = 1; sent < 30; sent++) {
      const response = await page.request.post("/connect", {
        form: { name: "", email: "", mobile: "", message: "" },
      });
      expect(response.status()).toBe(400);
    }
    const limited = uniqueEmail("limited");
    await page.goto("/connect");
    const again = await connectForm(page);
    await again.getByLabel("Name").fill("One Too Many");
    await again.getByLabel("Mobile Number").fill("+973 3600 5555");
    await again.getByLabel("Email").fill(limited);
    await again.getByLabel("Message", { exact: true }).fill("Hello again");
    await again.getByRole("button", { name: "Send Message" }).click();
    await expect((await connectForm(page)).getByRole("alert")).toContainText(
      "Too many submissions from your connection. Please wait a minute and try again.",
    );
    expect(await sql("select id from visitors where email = $1", [limited])).toEqual([]);
  });
});

test("sermons: narrowed to a series by the form, then a sermon's page with its share links", async ({
  page,
}) => {
  const tag = `NoScript ${crypto.randomBytes(3).toString("hex")}`;
  const slug = tag.toLowerCase().replace(/ /g, "-");
  await sql("insert into sermon_series (name, slug) values ($1, $2)", [`${tag} Series`, `${slug}-series`]);
  await sql(
    `insert into sermons (sermon_date, title, speaker, youtube_id, passage, series_id)
     select d, $1 || ' ' || n, 'Guest Preacher', 'abcdefghijk', 'Psalm ' || n, (select id from sermon_series where slug = $2)
     from (values (date '2026-01-02', 'one'), (date '2026-01-09', 'two')) as v(d, n)`,
    [tag, `${slug}-series`],
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/media/sermons");
    await page.getByLabel("Series", { exact: true }).selectOption({ label: `${tag} Series` });
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(new RegExp(`/media/sermons\\?series=${slug}-series$`));
    const cards = page.getByTestId("sermon-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText([`${tag} two`, `${tag} one`]);
    await expect(page.getByTestId("sermon-count")).toContainText("2 sermons found.");

    await cards
      .first()
      .getByRole("link", { name: `${tag} two`, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} two`);
    await expect(page.getByText("Psalm two")).toBeVisible();
    const whatsApp = page.getByRole("link", { name: /WhatsApp/ });
    expect(decodeURIComponent((await whatsApp.getAttribute("href"))!)).toContain(page.url());
    await page.getByRole("link", { name: `${tag} Series` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} Series`);
    await expect(page.getByTestId("sermon-card")).toHaveCount(2);
  } finally {
    await sql("delete from sermons where title like $1", [`${tag} %`]);
    await sql("delete from sermon_series where slug = $1", [`${slug}-series`]);
  }
});

test("pages without scripts carry no framework: no module script, no module preload", async ({ request }) => {
  const eventId = await anEventId();
  const sermonId = await aSermonId();
  const series = `no-module-${crypto.randomBytes(3).toString("hex")}`;
  await sql("insert into sermon_series (name, slug) values ($1, $1)", [series]);
  try {
    const paths = [
      ...PUBLIC_PAGES.map(([path]) => path),
      `/events/${eventId}`,
      `/events/${eventId}?register`,
      `/media/sermons/${sermonId}`,
      "/media/sermons?speaker=senior-pastor",
      "/media/sermons/speakers/senior-pastor",
      `/media/sermons/series/${series}`,
    ];
    for (const path of [...paths, "/ministries/acts-kids?join"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
      expect(html, path).not.toMatch(/rel="modulepreload"/);
      expect(html, path).not.toContain("__reactRouterContext");
    }
    // The members area is still a React application (so this test can tell the two apart).
    const login = await (await request.get("/members/login")).text();
    expect(login).toMatch(/<script[^>]*type="module"/);
    expect(login).toMatch(/rel="modulepreload"/);
  } finally {
    await sql("delete from sermon_series where slug = $1", [series]);
  }
});
