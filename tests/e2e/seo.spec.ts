import { expect, sql, test } from "./fixtures";

test("robots.txt keeps the members area out and points at the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("Disallow: /members");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap lists public pages, every ministry and upcoming events, and no members page", async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/about/our-team</loc>`);
  expect(xml.match(/\/ministries\/[a-z-]+<\/loc>/g)).toHaveLength(16);
  const [event] = await sql<{ id: string }>(
    "select id from events where title = 'IronMen Basketball Fellowship'",
  );
  expect(xml).toContain(`<loc>${baseURL}/events/${event!.id}</loc>`);
  expect(xml).not.toContain("/members");
});

test("pages carry a canonical address, link-preview tags and structured data", async ({ page, baseURL }) => {
  await page.goto("/?utm_source=test");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "ACTS Church Bahrain");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${baseURL}/og-image.png`,
  );
  const church = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(church).toMatchObject({ "@type": "Church", name: "ACTS Church Bahrain", url: `${baseURL}/` });

  const [event] = await sql<{ id: string; event_date: string }>(
    "select id, event_date::text from events where title = 'IronMen Basketball Fellowship'",
  );
  await page.goto(`/events/${event!.id}`);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({
    "@type": "Event",
    name: "IronMen Basketball Fellowship",
    startDate: `${event!.event_date}T18:00:00+03:00`,
  });
  expect((await page.request.get("/og-image.png")).status()).toBe(200);
});
