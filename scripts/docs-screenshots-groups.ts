// The groups' and attendance pictures for the office guide (docs/guide/groups-and-attendance.md),
// as part of `npm run docs:screenshots`: Group 1 of the seeded registry with a leader, its
// leader's attendance page opened from the link on a phone, the public group finder on a phone,
// and the attendance trends of twenty counted Fridays on a laptop.
import type { Browser } from "@playwright/test";
import type { BenchServer } from "../bench/server";
import type { PictureTools } from "./docs-picture-tools";

export async function groupPictures(browser: Browser, server: BenchServer, tools: PictureTools) {
  const [group] = await server.sql<{ id: string }>(
    "SELECT id FROM groups WHERE kind = 'bible-study' AND name = 'Group 1'",
  );
  // A group of twelve to show: its first member leads it. The seed puts members in groups by a hash
  // of their random ids, so Group 1 may have fewer: the registry's first twelve by name join it.
  await server.sql(
    `INSERT INTO group_members (group_id, member_id, joined_on)
     SELECT $1, id, current_date - 365 FROM members WHERE deleted_at IS NULL
     ORDER BY last_name, first_name LIMIT 12
     ON CONFLICT DO NOTHING`,
    [group!.id],
  );
  await server.sql(
    `DELETE FROM group_members WHERE group_id = $1 AND member_id NOT IN (
       SELECT member_id FROM group_members gm JOIN members m ON m.id = gm.member_id
       WHERE gm.group_id = $1 AND m.deleted_at IS NULL ORDER BY m.last_name, m.first_name LIMIT 12)`,
    [group!.id],
  );
  await server.sql(
    `UPDATE group_members SET is_leader = true WHERE group_id = $1 AND member_id = (
       SELECT member_id FROM group_members gm JOIN members m ON m.id = gm.member_id
       WHERE gm.group_id = $1 ORDER BY m.last_name, m.first_name LIMIT 1)`,
    [group!.id],
  );
  // Twenty Fridays counted, up to the last one.
  await server.sql(
    `INSERT INTO headcounts (service_date, service_name, adults, children, online, first_time, recorded_by)
     SELECT d, 'Worship Service', 118 + (i * 7) % 31, 28 + i % 9, 38 + i % 12, i % 4, 'office@example.org'
     FROM generate_series(1, 20) AS i,
       LATERAL (SELECT current_date - ((extract(isodow FROM current_date)::int + 2) % 7) - 7 * i AS d) AS day
     ON CONFLICT DO NOTHING`,
  );

  const page = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.laptop,
    reducedMotion: "reduce",
  });
  await tools.signIn(page);
  await tools.openScreen(page, `/members/groups/${group!.id}`);
  await tools.shoot(page, "group-page");
  await tools.openScreen(page, `/members/groups/${group!.id}/attendance`);
  await page.getByRole("button", { name: "Make a link" }).click();
  const link = await page.getByTestId("leader-link-url").inputValue();
  await tools.openScreen(page, "/members/reports/attendance");
  await page.locator('[data-drawn="true"]').first().waitFor();
  await tools.shoot(page, "attendance-trends");
  await page.close();

  const phone = await browser.newContext({
    viewport: tools.phone,
    javaScriptEnabled: false,
    reducedMotion: "reduce",
  });
  const leaderPage = await phone.newPage();
  await leaderPage.goto(new URL(new URL(link).pathname, server.baseUrl).href);
  const boxes = leaderPage.getByRole("checkbox");
  for (const index of [0, 1, 2, 4, 5, 7, 8, 9, 11]) await boxes.nth(index).check();
  await leaderPage.getByRole("textbox").fill("Joy Santos\nMark Reyes");
  await boxes.nth(0).evaluate((box) => box.scrollIntoView({ block: "start", behavior: "instant" }));
  await leaderPage.evaluate(() => window.scrollBy({ top: -120, behavior: "instant" }));
  await tools.shoot(leaderPage, "group-leader-attendance");
  await leaderPage.goto(new URL("/groups", server.baseUrl).href);
  await tools.shoot(leaderPage, "group-finder");
  await phone.close();
}
