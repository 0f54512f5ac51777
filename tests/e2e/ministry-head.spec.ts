import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// A head of Amplify (issue 34) signs in and meets Amplify's people and sign-ups, read-only, and
// nothing of ACTS Kids: the navigation offers only what the role reaches, and a forged address or
// form (an ACTS Kids member, a screen of the whole church, another ministry's video) is answered
// 403 or 404 with a readable page, and changes nothing.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const tag = crypto.randomBytes(3).toString("hex");
const names = {
  ana: `Ana Amp${tag}`,
  ben: `Ben Both${tag}`,
  kim: `Kim Kids${tag}`,
  amy: `Amy Amplify sign-up ${tag}`,
  kit: `Kit Kids sign-up ${tag}`,
};

async function insertMember(first: string, ministries: string[]) {
  const [row] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, ministry_involvement)
     values ($1, 'Scope', $2, '33334444', $3) returning id`,
    [first, `${first.toLowerCase().replace(/\s+/g, ".")}@example.org`, ministries],
  );
  return row!.id;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("a head of Amplify sees Amplify's people and sign-ups only; forged requests are refused", async ({
  page,
}) => {
  test.slow();
  await insertMember(names.ana, ["amplify"]);
  await insertMember(names.ben, ["acts-kids", "amplify"]);
  const kim = await insertMember(names.kim, ["acts-kids"]);
  await sql(
    `insert into ministry_registrations (ministry_slug, name, email, mobile)
     values ('amplify', $1, 'amy.${tag}@example.org', '33110001'), ('acts-kids', $2, 'kit.${tag}@example.org', '33110002')`,
    [names.amy, names.kit],
  );
  const [video] = await sql<{ id: string }>(
    "insert into ministry_videos (title, youtube_id, ministry_slug) values ($1, 'kkkkkkkkkkk', 'acts-kids') returning id",
    [`ACTS Kids camp ${tag}`],
  );
  const head = await createStaffAccount("Hana Head");
  await sql("update users set role = 'ministry-head', ministries = '{amplify}' where id = $1", [head.id]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, { email: head.email, password: head.password });
  await expect(page.getByText("You look after Amplify (Music).")).toBeVisible();

  // The navigation: Amplify's people, sign-ups, media and page; nothing of the whole church.
  const nav = page.getByRole("navigation", { name: "Members" });
  for (const label of [
    "Membership List",
    "Ministry Registrations",
    "Ministry Videos",
    "Ministry Images",
    "Website",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  for (const label of [
    "Event Registrations",
    "Inbox",
    "Reports",
    "Sermons",
    "Events",
    "Register Member",
    "Staff Accounts",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  }
  // The dashboard's figures are Amplify's: two members, one sign-up this month at least.
  await expect(page.getByTestId("stat-total-members")).toHaveText("2");
  await screenshot(page, "dashboard-1280");

  // The membership list: Amplify's people, to look at only.
  await nav.getByRole("link", { name: "Membership List", exact: true }).click();
  await expect(page.getByText("2 members of Amplify (Music)")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByText(names.ana)).toBeVisible();
  await expect(table.getByText(names.ben)).toBeVisible();
  await expect(page.getByText(names.kim)).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Edit ${names.ana}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add New Member" })).toHaveCount(0);
  await screenshot(page, "member-list-1280");

  // Another ministry's filter in the address does not widen the list.
  await page.goto("/members/details?ministry=acts-kids");
  await expect(page.getByText("2 members of Amplify (Music)")).toBeVisible();
  await expect(page.getByText(names.kim)).toHaveCount(0);

  // A profile, without edit, delete, export or erase.
  await page.goto("/members/details");
  await page.getByRole("link", { name: `View ${names.ana}` }).click();
  await expect(page.getByRole("heading", { name: `${names.ana} Scope` })).toBeVisible();
  for (const action of ["Edit Profile", "Export data", "Erase person"]) {
    await expect(page.getByRole("link", { name: action })).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  // Forged: an ACTS Kids member's profile is not found.
  const forgedProfile = await page.goto(`/members/profile/${kim}`);
  expect(forgedProfile!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText(names.kim)).toHaveCount(0);
  await screenshot(page, "forged-profile-1280");

  // The sign-ups: Amplify's only.
  await page.goto("/members/ministry-registrations");
  await expect(page.getByText("Who signed up for Amplify (Music), newest first.")).toBeVisible();
  await expect(page.getByRole("cell", { name: names.amy })).toBeVisible();
  await expect(page.getByText(names.kit)).toHaveCount(0);
  await screenshot(page, "sign-ups-1280");
  const download = await page.request.get("/members/registrations/export/ministry");
  expect(await download.text()).toContain(names.amy);
  expect(await download.text()).not.toContain(names.kit);

  // Forged: a screen of the whole church says which permission it needs.
  const events = await page.goto("/members/event-registrations");
  expect(events!.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText(/It needs “Registrations and check-in: view”/)).toBeVisible();
  await screenshot(page, "forged-events-1280");
  expect((await page.request.get("/members/registrations/export/event")).status()).toBe(403);

  // Forged: deleting ACTS Kids' video or member from a form writes nothing.
  const origin = new URL(page.url()).origin;
  const deleteVideo = await page.request.post("/members/add-ministry-video", {
    form: { intent: "delete", id: video!.id },
    headers: { origin },
  });
  expect(deleteVideo.status()).toBe(404);
  const deleteMember = await page.request.post("/members/details", {
    form: { intent: "delete", id: kim },
    headers: { origin },
  });
  expect(deleteMember.status()).toBe(403);
  expect(await sql("select id from ministry_videos where id = $1", [video!.id])).toHaveLength(1);
  expect(await sql("select id from members where id = $1 and deleted_at is null", [kim])).toHaveLength(1);

  // On a phone: the list and the sign-ups fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/members/details");
  await expect(page.getByTestId("member-card").filter({ hasText: names.ana })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "member-list-390");
  await page.goto("/members/ministry-registrations");
  await expect(page.getByTestId("registration-card").filter({ hasText: names.amy })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "sign-ups-390");
  await page.goto("/members");
  await expect(page.getByTestId("stat-sign-ups")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "dashboard-390");
});

test("staff keep every ministry's people and the event registrations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto("/members/details?ministry=acts-kids");
  await expect(page.getByRole("combobox", { name: "Ministry" })).toHaveValue("acts-kids");
  await expect(page.getByRole("list", { name: "Filters" })).toContainText("Ministry: ACTS Kids");
  const nav = page.getByRole("navigation", { name: "Members" });
  await expect(nav.getByRole("link", { name: "Event Registrations", exact: true })).toBeVisible();
  await screenshot(page, "member-list-staff-1280");
  // On a phone the ministry goes on a line of its own, below the search.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("combobox", { name: "Ministry" }).selectOption("amplify");
  await expect(page.getByRole("list", { name: "Filters" })).toContainText("Ministry: Amplify (Music)");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "member-list-staff-390");
  // Removing the chip shows every ministry again, in the list and in the choice.
  await page.getByRole("link", { name: "Remove filter Ministry: Amplify (Music)" }).click();
  await expect(page.getByRole("combobox", { name: "Ministry" })).toHaveValue("");
  await expect(page.getByRole("list", { name: "Filters" })).toHaveCount(0);
});
