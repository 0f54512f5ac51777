import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { PUBLIC_PATHS } from "../../app/lib/site-url";
import { axeViolations, expectNoViolations } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

// WCAG 2.2 AA: axe-core on every public page and every members screen, at phone and desktop widths,
// in the states that matter (menus, modals, forms showing their errors, edit modes, confirm
// dialogs); then the keyboard: the header in tab order, modals that keep and give back focus, and a
// focus outline that can be seen wherever focus goes.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
// Its tests are independent: they run on both workers at once (each worker has a server of its
// own, and seeds and removes its own rows in beforeAll and afterAll).
test.describe.configure({ mode: "parallel" });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const NO_SUCH_ID = "00000000-0000-0000-0000-000000000000";

/** Opens a page and waits until its scripts run, so buttons open modals instead of following links. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  // A members page is a React application; a public page's few scripts run inline as it loads.
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window || document.querySelector("script[data-enhancement]") !== null,
  );
}

/** Submits a public form empty, past the browser's own checks, so our messages show on the fields. */
async function submitEmpty(form: Locator, submitName: string) {
  await form.locator("form").evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByRole("button", { name: submitName }).click();
  await expect(form.getByLabel(/Name/).first()).toHaveAttribute("aria-invalid", "true");
}

const tag = `A11y${crypto.randomBytes(3).toString("hex")}`;
let eventId = "";
let sermonId = "";
let memberId = "";
let inboxId = "";
const seriesSlug = `${tag.toLowerCase()}-series`;

async function one<Row>(text: string, params: unknown[] = []) {
  const [row] = await sql<Row>(text, params);
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
}

