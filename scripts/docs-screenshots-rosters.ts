// The serving rosters' pictures for the office guide (docs/guide/serving-rosters.md), as part of
// `npm run docs:screenshots`: a SoundTech team with two positions and five people who can serve
// (seeded by SQL), its next four Fridays filled automatically and asked on a laptop (without a mail
// server the screen gives each person's link), some answers, a seat's chooser on a phone, and one
// volunteer's own page opened from their link on a phone.
import type { Browser } from "@playwright/test";
import type { BenchServer } from "../bench/server";
import type { PictureTools } from "./docs-picture-tools";

export async function rosterPictures(browser: Browser, server: BenchServer, tools: PictureTools) {
  const [team] = await server.sql<{ id: string }>(
    "INSERT INTO roster_teams (ministry_slug, name, max_per_four_weeks) VALUES ('soundtech', 'SoundTech', 2) RETURNING id",
  );
  const positions = await server.sql<{ id: string }>(
    "INSERT INTO roster_positions (team_id, name, sort_order) VALUES ($1, 'Main desk', 0), ($1, 'Stream', 1) RETURNING id",
    [team!.id],
  );
  const people = await server.sql<{ id: string }>(
    `SELECT id FROM members WHERE membership_status = 'active' AND deleted_at IS NULL AND email NOT LIKE 'ana.%'
     ORDER BY created_at, id LIMIT 5`,
  );
  await server.sql(
    "INSERT INTO roster_qualified (position_id, member_id) SELECT p, m FROM unnest($1::uuid[]) p, unnest($2::uuid[]) m",
    [positions.map((row) => row.id), people.map((row) => row.id)],
  );

  const page = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.laptop,
    reducedMotion: "reduce",
  });
  await tools.signIn(page);
  await tools.openScreen(page, `/members/rosters/teams/${team!.id}/schedule`);
  await page.getByRole("button", { name: "Fill automatically" }).click();
  await page.getByTestId("schedule-counts").filter({ hasText: "0 empty" }).waitFor();
  await page.getByRole("button", { name: /^Send requests/ }).click();
  // No mail server here: the screen gives each person's link to send by WhatsApp.
  const links = page.getByTestId("people-links");
  await links.waitFor();
  const pageUrl = (await links.locator("li").first().locator("span.break-all").textContent())!.trim();

  // Some have answered: the first dates accepted, one declined with a reason.
  const seats = await server.sql<{ id: string }>(
    `SELECT s.id FROM roster_slots s JOIN roster_services v ON v.id = s.service_id
     JOIN roster_positions p ON p.id = s.position_id ORDER BY v.service_date, p.sort_order`,
  );
  await server.sql(
    "UPDATE roster_slots SET status = 'accepted', answered_at = now() WHERE id = ANY ($1::uuid[])",
    [seats.slice(0, 3).map((seat) => seat.id)],
  );
  await server.sql(
    "UPDATE roster_slots SET status = 'declined', decline_reason = 'Away in Cebu that week', answered_at = now() WHERE id = $1",
    [seats[3]!.id],
  );
  await tools.openScreen(page, `/members/rosters/teams/${team!.id}/schedule`);
  await page.getByTestId("schedule-table").waitFor();
  await page
    .getByTestId("schedule-table")
    .evaluate((table) => table.scrollIntoView({ block: "start", behavior: "instant" }));
  await page.evaluate(() => window.scrollBy({ top: -140, behavior: "instant" }));
  await tools.shoot(page, "roster-schedule");
  await page.close();

  const phonePage = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.phone,
    reducedMotion: "reduce",
  });
  await tools.signIn(phonePage);
  await tools.openScreen(phonePage, `/members/rosters/teams/${team!.id}/schedule`);
  // The declined seat, to choose someone else.
  await phonePage
    .getByTestId("schedule-cards")
    .getByTestId("seat")
    .filter({ hasText: "Declined" })
    .first()
    .click();
  await phonePage.getByTestId("candidate").first().waitFor();
  await tools.shoot(phonePage, "roster-seat");
  await phonePage.close();

  // A volunteer opens their own page from the link: no account, no sign-in.
  const volunteer = await browser.newPage({ viewport: tools.phone, reducedMotion: "reduce" });
  await volunteer.goto(pageUrl);
  await volunteer.getByRole("heading", { name: "Where I Serve", level: 1 }).waitFor();
  await tools.shoot(volunteer, "roster-volunteer-page");
  await volunteer.close();
}
