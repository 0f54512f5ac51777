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
  expect(xml.match(new RegExp(`<loc>${baseURL}/ministries/[a-z-]+</loc>`, "g"))).toHaveLength(16);
  const [event] = await sql<{ id: string }>(
    "select id from events where title = 'IronMen Basketball Fellowship'",
  );
  expect(xml).toContain(`<loc>${baseURL}/events/${event!.id}</loc>`);
  expect(xml).not.toContain("/members");
});

test("the sitemap lists every page in both languages, each naming the other", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml.match(new RegExp(`<loc>${baseURL}/fil/ministries/[a-z-]+</loc>`, "g"))).toHaveLength(16);
  const alternates =
    `<xhtml:link rel="alternate" hreflang="en" href="${baseURL}/about/our-story"/>` +
    `<xhtml:link rel="alternate" hreflang="fil" href="${baseURL}/fil/about/our-story"/>`;
  expect(xml).toContain(`<url><loc>${baseURL}/about/our-story</loc>${alternates}</url>`);
  expect(xml).toContain(`<url><loc>${baseURL}/fil/about/our-story</loc>${alternates}</url>`);
  expect(xml).toContain(`<loc>${baseURL}/fil/</loc>`);
  const locs = xml.match(/<loc>[^<]*<\/loc>/g)!;
  expect(locs.filter((loc) => loc.startsWith(`<loc>${baseURL}/fil/`)).length * 2).toBe(locs.length);
});

test("a page and its Filipino twin name each other, and the language link moves between them", async ({
  page,
  baseURL,
}) => {
  await page.goto("/ministries/acts-kids");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const alternate = (lang: string) => page.locator(`link[rel="alternate"][hreflang="${lang}"]`);
  await expect(alternate("en")).toHaveAttribute("href", `${baseURL}/ministries/acts-kids`);
  await expect(alternate("fil")).toHaveAttribute("href", `${baseURL}/fil/ministries/acts-kids`);
  await expect(alternate("x-default")).toHaveAttribute("href", `${baseURL}/ministries/acts-kids`);

  await page.getByTestId("language-link").filter({ visible: true }).first().click();
  await expect(page).toHaveURL(`${baseURL}/fil/ministries/acts-kids`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/fil/ministries/acts-kids`);
  await expect(alternate("en")).toHaveAttribute("href", `${baseURL}/ministries/acts-kids`);
  // The frame's links stay in Filipino; the members area has one language.
  await expect(page.locator("footer").getByRole("link", { name: "Abiso sa Privacy" })).toHaveAttribute(
    "href",
    "/fil/privacy",
  );
  await page.getByTestId("language-link").filter({ visible: true }).first().click();
  await expect(page).toHaveURL(`${baseURL}/ministries/acts-kids`);
});

test("the home page suggests Filipino to a browser that asks for it first, and sends nobody away", async ({
  browser,
  baseURL,
}) => {
  // A browser set to Filipino asks for it first (Accept-Language: fil-PH); the third visit is served
  // from the page cache after an English one.
  for (const [locale, suggested] of [
    ["fil-PH", true],
    ["en-GB", false],
    ["fil-PH", true],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const answer = await page.goto("/");
    expect(answer!.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const suggestion = page.getByRole("link", { name: "Basahin sa Filipino" });
    await (suggested ? expect(suggestion).toHaveAttribute("href", "/fil/") : expect(suggestion).toHaveCount(0));
    await context.close();
  }
  // Other pages never suggest: their address already says the language.
  const context = await browser.newContext({ locale: "fil-PH" });
  const page = await context.newPage();
  await page.goto("/ministries");
  await expect(page.getByRole("link", { name: "Basahin sa Filipino" })).toHaveCount(0);
  await context.close();
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
