import type { Browser, Page } from "@playwright/test";
import { addDays, dayOfWeek, todayInChurchZone } from "../../app/lib/dates";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";
import { noWiderThanScreen, ownSite, signInAsAdmin } from "./own-site";

// Groups and attendance end to end (issue 37), on a site of its own that sends through a real SMTP
// server. A visitor asks to join an open group from /groups with scripts off; its leader receives
// the e-mail. Staff make the leader's attendance link and e-mail it; the leader opens it on a 390 px
// phone with scripts off and records 12 members and two guests in one post. The group's 30-day
// rate on its attendance screen and on Reports matches the recorded rows, and a member absent
// three meetings in a row is on "Not seen lately", where one click starts a follow-up.

const today = todayInChurchZone();
const PHONE = { width: 390, height: 844 };

const site = ownSite("groups", 93);
const ORIGIN = site.origin;
const { query, mailTo } = site;

async function withoutScripts(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return page;
}

const OTHERS = [
  "Ana",
  "Ben",
  "Cal",
  "Dee",
  "Eli",
  "Fay",
  "Gus",
  "Hal",
  "Ivy",
  "Jon",
  "Kim",
  "Wes",
  "Xia",
  "Zoe",
];

test("a visitor asks to join, the leader records attendance from the link, and an absent member is followed up", async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  // Group 2 meets on today's weekday; Lea leads it, 14 others are in it since 60 days ago.
  const [group] = await query<{ id: string }>(
    `insert into groups (name, kind, description, meeting_day, meeting_time, area, is_open, capacity)
     values ('Group 2', 'bible-study', 'We read the Gospel of Mark together, with dinner.', $1, '19:30', 'Riffa', true, 30)
     returning id`,
    [dayOfWeek(today)],
  );
  await query(`insert into groups (name, kind, is_open) values ('Closed Group', 'salt', false)`);
  await query(
    `insert into members (first_name, last_name, email, mobile, country_code)
     select name, 'Reyes', lower(name) || '@example.org', '3300 ' || lpad(n::text, 4, '0'), '+973'
     from unnest($1::text[]) with ordinality as t(name, n)`,
    [["Lea", ...OTHERS]],
  );
  await query(
    `insert into group_members (group_id, member_id, is_leader, joined_on)
     select $1, m.id, m.first_name = 'Lea', current_date - 60 from members m`,
    [group!.id],
  );
  // Four weeks of meetings: Zoe came only four weeks ago; Xia missed two weeks ago, Wes last week.
  const absent: Record<number, string[]> = { 28: [], 21: ["Zoe"], 14: ["Zoe", "Xia"], 7: ["Zoe", "Wes"] };
  for (const [daysAgo, away] of Object.entries(absent)) {
    const [meeting] = await query<{ id: string }>(
      `insert into group_meetings (group_id, meeting_date, recorded_by) values ($1, $2, 'seed') returning id`,
      [group!.id, addDays(today, -Number(daysAgo))],
    );
    await query(
      `insert into group_attendance (meeting_id, member_id) select $1, id from members where not first_name = any($2::text[])`,
      [meeting!.id, away],
    );
  }

  // A visitor, scripts off on a phone, finds the group and asks to join; a closed group is not listed.
  const visitor = await withoutScripts(browser, "198.51.100.61");
  await visitor.goto(`${ORIGIN}/groups`);
  await expect(visitor.getByRole("heading", { name: "Find a Group", level: 1 })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Closed Group" })).toHaveCount(0);
  const card = visitor.locator(`#group-${group!.id}`);
  await expect(card).toContainText("Riffa");
  await expect(card).toContainText("7:30 PM");
  await noWiderThanScreen(visitor, "finder");
  await visitor.setViewportSize(PHONE);
  await card.getByRole("link", { name: "Ask to join Group 2" }).click();
  // No contact at all: the field says why, and nothing is kept.
  await visitor.getByLabel("Name").fill("Nadia Karim");
  await visitor.getByRole("button", { name: "Send" }).click();
  await expect(visitor.getByText("Please enter your e-mail or your mobile number").first()).toBeVisible();
  await visitor.getByLabel("Email").fill("nadia@example.net");
  await visitor.getByLabel("Message (optional)").fill("I moved to Riffa last month.");
  await visitor.getByRole("button", { name: "Send" }).click();
  await expect(visitor.getByRole("status")).toContainText("Request Sent!");
  await noWiderThanScreen(visitor, "join");
  expect(await query("select name, email from group_join_requests")).toEqual([
    { name: "Nadia Karim", email: "nadia@example.net" },
  ]);
  const ask = await mailTo("lea@example.org", /would like to join Group 2/);
  expect(ask.text).toContain("nadia@example.net");
  expect(ask.text).toContain("I moved to Riffa last month.");

  // Staff make Lea's attendance link and e-mail it to her.
  await signInAsAdmin(page, ORIGIN);
  await page.goto(`${ORIGIN}/members/groups/${group!.id}/attendance`);
  await page.getByLabel("Leader", { exact: true }).selectOption({ label: "Lea Reyes" });
  await page.getByLabel("Also send it to the leader by e-mail").check();
  await page.getByRole("button", { name: "Make a link" }).click();
  await expect(page.getByTestId("leader-link")).toContainText("sent to lea@example.org");
  const linkMail = await mailTo("lea@example.org", /^Attendance for Group 2$/);
  const link = /(http:\/\/\S+\/groups\/attendance\/[\w-]{43})/.exec(linkMail.text!)![1]!;

  // An altered link opens nothing.
  const stranger = await withoutScripts(browser, "198.51.100.62");
  await stranger.goto(link.replace(/.$/, (last) => (last === "A" ? "B" : "A")));
  await expect(stranger.getByTestId("closed-link")).toContainText("This link is not valid");

  // Lea, scripts off on her phone: today's meeting, 12 ticked (herself and 11 others), two guests.
  const leader = await withoutScripts(browser, "198.51.100.63");
  await leader.goto(link);
  await expect(leader.getByRole("heading", { name: "Group 2", level: 1 })).toBeVisible();
  await expect(leader.getByLabel("Meeting date")).toHaveValue(today);
  const present = ["Lea", ...OTHERS.slice(0, 11)];
  for (const first of present) await leader.getByLabel(`${first} Reyes`).check();
  await leader.getByLabel("Guests").fill("Sam Cruz\nJo Lim");
  await noWiderThanScreen(leader, "leader-attendance", [390]);
  await leader.getByRole("button", { name: "Save" }).click();
  await expect(leader.getByTestId("notice")).toContainText("12 present, 2 guests");
  await noWiderThanScreen(leader, "leader-attendance-saved", [390]);
  const [meeting] = await query<{ guests: string[]; recorded_by: string; present: number }>(
    `select guests, recorded_by, (select count(*)::int from group_attendance a where a.meeting_id = m.id) as present
     from group_meetings m where group_id = $1 and meeting_date = $2`,
    [group!.id, today],
  );
  expect(meeting).toEqual({ guests: ["Sam Cruz", "Jo Lim"], recorded_by: "leader:Lea Reyes", present: 12 });

  // The group's 30-day rate matches the rows: present out of the 15 members at each meeting.
  const [rows] = await query<{ present: number; meetings: number }>(
    `select count(a.*)::int as present, count(distinct m.id)::int as meetings from group_meetings m
     left join group_attendance a on a.meeting_id = m.id where m.group_id = $1 and m.meeting_date > $2`,
    [group!.id, addDays(today, -30)],
  );
  expect(rows!.meetings).toBe(5);
  await page.goto(`${ORIGIN}/members/groups/${group!.id}/attendance`);
  await expect(page.getByTestId("rate-d30")).toHaveText(`${Math.round((rows!.present / (15 * 5)) * 100)}%`);
  await expect(page.getByTestId("meetings")).toContainText("Sam Cruz, Jo Lim");
  await noWiderThanScreen(page, "staff-attendance");
  // The same figure on Reports: the trends page's group table (5 meetings in 30 days).
  await page.goto(`${ORIGIN}/members/reports/attendance`);
  const groupRow = page.getByTestId("groups-table").getByRole("row").filter({ hasText: "Group 2" });
  await expect(groupRow.getByRole("cell").nth(1)).toHaveText("5");
  await expect(groupRow.getByRole("cell").nth(2)).toHaveText(
    String(Math.round((rows!.present / (15 * 5)) * 100)),
  );

  // Zoe missed the last three meetings: she is on "Not seen lately"; Xia and Wes came to one.
  await page.goto(`${ORIGIN}/members/groups/not-seen`);
  const absentRows = page.getByTestId("absent-members").getByRole("listitem");
  await expect(absentRows).toHaveCount(1);
  const zoe = absentRows.filter({ hasText: "Zoe Reyes" });
  await expect(zoe).toContainText("Group 2");
  await noWiderThanScreen(page, "not-seen");
  await zoe.getByRole("button", { name: "Follow up" }).click();
  await expect(page.getByTestId("change-notice")).toContainText("Follow-up asked");
  await expect(zoe).toContainText("Follow-up asked");
  // Zoe's follow-up, beside the one Nadia's ask to join started.
  expect(
    await query<{ name: string; reason: string; source: string }>(
      "select name, reason, source from follow_ups where status = 'open' order by name",
    ),
  ).toEqual([
    { name: "Nadia Karim", reason: "Asked to join Group 2", source: "ask-to-join" },
    { name: "Zoe Reyes", reason: expect.stringContaining("Not seen at Group 2"), source: "not-seen" },
  ]);
  await page.goto(`${ORIGIN}/members/messages?type=group`);
  await expect(page.getByRole("main")).toContainText("Nadia Karim");

  // The pages pass the accessibility check (axe runs as a script: in a browser with scripts on).
  for (const [url, name] of [
    [`${ORIGIN}/groups`, "the group finder"],
    [`${ORIGIN}/groups/${group!.id}`, "a group's Ask to join"],
    [link, "a leader's attendance page"],
    [`${ORIGIN}/members/groups/${group!.id}/attendance`, "a group's attendance screen"],
    [`${ORIGIN}/members/groups/not-seen`, "Not seen lately"],
  ] as const) {
    await page.goto(url);
    await expectAxeClean(page, name);
  }
});
