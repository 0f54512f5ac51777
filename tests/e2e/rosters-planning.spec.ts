import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, dayOfWeek, todayInChurchZone } from "../../app/lib/dates";
import { formatDate } from "../../app/lib/format";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// Serving rosters (issue 36), as a ministry head plans them: a SoundTech team with two positions
// and three people who can serve, its schedule filled automatically for the next four Fridays
// (no one on a blockout date, no one twice a day), then one seat changed from the seat's chooser
// with scripts off, and one with scripts on and a warning; the Friday's plan and its print page.
// Every screen is photographed at 390 and 1280 px.

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const tag = crypto.randomBytes(3).toString("hex");
const team = `SoundTech ${tag}`;
const last = `Sound${tag}`;
const people = { ana: `Ana ${last}`, ben: `Ben ${last}`, cy: `Cy ${last}` };
const today = todayInChurchZone();
const fridays = Array.from({ length: 4 }, (_, week) =>
  addDays(today, ((5 - dayOfWeek(today) + 7) % 7) + week * 7),
);

// Leaves no roster behind: the dashboards of the specs after this one show no seats of it.
test.afterAll(async () => {
  await sql("delete from roster_teams where name = $1 or name like $1 || ' extra %'", [team]);
  await sql("delete from members where last_name = $1", [last]);
});

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390) await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function seats() {
  return sql<{ first_name: string; date: string; position: string; status: string }>(
    `select m.first_name, s.service_date::text as date, p.name as position, sl.status
       from roster_slots sl
       join roster_services s on s.id = sl.service_id
       join roster_positions p on p.id = sl.position_id
       join roster_teams t on t.id = p.team_id
       join members m on m.id = sl.member_id
      where t.name = $1 order by s.service_date, p.sort_order`,
    [team],
  );
}

