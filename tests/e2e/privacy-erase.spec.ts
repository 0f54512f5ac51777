import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { dataDir, expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectAxeClean } from "./axe";
import { expectNoSidewaysScroll } from "./staff-account";

// Privacy (issue 23) as the church office meets it, on a phone: a member registered with their
// consent; everything held about them downloaded in one file; then erased for good, after which
// nothing about them is left in any table, the member search, the reports or the CSV exports.
// Last, the daily retention clean-up (run now, as `npm run retention` does) removes a Connect
// message older than the retention period and keeps a recent one.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

/** Rows of every table of the site's schema whose text holds `needle` (case aside), by table. */
async function tablesHolding(needle: string): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  expect(tables.length).toBeGreaterThan(20);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }>(
      `select count(*)::int as n from "${name}" as r where r::text ilike '%' || $1 || '%'`,
      [needle],
    );
    if (row!.n > 0) found[name] = row!.n;
  }
  return found;
}

async function csv(page: Page, report: string): Promise<string> {
  const response = await page.request.get(`/members/reports/export/${report}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test("a member registered with consent is exported with every linked record, then erased from every table, search, report and CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const first = `Erin${tag}`;
  const name = `${first} Vale`;
  const email = `erin.${tag}@example.org`;
  const mobile = `3${crypto.randomInt(1_000_000, 9_999_999)}`;
  await page.setViewportSize({ width: 390, height: 844 });

  // A Connect message from the same address, sent on the public page (a visitor row, an inbox item).
  await page.goto("/connect");
  const connect = page.getByRole("region", { name: "Send Us a Message" });
  await connect.getByLabel("Name").fill(name);
  await connect.getByLabel("Mobile Number").fill(`+973 ${mobile}`);
  await connect.getByLabel("Email").fill(email);
  await connect.getByLabel("Message", { exact: true }).fill(`Please pray for my family (${tag}).`);
  await connect.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message Sent!");

  // Registered on the form with the registry consent (which covers the child) and e-mails.
  await signIn(page);
  await page.goto("/members/forms");
  await page.getByLabel("Password").fill("e2e-passcode");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Verify Access" })).toBeHidden();
  await page.getByLabel("First Name *").fill(first);
  await page.getByLabel("Last Name *").fill("Vale");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Mobile *").fill(mobile);
  await page.getByRole("button", { name: "Add Child" }).click();
  await page.getByTestId("child-row").getByLabel("Child 1 Name").fill(`Kid${tag}`);
  await page.getByLabel(/in its member registry/).check();
  await page.getByLabel(/receive e-mails from/).check();
  await page.getByRole("button", { name: "Register Member" }).click();
  await expect(page.getByTestId("toast")).toContainText("Registration Successful!");
  const [member] = await sql<{ id: string }>("select id from members where email = $1", [email]);
  expect(
    await sql("select kind, notice_version from consents where member_id = $1 order by kind", [member!.id]),
  ).toEqual([
    { kind: "email", notice_version: 1 },
    { kind: "registry", notice_version: 1 },
  ]);

  // Sign-ups under other spellings of the same address and mobile.
  const [ministry] = await sql<{ id: string }>(
    `insert into ministry_registrations (ministry_slug, name, email, mobile)
     values ('amplify', $1, $2, $3) returning id`,
    [name, email.toUpperCase(), `+973 ${mobile}`],
  );
  const [event] = await sql<{ id: string }>(
    `insert into event_registrations (event_id, event_title, name, email, mobile)
     values (null, 'Family Day', $1, $2, $3) returning id`,
    [name, `other.${tag}@example.net`, `+973 ${mobile}`],
  );
  const [visitor] = await sql<{ id: string }>("select id from visitors where email = $1", [email]);
  const [inbox] = await sql<{ id: string }>(
    "select id from inbox_items where kind = 'connect' and source_id = $1",
    [visitor!.id],
  );

  // Before the erasure the search, the report and both CSVs find them (so "after" means something).
  await page.goto(`/members/details?q=${first}`);
  await expect(page.getByRole("link", { name: `View ${name}` })).toBeVisible();
  expect(await csv(page, "active_members")).toContain(email);
  expect(await csv(page, "visitors")).toContain(email);

  // "Export data": what the file holds; the event registration with another address that only
  // shares the mobile is a possible match, in the file once staff tick it (issue 33).
  await page.goto(`/members/profile/${member!.id}`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("link", { name: "Export data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Export data of ${name}` })).toBeVisible();
  await expect(page.getByTestId("export-holds")).toContainText("1 connect message");
  await expect(page.getByTestId("export-holds")).not.toContainText("event registration");
  const exportMatches = page.getByTestId("possible-matches");
  await expect(exportMatches).toContainText(`other.${tag}@example.net`);
  await exportMatches.getByRole("checkbox", { name: /Event registration: Family Day/ }).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the file" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^personal-data-erin${tag}-vale-\\d{4}-\\d{2}-\\d{2}\\.html$`),
  );
  const html = fs.readFileSync((await download.path())!, "utf8");
  expect(html).toContain(`Kid${tag}`);
  const json = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const data = JSON.parse(json) as Record<string, { id: string }[]> & { member: { id: string } };
  expect(data.member.id).toBe(member!.id);
  expect(data.consents).toHaveLength(2);
  expect(ids(data.ministryRegistrations!)).toEqual([ministry!.id]);
  expect(ids(data.eventRegistrations!)).toEqual([event!.id]);
  expect(ids(data.connectMessages!)).toEqual([visitor!.id]);
  expect(ids(data.inboxItems!)).toEqual([inbox!.id]);

  // "Erase person": the confirmation lists what goes and the possible match, then the name is typed.
  await page.getByRole("link", { name: "Erase person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Erase ${name}` })).toBeVisible();
  const removals = page.getByTestId("erase-removals");
  await expect(removals).toContainText("1 ministry sign-up");
  await expect(removals).toContainText("1 connect message");
  await expect(removals).not.toContainText("event registration");
  const eraseMatch = page
    .getByTestId("possible-matches")
    .getByRole("checkbox", { name: /Event registration: Family Day/ });
  await expect(eraseMatch).not.toBeChecked();
  await eraseMatch.check();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("erase-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("erase-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // A wrong name removes nothing and says what to type.
  await page.getByLabel(`Type ${name} to confirm`).fill("Erin Vale");
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByText(`That is not the name. Type ${name} to confirm.`)).toBeVisible();
  expect(await sql("select id from members where id = $1", [member!.id])).toHaveLength(1);
  await expect(eraseMatch).toBeChecked(); // the tick stays for the second try

  await page.getByLabel(`Type ${name} to confirm`).fill(name);
  await page.getByRole("button", { name: "Erase for good" }).click();
  await page.waitForURL("/members/details");
  await expect(page.getByTestId("toast").getByText(`${name} was erased.`)).toBeVisible();

  // Nothing left anywhere: no row of any table holds the name, the address, the mobile or the
  // child's name; the audit log keeps one entry that an erasure happened, without them.
  for (const needle of [tag, mobile, email]) expect(await tablesHolding(needle)).toEqual({});
  expect(
    await sql(
      "select actor_label, subject_label from audit_log where action = 'member.erased' and subject_id = $1",
      [member!.id],
    ),
  ).toEqual([{ actor_label: expect.any(String), subject_label: "Erased person" }]);
  await page.goto(`/members/details?q=${first}`);
  await expect(page.getByRole("status").filter({ hasText: first })).toBeVisible();
  await expect(page.getByText(first)).toHaveCount(1); // the search box's answer, naming what was typed
  await expect(page.getByRole("link", { name: `View ${name}` })).toHaveCount(0);
  await page.goto("/members/reports");
  await expect(page.getByText(first)).toHaveCount(0);
  expect(await csv(page, "active_members")).not.toContain(tag);
  expect(await csv(page, "visitors")).not.toContain(tag);

  // Retention: a Connect message older than 24 months goes with the daily clean-up; a new one stays.
  await sql(
    `insert into visitors (name, mobile, email, message, created_at) values
       ($1, '+973 3300 0001', $2, 'An old question', now() - interval '25 months'),
       ($3, '+973 3300 0002', $4, 'A new question', now() - interval '1 day')`,
    [`Old${tag}`, `old.${tag}@example.org`, `New${tag}`, `new.${tag}@example.org`],
  );
  const said = await sendControlCommand(dataDir, "retention", {});
  expect(said).toMatch(/^Removed [1-9]\d* Connect message\(s\)/);
  expect(await sql("select name from visitors where name in ($1, $2)", [`Old${tag}`, `New${tag}`])).toEqual([
    { name: `New${tag}` },
  ]);
  const [ran] = await sql<{ details: { visitors: number } }>(
    "select details from audit_log where action = 'retention.ran' order by at desc limit 1",
  );
  expect(ran!.details.visitors).toBeGreaterThanOrEqual(1);
  await sql("delete from visitors where name = $1", [`New${tag}`]);
});