test.beforeAll(async () => {
  // Birthdays and an anniversary within the report windows (a leap year, so 29 February exists).
  const soon = (days: number) => `1988-${addDays(todayInChurchZone(), days).slice(5)}`;
  ({ id: eventId } = await one<{ id: string }>(
    "select id from events where event_date >= current_date order by event_date limit 1",
  ));
  ({ id: sermonId } = await one<{ id: string }>("select id from sermons order by created_at limit 1"));
  ({ id: memberId } = await one<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, birthday, gender, marital_status,
       spouse_name, wedding_anniversary, children, ministry_involvement, ministry_role)
     values ($1, 'Santos', $2, '33112233', $3, 'Female', 'Married', 'Jo Santos', $4,
       '[{"name":"Mia","birthday":"2016-05-01","gender":"Female"}]', '{tee,yadah}', '{head:yadah}')
     returning id`,
    [`${tag} Ana`, `${tag.toLowerCase()}@example.org`, soon(3), soon(5)],
  ));
  await sql(
    `insert into group_members (group_id, member_id)
     select id, $1 from groups where kind = 'bible-study' and name = 'Group 1'`,
    [memberId],
  );
  await sql(
    `insert into members (first_name, last_name, email, mobile, membership_status)
     values ($1, 'Reyes', $2, '33445566', 'Inactive')`,
    [`${tag} Ben`, `${tag.toLowerCase()}.ben@example.org`],
  );
  // A sermon series with one sermon, for its page.
  await sql("insert into sermon_series (name, slug) values ($1, $2)", [`${tag} Series`, seriesSlug]);
  await sql(
    `insert into sermons (sermon_date, title, speaker, youtube_id, passage, series_id)
     values ('2026-01-02', $1, 'Guest Preacher', 'abcdefghijk', 'Psalm 23', (select id from sermon_series where slug = $2))`,
    [`${tag} Sermon`, seriesSlug],
  );
  // A video to delete (the demo content has none), for the delete confirmation below.
  await sql(
    `insert into ministry_videos (title, youtube_id, ministry_slug) values ($1, 'dQw4w9WgXcQ', 'acts-kids')`,
    [`${tag} Kids Praise`],
  );
  await sql(
    `insert into ministry_registrations (ministry_slug, name, email, mobile)
     values ('acts-kids', $1, 'parent@example.org', '33001100')`,
    [`${tag} Parent`],
  );
  await sql(
    `insert into event_registrations (event_id, event_title, name, email, mobile, message)
     select id, title, $1, 'guest@example.org', '33001122', 'See you there' from events where id = $2`,
    [`${tag} Guest`, eventId],
  );
  // The visitor's message waits in the inbox, as one sent through /connect does.
  ({ id: inboxId } = await one<{ id: string }>(
    `with v as (insert into visitors (name, mobile, email, message)
       values ($1, '33009988', 'visitor@example.org', 'Hello
When is the service?') returning id, created_at)
     insert into inbox_items (kind, source_id, created_at) select 'connect', id, created_at from v returning id`,
    [`${tag} Visitor`],
  ));
});

test.afterAll(async () => {
  await sql("delete from members where first_name like $1", [`${tag}%`]);
  await sql("delete from ministry_videos where title like $1", [`${tag}%`]);
  await sql("delete from ministry_registrations where name like $1", [`${tag}%`]);
  await sql("delete from event_registrations where name like $1", [`${tag}%`]);
  await sql("delete from inbox_items where id = $1", [inboxId]);
  await sql("delete from visitors where name like $1", [`${tag}%`]);
  await sql("delete from sermons where title like $1", [`${tag}%`]);
  await sql("delete from sermon_series where slug = $1", [seriesSlug]);
});

// Every page the sitemap lists, plus pages with data, the not-found states and the login page.
const publicPages = () => [
  ...PUBLIC_PATHS,
  "/ministries/acts-kids",
  "/ministries/amplify",
  "/ministries/gatekeepers",
  "/ministries/no-such-ministry",
  `/events/${eventId}`,
  `/events/${NO_SUCH_ID}`,
  `/media/sermons/${sermonId}`,
  `/media/sermons/${NO_SUCH_ID}`,
  "/media/sermons?q=nothing-matches-this",
  "/media/sermons/speakers/senior-pastor",
  "/media/sermons/series/no-such-series",
  `/media/sermons/series/${seriesSlug}`,
  "/no-such-page",
  "/members/login",
];
// Issue 39: the pages people read, in Filipino (each has the English page's structure, with
// longer words and the church's English texts marked lang="en").
const filipinoReadPages = () => [
  "/fil/",
  "/fil/about",
  "/fil/about/our-story",
  "/fil/about/what-we-believe",
  "/fil/about/mission-vision",
  "/fil/about/our-team",
  "/fil/ministries",
  "/fil/media",
  "/fil/media/sermons",
  "/fil/media/sermons?q=nothing-matches-this",
  `/fil/media/sermons/${sermonId}`,
  `/fil/media/sermons/${NO_SUCH_ID}`,
  "/fil/media/sermons/speakers/senior-pastor",
  `/fil/media/sermons/series/${seriesSlug}`,
  "/fil/media/sermons/series/no-such-series",
  "/fil/media/elibrary",
  "/fil/privacy",
  "/fil/no-such-page",
];
for (const [device, use] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(use);

    test("every public page passes axe", async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of publicPages()) {
        await page.goto(path);
        await expectNoViolations(page, `${path} (${device})`);
      }
    });

    test("every Filipino page people read passes axe", async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of filipinoReadPages()) {
        await page.goto(path);
        await expectNoViolations(page, `${path} (${device})`);
      }
    });

    test("a confirmation's cancel page passes axe, asking and after cancelling", async ({ page }) => {
      const email = `${tag.toLowerCase()}.cancel.${device}@example.org`;
      try {
        const sent = await page.request.post(`/events/${eventId}`, {
          form: { name: `${tag} Canceller`, email, mobile: "+973 3600 7788" },
        });
        expect(sent.status()).toBe(200);
        const [mail] = await sql<{ text_body: string }>(
          "select text_body from outbox_emails where to_address = $1",
          [email],
        );
        const link = new URL(/http:\/\/\S+\/cancel\?\S+/.exec(mail!.text_body)![0]);
        await page.goto(link.pathname + link.search);
        await expectNoViolations(page, `the cancel page (${device})`);
        await page.getByRole("button", { name: "Cancel My Registration" }).click();
        await expect(page.getByRole("status")).toContainText("has been cancelled.");
        await expectNoViolations(page, `the cancel page, cancelled (${device})`);
      } finally {
        await sql(
          "delete from inbox_items where source_id in (select id from event_registrations where email = $1)",
          [email],
        );
        await sql("delete from event_registrations where email = $1", [email]);
        await sql("delete from outbox_emails where to_address = $1", [email]);
      }
    });

    test("the public forms pass axe, open and showing their error messages", async ({ page }) => {
      test.setTimeout(120_000);
      if (device === "phone") {
        // Without scripts the buttons lead to the same forms shown in the page.
        await page.goto("/ministries/acts-kids?join");
        await expectNoViolations(page, `/ministries/acts-kids?join (${device})`);
        await page.goto(`/events/${eventId}?register`);
        await expectNoViolations(page, `/events/{id}?register (${device})`);
      }

      await openHydrated(page, "/ministries/acts-kids");
      await page.getByRole("button", { name: "Join This Ministry" }).first().click();
      const join = page.getByRole("dialog", { name: "Join ACTS Kids" });
      await expect(join).toBeVisible();
      await submitEmpty(join, "Submit Registration");
      await expectNoViolations(page, `the join modal with errors (${device})`);

      await openHydrated(page, `/events/${eventId}`);
      await page.getByRole("button", { name: "Register for This Event" }).first().click();
      const register = page.getByRole("dialog", { name: "Register for This Event" });
      await expect(register).toBeVisible();
      await submitEmpty(register, "Register");
      await expectNoViolations(page, `the event registration modal with errors (${device})`);

      await openHydrated(page, "/connect");
      await submitEmpty(page.getByRole("region", { name: "Send Us a Message" }), "Send Message");
      await expectNoViolations(page, `/connect with errors (${device})`);

      await openHydrated(page, "/members/login");
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.org");
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, `/members/login refused (${device})`);

      await openHydrated(page, "/media/elibrary");
      await page
        .getByTestId("document-card")
        .filter({ hasText: "Worship Night Poster" })
        .getByRole("link", { name: /^Read/ })
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page, `the eLibrary image viewer (${device})`);

      if (device === "phone") {
        await openHydrated(page, "/");
        await page.getByTestId("mobile-menu").getByLabel("Menu").tap();
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
        await expectNoViolations(page, "the phone menu, open");
      } else {
        await openHydrated(page, "/");
        await page.getByTestId("about-menu").getByText("About").click();
        await expect(page.getByTestId("about-menu").getByRole("link", { name: "Our Story" })).toBeVisible();
        await expectNoViolations(page, "the About menu, open");
      }
    });
  });
}

test.describe("members screens, signed in as an administrator", () => {
  // Every members screen, as it first loads, is walked at 360 and 1280 px by phone-walk.spec.ts;
  // these are the states that walk does not reach.
  test("a message that does not exist and the site header signed in pass axe on a desktop", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP.viewport);
    await signIn(page);
    for (const path of [`/members/messages/${NO_SUCH_ID}`, "/about"]) {
      await page.goto(path);
      await expectNoViolations(page, `${path} (desktop)`);
    }
  });

  test("on a phone: a reply with an error, the Remove demo content confirmation and the menu signed in pass axe", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`/members/messages/${NO_SUCH_ID}`);
    await expectNoViolations(page, `/members/messages/${NO_SUCH_ID} (phone)`);
    await expectReplyErrorPasses(page, "phone");
    // The dashboard's setup checklist with its confirmation open.
    await openHydrated(page, "/members");
    await expect(page.getByRole("region", { name: "Set up your website" })).toBeVisible();
    await page.getByRole("button", { name: "Remove demo content" }).tap();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "the Remove demo content confirmation (phone)");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).tap();
    // The site header signed in: the menu with Members and Logout.
    await openHydrated(page, "/about");
    await page.getByTestId("mobile-menu").getByLabel("Menu").tap();
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Logout" }),
    ).toBeVisible();
    await expectNoViolations(page, "the phone menu, signed in");
    await context.close();
  });

  test("forms showing their errors, confirm dialogs and the image picker pass axe", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP.viewport);
    await signIn(page);

    // The registration gate, refused; then the form with every required field's message.
    await openHydrated(page, "/members/forms");
    await page.getByLabel("Password").fill("not the passcode");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("toast")).toContainText("Incorrect Password");
    await expectNoViolations(page, "/members/forms, refused");
    await page.getByLabel("Password").fill("e2e-passcode");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("button", { name: "Add Child" }).click();
    await page.getByLabel("Marital Status").selectOption("Married");
    await page.getByRole("button", { name: "Register Member" }).click();
    await expect(page.getByLabel("First Name *")).toBeFocused();
    await expectNoViolations(page, "/members/forms with errors");

    // Editing a member with a required field emptied, then the delete confirmation.
    await openHydrated(page, `/members/edit/${memberId}`);
    await page.getByLabel("First Name *").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("First Name *")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "/members/edit with errors");
    await openHydrated(page, `/members/details?q=${tag}`);
    await page.getByRole("button", { name: `Delete ${tag} Ben Reyes` }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "the member delete confirmation");

    // The dashboard's setup checklist, and its "Remove demo content" confirmation (closed again:
    // other specs need the demo rows).
    await openHydrated(page, "/members");
    const setup = page.getByRole("region", { name: "Set up your website" });
    await setup.getByRole("button", { name: "Remove demo content" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "the Remove demo content confirmation");
    await page.keyboard.press("Escape");
    await expect(setup.getByRole("button", { name: "Remove demo content" })).toBeFocused();

    // Upload without a file, then a document's delete confirmation.
    await openHydrated(page, "/members/upload");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByLabel("File", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("File", { exact: true })).toBeFocused();
    await expectNoViolations(page, "/members/upload with an error");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "/members/upload, a delete confirmation");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    // A document's details dialog, open and showing a message on its title (set past the field's
    // limit by script, so the form's own check refuses it and nothing is sent).
    await page.getByRole("button", { name: "Edit details of Welcome Guide.pdf" }).click();
    const details = page.getByRole("dialog", { name: "Edit details" });
    await expect(details).toBeVisible();
    await expectNoViolations(page, "/members/upload, edit details open");
    await details
      .getByLabel("Title (optional)")
      .evaluate((input: HTMLInputElement) => (input.value = "x".repeat(151)));
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByLabel("Title (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(details.getByLabel("Title (optional)")).toBeFocused();
    await expectNoViolations(page, "/members/upload, edit details with an error");
    await details.getByRole("button", { name: "Cancel" }).click();

    // Each content form sent empty (its messages), in edit mode, and its delete confirmation.
    for (const [path, submit] of [
      ["/members/add-sermon", "Add Sermon"],
      ["/members/add-ministry-video", "Add Video"],
      ["/members/add-event", "Add Event"],
    ] as const) {
      await openHydrated(page, path);
      await page.getByRole("button", { name: submit }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
      await expectNoViolations(page, `${path} with errors`);
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoViolations(page, `${path}, a delete confirmation`);
    }

    await expectReplyErrorPasses(page, "desktop");

    // The ministry image screen: sent empty, then with a ministry and a picture chosen.
    await openHydrated(page, "/members/update-ministry-image");
    await page.getByRole("button", { name: "Update Image" }).click();
    await expect(page.getByLabel("Ministry")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "/members/update-ministry-image with errors");
    await page.getByLabel("Ministry").selectOption("acts-kids");
    await page.getByLabel("Image").setInputFiles({
      name: "kids.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
        "base64",
      ),
    });
    await expect(page.getByTestId("image-preview")).toBeVisible();
    await expectNoViolations(page, "/members/update-ministry-image with a picture chosen");
  });
});

/** The inbox's reply form sent blank (spaces pass the browser's check): its message on the field. */
async function expectReplyErrorPasses(page: Page, device: string) {
  await openHydrated(page, `/members/messages/${inboxId}`);
  await page.getByLabel("Your reply").fill("   ");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByLabel("Your reply")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your reply")).toBeFocused();
  await expectNoViolations(page, `/members/messages/{id}, the reply with an error (${device})`);
}

/** The element that has focus, as a short description for messages. */
function describeFocused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "body";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${name}"`;
  });
}

/**
 * How the focused element shows its focus: the outline's width, and its contrast with what surrounds
 * it (the nearest painted background outside the element). A visually hidden control (a checkbox
 * inside a chip) shows focus on its label.
 */
function focusIndicator(page: Page) {
  return page.evaluate(async () => {
    // Let a colour transition (instant with reduced motion, but still on the next frame) finish.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // The browser turns any colour syntax (rgb, oklab, color-mix) into sRGB bytes on a canvas.
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const parse = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, alpha = 255] = context.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: alpha / 255 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (value: number) => {
        const v = value / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    if (element.getBoundingClientRect().width <= 1) element = element.closest("label") ?? element;
    const style = getComputedStyle(element);
    const width = style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth);
    let surround: HTMLElement | null = element.parentElement;
    while (surround && parse(getComputedStyle(surround).backgroundColor).a < 0.5)
      surround = surround.parentElement;
    const background = parse(surround ? getComputedStyle(surround).backgroundColor : "rgb(255,255,255)");
    const [light, dark] = [luminance(parse(style.outlineColor)), luminance(background)].sort((a, b) => b - a);
    return {
      width,
      contrast: (light! + 0.05) / (dark! + 0.05),
      colours: `${style.outlineColor} on ${surround ? getComputedStyle(surround).backgroundColor : "white"}`,
    };
  });
}

