import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { startSmtpServer } from "../helpers/smtp";
import { ADMIN, startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expect, test } from "./fixtures";

// Announcements (issue 35) as the office meets them, on a site of their own that sends through a
// real SMTP server: three members of Amplify registered on the form (two agree to e-mails), an
// announcement to Amplify written, counted, previewed and sent from the screens; exactly the two
// receive it, once, with the one-click unsubscribe headers; one unsubscribes by a mail program's
// one-click POST; the next announcement reaches only the other.

const PORT = Number(process.env.E2E_PORT ?? 3210) + 90;
const ORIGIN = `http://localhost:${PORT}`;
const PASSCODE = "announce-passcode";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: ServerUnderTest;
let dataDir: string;

test.describe.configure({ mode: "serial" });
// The trace recorder runs a script in every frame, and the preview's sandbox (rightly) blocks it
// with a console error: these tests go without a trace.
test.use({ trace: "off" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-announce-e2e-"));
  site = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      PUBLIC_URL: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"ACTS Church" <office@church.example.org>',
      REGISTRATION_PASSCODE: PASSCODE,
    },
    PORT,
  );
});

test.afterAll(async () => {
  await stopServer(site);
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async <Row>(text: string, params: unknown[] = []) =>
  JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];

async function signInHere(page: Page) {
  await page.goto(`${ORIGIN}/members/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/members/login"));
  await page.goto(`${ORIGIN}/members`);
}

async function register(
  page: Page,
  person: { first: string; last: string; email: string; mobile: string; emails: boolean },
) {
  await page.getByLabel("First Name *").fill(person.first);
  await page.getByLabel("Last Name *").fill(person.last);
  await page.getByLabel("Email *").fill(person.email);
  await page.getByLabel("Mobile *").fill(person.mobile);
  await page.getByText("Amplify (Music)", { exact: true }).click();
  await page.getByLabel(/in its member registry/).check();
  if (person.emails) await page.getByLabel(/receive e-mails from/).check();
  await page.getByRole("button", { name: "Register Member" }).click();
  await expect(page.getByTestId("registered")).toContainText(`${person.first} ${person.last}`);
}

async function noWiderThanScreen(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is no wider than the screen`).toBeLessThanOrEqual(0);
  }
}

