import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { church, socialLinks } from "../../app/content/church";
import { mapSearchUrl } from "../../app/lib/map-links";
import { expect, sql, test, visitorAddress } from "./fixtures";

/** The church's map link: a map search for its address (the first content gives no link of its own). */
const churchMapsUrl = mapSearchUrl(church.address);

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

function uniqueEmail() {
  return `visitor.${crypto.randomBytes(4).toString("hex")}@example.org`;
}

async function visitorsWith(email: string) {
  return sql<{ name: string; mobile: string; email: string; message: string }>(
    "select name, mobile, email, message from visitors where email = $1",
    [email],
  );
}

function form(page: Page) {
  return page.getByRole("region", { name: "Send Us a Message" });
}

async function fillForm(
  page: Page,
  values: { name: string; mobile: string; email: string; message: string },
) {
  const f = form(page);
  await f.getByLabel("Name").fill(values.name);
  await f.getByLabel("Mobile Number").fill(values.mobile);
  await f.getByLabel("Email").fill(values.email);
  await f.getByLabel("Message", { exact: true }).fill(values.message);
}

test("the page shows the form, the address, phone, e-mail, service times and social links", async ({
  page,
}) => {
  await page.goto("/connect");
  await expect(page).toHaveTitle(/^Connect With Us \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Send Us a Message" })).toBeVisible();

  const f = form(page);
  for (const label of ["Name", "Mobile Number", "Email"])
    await expect(f.getByLabel(label)).toHaveAttribute("required", "");
  await expect(f.getByLabel("Message", { exact: true })).toHaveAttribute("required", "");
  await expect(f.getByLabel("Mobile Number")).toHaveAttribute("placeholder", "+973 XXXX XXXX");
  await expect(f.getByLabel("Mobile Number")).toHaveAttribute("type", "tel");
  await expect(f.getByLabel("Email")).toHaveAttribute("type", "email");

  const contact = page.getByRole("region", { name: "Get in Touch" });
  const address = contact.getByRole("link", { name: new RegExp(church.address) });
  await expect(address).toHaveAttribute("href", churchMapsUrl);
  await expect(address).toHaveAttribute("target", "_blank");
  await expect(contact).toContainText("Phone+973 XXXX XXXX");
  await expect(contact.getByRole("link", { name: church.email })).toHaveAttribute(
    "href",
    `mailto:${church.email}`,
  );
  await expect(contact).toContainText("Worship Service: Friday 3:30-5:30 PM");
  await expect(contact).toContainText("Bible Study: Thursday 7:30-10:30 PM");
  await expect(contact).toContainText("Prayer Meeting: As scheduled");

  const social = page.getByRole("region", { name: "Follow Us" });
  for (const link of socialLinks) {
    const anchor = social.getByRole("link", { name: new RegExp(`^${link.name}`) });
    await expect(anchor).toHaveAttribute("href", link.href);
    await expect(anchor).toHaveAttribute("target", "_blank");
    await expect(anchor).toHaveAttribute("rel", /noopener/);
  }
});

test("the map loads from Google only after 'Show map'", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost") && !request.url().startsWith("data:"))
      outside.push(request.url());
  });
  // The test machine is offline: answer for the map provider instead of waiting on the network.
  await page.route("https://www.google.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>map</title><p>map</p>",
    }),
  );

  await page.goto("/connect");
  const map = page.getByRole("region", { name: "Find Us" });
  await expect(map.getByText(church.address)).toBeVisible();
  await expect(map.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("href", churchMapsUrl);
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(outside).toEqual([]);

  await map.getByRole("button", { name: "Show map" }).click();
  const frame = map.locator("iframe");
  await expect(frame).toHaveAttribute(
    "src",
    `https://www.google.com/maps?q=${encodeURIComponent(church.address)}&output=embed`,
  );
  await expect(frame).toHaveAttribute("title", /Map showing/);
  await expect(frame).toHaveAttribute("loading", "lazy");
  await expect(map.getByRole("button", { name: "Show map" })).toHaveCount(0);
});

test("sending a message: toast, a row in visitors, the form cleared", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/connect");
  await fillForm(page, {
    name: "Liza Mendoza",
    mobile: "+973 3311 2233",
    email,
    message: "What time is the Friday service?",
  });
  await form(page).getByRole("button", { name: "Send Message" }).click();

  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Message Sent!");
  await expect(toast).toContainText("Thank you for connecting with us. We will get back to you soon.");
  expect(await visitorsWith(email)).toEqual([
    { name: "Liza Mendoza", mobile: "+973 3311 2233", email, message: "What time is the Friday service?" },
  ]);
  const f = form(page);
  for (const label of ["Name", "Mobile Number", "Email"]) await expect(f.getByLabel(label)).toHaveValue("");
  await expect(f.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("a message with mistakes is refused with the reason and nothing is written", async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await page.goto("/connect");
  await fillForm(page, { name: "Rico", mobile: "not a number", email, message: "Hello" });
  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(form(page).getByText("Please enter a valid mobile number.")).toBeVisible();
  await expect(form(page).getByLabel("Mobile Number")).toBeFocused();
  await expect(form(page).getByLabel("Name")).toHaveValue("Rico");

  // The server checks too: a blank message is refused whatever the browser did.
  const response = await request.post("/connect", {
    form: { name: "Rico", mobile: "33334444", email, message: "  " },
  });
  expect(response.status()).toBe(400);
  expect(await visitorsWith(email)).toEqual([]);
});

test.describe("when the server refuses", () => {
  const address = visitorAddress();
  test.use({ extraHTTPHeaders: { "x-forwarded-for": address } });

  test("'Submission Failed' explains and every field stays filled", async ({ page, request }) => {
    // Use up this visitor's allowance of public form submissions (nothing valid is sent).
    for (let i = 0; i < 30; i++) {
      await request.post("/connect", { form: { name: "" }, headers: { "x-forwarded-for": address } });
    }
    const email = uniqueEmail();
    await page.goto("/connect");
    const values = {
      name: "Noel Garcia",
      mobile: "36001122",
      email,
      message: "Prayer request for my family.",
    };
    await fillForm(page, values);
    await form(page).getByRole("button", { name: "Send Message" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Submission Failed");
    await expect(toast).toContainText(
      "Too many submissions from your connection. Please wait a minute and try again.",
    );
    const f = form(page);
    await expect(f.getByLabel("Name")).toHaveValue(values.name);
    await expect(f.getByLabel("Mobile Number")).toHaveValue(values.mobile);
    await expect(f.getByLabel("Email")).toHaveValue(values.email);
    await expect(f.getByLabel("Message", { exact: true })).toHaveValue(values.message);
    await expect(f.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(await visitorsWith(email)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends the message and says so", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/connect");
    // No script, no map frame: the link to the map is offered instead.
    await expect(page.getByRole("button", { name: "Show map" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Open in Google Maps/ })).toBeVisible();

    await fillForm(page, { name: "Ana Reyes", mobile: "33221100", email, message: "Sent without scripts." });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toContainText(
      "Thank you for connecting with us. We will get back to you soon.",
    );
    expect(await visitorsWith(email)).toEqual([
      { name: "Ana Reyes", mobile: "33221100", email, message: "Sent without scripts." },
    ]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the page fits the screen and the form is easy to use", async ({ page }) => {
    await page.goto("/connect");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const button = await form(page).getByRole("button", { name: "Send Message" }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
  });
});
