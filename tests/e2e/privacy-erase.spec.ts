import crypto from "node:crypto";
import fs from "node:fs";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

// Privacy (issue 23) on a phone: an administrator downloads everything held about a member, then
// erases them for good after typing their name; nothing about them is left in the database.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

test("an administrator exports a member's data and then erases them for good, on a 390 px phone", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const name = `Erin${tag} Vale`;
  const email = `erin.${tag}@example.org`;
  const mobile = `3${crypto.randomInt(1_000_000, 9_999_999)}`;
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile) values ($1, 'Vale', $2, $3) returning id`,
    [`Erin${tag}`, email, mobile],
  );
  const [registration] = await sql<{ id: string }>(
    `insert into ministry_registrations (ministry_slug, name, email, mobile)
     values ('amplify', $1, $2, '+973 ' || $3) returning id`,
    [name, email.toUpperCase(), mobile],
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/members/profile/${member!.id}`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^personal-data-erin${tag}-vale-\\d{4}-\\d{2}-\\d{2}\\.html$`),
  );
  const html = fs.readFileSync((await download.path())!, "utf8");
  const json = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const data = JSON.parse(json) as { ministryRegistrations: { id: string }[] };
  expect(data.ministryRegistrations.map((row) => row.id)).toEqual([registration!.id]);

  await page.getByRole("link", { name: "Erase person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Erase ${name}` })).toBeVisible();
  await expect(page.getByTestId("erase-removals")).toContainText("1 ministry sign-up");
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("erase-390.png"), fullPage: true });

  // A wrong name removes nothing and says what to type.
  await page.getByLabel(`Type ${name} to confirm`).fill("Erin Vale");
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByText(`That is not the name. Type ${name} to confirm.`)).toBeVisible();
  expect(await sql("select id from members where id = $1", [member!.id])).toHaveLength(1);

  await page.getByLabel(`Type ${name} to confirm`).fill(name);
  await page.getByRole("button", { name: "Erase for good" }).click();
  await page.waitForURL("/members/details");
  await expect(page.getByTestId("toast").getByText(`${name} was erased.`)).toBeVisible();

  const left = await sql<{ n: number }>(
    `select (select count(*) from members where id = $1)
          + (select count(*) from ministry_registrations where id = $2)
          + (select count(*) from audit_log as r where r::text ilike '%' || $3 || '%')
          + (select count(*) from outbox_emails where text_body ilike '%' || $4 || '%') as n`,
    [member!.id, registration!.id, `erin${tag}`, email],
  );
  expect(Number(left[0]!.n)).toBe(0);
  const [erased] = await sql<{ n: number }>(
    `select count(*) as n from audit_log where action = 'member.erased' and subject_id = $1`,
    [member!.id],
  );
  expect(Number(erased!.n)).toBe(1);
});