/** Tabs through up to `stops` elements, checking each shows a clear focus indicator. */
async function expectVisibleFocusWhileTabbing(page: Page, label: string, stops: number) {
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const indicator = await focusIndicator(page);
    if (!indicator) break;
    const focused = await describeFocused(page);
    expect.soft(indicator.width, `focus outline width on ${label}: ${focused}`).toBeGreaterThanOrEqual(2);
    expect
      .soft(indicator.contrast, `focus outline contrast on ${label}: ${focused} (${indicator.colours})`)
      .toBeGreaterThanOrEqual(3);
  }
}

test.describe("keyboard", () => {
  test("the header in tab order: skip link first, then the menu, About opens by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP.viewport);
    await openHydrated(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "ACTS Church Bahrain, home" })).toBeFocused();
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();

    const about = page.getByTestId("about-menu");
    await page.keyboard.press("Tab");
    await expect(about.locator("summary")).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(about.getByRole("link", { name: "Our Story" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(about.getByRole("link", { name: "Our Story" })).toBeHidden();
    await expect(about.locator("summary")).toBeFocused();
    // Space opens it too, and a closed menu's links are not in the tab order.
    await page.keyboard.press(" ");
    await expect(about.getByRole("link", { name: "Our Team" })).toBeVisible();
    await page.keyboard.press(" ");
    await expect(about.getByRole("link", { name: "Our Team" })).toBeHidden();
    for (const name of ["Ministries", "Events", "Media", "Connect"]) {
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name, exact: true })).toBeFocused();
    }
    // The language link (issue 39), then signing in.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "Filipino" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Login" })).toBeFocused();

    // The skip link takes the keyboard straight to the page's content.
    await page.keyboard.press("Shift+Tab");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Skip to main content" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Join Us This Friday" })).toBeFocused();
  });

  test("after moving to another public page (a whole page load), the skip link leads into its content", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP.viewport);
    await openHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Events", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/events$/);
    // Public pages have no client-side moves (ADR 013): the new page starts at its top.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next Tab goes into the new page, not back to the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
  });

  test("on a phone the menu button follows the skip link and opens by keyboard", async ({ browser }) => {
    const context = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    const page = await context.newPage();
    await openHydrated(page, "/");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    // The language link (issue 39) sits beside the menu button, outside the menu.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "Filipino" })).toBeFocused();
    await page.keyboard.press("Tab");
    const summary = page.getByTestId("mobile-menu").locator("summary");
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" }),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(summary).toBeFocused();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await context.close();
  });

  test("a public modal opens by keyboard, keeps focus inside and gives it back", async ({ page }) => {
    await openHydrated(page, "/ministries/acts-kids");
    const trigger = page.getByRole("button", { name: "Join This Ministry" }).first();
    for (const key of ["Enter", " "]) {
      await trigger.focus();
      await page.keyboard.press(key);
      const dialog = page.getByRole("dialog", { name: "Join ACTS Kids" });
      await expect(dialog, `opened with ${JSON.stringify(key)}`).toBeVisible();
      await expect(dialog.getByLabel("Full Name")).toBeFocused();
      // Round the dialog both ways: focus never leaves it.
      for (const direction of ["Tab", "Shift+Tab"]) {
        for (let i = 0; i < 7; i++) {
          await page.keyboard.press(direction);
          expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        }
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    }

    // Focus comes back after closing with the X button too.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(trigger).toBeFocused();
  });

  test("whatever has focus shows a clear outline", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP.viewport);
    // Colours then change at once, so the outline is measured as it ends up, not mid-transition.
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [path, stops] of [
      ["/", 40],
      ["/ministries/acts-kids", 14],
      ["/connect", 12],
      ["/media/elibrary", 8],
    ] as const) {
      await openHydrated(page, path);
      await expectVisibleFocusWhileTabbing(page, path, stops);
    }
    await openHydrated(page, "/ministries/acts-kids");
    await page.getByRole("button", { name: "Join This Ministry" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectVisibleFocusWhileTabbing(page, "the join modal", 5);

    await signIn(page);
    // A fresh load: after a move within the app focus starts on <main>, which is not a tab stop.
    await openHydrated(page, "/members");
    await expectVisibleFocusWhileTabbing(page, "/members", 16);
    await openHydrated(page, `/members/edit/${memberId}`);
    await expectVisibleFocusWhileTabbing(page, "/members/edit", 60);
    await openHydrated(page, `/members/details?q=${tag}`);
    await expectVisibleFocusWhileTabbing(page, "/members/details", 12);
    await page.getByRole("button", { name: `Delete ${tag} Ben Reyes` }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectVisibleFocusWhileTabbing(page, "a confirm dialog", 3);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: `Delete ${tag} Ben Reyes` })).toBeFocused();
  });
});

