import { expect, signIn, sql, test } from "./fixtures";

const PAYLOAD = `<img src=x onerror="window.__xss = true">`;

test("HSTS is sent over https only", async ({ request }) => {
  const plain = await request.get("/");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  // The e2e server trusts its (pretend) proxy, which says the visitor came over https.
  const secure = await request.get("/members/login", { headers: { "x-forwarded-proto": "https" } });
  expect(secure.headers()["strict-transport-security"]).toContain("max-age=");
  expect(secure.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(secure.headers()["x-content-type-options"]).toBe("nosniff");
  const csp = secure.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toContain("unsafe-eval");
});

test("markup typed into public forms shows as text to staff everywhere", async ({ page }) => {
  const [event] = await sql<{ id: string; title: string }>(
    "select id, title from events order by event_date limit 1",
  );
  await sql("insert into visitors (name, mobile, email, message) values ($1, '1', 'x@example.org', $1)", [
    PAYLOAD,
  ]);
  await sql(
    "insert into ministry_registrations (ministry_slug, name, email, mobile) values ('tee', $1, 'x@example.org', '1')",
    [PAYLOAD],
  );
  await sql(
    "insert into event_registrations (event_id, event_title, name, email, mobile, message) values ($1, $2, $3, 'x@example.org', '1', $3)",
    [event!.id, event!.title, PAYLOAD],
  );
  try {
    await signIn(page);
    for (const path of [
      "/members/reports",
      "/members/ministry-registrations",
      "/members/event-registrations",
    ]) {
      await page.goto(path);
      // (A wide screen shows the table and leaves the phone's cards hidden, or the other way.)
      await expect(page.getByText(PAYLOAD).locator("visible=true").first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
    }
    const csv = await page.request.get("/members/reports/export/visitors");
    expect(await csv.text()).toContain(PAYLOAD.replace(/"/g, '""'));
  } finally {
    await sql("delete from visitors where name = $1", [PAYLOAD]);
    await sql("delete from ministry_registrations where name = $1", [PAYLOAD]);
    await sql("delete from event_registrations where name = $1", [PAYLOAD]);
  }
});

test("the auth library's own HTTP endpoints are not reachable", async ({ request, baseURL }) => {
  for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/admin/create-user"]) {
    const response = await request.post(path, {
      data: { email: "x@example.org", password: "whatever123" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(404);
  }
});
