// The care pictures for the office guide (docs/guide/care-and-follow-up.md), as part of
// `npm run docs:screenshots`: the New visitor follow-up the connect message started (its welcome
// call done, a note, the invitation to a group due) on a laptop, and a member's Pastoral care card
// with two visits on a phone.
import type { Browser } from "@playwright/test";
import type { BenchServer } from "../bench/server";
import type { PictureTools } from "./docs-picture-tools";

export async function carePictures(browser: Browser, server: BenchServer, tools: PictureTools) {
  const [followUp] = await server.sql<{ id: string }>(
    "SELECT id FROM follow_ups WHERE reason = 'New visitor' ORDER BY created_at LIMIT 1",
  );
  const [admin] = await server.sql<{ id: string; name: string }>(
    "SELECT id, name FROM users ORDER BY created_at LIMIT 1",
  );
  // The administrator looks after it; the welcome call was made yesterday.
  await server.sql("UPDATE follow_up_steps SET assignee_id = $2 WHERE follow_up_id = $1", [followUp!.id, admin!.id]);
  await server.sql(
    `UPDATE follow_up_steps SET done_at = now() - interval '1 day', done_by = $2
     WHERE follow_up_id = $1 AND position = 1`,
    [followUp!.id, admin!.name],
  );
  await server.sql(
    `UPDATE follow_ups SET assignee_id = $2,
       due_on = (SELECT due_on FROM follow_up_steps WHERE follow_up_id = $1 AND position = 2)
     WHERE id = $1`,
    [followUp!.id, admin!.id],
  );
  await server.sql(
    `INSERT INTO follow_up_notes (follow_up_id, body, author, created_at) VALUES ($1, $2, $3, now() - interval '1 day')`,
    [
      followUp!.id,
      "Called Liza: the family came from Cebu in October, two children (6 and 9). Told her about ACTS Kids on Fridays at 9:00.",
      admin!.name,
    ],
  );
  const [member] = await server.sql<{ id: string }>(
    "SELECT id FROM members WHERE deleted_at IS NULL ORDER BY last_name, first_name LIMIT 1",
  );
  await server.sql(
    `INSERT INTO pastoral_visits (member_id, visited_on, kind, visited_by, private_note, created_by) VALUES
       ($1, current_date - 4, 'hospital', 'Ptr. Rey and Ate Joy', 'Recovering well after the operation.', 'office@example.org'),
       ($1, current_date - 30, 'call', 'Ate Joy', '', 'office@example.org')`,
    [member!.id],
  );

  const page = await browser.newPage({ baseURL: server.baseUrl, viewport: tools.laptop, reducedMotion: "reduce" });
  await tools.signIn(page);
  await tools.openScreen(page, `/members/care/${followUp!.id}`);
  await tools.shoot(page, "follow-up-card");
  await page.setViewportSize(tools.phone);
  await tools.openScreen(page, `/members/profile/${member!.id}`);
  await page.locator("#pastoral-care").evaluate((element) =>
    element.scrollIntoView({ block: "start", behavior: "instant" }),
  );
  await tools.shoot(page, "member-care-card");
  await page.close();
}
