import type { Browser, Page } from "@playwright/test";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import { hashPassword } from "better-auth/crypto";
import { addDays, dayOfWeek, momentInChurchZone, todayInChurchZone } from "../../app/lib/dates";
import { formatDateLong } from "../../app/lib/format";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";
import { noWiderThanScreen, ownSite } from "./own-site";

// Serving rosters end to end (issue 36), on a site of its own that sends through a real SMTP
// server. A ministry head makes a SoundTech team with two positions and three people who can
// serve, fills the next four Fridays automatically and sends the requests from the schedule: each
// of the three gets one e-mail. One accepts from hers with scripts off, one declines a date with a
// reason (the head's schedule shows both), then asks for a replacement on another date, which the
// third takes from the offer e-mailed to them (the only one free that day); the accepted date is in
// the volunteer's calendar feed; and with the clock moved forward through the test hooks to two
// days before it, the reminder goes, once.

const today = todayInChurchZone();
const fridays = Array.from({ length: 4 }, (_, week) =>
  addDays(today, ((5 - dayOfWeek(today) + 7) % 7) + week * 7),
);

const site = ownSite("rosters", 91);
const ORIGIN = site.origin;
const { query, mailTo } = site;

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

/** Every seat of the team: who, which date, which position, and its status. */
const seatsOfTeam = () =>
  query<{ first_name: string; date: string; position: string; status: string }>(
    `select m.first_name, v.service_date::text as date, p.name as position, s.status
       from roster_slots s join roster_services v on v.id = s.service_id
       join roster_positions p on p.id = s.position_id join members m on m.id = s.member_id
      order by v.service_date, p.sort_order`,
  );

