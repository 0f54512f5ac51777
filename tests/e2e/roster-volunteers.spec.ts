import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { formatDateLong } from "../../app/lib/format";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { startSmtpServer } from "../helpers/smtp";
import { ADMIN, startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";

// Serving rosters, the volunteers' side (issue 36), on a site of its own that sends through a
// real SMTP server. The roster is seeded by SQL through the test hooks and the requests sent
// through the test hook that does what the schedule screen's "Send requests" does. Each of three
// members gets one e-mail; Ana accepts from hers with scripts off, Ben declines one date with a
// reason and asks for a replacement on another, which Cal takes from the offer e-mailed to him
// (Ana is away that day, so it is not offered to her); Ana's calendar feed holds her accepted
// date; when her date comes near (time moved forward through the test hooks), she is reminded.

const PORT = Number(process.env.E2E_PORT ?? 3210) + 91;
const ORIGIN = `http://localhost:${PORT}`;
const today = todayInChurchZone();
const [d1, d2, d3] = [addDays(today, 9), addDays(today, 16), addDays(today, 23)];

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: ServerUnderTest;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-rosters-e2e-"));
  site = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      PUBLIC_URL: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"ACTS Church" <office@church.example.org>',
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

/** The one e-mail to `address` whose subject matches. */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  await expect
    .poll(() => smtp.to(address).filter((mail) => subject.test(mail.subject ?? "")).length, {
      timeout: 90_000,
    })
    .toBe(1);
  return smtp.to(address).find((mail) => subject.test(mail.subject ?? ""))!;
}

/** The Accept or Decline link of one date in a request e-mail. */
function answerLink(mail: ParsedMail, date: string, answer: "accept" | "decline"): string {
  const block = mail.text!.split("\n\n").find((part) => part.startsWith(`${formatDateLong(date)},`))!;
  return new RegExp(`${answer === "accept" ? "Accept" : "Decline"}: (\\S+)`).exec(block)![1]!;
}

const pageLink = (mail: ParsedMail) => /(http:\/\/\S+\/serve\/me\/[\w-]{43})/.exec(mail.text!)![1]!;

/** A browser without scripts, as a volunteer at their own address. */
async function withoutScripts(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return page;
}