// Issue 33: a visitor who shares a member's mobile is a person of her own. The member's Export
// data offers her message only as a possible match; Data requests finds both by the mobile, as
// two people, and exports and erases the visitor on her own.
test("data requests: a visitor who shares a member's mobile is found as her own person, exported and erased without him", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const mobile = `3${crypto.randomInt(1_000_000, 9_999_999)}`;
  const visitorEmail = `vera.${tag}@example.net`;
  const [visitor] = await sql<{ id: string }>(
    "insert into visitors (name, email, mobile, message) values ($1, $2, $3, $4) returning id",
    [`Vera ${tag}`, visitorEmail, `+973 ${mobile}`, `Please pray for me (${tag}).`],
  );
  await sql("insert into inbox_items (kind, source_id) values ('connect', $1)", [visitor!.id]);
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, country_code)
     values ($1, 'Reyes', $2, $3, '+973') returning id`,
    [`Mal${tag}`, `mal.${tag}@example.org`, mobile],
  );
  await signIn(page);

  // His Export data: her message is not in what the file holds, only offered, unticked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/members/profile/${member!.id}/data`);
  await expect(page.getByTestId("export-holds")).toContainText("1 member record");
  await expect(page.getByTestId("export-holds")).not.toContainText("connect message");
  const offered = page.getByTestId("possible-matches").getByRole("checkbox", { name: /Connect message/ });
  await expect(offered).not.toBeChecked();
  await expect(page.getByTestId("possible-matches")).toContainText(visitorEmail);
  await page.screenshot({ path: testInfo.outputPath("member-data-1280.png"), fullPage: true });
  await expectAxeClean(page, "Export data");

  // Data requests: the mobile finds the member and the visitor's address, as two people.
  await page.getByRole("link", { name: "Data Requests" }).click();
  await page
    .getByLabel("E-mail address or mobile number")
    .fill(`+973 ${mobile.slice(0, 4)} ${mobile.slice(4)}`);
  await page.getByRole("button", { name: "Search" }).click();
  const found = page.getByTestId("people-found");
  await expect(found.getByRole("list", { name: "Members found" })).toContainText(`Mal${tag} Reyes`);
  await expect(found.getByRole("list", { name: "Addresses found" })).toContainText(visitorEmail);
  await found.getByRole("link", { name: `Open ${visitorEmail}` }).click();
  const person = page.getByTestId("person-data");
  await expect(person.getByTestId("export-holds")).toContainText("1 connect message");
  await expect(person.getByTestId("export-holds")).toContainText("1 inbox entry");
  await page.screenshot({ path: testInfo.outputPath("data-requests-1280.png"), fullPage: true });
  await expectAxeClean(page, "Data requests");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    person.getByRole("button", { name: "Download the file" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^personal-data-vera-${tag}-example-net-[\\d-]+\\.html$`),
  );
  const html = fs.readFileSync((await download.path())!, "utf8");
  expect(html).toContain(`Please pray for me (${tag}).`);
  expect(html).not.toContain(`mal.${tag}`);

  // On a phone: the same screen, then her erasure, with nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("data-requests-390.png"), fullPage: true });
  await person.getByRole("link", { name: "Erase person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Erase ${visitorEmail}` })).toBeVisible();
  await expect(page.getByTestId("erase-removals")).toContainText("1 connect message");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("person-erase-390.png"), fullPage: true });
  await expectAxeClean(page, "Erase a person who is not a member");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("person-erase-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(`Type ${visitorEmail} to confirm`).fill(visitorEmail.toUpperCase());
  await page.getByRole("button", { name: "Erase for good" }).click();
  await page.waitForURL("/members/privacy/people");
  await expect(
    page.getByTestId("toast").getByText(`Everything that came in with ${visitorEmail} was erased.`),
  ).toBeVisible();
  expect(await sql("select id from visitors where id = $1", [visitor!.id])).toEqual([]);
  expect(await sql("select id from inbox_items where source_id = $1", [visitor!.id])).toEqual([]);
  expect(await sql("select id from members where id = $1", [member!.id])).toHaveLength(1);
  expect(
    await sql(
      "select action, subject_label from audit_log where action = 'person.erased' order by at desc limit 1",
    ),
  ).toEqual([{ action: "person.erased", subject_label: "Erased person" }]);

  // His screens at phone width: the possible match is gone with her.
  await page.goto(`/members/profile/${member!.id}/data`);
  await expect(page.getByTestId("possible-matches")).toContainText(
    "No other record shares their mobile number",
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("member-data-390.png"), fullPage: true });
  await sql("delete from members where id = $1", [member!.id]);
});
