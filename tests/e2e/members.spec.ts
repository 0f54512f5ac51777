import fs from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { parseCsv } from "../helpers/csv";
import { expectAxeClean } from "./axe";
import { E2E_ADMIN, expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectNoSidewaysScroll } from "./staff-account";

test.describe.configure({ mode: "serial" });

const PASSCODE = "e2e-passcode";

async function unlockRegistration(page: Page) {
  await page.goto("/members/forms");
  await page.getByLabel("Password").fill(PASSCODE);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Verify Access" })).toBeHidden();
}

test.beforeAll(async () => {
  await sql("delete from members");
  await sql("delete from visitors");
});

test("the registration form stays locked until the right passcode", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await page.goto("/members/forms");
  await expect(page.getByRole("heading", { name: "Verify Access" })).toBeVisible();
  await expect(page.getByText("Personal Information")).toBeHidden();
  // The header and footer are hidden on this full-screen tool.
  await expect(page.getByRole("banner")).toHaveCount(0);

  await page.getByLabel("Password").fill("not it");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("toast")).toContainText("Incorrect Password");
  await expect(page.getByTestId("toast")).toContainText("Please try again.");
  await expect(page.getByText("Personal Information")).toBeHidden();

  const html = await page.content();
  expect(html).not.toContain(PASSCODE);

  await page.getByLabel("Password").fill(PASSCODE);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("toast")).toContainText("Access Granted");
  await expect(page.getByTestId("toast")).toContainText("You can now fill out the form.");
  for (const section of [
    "Personal Information",
    "Children Information",
    "Spiritual Information",
    "Ministry Involvement",
  ]) {
    await expect(page.getByText(section, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/members");
  await expect(page.getByRole("link", { name: "View website" })).toHaveAttribute("href", "/");
});

test("staff register a member, find, view, edit and delete them", async ({ page }) => {
  // A long walk through five screens: on a busy two-core machine it can pass a minute.
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signIn(page);
  await unlockRegistration(page);

  // Required fields are checked before anything is sent.
  await page.getByRole("button", { name: "Register Member" }).click();
  await expect(page.getByText("First name is required.").first()).toBeVisible();

  await page.getByLabel("First Name *").fill("Rosa");
  await page.getByLabel("Middle Name").fill("Lim");
  await page.getByLabel("Last Name *").fill("Dela Cruz");
  await page.getByLabel("Email *").fill("rosa.delacruz@example.org");
  await page.getByLabel("Code").selectOption("+63");
  await page.getByLabel("Mobile *").fill("9171234567");
  await page.getByLabel("Birthday", { exact: true }).fill("1988-04-12");
  await expect(page.getByLabel("Spouse Name")).toBeHidden();
  await page.getByLabel("Marital Status").selectOption("Married");
  await page.getByLabel("Spouse Name").fill("Jose Dela Cruz");
  await page.getByLabel("Wedding Anniversary").fill("2012-06-30");

  await page.getByRole("button", { name: "Add Child" }).click();
  await page.getByRole("button", { name: "Add Child" }).click();
  const rows = page.getByTestId("child-row");
  await rows.nth(0).getByLabel("Child 1 Name").fill("Miguel");
  await rows.nth(0).getByLabel("Birthday").fill("2016-02-29");
  await rows.nth(0).getByLabel("Gender").selectOption("Male");
  await expect(rows.nth(0).getByLabel("Child 1 age")).not.toHaveText("");
  await rows.nth(1).getByLabel("Child 2 Name").fill("Someone Else");
  await rows.nth(1).getByLabel("Birthday").fill(addDays(todayInChurchZone(), 10));
  await expect(rows.nth(1).getByLabel("Child 2 age")).toHaveText("");
  await rows.nth(1).getByRole("button", { name: "Remove" }).click();
  await expect(rows).toHaveCount(1);

  await page.getByLabel("Water Baptism Date").fill("2010-01-17");
  await page.getByLabel("Bible Study Group").selectOption("Group 2");
  await page.getByText("Yadah (Dance)", { exact: true }).click();
  await page.getByText("TEE", { exact: true }).click();
  await page.getByText("Yadah Head", { exact: true }).click();
  // Explicit consent (issue 23): without the registry box ticked nothing is sent.
  await page.getByRole("button", { name: "Register Member" }).click();
  await expect(page.getByLabel(/in its member registry/)).toBeFocused();
  await expect(
    page
      .getByText(
        "Please tick the box to agree: the church can keep a member's details only with their consent.",
      )
      .first(),
  ).toBeVisible();
  await page.getByLabel(/in its member registry/).check();
  await page.getByLabel(/receive e-mails from/).check();
  await page.getByRole("button", { name: "Register Member" }).click();
  await expect(page.getByTestId("toast")).toContainText("Registration Successful!");
  await expect(page.getByTestId("toast")).toContainText("New member has been added.");

  // The form is empty again for the next person, children too, with the cursor in its first field.
  const [stored] = await sql<Record<string, unknown>>("select * from members where email = $1", [
    "rosa.delacruz@example.org",
  ]);
  const registered = page.getByTestId("registered");
  await expect(registered).toHaveText("Registered: Rosa Lim Dela Cruz — view profile");
  await expect(registered.getByRole("link", { name: "view profile" })).toHaveAttribute(
    "href",
    `/members/profile/${stored!.id as string}`,
  );
  await expect(page.getByLabel("First Name *")).toHaveValue("");
  await expect(page.getByLabel("First Name *")).toBeFocused();
  await expect(page.getByLabel("Email *")).toHaveValue("");
  await expect(page.getByTestId("child-row")).toHaveCount(0);
  await expect(page.getByText("TEE", { exact: true }).locator("input")).not.toBeChecked();

  expect(stored).toMatchObject({
    first_name: "Rosa",
    country_code: "+63",
    membership_status: "active",
    church_position: "Member",
    spouse_name: "Jose Dela Cruz",
    ministry_involvement: ["tee", "yadah"],
    ministry_role: ["head:yadah"],
  });
  // The Bible study group chosen on the form is the member's place in that group.
  expect(
    await sql(
      `select g.kind, g.name from group_members gm join groups g on g.id = gm.group_id
       where gm.member_id = $1`,
      [stored!.id],
    ),
  ).toEqual([{ kind: "bible-study", name: "Group 2" }]);
  expect(stored!.children).toEqual([{ name: "Miguel", birthday: "2016-02-29", gender: "Male" }]);
  expect(
    await sql("select kind, recorded_by from consents where member_id = $1 order by kind", [stored!.id]),
  ).toEqual([
    { kind: "email", recorded_by: E2E_ADMIN.email },
    { kind: "registry", recorded_by: E2E_ADMIN.email },
  ]);

  // Find them.
  await page.goto("/members/details");
  await page.getByLabel("Search members by name, email or mobile").fill("DELA CRUZ");
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(page.getByTestId("member-row")).toContainText("rosa.delacruz@example.org");
  await page.getByLabel("Search members by name, email or mobile").fill("zzz-nobody");
  await expect(page.getByText("No members found.")).toBeVisible();
  await page.getByLabel("Search members by name, email or mobile").fill("9171234");
  await expect(page.getByTestId("member-row")).toHaveCount(1);

  // View the profile.
  await page.getByRole("link", { name: "View Rosa Lim Dela Cruz" }).click();
  await expect(page.getByRole("heading", { name: "Rosa Lim Dela Cruz" })).toBeVisible();
  await expect(page.getByText("Children Information")).toBeVisible();
  await expect(page.getByTestId("profile-child")).toHaveCount(1);
  await expect(page.getByTestId("profile-child")).toContainText("Miguel");
  await expect(page.getByRole("list", { name: "Ministries" }).getByRole("listitem")).toHaveText([
    "TEE",
    "Yadah (Dance)",
  ]);
  await expect(page.getByText("N/A").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to List" })).toHaveAttribute("href", "/members/details");

  // Edit: status to Inactive.
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("First Name *")).toHaveValue("Rosa");
  await expect(page.getByLabel("Church Position")).toHaveValue("Member");
  await page.getByLabel("Membership Status").selectOption("Inactive");
  await page.getByLabel("Church Position").selectOption("Deaconess");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL("/members/details");
  await expect(page.getByTestId("toast")).toContainText("Update Successful!");
  await expect(page.getByTestId("toast")).toContainText("Member details have been updated.");
  const status = page.getByTestId("member-row").filter({ hasText: "Rosa" }).getByTestId("member-status");
  await expect(status).toHaveText("inactive");
  await expect(status).toHaveClass(/text-destructive/);

  // Delete, after a question that names her and says where she goes.
  await page.getByRole("button", { name: "Delete Rosa Lim Dela Cruz" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Delete Rosa Lim Dela Cruz?" })).toBeVisible();
  await expect(dialog).toContainText("Are you sure you want to delete this member?");
  await expect(dialog).toContainText("Recently deleted for 30 days");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("member-row").filter({ hasText: "Rosa" })).toHaveCount(1);
  await page.getByRole("button", { name: "Delete Rosa Lim Dela Cruz" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Member Deleted");
  await expect(page.getByTestId("toast")).toContainText("The member has been removed.");
  await expect(page.getByTestId("member-row").filter({ hasText: "Rosa" })).toHaveCount(0);
  // Kept under Recently deleted, not removed.
  expect(
    await sql("select deleted_by from members where email = $1 and deleted_at is not null", [
      "rosa.delacruz@example.org",
    ]),
  ).toEqual([{ deleted_by: E2E_ADMIN.email }]);
});

test("an unknown member id goes back to the list with 'Error fetching member'", async ({ page }) => {
  await signIn(page);
  await page.goto("/members/profile/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL("/members/details");
  await expect(page.getByTestId("toast")).toContainText("Error fetching member");
});

test("reports list the next 30 days and every CSV downloads with the spec's name", async ({ page }) => {
  const today = todayInChurchZone();
  const yearsAgo = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
  const insert = (first: string, values: Record<string, unknown>) =>
    sql(
      `insert into members (first_name, last_name, email, mobile, birthday, wedding_anniversary, marital_status, spouse_name, membership_status, ministry_involvement)
       values ($1, 'Test', $2, '33330000', $3, $4, $5, $6, $7, $8)`,
      [
        first,
        `${first.toLowerCase()}@example.org`,
        values.birthday ?? null,
        values.anniversary ?? null,
        values.anniversary ? "Married" : null,
        values.anniversary ? "Pat" : null,
        values.status ?? "active",
        values.ministries ?? [],
      ],
    );
  await sql("delete from members");
  await insert("Inside", { birthday: yearsAgo(addDays(today, 5), 30), ministries: ["scribes"] });
  await insert("Edge", {
    birthday: yearsAgo(addDays(today, 30), 41),
    anniversary: yearsAgo(addDays(today, 30), 10),
  });
  await insert("Outside", {
    birthday: yearsAgo(addDays(today, 31), 25),
    anniversary: yearsAgo(addDays(today, 31), 3),
    status: "left",
  });
  await insert("=Formula", { birthday: yearsAgo(today, 20), ministries: ["scribes"] });
  await sql(
    "insert into visitors (name, mobile, email, message) values ('Vera Visitor', '+973 3999 0000', 'vera@example.org', 'Hello, church!')",
  );

  await signIn(page);
  await page.goto("/members/reports");
  const birthdays = page.getByRole("table", { name: "Upcoming Birthdays" });
  await expect(birthdays.getByRole("row")).toHaveCount(4);
  await expect(birthdays).toContainText("Inside Test");
  await expect(birthdays).toContainText("Edge Test");
  await expect(birthdays).not.toContainText("Outside Test");
  const anniversaries = page.getByRole("table", { name: "Upcoming Wedding Anniversaries" });
  await expect(anniversaries).toContainText("Edge Test");
  await expect(anniversaries).not.toContainText("Outside Test");
  await expect(page.getByTestId("active-count")).toContainText("3 of 4 members are active");
  await expect(page.getByRole("table", { name: "Visitors" })).toContainText("Hello, church!");

  async function download(panel: string) {
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("region", { name: panel }).getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const text = fs.readFileSync((await file.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    return { name: file.suggestedFilename(), rows: parseCsv(text) };
  }

  const birthdaysCsv = await download("Upcoming Birthdays");
  expect(birthdaysCsv.name).toBe("birthdays.csv");
  expect(birthdaysCsv.rows[0]).toEqual([
    "Name",
    "Email",
    "Mobile",
    "Birthday",
    "Next Birthday",
    "Days Away",
    "Turning",
  ]);
  expect(birthdaysCsv.rows.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([
    ["'=Formula Test", "0", "20"],
    ["Inside Test", "5", "30"],
    ["Edge Test", "30", "41"],
  ]);

  const anniversariesCsv = await download("Upcoming Wedding Anniversaries");
  expect(anniversariesCsv.name).toBe("anniversaries.csv");
  expect(anniversariesCsv.rows.slice(1).map((r) => [r[0], r[1], r[6], r[7]])).toEqual([
    ["Edge Test", "Pat", "30", "10"],
  ]);

  const activeCsv = await download("Active Members");
  expect(activeCsv.name).toBe("active_members.csv");
  expect(
    activeCsv.rows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(["'=Formula Test", "Edge Test", "Inside Test"]);

  const visitorsCsv = await download("Visitors");
  expect(visitorsCsv.name).toBe("visitors.csv");
  expect(visitorsCsv.rows[0]).toEqual(["Name", "Mobile", "Email", "Message", "Date"]);
  expect(visitorsCsv.rows[1]!.slice(0, 4)).toEqual([
    "Vera Visitor",
    "+973 3999 0000",
    "vera@example.org",
    "Hello, church!",
  ]);

  // The ministry filter, its bar and its export.
  await page.getByLabel("Ministry", { exact: true }).selectOption("Scribes");
  await expect(page).toHaveURL(/ministry=Scribes/);
  await expect(page.getByRole("table", { name: "Members of Scribes" }).getByRole("row")).toHaveCount(3);
  const ministryCsv = await download("Members by Ministry");
  expect(ministryCsv.name).toBe("Scribes_members.csv");
  expect(ministryCsv.rows).toHaveLength(3);

  // An empty list says so instead of downloading.
  await sql("delete from visitors");
  await page.reload();
  await page.getByRole("region", { name: "Visitors" }).getByRole("button", { name: "Export CSV" }).click();
  await expect(page.getByTestId("toast")).toContainText("No data to export");
});

test("the dashboard shows the figures and every way into the members area", async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId("stat-total-members")).toHaveText("4");
  await expect(page.getByTestId("stat-active-ministries")).toHaveText("16");
  await expect(page.getByText("All running")).toBeVisible();
  for (const href of [
    "/members/forms",
    "/members/details",
    "/members/reports",
    "/members/upload",
    "/members/add-sermon",
    "/members/add-ministry-video",
    "/members/update-ministry-image",
    "/members/add-event",
    "/members/ministry-registrations",
    "/members/event-registrations",
  ]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Add New Member" })).toHaveAttribute("href", "/members/forms");
  await expect(page.getByRole("link", { name: "Add New Event" })).toHaveAttribute(
    "href",
    "/members/add-event",
  );
});

test("member data and CSV exports are never readable without signing in", async ({ request }) => {
  for (const path of [
    "/members/details",
    "/members/reports",
    "/members/reports/export/birthdays",
    "/members/reports/export/visitors",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/members\/login/);
  }
});

test("reports list visitors fifty at a time and fit a phone's width", async ({ page }) => {
  await sql(
    `insert into visitors (name, mobile, email, message, created_at)
     select 'Paged visitor ' || g, '3300' || g, 'paged' || g || '@example.org', 'Hello', now() + g * interval '1 second'
     from generate_series(1, 60) g`,
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto("/members/reports");
    const visitors = page.getByRole("region", { name: "Visitors" });
    await expect(visitors.getByRole("row").nth(1)).toContainText("Paged visitor 60");
    await expect(visitors.getByRole("row")).toHaveCount(51); // a header row and fifty visitors
    // The table scrolls inside its panel; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitors.getByRole("link", { name: "Older visitors" }).click();
    await expect(page).toHaveURL(/visitors=2/);
    await expect(visitors.getByRole("row").nth(1)).toContainText("Paged visitor 10");
  } finally {
    await sql("delete from visitors where name like 'Paged visitor %'");
  }
});

// Safe forms (issue 18): a second post of the same form, possible duplicates, deleting and restoring.

async function fillNewMember(
  page: Page,
  member: { first: string; last: string; email: string; mobile: string },
) {
  await page.getByLabel("First Name *").fill(member.first);
  await page.getByLabel("Last Name *").fill(member.last);
  await page.getByLabel("Email *").fill(member.email);
  await page.getByLabel("Mobile *").fill(member.mobile);
  await page.getByLabel(/in its member registry/).check();
}

test("the same registration form posted twice makes one member", async ({ page }) => {
  await sql("delete from members");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signIn(page);
  await unlockRegistration(page);
  await fillNewMember(page, {
    first: "Twice",
    last: "Clicked",
    email: "twice@example.org",
    mobile: "33001122",
  });
  const token = await page.locator('input[name="formToken"]').inputValue();

  // Two submits before the first answer (a double click, an impatient second try).
  await page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Register Member" }) })
    .evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
  await expect(page.getByTestId("registered")).toHaveText("Registered: Twice Clicked — view profile");

  // Back and resubmit: the browser sends the same form, token and all, once more.
  const again = await page.request.post("/members/forms", {
    form: {
      firstName: "Twice",
      lastName: "Clicked",
      email: "twice@example.org",
      mobile: "33001122",
      consentRegistry: "on",
      formToken: token,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(200);
  expect(await again.text()).toContain("Registered: <strong>Twice Clicked</strong>");

  expect(await sql("select first_name from members where email = 'twice@example.org'")).toEqual([
    { first_name: "Twice" },
  ]);
});

test("a possible duplicate is shown before saving, and staff can save anyway", async ({ page }) => {
  await sql("delete from members");
  const [existing] = await sql<{ id: string }>(
    "insert into members (first_name, last_name, email, mobile) values ('Maria', 'Santos', 'maria.santos@example.org', '36001234') returning id",
  );
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signIn(page);
  await unlockRegistration(page);
  await fillNewMember(page, {
    first: "Marie",
    last: "Santos",
    email: "Maria.Santos@Example.org",
    mobile: "3600 1234",
  });
  await page.getByRole("button", { name: "Register Member" }).click();

  const warning = page.getByTestId("possible-duplicates");
  await expect(warning.getByRole("heading", { name: "Possible duplicate: please check" })).toBeFocused();
  await expect(warning).toContainText("Nothing has been saved yet.");
  await expect(warning).toContainText("Maria Santos: same e-mail and same mobile number");
  await expect(warning.getByRole("link", { name: "View profile of Maria Santos" })).toHaveAttribute(
    "href",
    `/members/profile/${existing!.id}`,
  );
  // The form keeps what was typed.
  await expect(page.getByLabel("First Name *")).toHaveValue("Marie");
  await expect(page.getByLabel("Email *")).toHaveValue("Maria.Santos@Example.org");
  expect(await sql("select id from members")).toHaveLength(1);
  await expectAxeClean(page, "the duplicate warning");

  await warning.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByTestId("registered")).toHaveText("Registered: Marie Santos — view profile");
  expect(await sql("select first_name from members order by first_name")).toEqual([
    { first_name: "Maria" },
    { first_name: "Marie" },
  ]);
});

test("a deleted member waits under Recently deleted and comes back with children and ministries", async ({
  page,
}) => {
  await sql("delete from members");
  const [ana] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, birthday, children, ministry_involvement, ministry_role)
     values ('Ana', 'Cruz', 'ana.cruz@example.org', '33445566', '1990-02-03',
             '[{"name":"Lia","birthday":"2015-05-06","gender":"Female"}]', '{amplify,tee}', '{head:amplify}')
     returning id`,
  );
  const profile = `/members/profile/${ana!.id}`;
  await signIn(page);
  await page.goto(profile);
  await expect(page.getByText("Sat 3 Feb 1990")).toBeVisible();
  await expect(page.getByTestId("profile-child")).toContainText("Birthday: Wed 6 May 2015");

  await page.getByRole("button", { name: "Delete Ana Cruz" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Delete Ana Cruz?" })).toBeVisible();
  await expect(dialog).toContainText("Are you sure you want to delete this member?");
  await expect(dialog).toContainText("Ana Cruz will move to Recently deleted for 30 days");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/members/details");
  await expect(page.getByTestId("toast")).toContainText("Member Deleted");
  await expect(page.getByText("No members found.")).toBeVisible();

  // Her pages are gone (inside the members area), until she is restored.
  await page.goto(profile);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Recently deleted" })).toBeVisible();
  await page.getByRole("link", { name: "Recently deleted" }).click();
  await expect(page).toHaveURL("/members/deleted");
  const row = page.getByTestId("deleted-member");
  await expect(row).toContainText("Ana Cruz");
  await expect(row).toContainText("ana.cruz@example.org");
  await expect(row).toContainText("30 days left");
  await expect(row).toContainText(`by ${E2E_ADMIN.email}`);
  await expectAxeClean(page, "Recently deleted");

  await row.getByRole("button", { name: "Restore Ana Cruz" }).click();
  const restored = page.getByTestId("restored");
  await expect(restored).toHaveText("Restored: Ana Cruz — view profile");
  await expect(page.getByTestId("deleted-empty")).toContainText("No recently deleted members");
  await restored.getByRole("link", { name: "view profile" }).click();
  await expect(page).toHaveURL(profile);
  await expect(page.getByTestId("profile-child")).toContainText("Lia");
  await expect(page.getByRole("list", { name: "Ministries" }).getByRole("listitem")).toHaveText([
    "Amplify (Music)",
    "TEE",
  ]);
  await expect(page.getByText("Amplify Head")).toBeVisible();

  // Deleted again, and removed for good before the 30 days are up.
  await sql(
    "update members set deleted_at = now() - interval '3 days', deleted_by = 'system' where id = $1",
    [ana!.id],
  );
  await page.goto("/members/deleted");
  await expect(row).toContainText("27 days left");
  await expect(row).toContainText("by System");
  await row.getByRole("button", { name: "Delete Ana Cruz now" }).click();
  await expect(dialog.getByRole("heading", { name: "Remove Ana Cruz for good?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Remove for good" }).click();
  await expect(page.getByTestId("toast")).toContainText("Ana Cruz has been removed for good.");
  await expect(page.getByTestId("deleted-empty")).toBeVisible();
  expect(await sql("select id from members where id = $1", [ana!.id])).toEqual([]);
});

test("the membership list fits a 360 px phone as cards, and keeps its filters", async ({ page }) => {
  await sql("delete from members");
  await sql(
    `insert into members (first_name, middle_name, last_name, email, mobile, membership_status, created_at) values
     ('Maximiliana', 'Concepcion', 'Dela Cruz-Villanueva', 'maximiliana.concepcion.delacruz-villanueva@example-church-community.org', '33112233', 'active', now()),
     ('Ben', null, 'Reyes', 'ben@example.org', '33445500', 'inactive', now()),
     ('Old', null, 'Timer', 'old@example.org', '33445511', 'active', now() - interval '70 days')`,
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page);
  await page.goto("/members/details");
  const cards = page.getByTestId("member-card");
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId("list-order")).toContainText("Sorted by last name, then first name.");
  await expect(cards.nth(0)).toContainText("Dela Cruz-Villanueva");
  await expect(cards.nth(1)).toContainText("Ben Reyes");
  await expect(cards.nth(2)).toContainText("Old Timer");
  await expectNoSidewaysScroll(page);
  const long = cards.filter({ hasText: "Maximiliana" });
  // The e-mail breaks where it must, not one letter per line.
  const email = long.getByText("maximiliana.concepcion.delacruz-villanueva@example-church-community.org");
  expect((await email.boundingBox())!.height).toBeLessThan(80);
  for (const action of ["View", "Edit", "Delete"]) {
    const button = long.getByRole(action === "Delete" ? "button" : "link", {
      name: `${action} Maximiliana Concepcion Dela Cruz-Villanueva`,
    });
    await expect(button).toBeVisible();
    expect((await button.boundingBox())!.x + 40).toBeLessThanOrEqual(360);
  }
  await expect(long.getByTestId("member-status")).toHaveText("active");
  await expectAxeClean(page, "the membership list at 360 px");

  // Filters from the address (the dashboard links here), shown as chips; search keeps them.
  await page.goto("/members/details?status=active&joined=this-month");
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Remove filter Status: Active" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove filter Joined this month" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Search members by name, email or mobile").fill("nobody");
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/joined=this-month/);
  await expect(page.getByText("No members found.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Search members by name, email or mobile").fill("");
  await expect(cards).toHaveCount(1);
  await page.getByRole("link", { name: "Remove filter Joined this month" }).click();
  await expect(cards).toHaveCount(2);
  await expect(page).toHaveURL("/members/details?status=active");

  // A wide screen has the spec's table.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Mobile", "Status", "Actions"]);
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  await expectAxeClean(page, "the membership list at 1280 px");
});

test("a profile with long names, e-mail, addresses and notes fits a 360 px phone", async ({ page }) => {
  // Long words with no place to break, as e-mail addresses and some names and addresses are.
  const longEmail = "maximilianaconcepciondelacruzvillanuevasantiago@examplechurchcommunitybahrain.org";
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, middle_name, last_name, nickname, email, mobile, address_bh, address_ph,
       marital_status, spouse_name, children, ministry_involvement, ministry_role, church_position, created_at)
     values ('Maximilianaconcepcion', 'Esperanzaguadalupe', 'Delacruzvillanuevasantiago', 'Maxiconcepcionesperanza',
       $1, '33112233', 'Flat2201Building2468Road3803Block338AlJuffairManamaKingdomofBahrain',
       'Purok7BarangaySanIsidroLabradorMunicipalityofGeneralMarianoAlvarez', 'Married',
       'BartholomewalexanderDelacruzvillanuevasantiago', $2::jsonb, '{amplify,acts-kids,soundtech}',
       '{sg-leader,head:amplify}', 'Member', now())
     returning id`,
    [
      longEmail,
      JSON.stringify([
        { name: "ChristopheremmanuelDelacruzvillanuevasantiago", birthday: "2015-03-04", gender: "Male" },
      ]),
    ],
  );
  // Long group names without a place to break, as the profile shows them.
  await sql(
    `with made as (
       insert into groups (kind, name) values ('bible-study', 'ThursdayEveningBibleStudyGroupinJuffairandSeef'),
         ('salt', 'SaltGroupOfTheNorthernGovernorateAndMuharraq')
       on conflict do nothing returning id)
     insert into group_members (group_id, member_id) select id, $1 from made`,
    [member!.id],
  );
  // A staff edit with long values before and after, as the profile's history shows it (the audit
  // log is append-only: the entry stays, naming a member no longer there).
  await sql(
    `insert into audit_log (actor_label, action, subject_type, subject_id, subject_label, details)
     values ($1, 'member.updated', 'member', $2, 'Maximilianaconcepcion Delacruzvillanuevasantiago', $3::jsonb)`,
    [
      E2E_ADMIN.email,
      member!.id,
      JSON.stringify({
        changes: [
          {
            field: "email",
            from: "maxioldaddressbeforethewedding@examplechurchcommunitybahrain.org",
            to: longEmail,
          },
          {
            field: "addressBh",
            from: "Flat11Building1234Road5678Block910SeefManama",
            to: "Flat2201Building2468",
          },
        ],
      }),
    ],
  );
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page);
    await page.goto(`/members/profile/${member!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Delacruzvillanuevasantiago");
    await expect(page.getByTestId("profile-child")).toContainText(
      "ChristopheremmanuelDelacruzvillanuevasantiago",
    );
    await expect(page.getByText(`The e-mail goes to ${longEmail}.`)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  } finally {
    await sql("delete from members where id = $1", [member!.id]);
  }
});

test("a registration through the passcode alone never says who is a member; staff check it and keep both", async ({
  page,
  browser,
}, testInfo) => {
  await sql("delete from members");
  const [existing] = await sql<{ id: string }>(
    "insert into members (first_name, last_name, email, mobile) values ('Maria', 'Santos', 'maria.santos@example.org', '36001234') returning id",
  );
  // Someone with the passcode, not signed in, registers with a member's e-mail and mobile.
  const visitor = await browser.newPage({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  await unlockRegistration(visitor);
  await fillNewMember(visitor, {
    first: "Marie",
    last: "Santos",
    email: "Maria.Santos@Example.org",
    mobile: "3600 1234",
  });
  await visitor.getByRole("button", { name: "Register Member" }).click();
  await expect(visitor.getByTestId("toast")).toContainText("New member has been added.");
  await expect(visitor.getByTestId("possible-duplicates")).toHaveCount(0);
  await expect(visitor.getByText("Maria Santos")).toHaveCount(0);
  await visitor.close();

  // Staff see it to check, from the dashboard to the list to the registration itself.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signIn(page);
  await page.getByRole("link", { name: /To Check/ }).click();
  await expect(page).toHaveURL("/members/details?check=duplicates");
  await expect(page.getByText("Possible duplicates to check")).toBeVisible();
  const row = page.getByTestId("member-row").filter({ hasText: "Marie Santos" });
  await expect(row.getByTestId("possible-duplicate")).toHaveText("Possible duplicate");
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await row.getByRole("link", { name: "View Marie Santos" }).click();
  const check = page.getByTestId("possible-duplicate-check");
  await expect(check.getByRole("heading", { name: "Possible duplicate: please check" })).toBeVisible();
  await expect(check).toContainText("Maria Santos: same e-mail and same mobile number");
  await expect(check.getByRole("link", { name: "View profile of Maria Santos" })).toHaveAttribute(
    "href",
    `/members/profile/${existing!.id}`,
  );
  await expectAxeClean(page, "the possible-duplicate check on a profile");
  await page.screenshot({ path: testInfo.outputPath("duplicate-check-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("duplicate-check-390.png"), fullPage: true });

  await check.getByRole("button", { name: "Keep both" }).click();
  await expect(page.getByTestId("toast")).toContainText("This registration is kept as a member of its own.");
  await expect(page.getByTestId("possible-duplicate-check")).toHaveCount(0);
  expect(await sql("select first_name, possible_duplicate from members order by first_name")).toEqual([
    { first_name: "Maria", possible_duplicate: false },
    { first_name: "Marie", possible_duplicate: false },
  ]);
});

test("the dashboard gives the registration form's address with a QR code to print", async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signIn(page);
  const card = page.getByTestId("registration-form-link");
  await expect(card.getByTestId("registration-form-url")).toHaveText(
    `${new URL(page.url()).origin}/members/forms`,
  );
  await expect(card.getByRole("img", { name: "QR code of the registration form's address" })).toBeVisible();
  await expect(page.getByText("At least 8 characters.")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("registration-qr-1280.png"), fullPage: true });
  // Printed, the card is all there is on the page (the print dialog itself is left out here).
  await page.evaluate(() => (window.print = () => {}));
  await card.getByRole("button", { name: "Print the QR code" }).click();
  await page.emulateMedia({ media: "print" });
  const sheet = page.locator("#registration-qr-print");
  await expect(sheet.getByText("/members/forms")).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Print the QR code" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Members Dashboard" })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("registration-qr-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(sheet).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("registration-qr-390.png") });
});