test("a head fills four Fridays and asks; three members answer, find a replacement and are reminded", async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  // Three members of SoundTech, and its ministry head's account.
  await query(
    `insert into members (first_name, last_name, email, mobile, ministry_involvement) values
     ('Ana', 'Cruz', 'ana@example.org', '33110001', '{soundtech}'),
     ('Ben', 'Reyes', 'ben@example.org', '33110002', '{soundtech}'),
     ('Cal', 'Santos', 'cal@example.org', '33110003', '{soundtech}')`,
  );
  const head = { email: "sam.head@example.org", password: "sound desk head 2026" };
  const [account] = await query<{ id: string }>(
    `insert into users (name, email, role, ministries, email_verified)
     values ('Sam Soundhead', $1, 'ministry-head', '{soundtech}', true) returning id`,
    [head.email],
  );
  await query(
    "insert into accounts (account_id, provider_id, user_id, password) values ($1::text, 'credential', $1::uuid, $2)",
    [account!.id, await hashPassword(head.password)],
  );

  // The head makes the team, its two positions and who can serve in them.
  await page.goto(`${ORIGIN}/members/login`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(head.email);
  await page.getByLabel("Password", { exact: true }).fill(head.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${ORIGIN}/members`);
  await page.goto(`${ORIGIN}/members/rosters/teams/new`);
  await page.getByLabel("Name").fill("SoundTech");
  await page.getByLabel("Serves at most (times in 4 weeks)").fill("3");
  await page.getByRole("button", { name: "Make team" }).click();
  await expect(page.getByRole("heading", { name: "SoundTech", level: 1 })).toBeVisible();
  for (const position of ["Main desk", "Stream"]) {
    await page.getByLabel("New position").fill(position);
    await page.getByRole("button", { name: "Add position" }).click();
    await expect(page.getByLabel("Position", { exact: true }).last()).toHaveValue(position);
  }
  for (const position of ["Main desk", "Stream"]) {
    await page.getByRole("link", { name: `Who can serve: 0 people as ${position}` }).click();
    for (const name of ["Ana Cruz", "Ben Reyes", "Cal Santos"])
      await page.getByTestId("suggested").getByLabel(name).check();
    await page.getByRole("button", { name: "Add the ticked people" }).first().click();
    await expect(page.getByRole("heading", { name: "Can serve (3)" })).toBeVisible();
    await page.getByRole("link", { name: "Back to SoundTech" }).click();
  }

  // The next four Fridays, filled automatically: two different people each Friday.
  await page.getByRole("link", { name: "Schedule", exact: true }).click();
  await page.getByRole("button", { name: "Fill automatically" }).click();
  await expect(page.getByTestId("schedule-counts")).toContainText("0 empty, 8 proposed");
  const filled = await seatsOfTeam();
  expect(filled.map((seat) => seat.date)).toEqual(fridays.flatMap((date) => [date, date]));
  for (const date of fridays)
    expect(new Set(filled.filter((s) => s.date === date).map((s) => s.first_name)).size).toBe(2);

  // Who does what, from what the fill chose (the first Friday may be today: the answers and the
  // reminder use the three later ones). The decliner serves on two of them; on the second of
  // those, the other seat's holder accepts a date and the third is the only one free.
  const later = filled.filter((seat) => seat.date !== fridays[0]);
  const decliner = ["Ana", "Ben", "Cal"].find(
    (name) => later.filter((s) => s.first_name === name).length >= 2,
  )!;
  const declinerDates = later.filter((s) => s.first_name === decliner).map((s) => s.date);
  const [declined, replaced] = [declinerDates[0]!, declinerDates[1]!];
  const accepter = later.find((s) => s.date === replaced && s.first_name !== decliner)!.first_name;
  const taker = ["Ana", "Ben", "Cal"].find((name) => name !== decliner && name !== accepter)!;
  const accepted = later.find((s) => s.first_name === accepter)!.date;
  const address = (first: string) => `${first.toLowerCase()}@example.org`;

  // "Send requests": each of the three gets one e-mail with all their dates.
  await page.getByRole("button", { name: /^Send requests/ }).click();
  await expect(page.getByText("3 people will get an e-mail with their dates.").first()).toBeVisible();
  const requests = Object.fromEntries(
    await Promise.all(
      ["Ana", "Ben", "Cal"].map(
        async (name) => [name, await mailTo(address(name), /^Can you serve with SoundTech\?$/)] as const,
      ),
    ),
  );
  expect(site.smtp.received).toHaveLength(3);
  expect((await seatsOfTeam()).every((seat) => seat.status === "pending")).toBe(true);
  const full = (first: string) => ({ Ana: "Ana Cruz", Ben: "Ben Reyes", Cal: "Cal Santos" })[first]!;

  // The accepter accepts from her e-mail, with scripts off. Opening the link changes nothing.
  const first = await withoutScripts(browser, "198.51.100.161");
  const opened = await first.goto(answerLink(requests[accepter]!, accepted, "accept"));
  // Kept by no cache, and the link does not travel to other sites as a referrer.
  expect(opened!.headers()["cache-control"]).toBe("private, no-store");
  // The site's own policy comes first; a browser follows the last one.
  expect(opened!.headers()["referrer-policy"]?.split(/[\n,]/).pop()?.trim()).toBe("same-origin");
  await expect(first.getByRole("heading", { name: "Can You Serve?", level: 1 })).toBeVisible();
  await expect(first.getByTestId("seat")).toContainText(formatDateLong(accepted));
  expect(await first.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect((await slotOf(accepter, accepted))!.status).toBe("pending");
  await noWiderThanScreen(first, "answer");
  await first.getByRole("button", { name: "Accept" }).click();
  await expect(first.getByTestId("notice")).toHaveText(
    `Thank you, ${accepter}: you are serving on this date. You will get a reminder before it.`,
  );
  expect((await slotOf(accepter, accepted))!.status).toBe("accepted");
  // Once accepted, the page offers only the change of mind.
  await expect(first.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(first.getByRole("heading", { name: /^Can't come after all\?/ })).toBeVisible();
  // An altered link is refused with a clear page, and changes nothing.
  const refused = await first.goto(alteredLink(answerLink(requests[accepter]!, accepted, "decline")));
  expect(refused!.status()).toBe(404);
  await expect(first.getByTestId("closed-link")).toContainText("This link is not valid.");
  expect((await slotOf(accepter, accepted))!.status).toBe("accepted");

  // The decliner declines a date with a reason.
  const second = await withoutScripts(browser, "198.51.100.162");
  await second.goto(answerLink(requests[decliner]!, declined, "decline"));
  await second.getByLabel("Reason (optional)").fill("Away in Riffa that week");
  await second.getByRole("button", { name: "Decline" }).click();
  await expect(second.getByTestId("notice")).toContainText("you have declined this date");
  await expect(second.getByRole("button", { name: "Decline" })).toHaveCount(0);
  await expect(second.getByRole("button", { name: "Accept" })).toBeVisible();
  await noWiderThanScreen(second, "declined");
  expect(await slotOf(decliner, declined)).toMatchObject({
    status: "declined",
    decline_reason: "Away in Riffa that week",
  });

  // The head's schedule shows both answers.
  await page.reload();
  const grid = page.getByTestId("schedule-table");
  await expect(
    grid
      .getByTestId("seat")
      .filter({ hasText: full(accepter) })
      .filter({ hasText: "Accepted" }),
  ).toHaveCount(1);
  await expect(grid.getByTestId("seat").filter({ hasText: "Declined" })).toHaveCount(1);
  await expect(grid.getByTestId("seat").filter({ hasText: "Declined" })).toContainText(
    "Away in Riffa that week",
  );
  await page.screenshot({ path: test.info().outputPath("schedule-answered-1280.png"), fullPage: true });

  // The accepter adds days away on her own page, and makes her calendar link.
  const away = addDays(fridays[3]!, 7);
  await first.goto(pageLink(requests[accepter]!));
  await expect(first.getByRole("heading", { name: "Where I Serve", level: 1 })).toBeVisible();
  await first.getByLabel("First day away").fill(away);
  await first.getByLabel("Last day away").fill(away);
  await first.locator("#away-reason").fill("Family visit");
  await first.getByRole("button", { name: "Add these days" }).click();
  await expect(first.getByTestId("blockouts")).toContainText(formatDateLong(away));
  await first.getByRole("button", { name: "Make my calendar link" }).click();
  const feedUrl = await first.getByLabel(/^Calendar address/).inputValue();
  expect(await first.getByLabel("Subscription address").inputValue()).toBe(
    feedUrl.replace("http:", "webcal:"),
  );
  await noWiderThanScreen(first, "my-page");
  // The feed holds the accepted date only (her other dates are still to answer).
  const feed = await page.request.get(feedUrl);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const entries = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent");
  expect(entries).toHaveLength(1);
  expect(new ICAL.Event(entries[0]!).startDate.toString().slice(0, 10)).toBe(accepted);

  // The decliner cannot make another date: the offer goes to the third only (the accepter
  // serves that day).
  await second.goto(pageLink(requests[decliner]!));
  const other = second.getByTestId("seat").filter({ hasText: formatDateLong(replaced) });
  await other.getByRole("button", { name: "I can't make it, find me a replacement" }).click();
  await expect(second.getByTestId("notice")).toContainText("We have offered your date to 1 other person");
  await noWiderThanScreen(second, "decliner-page");
  const offer = await mailTo(address(taker), /^Can you serve on /);
  expect(
    site.smtp.to(address(accepter)).filter((mail) => /^Can you serve on /.test(mail.subject ?? "")),
  ).toEqual([]);

  // The third takes it from their own link.
  const third = await withoutScripts(browser, "198.51.100.163");
  const offerLink = /(http:\/\/\S+\/serve\/offer\/[\w-]{43})/.exec(offer.text!)![1]!;
  await third.goto(offerLink);
  await expect(third.getByTestId("seat")).toContainText(formatDateLong(replaced));
  await noWiderThanScreen(third, "offer");
  await third.getByRole("button", { name: "Take this date" }).click();
  await expect(third.getByTestId("offer-taken")).toHaveText(
    `Thank you, ${taker}: this date is yours now. You will get a reminder before it.`,
  );
  expect(await slotOf(taker, replaced)).toMatchObject({ status: "accepted" });
  await mailTo(address(decliner), /^Your place on .* is taken$/);
  const toHead = await mailTo(head.email, /^Replacement found: /);
  expect(toHead.text).toContain(
    `${full(taker)} (${address(taker)}) took the place of ${full(decliner)} (${address(decliner)})`,
  );

  // The clock moves forward (through the test hooks) to two days before the accepted date, at the
  // team's reminder hour (9:00): the accepter is reminded, once however often the job runs.
  const remindAt = momentInChurchZone(addDays(accepted, -2), "09:00").toISOString();
  const early = momentInChurchZone(addDays(accepted, -2), "08:59").toISOString();
  expect(
    JSON.parse(await sendControlCommand(site.dataDir, "test:roster-reminders-at", { at: early })),
  ).toEqual({
    queued: 0,
  });
  await sendControlCommand(site.dataDir, "test:roster-reminders-at", { at: remindAt });
  await sendControlCommand(site.dataDir, "test:roster-reminders-at", { at: remindAt });
  const reminder = await mailTo(address(accepter), /^Reminder: you serve on /);
  expect(reminder.subject).toContain(formatDateLong(accepted));
  await expect
    .poll(() => site.smtp.to(address(accepter)).filter((m) => /^Reminder/.test(m.subject ?? "")).length)
    .toBe(1);

  // The pages pass the accessibility check (axe runs as a script: in a browser with scripts on).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.164" });
  for (const [url, name] of [
    [answerLink(requests[decliner]!, declined, "decline"), "the answer page"],
    [pageLink(requests[accepter]!), "a volunteer's own page"],
    [offerLink, "an offer taken"],
  ] as const) {
    await page.goto(url);
    await expectAxeClean(page, name);
  }
});
