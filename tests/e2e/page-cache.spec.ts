import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { expect, signIn, sql, test } from "./fixtures";

test("anonymous visitors get public pages from the cache, revalidated by ETag, scripts allowed by hash", async ({
  request,
}) => {
  const first = await request.get("/events");
  const second = await request.get("/events");
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("public, no-cache");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(second.headers()["etag"]).toBe(etag);
  expect(await second.text()).toBe(await first.text());

  // No per-visitor nonce on a shared page: each inline script is allowed by its SHA-256 hash.
  const csp = first.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain("nonce-");
  expect(csp.split(";").find((part) => part.startsWith("script-src "))).not.toContain("unsafe-inline");

  // A page that is the same for everyone has no opener policy (docs/decisions/020); a request with
  // a cookie, like every sign-in and members page, keeps `same-origin`.
  expect(first.headers()["cross-origin-opener-policy"]).toBeUndefined();
  const withCookie = await request.get("/events", { headers: { cookie: "visited=1" } });
  expect(withCookie.headers()["cross-origin-opener-policy"]).toBe("same-origin");

  const revalidated = await request.get("/events", { headers: { "If-None-Match": etag! } });
  expect(revalidated.status()).toBe(304);

  // The members area, and anyone signed in, are never served from the cache.
  const login = await request.get("/members/login");
  expect(login.headers()["cache-control"] ?? "").not.toContain("public");
  expect(login.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(login.headers()["cross-origin-opener-policy"]).toBe("same-origin");
});

test("a cached page's own small scripts run under its Content-Security-Policy", async ({ page }) => {
  await page.request.get("/ministries/acts-kids"); // fill the cache first
  const response = await page.goto("/ministries/acts-kids");
  // Allowed by the hashes of its inline scripts, not by a nonce shared by every visitor.
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await page.getByRole("button", { name: "Join This Ministry" }).first().click();
  // The dialog script ran: the form opens in a modal, the address stays the page's own.
  await expect(page.getByRole("dialog", { name: "Join ACTS Kids" })).toBeVisible();
  await expect(page).toHaveURL(/\/ministries\/acts-kids$/);
  // The console-error fixture fails this test on any CSP violation.
});

test("what staff publish shows at once to visitors who had the page cached", async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    await visitorPage.goto("/media/sermons");
    await expect(visitorPage.getByRole("heading", { name: "Grace for the Weary" })).toHaveCount(0);

    await signIn(page);
    await page.goto("/members/add-sermon");
    await page.getByLabel("Sermon Date").fill(addDays(todayInChurchZone(), 2));
    await page.getByLabel("Title", { exact: true }).fill("Grace for the Weary");
    await page.getByLabel("Speaker").fill("Guest Speaker");
    await page.getByLabel("YouTube URL").fill("https://youtu.be/bcdefghijkl");
    await page.getByRole("button", { name: "Add Sermon" }).click();
    await expect(page.getByTestId("toast")).toContainText("Sermon Added!");

    await visitorPage.reload();
    await expect(visitorPage.getByRole("heading", { name: "Grace for the Weary" })).toBeVisible();

    await page.getByRole("button", { name: "Delete Grace for the Weary" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Sermon Deleted");
    await visitorPage.reload();
    await expect(visitorPage.getByRole("heading", { name: "Grace for the Weary" })).toHaveCount(0);
  } finally {
    await visitor.close();
    await sql("delete from sermons where title = 'Grace for the Weary'");
  }
});