test.describe("the Website section", () => {
  // Its screens as they load are walked by phone-walk.spec.ts; here, a mistake shown and focus seen.
  test("a mistake shown on its field passes axe on a desktop and a phone, and focus is visible", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    for (const device of [DESKTOP, PHONE]) {
      const context = await browser.newContext({
        ...device,
        extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
      });
      const page = await context.newPage();
      await signIn(page);
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openHydrated(page, "/members/site/church");
      if (device === DESKTOP) await expectVisibleFocusWhileTabbing(page, "/members/site/church", 24);
      // Sent with a mistake: its message, tied to its field.
      await openHydrated(page, "/members/site/church");
      await page.getByLabel("Church name *").fill("");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByLabel("Church name *")).toBeFocused();
      await expectNoViolations(page, "/members/site/church with an error");
      await context.close();
    }
  });
});

test("the accessibility check finds a fault when a page has one", async ({ page }) => {
  // The runner itself, so a walk that passes means something: a picture without a text and a
  // button without a name on an otherwise clean page (nothing to load, so no 404 in the console).
  await page.goto("/about");
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "beforeend",
      '<svg role="img" width="10" height="10"></svg><button type="button"></button>',
    );
  });
  const found = (await axeViolations(page)).map((violation) => violation.id);
  expect(found).toEqual(expect.arrayContaining(["svg-img-alt", "button-name"]));
  expect(await axeViolations(page, { include: "header" })).toEqual([]);
});