/** Writes an announcement to Amplify's members on the compose screen and sends it now. */
async function sendToAmplify(page: Page, subject: string, expectedReach: RegExp) {
  await page.goto(`${ORIGIN}/members/announcements`);
  await page.getByRole("link", { name: "New announcement" }).click();
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Subject").fill(subject);
  await page
    .getByRole("textbox", { name: "Message" })
    .fill("Practice moves to **Saturday**.\n\n- Bring water");
  await page.getByText("Ministries", { exact: true }).click();
  await page.getByLabel("Members of Amplify (Music)").check();
  const reach = page.getByRole("region", { name: "Reach" }).getByTestId("audience-count");
  await expect(reach).toContainText(expectedReach);
  await page.getByRole("button", { name: /^Send now to/ }).click();
  await page
    .getByRole("alertdialog", { name: "Send it now?" })
    .getByRole("button", { name: "Send it now" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("The announcement is on its way to");
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
}

test("an announcement to a ministry reaches the two who agreed, once each, and unsubscribing stops the next", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [event] = await query<{ id: string }>(
    `insert into events (title, event_date, event_time, location_name, google_maps_url)
     values ('Christmas Concert', current_date + 20, '19:00', 'Church Hall', 'https://maps.google.com/?q=church')
     returning id`,
  );
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.90" });
  await signInHere(page);
  await page.goto(`${ORIGIN}/members/forms`);
  await page.getByLabel("Password").fill(PASSCODE);
  await page.getByRole("button", { name: "Verify" }).click();
  await register(page, {
    first: "Ana",
    last: "Cruz",
    email: "ana.cruz@example.org",
    mobile: "33112233",
    emails: true,
  });
  await register(page, {
    first: "Ben",
    last: "Reyes",
    email: "ben.reyes@example.org",
    mobile: "33445566",
    emails: true,
  });
  await register(page, {
    first: "Carla",
    last: "Santos",
    email: "carla.santos@example.org",
    mobile: "33778899",
    emails: false,
  });

  // The first announcement, with the concert as its card: counted, previewed, WhatsApp-ready.
  await page.goto(`${ORIGIN}/members/announcements/new`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Subject").fill("Choir practice");
  await page
    .getByRole("textbox", { name: "Message" })
    .fill("Practice moves to **Saturday**.\n\n- Bring water");
  await page.getByLabel("Event or sermon to show as a card (optional)").selectOption(`event:${event!.id}`);
  await page.getByText("Ministries", { exact: true }).click();
  await page.getByLabel("Members of Amplify (Music)").check();
  const reach = page.getByRole("region", { name: "Reach" }).getByTestId("audience-count");
  await expect(reach).toContainText(/^2\s*of 3 people can receive it/);
  await expect(reach).toContainText("Left out: 1 has not agreed to the church's e-mails.");
  // The frame runs nothing (sandboxed), so the test reads what it is given rather than reach in.
  const preview = page.getByTestId("email-preview");
  await expect(preview).toHaveAttribute("sandbox", "");
  await expect(preview).toHaveAttribute("srcdoc", /Practice moves to <strong>Saturday<\/strong>/);
  await expect(preview).toHaveAttribute("srcdoc", /Christmas Concert/);
  await expect(page.getByTestId("whatsapp-text")).toHaveValue(
    `*Choir practice*\n\nPractice moves to *Saturday*.\n\n• Bring water\n\n${ORIGIN}/events/${event!.id}`,
  );
  await expect(page.getByTestId("whatsapp-share")).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`*Choir practice*\n\nPractice moves to *Saturday*.\n\n• Bring water\n\n${ORIGIN}/events/${event!.id}`)}`,
  );
  const people = page.getByTestId("whatsapp-people");
  await expect(people.getByRole("listitem")).toHaveCount(2);
  await expect(people.getByRole("link", { name: /Ana Cruz on WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/97333112233\?text=/,
  );
  await noWiderThanScreen(page, "compose");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Send now to 2 people" }).click();
  // Asked once more: it cannot be called back.
  const ask = page.getByRole("alertdialog", { name: "Send it now?" });
  await expect(ask).toContainText("It goes by e-mail to 2 people now, and cannot be called back.");
  await ask.getByRole("button", { name: "Not yet" }).click();
  await expect(ask).toBeHidden();
  expect(smtp.received).toHaveLength(0);
  await page.getByRole("button", { name: "Send now to 2 people" }).click();
  await ask.getByRole("button", { name: "Send it now" }).click();
  await expect(page.getByTestId("toast")).toContainText("The announcement is on its way to 2 people.");

  await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(2);
  expect(smtp.to("ana.cruz@example.org")).toHaveLength(1);
  expect(smtp.to("ben.reyes@example.org")).toHaveLength(1);
  expect(smtp.to("carla.santos@example.org")).toHaveLength(0);
  const [toAna] = smtp.to("ana.cruz@example.org");
  expect(toAna!.text).toContain("Christmas Concert");
  // The headers as sent (folded lines joined), for each of the two.
  const sources = smtp.raw.map((source) => source.replace(/\r?\n[ \t]+/g, " "));
  for (const address of ["ana.cruz@example.org", "ben.reyes@example.org"]) {
    const source = sources.find((each) => new RegExp(`^To: ${address}\r?$`, "m").test(each))!;
    expect(source).toMatch(
      new RegExp(`^List-Unsubscribe: <${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>\r?$`, "m"),
    );
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  }
  const anaSource = sources.find((each) => /^To: ana\.cruz@example\.org\r?$/m.test(each))!;
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(anaSource)?.[1];

  // The page follows the delivery: both sent.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("delivery-counts")).toContainText("Sent2");
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("recipients").getByRole("listitem")).toHaveCount(2);
  await noWiderThanScreen(page, "sent");

  // A mail program's one-click unsubscribe (RFC 8058) withdraws Ana's consent.
  const answer = await request.post(unsubscribe!, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { origin: "https://mail.example.net" },
  });
  expect(answer.status()).toBe(200);
  const consent = await query<{ withdrawn_by: string | null }>(
    `select c.withdrawn_by from consents c join members m on m.id = c.member_id
     where m.email = 'ana.cruz@example.org' and c.kind = 'email'`,
  );
  expect(consent).toEqual([{ withdrawn_by: "unsubscribe link" }]);

  // The second announcement reaches Ben only.
  await page.setViewportSize({ width: 1280, height: 900 });
  await sendToAmplify(page, "Choir practice, again", /^1\s*of 3 people can receive it/);
  await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(3);
  expect(smtp.to("ben.reyes@example.org")).toHaveLength(2);
  expect(smtp.to("ana.cruz@example.org")).toHaveLength(1);
  // Sending is audited: who, to which audience, how many.
  const audit = await query<{ actor_label: string; details: { audience: string; recipients: number } }>(
    "select actor_label, details from audit_log where action = 'announcement.sent' order by at",
  );
  expect(audit.map((row) => [row.actor_label, row.details.audience, row.details.recipients])).toEqual([
    [ADMIN.email, "Members of Amplify (Music)", 2],
    [ADMIN.email, "Members of Amplify (Music)", 1],
  ]);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a draft is written, previewed and kept; bad input is refused with a clear message and nothing is sent", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.91" });
    // Signing in needs the page's scripts: the session is made first, then scripts go off.
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    const scripted = await context.newPage();
    await signInHere(scripted);
    await page.context().addCookies(await context.cookies());
    await context.close();
    const before = await query<{ n: number }>("select count(*)::int as n from announcements");

    await page.goto(`${ORIGIN}/members/announcements/new`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Please enter a subject.").first()).toBeVisible();
    expect(await query("select count(*)::int as n from announcements")).toEqual(before);

    await page.getByLabel("Subject").fill("Rehearsal");
    await page.getByRole("textbox", { name: "Message" }).fill("See you **there**.");
    await page.getByText("Ministries", { exact: true }).click();
    await page.getByLabel("Members of Amplify (Music)").check();
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByRole("region", { name: "Reach" }).getByTestId("audience-count")).toContainText(
      "of 3 people can receive it",
    );
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { name: "Rehearsal", level: 1 })).toBeVisible();
    await expect(page.getByTestId("announcement-status")).toHaveText("Draft");

    // A time already past is refused and nothing is scheduled.
    await page.getByLabel("Or send it later (Bahrain time)").fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(
      page.getByText("That time has already passed. Please choose a time in the future.").first(),
    ).toBeVisible();
    expect(await query("select status from announcements where subject = 'Rehearsal'")).toEqual([
      { status: "draft" },
    ]);

    // A test goes to the person writing, marked as one.
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect.poll(() => smtp.to(ADMIN.email).length, { timeout: 30_000 }).toBe(1);
    expect(smtp.to(ADMIN.email)[0]!.subject).toBe("[Test] Rehearsal");

    // No one chosen, or no one who can receive it (Amplify has no sign-ups): refused, nothing sent.
    const sentBefore = smtp.received.length;
    await page.getByLabel("Members of Amplify (Music)").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByText("Please choose who receives it: at least one group of people.").first(),
    ).toBeVisible();
    await page.getByLabel("Sign-ups for Amplify (Music)").check();
    await page.getByRole("button", { name: /^Send now/ }).click();
    await expect(page.getByText(/^Nobody in this audience can receive it/).first()).toBeVisible();
    expect(await query("select status from announcements where subject = 'Rehearsal'")).toEqual([
      { status: "draft" },
    ]);

    // Scheduled on the church's clock, then called off.
    await page.getByLabel("Members of Amplify (Music)").check();
    await page.getByLabel("Or send it later (Bahrain time)").fill("2030-06-01T09:30");
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByTestId("scheduled-for")).toHaveText(
      "Scheduled for Sat 1 Jun 2030, 9:30 AM (Bahrain time).",
    );
    expect(
      await query("select status, scheduled_at::text as at from announcements where subject = 'Rehearsal'"),
    ).toEqual([{ status: "scheduled", at: "2030-06-01 06:30:00+00" }]);
    await page.getByRole("button", { name: "Cancel the scheduled sending" }).click();
    await expect(page.getByTestId("announcement-status")).toHaveText("Cancelled");
    expect(smtp.received.length).toBe(sentBefore);
  });
});
