import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";

// The staff inbox, used as the church office would: a visitor writes on /connect, staff see the
// unread count, open the message, reply and so handle it. Other specs add visitors to the same
// database, so counts are compared before and after rather than taken as they are.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

/** The count of new messages on the dashboard's Messages card. */
async function dashboardUnread(page: Page): Promise<number> {
  await page.goto("/members");
  const card = page.getByRole("link", { name: /^Messages/ });
  await expect(card).toBeVisible();
  return Number.parseInt((await card.getByTestId("unread-messages").innerText()).trim(), 10);
}

test("a message sent on /connect waits in the inbox as new, is answered by e-mail, and leaves the unread count", async ({
  page,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const name = `Inbox Visitor ${tag}`;
  const email = `inbox.${tag}@example.org`;
  const message = `Hello from ${tag}!\nCould someone call me about the youth group?`;

  await page.goto("/connect");
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Mobile Number").fill("3311 2233");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message", { exact: true }).fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message Sent!");

  await signIn(page);
  const before = await dashboardUnread(page);
  expect(before).toBeGreaterThanOrEqual(1);

  await page.getByRole("link", { name: /^Messages/ }).click();
  await expect(page).toHaveURL(/\/members\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByTestId("inbox-unread")).toHaveText(`${before} new`);
  // E-mail is not set up on the test server: the page says so.
  await expect(page.getByTestId("outbox-note")).toContainText("E-mail is not set up");

  // Found by searching, shown as a new message.
  await page.getByLabel("Search").fill(tag);
  const row = page.getByTestId("inbox-row").filter({ hasText: name });
  await expect(page.getByTestId("inbox-row")).toHaveCount(1);
  await expect(row).toContainText("Message");
  await expect(row).toContainText(`Hello from ${tag}! Could someone call me`);
  await expect(row.getByTestId("inbox-status")).toHaveText("New");
  await row.getByRole("link").click();

  // The whole message, its line breaks kept, and the ways to reach the visitor.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("inbox-message-text")).toHaveText(message);
  await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(page.getByRole("link", { name: "3311 2233" })).toHaveAttribute("href", "tel:33112233");
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d*33112233$/,
  );
  // Opening it does not handle it.
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByTestId("inbox-status")).toHaveText("New");
  await expect(page.getByText("replies wait in the outbox until e-mail is set up")).toBeVisible();

  const reply = `Hi! Our youth pastor will call you this week. (${tag})`;
  await page.getByLabel("Your reply").fill(reply);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("toast")).toContainText("Reply saved");
  await expect(page.getByLabel("Your reply")).toHaveValue("");
  const sent = page.getByTestId("inbox-reply");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(reply);
  await expect(sent).toContainText("Waiting to be sent");
  // Replying marked it handled, by the signed-in administrator.
  await expect(status.getByTestId("inbox-status")).toHaveText("Handled");
  await expect(page.getByTestId("inbox-handled")).toContainText("Handled by");
  // The status buttons: back to new, then handled again, each saying who and when.
  await status.getByRole("button", { name: "Mark as new" }).click();
  await expect(status.getByTestId("inbox-status")).toHaveText("New");
  await expect(page.getByTestId("inbox-handled")).toHaveCount(0);
  // A reply being written stays in its box while the status changes.
  await page.getByLabel("Your reply").fill("A draft");
  await status.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Marked as handled" })).toBeVisible();
  await expect(status.getByTestId("inbox-status")).toHaveText("Handled");
  await expect(page.getByTestId("inbox-handled")).toContainText("Handled by");
  await expect(page.getByLabel("Your reply")).toHaveValue("A draft");

  const [queued] = await sql<{ to_address: string; subject: string; text_body: string }>(
    "select to_address, subject, text_body from outbox_emails where kind = 'reply' and to_address = $1",
    [email],
  );
  expect(queued?.subject).toMatch(/^Re: your message to /);
  expect(queued?.text_body).toContain(reply);

  // The waiting e-mails list shows it.
  await page.goto("/members/messages/outbox");
  await expect(page.getByTestId("outbox-email").filter({ hasText: email }).first()).toContainText(
    queued!.subject,
  );

  // Back on the dashboard the count dropped by one.
  expect(await dashboardUnread(page)).toBe(before - 1);

  // Archived, it leaves the inbox list and shows under Archived.
  await page.goto(`/members/messages?q=${tag}`);
  await page.getByTestId("inbox-row").getByRole("link").click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByTestId("toast")).toContainText("Archived");
  await expect(page.getByRole("region", { name: "Status" }).getByTestId("inbox-status")).toHaveText(
    "Archived",
  );
  await page.goto(`/members/messages?q=${tag}`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(0);
  await page.getByRole("link", { name: "Show archived" }).click();
  await expect(page.getByTestId("inbox-row").filter({ hasText: name })).toHaveCount(1);
});

test("the inbox works on a phone without sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const page = await context.newPage();
  const tag = crypto.randomBytes(3).toString("hex");
  await sql(
    `with v as (insert into visitors (name, mobile, email, message)
       values ($1, '+973 3300 1122', $2, $3) returning id, created_at)
     insert into inbox_items (kind, source_id, created_at) select 'connect', id, created_at from v`,
    [
      `Phone ${tag} With A Rather Long Name`,
      `phone.${tag}@example.org`,
      `A long message ${"word ".repeat(80)}`,
    ],
  );
  await signIn(page);
  for (const path of [`/members/messages?q=${tag}`, "/members/messages"]) {
    await page.goto(path);
    await expect(page.getByTestId("inbox-row").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.goto(`/members/messages?q=${tag}`);
  await page.getByTestId("inbox-row").getByRole("link").tap();
  await expect(page.getByLabel("Your reply")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
  await sql("delete from inbox_items where source_id in (select id from visitors where email = $1)", [
    `phone.${tag}@example.org`,
  ]);
  await sql("delete from visitors where email = $1", [`phone.${tag}@example.org`]);
});