async function noWiderThanScreen(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is no wider than the screen`).toBeLessThanOrEqual(0);
  }
}

/** The seat `first` holds on `date`. */
const slotOf = async (first: string, date: string) =>
  (
    await query<{ status: string; decline_reason: string | null }>(
      `select s.status, s.decline_reason from roster_slots s
       join roster_services v on v.id = s.service_id join members m on m.id = s.member_id
       where v.service_date = $1 and m.first_name = $2`,
      [date, first],
    )
  )[0];

/** The same link with its token's last character changed. */
function alteredLink(url: string): string {
  return url.replace(
    /([\w-])(\?|$)/,
    (_, last: string, rest: string) => `${last === "A" ? "B" : "A"}${rest}`,
  );
}

test("three members asked by e-mail answer, find a replacement, follow their dates and are reminded", async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  // The roster as a head would have planned it: SoundTech with two positions, three qualified.
  const [admin] = await query<{ id: string }>("select id from users where email = $1", [ADMIN.email]);
  const people = await query<{ id: string; first_name: string }>(
    `insert into members (first_name, last_name, email, mobile) values
     ('Ana', 'Cruz', 'ana@example.org', '33110001'), ('Ben', 'Reyes', 'ben@example.org', '33110002'),
     ('Cal', 'Santos', 'cal@example.org', '33110003') returning id, first_name`,
  );
  const id = (first: string) => people.find((person) => person.first_name === first)!.id;
  const [team] = await query<{ id: string }>(
    "insert into roster_teams (ministry_slug, name, reminder_days, reminder_hour) values ('soundtech', 'SoundTech', 2, 0) returning id",
  );
  const positions = await query<{ id: string; name: string }>(
    "insert into roster_positions (team_id, name, sort_order) values ($1, 'Main desk', 0), ($1, 'Stream', 1) returning id, name",
    [team!.id],
  );
  const desk = positions.find((p) => p.name === "Main desk")!.id;
  const stream = positions.find((p) => p.name === "Stream")!.id;
  await query(
    "insert into roster_qualified (position_id, member_id) select p, m from unnest($1::uuid[]) p, unnest($2::uuid[]) m",
    [[desk, stream], people.map((person) => person.id)],
  );
  const services = await query<{ id: string; service_date: string }>(
    `insert into roster_services (service_date, start_time, title, service_name) values
     ($1, '15:30', 'Worship Service', 'Worship Service'), ($2, '15:30', 'Worship Service', 'Worship Service'),
     ($3, '15:30', 'Worship Service', 'Worship Service') returning id, service_date::text`,
    [d1, d2, d3],
  );
  const service = (date: string) => services.find((s) => s.service_date === date)!.id;
  await query(
    `insert into roster_needs (service_id, position_id, count) values ($1, $4, 1), ($2, $4, 1), ($2, $5, 1), ($3, $4, 1)`,
    [service(d1), service(d2), service(d3), desk, stream],
  );
  await query(
    `insert into roster_slots (service_id, position_id, seat, member_id, assigned_by) values
     ($1, $4, 1, $6, $9), ($2, $4, 1, $7, $9), ($3, $4, 1, $7, $9), ($2, $5, 1, $8, $9)`,
    [service(d1), service(d2), service(d3), desk, stream, id("Ana"), id("Ben"), id("Cal"), admin!.id],
  );

  // "Send requests": each of the three gets one e-mail, Ben's with both his dates.
  const outcome = JSON.parse(await sendControlCommand(dataDir, "test:roster-requests", { teamId: team!.id }));
  expect(outcome).toMatchObject({ people: 3, slots: 4, emailed: true });
  const toAna = await mailTo("ana@example.org", /^Can you serve with SoundTech\?$/);
  const toBen = await mailTo("ben@example.org", /^Can you serve with SoundTech\?$/);
  await mailTo("cal@example.org", /^Can you serve with SoundTech\?$/);
  expect(toBen.text).toContain("these 2 dates");
  expect(toBen.html).toContain(">Decline</a>");
  expect(smtp.received).toHaveLength(3);

  // Ana accepts from her e-mail, with scripts off. Opening the link changes nothing.
  const ana = await withoutScripts(browser, "198.51.100.161");
  const opened = await ana.goto(answerLink(toAna, d1, "accept"));
  // Kept by no cache, and the link does not travel to other sites as a referrer.
  expect(opened!.headers()["cache-control"]).toBe("private, no-store");
  // The site's own policy comes first; a browser follows the last one.
  expect(opened!.headers()["referrer-policy"]?.split(/[\n,]/).pop()?.trim()).toBe("same-origin");
  await expect(ana.getByRole("heading", { name: "Can You Serve?", level: 1 })).toBeVisible();
  await expect(ana.getByTestId("seat")).toContainText(formatDateLong(d1));
  await expect(ana.getByTestId("seat")).toContainText("Main desk");
  expect(await ana.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect((await slotOf("Ana", d1))!.status).toBe("pending");
  await noWiderThanScreen(ana, "answer");
  await ana.getByRole("button", { name: "Accept" }).click();
  await expect(ana.getByTestId("notice")).toHaveText(
    "Thank you, Ana: you are serving on this date. You will get a reminder before it.",
  );
  expect((await slotOf("Ana", d1))!.status).toBe("accepted");
  // An altered link is refused with a clear page.
  const refused = await ana.goto(alteredLink(answerLink(toAna, d1, "accept")));
  expect(refused!.status()).toBe(404);
  await expect(ana.getByTestId("closed-link")).toContainText("This link is not valid.");

  // Ben declines his first date with a reason.
  const ben = await withoutScripts(browser, "198.51.100.162");
  await ben.goto(answerLink(toBen, d2, "decline"));
  await ben.getByLabel("Reason (optional)").fill("Away in Riffa that week");
  await ben.getByRole("button", { name: "Decline" }).click();
  await expect(ben.getByTestId("notice")).toContainText("you have declined this date");
  await noWiderThanScreen(ben, "declined");
  expect(await slotOf("Ben", d2)).toMatchObject({
    status: "declined",
    decline_reason: "Away in Riffa that week",
  });

  // Ana says she is away on Ben's other date, and makes her calendar link.
  await ana.goto(pageLink(toAna));
  await expect(ana.getByRole("heading", { name: "Where I Serve", level: 1 })).toBeVisible();
  await ana.getByLabel("First day away").fill(d3);
  await ana.getByLabel("Last day away").fill(d3);
  await ana.getByLabel("Reason (optional)").fill("Family visit");
  await ana.getByRole("button", { name: "Add these days" }).click();
  await expect(ana.getByTestId("blockouts")).toContainText(formatDateLong(d3));
  await ana.getByRole("button", { name: "Make my calendar link" }).click();
  const feedUrl = await ana.getByLabel(/^Calendar address/).inputValue();
  expect(await ana.getByLabel("Subscription address").inputValue()).toBe(feedUrl.replace("http:", "webcal:"));
  await noWiderThanScreen(ana, "my-page");
  const feed = await page.request.get(feedUrl);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const entries = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent");
  expect(entries.map((entry) => new ICAL.Event(entry).summary)).toEqual([
    "Main desk (SoundTech): Worship Service",
  ]);

  // Ben cannot make his second date: the offer goes to Cal only (Ana is away that day).
  await ben.goto(pageLink(toBen));
  await noWiderThanScreen(ben, "ben-pending");
  const second = ben.getByTestId("seat").filter({ hasText: formatDateLong(d3) });
  await second.getByRole("button", { name: "I can't make it, find me a replacement" }).click();
  await expect(ben.getByTestId("notice")).toContainText("We have offered your date to 1 other person");
  await noWiderThanScreen(ben, "ben-page");
  const offer = await mailTo("cal@example.org", /^Can you serve on /);
  expect(smtp.to("ana@example.org").filter((mail) => /^Can you serve on /.test(mail.subject ?? ""))).toEqual(
    [],
  );

  // Cal takes it from his own link.
  const cal = await withoutScripts(browser, "198.51.100.163");
  await cal.goto(/(http:\/\/\S+\/serve\/offer\/[\w-]{43})/.exec(offer.text!)![1]!);
  await expect(cal.getByTestId("seat")).toContainText(formatDateLong(d3));
  await noWiderThanScreen(cal, "offer");
  await cal.getByRole("button", { name: "Take this date" }).click();
  await expect(cal.getByTestId("offer-taken")).toHaveText(
    "Thank you, Cal: this date is yours now. You will get a reminder before it.",
  );
  await noWiderThanScreen(cal, "offer-taken");
  expect(await slotOf("Cal", d3)).toMatchObject({ status: "accepted" });
  await mailTo("ben@example.org", /^Your place on .* is taken$/);
  const toHead = await mailTo(ADMIN.email, /^Replacement found: /);
  expect(toHead.text).toContain("Cal Santos (cal@example.org) took the place of Ben Reyes (ben@example.org)");

  // Time moves on until Ana's date is two days away: she is reminded, once.
  await query("update roster_services set service_date = $1 where id = $2", [addDays(today, 2), service(d1)]);
  const reminder = await mailTo("ana@example.org", /^Reminder: you serve on /);
  expect(reminder.subject).toContain(formatDateLong(addDays(today, 2)));
  expect(reminder.text).toContain("Main desk");
  expect(smtp.to("cal@example.org").filter((mail) => /^Reminder/.test(mail.subject ?? ""))).toEqual([]);

  // The pages pass the accessibility check (axe runs as a script: in a browser with scripts on).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.164" });
  for (const [url, name] of [
    [answerLink(toBen, d2, "decline"), "the answer page"],
    [pageLink(toAna), "a volunteer's own page"],
    [/(http:\/\/\S+\/serve\/offer\/[\w-]{43})/.exec(offer.text!)![1]!, "an offer taken"],
  ] as const) {
    await page.goto(url);
    await expectAxeClean(page, name);
  }
});
