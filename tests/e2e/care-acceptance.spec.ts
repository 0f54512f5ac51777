import type { ParsedMail } from "mailparser";
import { addDays, momentInChurchZone, todayInChurchZone } from "../../app/lib/dates";
import { formatDate } from "../../app/lib/format";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { ADMIN } from "../reliability/helpers";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";
import { noWiderThanScreen, ownSite, signInAsAdmin } from "./own-site";

// Care and follow-up end to end (issue 38), on a site of its own that sends through a real SMTP
// server. The office gives the New visitor workflow's first step to the administrator, who turns
// on their daily e-mail. A visitor sends a connect message from a phone with scripts off: a
// "New visitor" follow-up starts, given by the workflow to the administrator. Two days later (the
// clock moved through the test hooks) their digest lists it with its link; they mark the welcome
// call done and the group invitation becomes due; once its date has passed the digest and the
// screens flag it overdue.

const today = todayInChurchZone();
const PHONE = { width: 390, height: 844 };
const VISITOR = {
  name: "Maria Clara Santos",
  email: "maria.santos@example.org",
  mobile: "+973 3344 5566",
  message: "We just moved to Manama from Cebu. What time is the Friday service?",
};

const site = ownSite("care", 95);
const ORIGIN = site.origin;
const query = site.query;

/** The digest as it goes at 08:00 in Bahrain on `day`; answers the e-mail it sent. */
async function digestOn(day: string): Promise<ParsedMail> {
  const digests = () =>
    site.smtp.to(ADMIN.email).filter((mail) => /^Your follow-ups/.test(mail.subject ?? ""));
  const before = digests().length;
  await sendControlCommand(site.dataDir, "test:follow-up-digests-at", {
    at: momentInChurchZone(day, "08:00").toISOString(),
  });
  await expect.poll(() => digests().length, { timeout: 60_000 }).toBe(before + 1);
  return digests().at(-1)!;
}

test("a connect message becomes a New visitor follow-up, in its assignee's digest, step by step until overdue", async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const [admin] = await query<{ id: string; name: string }>("select id, name from users where email = $1", [
    ADMIN.email,
  ]);

  // The office gives the welcome call to the administrator, who turns on their daily e-mail.
  await signInAsAdmin(page, ORIGIN);
  await page.goto(`${ORIGIN}/members/care/workflows`);
  await page.getByRole("link", { name: "New visitor" }).click();
  await page.getByLabel("Step 1: Done by").selectOption(admin!.id);
  await page.getByRole("button", { name: "Save the workflow" }).click();
  await expect(page.getByTestId("toast").or(page.getByTestId("change-notice")).first()).toBeVisible();
  await page.goto(`${ORIGIN}/members/care/digest`);
  await page.getByLabel("Send me the daily e-mail of my follow-ups").check();
  await page.getByLabel("At (Bahrain time)").selectOption("7");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").or(page.getByTestId("change-notice")).first()).toBeVisible();
  expect(await query("select enabled, hour from follow_up_digests where user_id = $1", [admin!.id])).toEqual([
    { enabled: true, hour: 7 },
  ]);

  // A visitor writes from a phone, with scripts off.
  const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const phone = await visitor.newPage();
  await phone.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.38" });
  await phone.goto(`${ORIGIN}/connect`);
  const form = phone.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Name").fill(VISITOR.name);
  await form.getByLabel("Mobile Number").fill(VISITOR.mobile);
  await form.getByLabel("Email").fill(VISITOR.email);
  await form.getByLabel("Message", { exact: true }).fill(VISITOR.message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(phone.getByRole("status").or(phone.getByRole("alert")).first()).toBeVisible();
  await visitor.close();

  // A New visitor follow-up, given by the workflow to the administrator, due in two days.
  const [followUp] = await query<{ id: string; assignee_id: string; due_on: string; source: string }>(
    "select id, assignee_id, due_on::text as due_on, source from follow_ups where email = $1 and reason = 'New visitor'",
    [VISITOR.email],
  );
  expect(followUp).toMatchObject({ assignee_id: admin!.id, due_on: addDays(today, 2), source: "connect" });
  await page.goto(`${ORIGIN}/members/care`);
  const row = page.getByTestId("follow-up-row").filter({ hasText: VISITOR.name });
  await expect(row).toContainText("New visitor");
  await expect(row).toContainText("Welcome call");
  await expect(row.getByTestId("follow-up-due")).toContainText(formatDate(addDays(today, 2)));
  await expectAxeClean(page, "the follow-ups list");
  await noWiderThanScreen(page, "follow-ups");

  // Two days later the digest lists it as due that day, with its link; never the message itself.
  const due = await digestOn(addDays(today, 2));
  expect(due.text).toContain(VISITOR.name);
  expect(due.text).toContain("New visitor");
  expect(due.text).toContain("Welcome call");
  expect(due.text).toContain(`${ORIGIN}/members/care/${followUp!.id}`);
  expect(due.text).not.toContain("Cebu");
  expect(due.text).not.toContain(VISITOR.mobile);

  // The administrator follows the link and marks the welcome call done: the invitation is next.
  await page.goto(new URL(`/members/care/${followUp!.id}`, ORIGIN).href);
  await page.getByRole("button", { name: /^Mark done\W+Welcome call$/ }).click();
  await expect(page.getByTestId("toast").or(page.getByTestId("change-notice")).first()).toBeVisible();
  const steps = page.getByTestId("step");
  await expect(steps.nth(0)).toContainText("Welcome call");
  await expect(page.getByRole("button", { name: /^Mark done\W+Invite to a group$/ })).toBeVisible();
  // The workflow names nobody for it: it stays with the administrator, and the step says so.
  await expect(steps.nth(1)).toContainText(admin!.name);
  await expect(page.getByTestId("card-due")).toHaveText(formatDate(addDays(today, 14)));
  expect(
    await query(
      "select position, done_by is not null as done from follow_up_steps where follow_up_id = $1 order by position",
      [followUp!.id],
    ),
  ).toEqual([
    { position: 1, done: true },
    { position: 2, done: false },
    { position: 3, done: false },
  ]);
  await expectAxeClean(page, "a follow-up's card");
  await noWiderThanScreen(page, "follow-up-card");

  // The day after the invitation was due, the digest flags it overdue.
  const late = await digestOn(addDays(today, 15));
  expect(late.text).toMatch(/Overdue \(1\)/);
  expect(late.text).toContain("Invite to a group");

  // On the screens too, once its date has passed (the dates moved back 15 days).
  await query("update follow_up_steps set due_on = due_on - 15 where follow_up_id = $1", [followUp!.id]);
  await query("update follow_ups set due_on = due_on - 15 where id = $1", [followUp!.id]);
  await page.goto(`${ORIGIN}/members/care`);
  await expect(row).toContainText("Overdue");
  await page.goto(`${ORIGIN}/members`);
  await expect(page.getByText(VISITOR.name)).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Overdue");
  await page.goto(`${ORIGIN}/members/care/${followUp!.id}`);
  await expect(page.getByRole("main")).toContainText("Overdue");
});
