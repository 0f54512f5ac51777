import crypto from "node:crypto";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectNoSidewaysScroll, lastQueuedEmail } from "./staff-account";

// The acceptance (privacy issue 23): staff e-mail a member an update link from the
// profile; on a phone the member changes the mobile and adds a child; staff accept the mobile and
// reject the child; the record has the new mobile and no child; the link works once; an altered
// link opens nothing.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function linkFromOutbox(email: string): Promise<string> {
  const path = /\/update-my-details\/[\w-]{43}/.exec(await lastQueuedEmail(email, "member.update-link"))?.[0];
  if (!path) throw new Error(`no update link in the outbox for ${email}`);
  return path;
}

test("a member updates their own details from an e-mailed link; staff accept one change and reject the other", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const email = `rosa.${tag}@example.org`;
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile, country_code, ministry_involvement)
     values ($1, 'Reyes', $2, '33445566', '+973', '{amplify}') returning id`,
    [`Rosa${tag}`, email],
  );
  const name = `Rosa${tag} Reyes`;
  await sql(
    "insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'registry', 1, 'registration-passcode')",
    [member!.id],
  );
  try {
    // Staff: "E-mail an update link" on the profile.
    await signIn(page);
    await page.goto(`/members/profile/${member!.id}`);
    const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "Update link" }) });
    await panel.getByRole("button", { name: "E-mail an update link" }).click();
    await expect(page.getByTestId("toast")).toContainText(`An update link is on its way to ${email}.`);
    await panel.getByRole("button", { name: "Show QR code" }).click();
    await expect(panel.getByTestId("update-link-qr").locator("svg")).toBeVisible();
    await expect(panel.getByTestId("update-link-url")).toContainText("/update-my-details/");
    await page.screenshot({ path: testInfo.outputPath("profile-update-link-1280.png"), fullPage: true });
    const link = await linkFromOutbox(email);

    // The member, on a phone, without signing in.
    const phone = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    const member390 = await phone.newPage();
    await member390.goto(link);
    await expect(member390.getByText(`Hello Rosa${tag}.`)).toBeVisible();
    await expect(member390.getByRole("textbox", { name: "Mobile" })).toHaveValue("33445566");
    await expectNoSidewaysScroll(member390);
    await expectAxeClean(member390, "the update form");
    await member390.screenshot({ path: testInfo.outputPath("update-form-390.png"), fullPage: true });

    // Their consents: church e-mails ticked and saved at once, the link still open.
    const consents = member390.getByRole("region", { name: "Your consents" });
    await expect(consents.getByLabel(/in its member registry/)).toBeChecked();
    await consents.getByLabel(/receive e-mails from/).check();
    await consents.getByRole("button", { name: "Save my consents" }).click();
    await expect(member390.getByRole("status")).toHaveText("Your consents are saved.");
    expect(
      await sql("select kind, recorded_by from consents where member_id = $1 order by kind", [member!.id]),
    ).toEqual([
      { kind: "email", recorded_by: "member" },
      { kind: "registry", recorded_by: "registration-passcode" },
    ]);
    // Their data, in one file.
    const [download] = await Promise.all([
      member390.waitForEvent("download"),
      member390.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^personal-data-rosa${tag}-reyes-[\\d-]+\\.html$`),
    );

    await member390.getByRole("textbox", { name: "Mobile" }).fill("39887766");
    await member390.getByLabel("Name of New child").fill("Tomas Reyes");
    await member390.getByLabel("Birthday of New child").fill("2021-07-04");
    await member390.getByLabel("Gender of New child").selectOption("Male");
    await member390.getByRole("button", { name: "Send my changes" }).click();
    await expect(member390.getByTestId("update-thanks")).toHaveText(
      "Thank you. The church office will review your changes.",
    );

    // Staff: the review queue, one change accepted, the other rejected.
    await page.goto("/members/updates");
    const request = page.getByRole("region", { name });
    await expect(request).toContainText("2 of 2 changes to decide");
    await page.screenshot({ path: testInfo.outputPath("review-queue-1280.png"), fullPage: true });
    const mobile = request.getByTestId("update-change").filter({ hasText: "Mobile" });
    await expect(mobile).toContainText("33445566");
    await expect(mobile).toContainText("39887766");
    await mobile.getByRole("button", { name: "Accept Mobile" }).click();
    await expect(mobile.getByTestId("change-decided")).toContainText("Accepted");
    const children = request.getByTestId("update-change").filter({ hasText: "Children" });
    await expect(children).toContainText("Tomas Reyes");
    await children.getByRole("button", { name: "Reject Children" }).click();
    // Every change decided: the request leaves the queue.
    await expect(request).toHaveCount(0);

    const [row] = await sql<{ mobile: string; children: unknown[] }>(
      "select mobile, children from members where id = $1",
      [member!.id],
    );
    expect(row).toEqual({ mobile: "39887766", children: [] });

    // The link worked once; an altered one opens nothing.
    await member390.goto(link);
    await expect(member390.getByTestId("closed-link")).toContainText("already been used");
    const altered = link.slice(0, -2) + (link.endsWith("AA") ? "BB" : "AA");
    await member390.goto(altered);
    await expect(member390.getByTestId("closed-link")).toContainText("This link is not valid");
    await expect(member390.getByText("Rosa")).toHaveCount(0);
    await member390.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(member390).toHaveURL("/update-my-details");
    await phone.close();
  } finally {
    await sql("delete from members where id = $1", [member!.id]);
    await sql("delete from outbox_emails where to_address = $1", [email]);
  }
});

test("the queue at a phone's width, with a change staff made since", async ({ page }, testInfo) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const [member] = await sql<{ id: string }>(
    `insert into members (first_name, last_name, email, mobile) values ($1, 'Lim', $2, '33000111') returning id`,
    [`Noel${tag}`, `noel.${tag}@example.org`],
  );
  await sql(`insert into member_update_requests (member_id, changes) values ($1, $2::jsonb)`, [
    member!.id,
    JSON.stringify([
      { field: "mobile", from: "33000999", to: "36000111", status: "pending" },
      { field: "ministryInvolvement", from: [], to: ["amplify", "yadah"], status: "pending" },
    ]),
  ]);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto("/members/updates");
    const request = page.getByRole("region", { name: `Noel${tag} Lim` });
    const mobile = request.getByTestId("update-change").filter({ hasText: "Mobile" });
    await expect(mobile.getByTestId("stale-warning")).toContainText("33000111");
    await expect(request.getByTestId("update-change").filter({ hasText: "Ministries" })).toContainText(
      "Amplify",
    );
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("review-queue-390.png"), fullPage: true });
    await mobile.getByRole("button", { name: "Accept anyway Mobile" }).click();
    await expect(mobile.getByTestId("change-decided")).toContainText("Accepted");
    const [row] = await sql<{ mobile: string }>("select mobile from members where id = $1", [member!.id]);
    expect(row!.mobile).toBe("36000111");
  } finally {
    await sql("delete from members where id = $1", [member!.id]);
  }
});