test("a ministry head builds a team, fills four Fridays and changes a seat, scripts off at the chooser", async ({
  page,
  browser,
}) => {
  test.slow();
  const ids: Record<string, string> = {};
  for (const [key, name] of Object.entries(people)) {
    const [row] = await sql<{ id: string }>(
      `insert into members (first_name, last_name, email, mobile, ministry_involvement)
       values ($1, $2, $3, '33334444', '{soundtech}') returning id`,
      [name.split(" ")[0], last, `${key}.${tag}@example.org`],
    );
    ids[key] = row!.id;
  }
  // Ben is away on the second Friday.
  await sql(
    "insert into roster_blockouts (member_id, starts_on, ends_on, reason) values ($1, $2, $2, 'Away')",
    [ids.ben, fridays[1]],
  );
  const head = await createStaffAccount("Sam Soundhead");
  await sql("update users set role = 'ministry-head', ministries = '{soundtech}' where id = $1", [head.id]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, { email: head.email, password: head.password });
  await page
    .getByRole("navigation", { name: "Members" })
    .getByRole("link", { name: "Rosters", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Rosters", level: 1 })).toBeVisible();
  await shots(page, "rosters-empty");

  // A new team: SoundTech is the only ministry offered, so it is chosen already.
  await page.getByRole("link", { name: "New team" }).click();
  await expect(page.getByLabel("Ministry")).toHaveValue("soundtech");
  await expect(page.getByLabel("Ministry").locator("option")).toHaveCount(1);
  await page.getByLabel("Name").fill(team);
  await page.getByLabel("Serves at most (times in 4 weeks)").fill("3");
  await shots(page, "team-new");
  await page.getByRole("button", { name: "Make team" }).click();
  await expect(page.getByRole("heading", { name: team, level: 1 })).toBeVisible();

  for (const position of ["Main desk", "Stream"]) {
    await page.getByLabel("New position").fill(position);
    await page.getByRole("button", { name: "Add position" }).click();
    await expect(page.getByLabel("Position", { exact: true }).last()).toHaveValue(position);
  }
  await expect(page.getByTestId("position")).toHaveCount(2);
  await shots(page, "team");

  // Who can serve in each: the ministry's people are suggested.
  for (const position of ["Main desk", "Stream"]) {
    await page.getByRole("link", { name: `Who can serve: 0 people as ${position}` }).click();
    const suggested = page.getByTestId("suggested");
    for (const name of Object.values(people)) await suggested.getByLabel(name).check();
    await page.getByRole("button", { name: "Add the ticked people" }).first().click();
    await expect(page.getByRole("heading", { name: "Can serve (3)" })).toBeVisible();
    if (position === "Main desk") {
      await page.getByLabel("Name, e-mail or mobile").fill(`ana ${last}`);
      await page.getByRole("button", { name: "Find" }).click();
      await expect(page.getByText(`No one else matches “ana ${last}”.`)).toBeVisible();
      await shots(page, "position-people");
    }
    await page.getByRole("link", { name: `Back to ${team}` }).click();
  }
  await expect(page.getByTestId("position-people")).toHaveText([
    Object.values(people).join(", "),
    Object.values(people).join(", "),
  ]);

  // The schedule: the next four Fridays, empty; filled automatically.
  await page.getByRole("link", { name: "Schedule", exact: true }).click();
  await expect(page.getByTestId("schedule-counts")).toContainText("8 seats to come: 8 empty");
  await shots(page, "schedule-empty");
  await page.getByRole("button", { name: "Fill automatically" }).click();
  await expect(page.getByTestId("schedule-counts")).toContainText("0 empty, 8 proposed");
  await expect(page.getByTestId("change-notice")).toContainText("8 seats filled as Proposed");
  await shots(page, "schedule-filled");
  const filled = await seats();
  expect(filled).toHaveLength(8);
  expect(filled.map((seat) => seat.date)).toEqual(fridays.flatMap((date) => [date, date]));
  expect(filled.filter((seat) => seat.first_name === "Ben" && seat.date === fridays[1])).toEqual([]);
  for (const date of fridays) {
    const that = filled.filter((seat) => seat.date === date).map((seat) => seat.first_name);
    expect(new Set(that).size).toBe(2);
  }
  for (const name of ["Ana", "Ben", "Cy"])
    expect(filled.filter((seat) => seat.first_name === name).length).toBeLessThanOrEqual(3);
  expect(filled.every((seat) => seat.status === "draft")).toBe(true);

  // Scripts off: open the first Friday's Main desk seat and give it to someone else.
  const quiet = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const plain = await quiet.newPage();
  await plain.setViewportSize({ width: 1280, height: 900 });
  await plain.goto(page.url());
  const firstHolder = filled[0]!.first_name;
  const other = ["Ana", "Ben", "Cy"].find(
    (name) => !filled.slice(0, 2).some((seat) => seat.first_name === name),
  )!;
  await plain.getByTestId("schedule-table").getByTestId("seat").first().click();
  await expect(plain.getByTestId("holder")).toContainText(`${firstHolder} ${last}`);
  const candidates = plain.getByTestId("candidate");
  await expect(candidates).toHaveCount(2);
  // The one serving Stream that day is warned about, and listed after the one who is free.
  await expect(candidates.last().getByTestId("warning").first()).toContainText("Already serving that day");
  await expect(candidates.first()).toContainText(`${other} ${last}`);
  await shots(plain, "seat-chooser-no-scripts");
  await candidates
    .first()
    .getByRole("button", { name: `Choose ${other} ${last}` })
    .click();
  await expect(plain.getByTestId("change-notice")).toContainText(
    `${other} ${last} is proposed instead of ${firstHolder} ${last}`,
  );
  await expect(plain.getByTestId("schedule-table").getByTestId("seat").first()).toContainText(
    `${other} ${last}`,
  );
  await shots(plain, "schedule-changed-no-scripts");
  await quiet.close();
  expect((await seats())[0]).toMatchObject({ first_name: other, date: fridays[0], position: "Main desk" });

  // Scripts on: Ben for the second Friday's Stream, though he is away: allowed, and said so.
  await page.reload();
  await page
    .getByTestId("schedule-table")
    .getByRole("link", { name: new RegExp(`^Stream, ${formatDate(fridays[1]!)}:`) })
    .click();
  const ben = page.getByTestId("candidate").filter({ hasText: people.ben });
  await expect(ben.getByTestId("warning").first()).toHaveText("Blocked out that day");
  await shots(page, "seat-chooser");
  await ben.getByRole("button", { name: `Choose ${people.ben}` }).click();
  await expect(page.getByText("Seat given, with a warning").first()).toBeVisible();
  await expect(page.getByText(/though blocked out that day/).first()).toBeVisible();

  // The first Friday's plan, its WhatsApp text and its print page.
  await page.getByTestId("schedule-table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: team })).toBeVisible();
  await expect(page.getByTestId("whatsapp-text")).toBeVisible();
  expect(await page.getByTestId("whatsapp-text").inputValue()).toContain(
    `• Main desk: ${other} ${last} (to confirm)`,
  );
  await shots(page, "service-plan");
  await page.getByRole("link", { name: "Print" }).click();
  await expect(page.getByTestId("print-roster")).toContainText(team);
  await shots(page, "service-print");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Members" })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("service-print-media.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // The rosters screen now lists the team and the week's roster.
  await page.goto("/members/rosters");
  await expect(page.getByTestId("teams")).toContainText(team);
  await shots(page, "rosters");

  // So does the head's dashboard: this week's roster of their team, each seat with its answer.
  await page.goto("/members");
  const week = page.getByTestId("dashboard-week-roster");
  await expect(week).toContainText(formatDate(fridays[0]!));
  const ours = week.getByRole("region", { name: team });
  await expect(ours).toContainText("Main desk");
  await expect(ours.getByTestId("seat-status").first()).toBeVisible();
  await shots(page, "dashboard");

  // With more teams than the dashboard shows, it shows five and counts the rest.
  await sql(
    `with made as (insert into roster_teams (ministry_slug, name)
       select 'soundtech', $1 || ' extra ' || n from generate_series(1, 5) n returning id)
     insert into roster_positions (team_id, name) select id, 'Desk' from made`,
    [team],
  );
  await page.reload();
  await expect(week.getByRole("region")).toHaveCount(5);
  await expect(week).toContainText("1 more team serves that day: see the rosters screen.");
});
