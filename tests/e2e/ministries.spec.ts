import type { Page } from "@playwright/test";
import { getMinistry } from "../../app/content/ministries";
import { expect, sql, test, visitorAddress } from "./fixtures";

const ALPHABETICAL = [
  ["ACTS Kids", "acts-kids"],
  ["Amplify (Music)", "amplify"],
  ["AMPM (Prayer Meeting)", "ampm"],
  ["CIA (General Services)", "cia"],
  ["Cords (Couples)", "cords"],
  ["Finance", "finance"],
  ["Ignite (Media)", "ignite"],
  ["IronMen (Men)", "ironmen"],
  ["MMK (Evangelism)", "mmk"],
  ["Program", "programs"],
  ["Scribes", "scribes"],
  ["SoundTech", "soundtech"],
  ["TEE", "tee"],
  ["The Gatekeepers", "gatekeepers"],
  ["Transport", "transport"],
  ["Yadah (Dance)", "yadah"],
] as const;

/** Opens a page and waits until its scripts run, so buttons open modals instead of following links. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  // A members page is a React application; a public page's few scripts run inline as it loads.
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window || document.querySelector("script[data-enhancement]") !== null,
  );
  await page.waitForLoadState("networkidle");
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function registrationsFor(email: string) {
  return sql<{ ministry_slug: string; name: string; email: string; mobile: string }>(
    "select ministry_slug, name, email, mobile from ministry_registrations where email = $1",
    [email],
  );
}

test.describe("the ministries list", () => {
  test("shows all 16 ministries alphabetically, each with a Learn More link, and the way to connect", async ({
    page,
  }) => {
    await page.goto("/ministries");
    await expect(page).toHaveTitle("Our Ministries | ACTS Church Bahrain");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /ministries/i);
    await expect(page.getByRole("heading", { level: 1, name: "Our Ministries" })).toBeVisible();

    const cards = page.getByTestId("ministry-card");
    await expect(cards).toHaveCount(16);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(ALPHABETICAL.map(([name]) => name));
    for (const [index, [name, slug]] of ALPHABETICAL.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(getMinistry(slug)!.description);
      await expect(card.getByTestId(`ministry-logo-${slug}`)).toBeVisible();
      const learnMore = card.getByRole("link", { name: `Learn More about ${name}` });
      // The visible text is 'Learn More'; the ministry's name is added for screen readers.
      expect(await learnMore.evaluate((link) => link.firstChild?.textContent)).toBe("Learn More");
      await expect(learnMore.locator(".sr-only")).toHaveText(` about ${name}`);
      await expect(learnMore).toHaveAttribute("href", `/ministries/${slug}`);
    }

    await expect(page.getByRole("main").getByRole("link", { name: "Get Connected Today" })).toHaveAttribute(
      "href",
      "/connect",
    );

    await cards
      .nth(1)
      .getByRole("link", { name: /^Learn More/ })
      .click();
    await expect(page).toHaveURL("/ministries/amplify");
    await expect(page.getByRole("heading", { level: 1, name: "Amplify (Music)" })).toBeVisible();
  });

  test("is complete in the HTML before any script runs", async ({ request }) => {
    const response = await request.get("/ministries");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const [name, slug] of ALPHABETICAL) {
      expect(html).toContain(name);
      expect(html).toContain(`href="/ministries/${slug}"`);
    }
    expect(html).toContain("Get Connected Today");
  });

  test("stacks the cards in one column on a phone, without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/ministries");
    const cards = page.getByTestId("ministry-card");
    const first = (await cards.nth(0).boundingBox())!;
    const second = (await cards.nth(1).boundingBox())!;
    expect(second.x).toBe(first.x);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(first.width).toBeGreaterThan(330);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const learnMore = (await cards
      .nth(0)
      .getByRole("link", { name: /^Learn More/ })
      .boundingBox())!;
    expect(learnMore.height).toBeGreaterThanOrEqual(44);
  });

  test("lays the cards out four to a row on a desktop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/ministries");
    const cards = page.getByTestId("ministry-card");
    const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(tops[4]).toBeGreaterThan(tops[0]!);
  });
});

test.describe("a ministry's page", () => {
  test("shows Amplify's details, its practice time and its verse", async ({ page }) => {
    const amplify = getMinistry("amplify")!;
    await page.goto("/ministries/amplify");
    await expect(page).toHaveTitle("Amplify (Music) | ACTS Church Bahrain");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", amplify.description);
    await expect(page.getByRole("heading", { level: 1, name: "Amplify (Music)" })).toBeVisible();

    const main = page.getByRole("main");
    await expect(main).toContainText(amplify.description);
    await expect(main).toContainText(amplify.fullDescription);
    await expect(main.getByTestId("ministry-logo-amplify")).toBeVisible();
    const glance = page.getByRole("complementary", { name: "Amplify at a glance" });
    await expect(glance).toContainText("Schedule");
    await expect(glance).toContainText("Thursdays 7:00 PM");
    await expect(glance).toContainText("Age Group");
    await expect(glance).toContainText(amplify.ageGroup);
    await expect(glance).toContainText("Leader");
    await expect(glance).toContainText(amplify.leader);
    await expect(main.locator("blockquote")).toContainText(amplify.verse);
    await expect(main.locator("figcaption")).toHaveText(amplify.verseRef);
    await expect(main.getByRole("button", { name: "Join This Ministry" })).toHaveCount(2);
  });

  test("shows ACTS Kids' day and age group, and Yadah's practice time", async ({ page }) => {
    await page.goto("/ministries/acts-kids");
    const kids = page.getByRole("complementary", { name: "ACTS Kids at a glance" });
    await expect(kids).toContainText("Every Friday");
    await expect(kids).toContainText("Ages 3-12");
    await expect(page).toHaveTitle("ACTS Kids | ACTS Church Bahrain");

    await page.goto("/ministries/yadah");
    await expect(page.getByRole("complementary", { name: "Yadah at a glance" })).toContainText(
      "Wednesdays 7:00 PM",
    );
  });

  test("an unknown ministry answers 404 with 'Ministry Not Found' inside the site frame", async ({
    page,
  }) => {
    const response = await page.goto("/ministries/no-such-ministry");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Ministry Not Found | ACTS Church Bahrain");
    await expect(page.getByRole("heading", { level: 1, name: "Ministry Not Found" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("the ministry you are looking for does not exist");
    await expect(page.getByRole("banner")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Back to All Ministries" }).click();
    await expect(page).toHaveURL("/ministries");
  });

  test("shows the default image until the ministry has one, then the stored image", async ({ page }) => {
    await sql("delete from ministry_images where ministry_slug = 'scribes'");
    await page.goto("/ministries/scribes");
    const image = page.getByTestId("ministry-image");
    await expect(image).toHaveAttribute("src", "/images/ministry-default.svg");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await sql(
      "insert into ministry_images (ministry_slug, image_url) values ('scribes', '/files/1767225600003.png')",
    );
    try {
      await page.goto("/ministries/scribes");
      await expect(image).toHaveAttribute("src", "/files/1767225600003.png");
      await expect(image).toHaveAttribute("alt", "Scribes");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
      // Another ministry still has the default.
      await page.goto("/ministries/soundtech");
      await expect(image).toHaveAttribute("src", "/images/ministry-default.svg");
    } finally {
      await sql("delete from ministry_images where ministry_slug = 'scribes'");
    }
  });

  test("shows the videos section only when the ministry has videos, newest first", async ({ page }) => {
    await sql("delete from ministry_videos where ministry_slug in ('transport', 'finance')");
    await page.goto("/ministries/transport");
    await expect(page.getByRole("heading", { level: 1, name: "Transport" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ministry Videos" })).toHaveCount(0);

    await sql(
      `insert into ministry_videos (title, youtube_id, ministry_slug, created_at) values
        ('Drivers briefing', 'aaaaaaaaaaa', 'transport', now() - interval '2 days'),
        ('Serving on the road', 'bbbbbbbbbbb', 'transport', now() - interval '1 hour'),
        ('Finance update', 'ccccccccccc', 'finance', now())`,
    );
    try {
      await page.goto("/ministries/transport");
      const videos = page.getByTestId("ministry-videos");
      await expect(page.getByRole("heading", { level: 2, name: "Ministry Videos" })).toBeVisible();
      await expect(videos.getByRole("heading", { level: 3 })).toHaveText([
        "Serving on the road",
        "Drivers briefing",
      ]);
      await expect(videos.getByRole("link", { name: /^Play video:/ })).toHaveCount(2);
      // Nothing is loaded from the video platform until a visitor asks.
      await expect(page.locator("iframe")).toHaveCount(0);
      await expect(videos.getByRole("link", { name: "Play video: Serving on the road" })).toHaveAttribute(
        "href",
        /bbbbbbbbbbb/,
      );
    } finally {
      await sql("delete from ministry_videos where ministry_slug in ('transport', 'finance')");
    }
  });
});

test.describe("joining a ministry", () => {
  test("a visitor signs up: toast, saved row, modal closed and an empty form next time", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    const email = uniqueEmail("join");
    await openHydrated(page, "/ministries/amplify");

    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Join Amplify (Music)" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/ministries/amplify");
    await dialog.getByLabel("Full Name").fill("Maria Santos");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Mobile Number").fill("+973 3312 3456");
    await dialog.getByRole("button", { name: "Submit Registration" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Registration Successful!");
    await expect(toast).toContainText("You've signed up for Amplify (Music).");
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => registrationsFor(email))
      .toEqual([{ ministry_slug: "amplify", name: "Maria Santos", email, mobile: "+973 3312 3456" }]);

    // The join button at the bottom opens the same form, empty again.
    await page.getByRole("button", { name: "Join This Ministry" }).last().click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("");
    await expect(dialog.getByLabel("Email")).toHaveValue("");
    await expect(dialog.getByLabel("Mobile Number")).toHaveValue("");
  });

  test("a mobile number of letters is refused at once and nothing is written", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    const email = uniqueEmail("invalid");
    await openHydrated(page, "/ministries/yadah");

    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Join Yadah (Dance)" });
    await dialog.getByLabel("Full Name").fill("Maria Santos");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Mobile Number").fill("call me maybe");
    await dialog.getByRole("button", { name: "Submit Registration" }).click();

    await expect(dialog.getByText("Please enter a valid mobile number.")).toBeVisible();
    await expect(dialog.getByLabel("Mobile Number")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Mobile Number")).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Maria Santos");
    expect(await registrationsFor(email)).toEqual([]);
  });

  test("when the server refuses, the failure toast shows and the form stays open and filled", async ({
    page,
    request,
  }) => {
    const address = visitorAddress();
    // Use up this visitor's public-form allowance (30 a minute) with empty forms, which save nothing.
    for (let i = 0; i < 30; i++) {
      await request.post("/ministries/cords?join", {
        form: { name: "", email: "", mobile: "" },
        headers: { "x-forwarded-for": address },
      });
    }
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
    const email = uniqueEmail("refused");
    await openHydrated(page, "/ministries/cords");

    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Join Cords (Couples)" });
    await dialog.getByLabel("Full Name").fill("Mark Villanueva");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Mobile Number").fill("+63 917 123 4567");
    await dialog.getByRole("button", { name: "Submit Registration" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Registration Failed");
    await expect(toast).toContainText("Too many submissions");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Mark Villanueva");
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await expect(dialog.getByLabel("Mobile Number")).toHaveValue("+63 917 123 4567");
    await expect(dialog.getByRole("button", { name: "Submit Registration" })).toBeEnabled();
    expect(await registrationsFor(email)).toEqual([]);
  });

  test("the modal takes focus and closes on its X, a click on the backdrop and Escape", async ({ page }) => {
    await openHydrated(page, "/ministries/ignite");
    const join = page.getByRole("button", { name: "Join This Ministry" }).first();
    const dialog = page.getByRole("dialog", { name: "Join Ignite (Media)" });

    await join.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toBeFocused();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(join).toBeFocused();

    await join.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("dialog-backdrop").click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();

    await join.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(join).toBeFocused();
  });

  test("the modal fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHydrated(page, "/ministries/yadah");
    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Join Yadah (Dance)" });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    for (const label of ["Full Name", "Email", "Mobile Number"]) {
      const field = (await dialog.getByLabel(label).boundingBox())!;
      expect(field.width).toBeGreaterThan(280);
      expect(field.height).toBeGreaterThanOrEqual(44);
    }
    const submit = dialog.getByRole("button", { name: "Submit Registration" });
    await expect(submit).toBeInViewport();
    expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});

test.describe("joining without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Join button leads to the form on the page, and sending it signs the visitor up", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    const email = uniqueEmail("nojs");
    await page.goto("/ministries/yadah");
    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    await expect(page).toHaveURL(/\/ministries\/yadah\?join/);

    const form = page.getByRole("region", { name: "Join Yadah (Dance)" });
    await form.getByLabel("Full Name").fill("Bea Torres");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Mobile Number").fill("+973 3600 7788");
    await form.getByRole("button", { name: "Submit Registration" }).click();

    await expect(page.getByRole("status")).toContainText("Registration Successful!");
    await expect(page.getByRole("status")).toContainText("You've signed up for Yadah (Dance).");
    expect(await registrationsFor(email)).toEqual([
      { ministry_slug: "yadah", name: "Bea Torres", email, mobile: "+973 3600 7788" },
    ]);
    // The form is empty again, ready for the next person.
    await expect(form.getByLabel("Full Name")).toHaveValue("");
  });

  test("a refused form comes back with the reason and what was typed", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    const email = uniqueEmail("nojs-invalid");
    await page.goto("/ministries/yadah?join");
    const form = page.getByRole("region", { name: "Join Yadah (Dance)" });
    await form.getByLabel("Full Name").fill("Bea Torres");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Mobile Number").fill("no number");
    await form.getByRole("button", { name: "Submit Registration" }).click();

    await expect(page.getByRole("alert")).toContainText("Registration Failed");
    await expect(form.getByText("Please enter a valid mobile number.", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("Bea Torres");
    await expect(form.getByLabel("Mobile Number")).toHaveValue("no number");
    expect(await registrationsFor(email)).toEqual([]);
  });
});
