// The announcements' pictures for the office guide (docs/guide/announcements.md), as part of
// `npm run docs:screenshots`.
import type { Browser } from "@playwright/test";
import { ministries } from "../app/content/ministries";
import type { BenchServer } from "../bench/server";
import type { PictureTools } from "./docs-picture-tools";

// An announcement to a ministry: its members agreed to the church's e-mails (all but one, so the
// screen shows who is left out). Written on a phone, sent, then its page on a laptop: without a
// mail server the e-mails wait in the outbox, and the page says so.
const announcementBody = [
  "Dear friends,",
  "",
  "This week we meet on **Thursday at 7:00 PM** in the Main Hall, instead of Friday.",
  "",
  "- Bring your Bible and a friend",
  "- Come 15 minutes early for coffee",
  "",
  "And do join us for the event below!",
].join("\n");

const nameOf = (slug: string) => ministries.find((one) => one.slug === slug)!.name;

export async function announcementPictures(browser: Browser, server: BenchServer, tools: PictureTools) {
  // A ministry near the end of the list, so its ticked box and the count fit on one phone screen.
  const lastFour = ministries
    .map((one) => one.slug)
    .sort((x, y) => nameOf(x).localeCompare(nameOf(y), "en", { sensitivity: "base" }))
    .slice(-4);
  const [chosen] = await server.sql<{ slug: string }>(
    `SELECT slug FROM members, unnest(ministry_involvement) AS slug
     WHERE membership_status = 'active' AND deleted_at IS NULL AND email NOT LIKE 'ana.%'
       AND slug = ANY ($1::text[])
     GROUP BY slug ORDER BY count(*) DESC, slug LIMIT 1`,
    [lastFour],
  );
  const ministry = ministries.find((one) => one.slug === chosen!.slug)!;
  await server.sql(
    `INSERT INTO consents (member_id, kind, notice_version, recorded_by)
     SELECT id, 'email', 1, 'registration-passcode' FROM members
     WHERE $1 = ANY (ministry_involvement) AND email NOT LIKE 'ana.%'
     ORDER BY created_at OFFSET 1`,
    [ministry.slug],
  );
  const [event] = await server.sql<{ id: string }>(
    "SELECT id FROM events WHERE event_date >= current_date ORDER BY event_date, id LIMIT 1",
  );

  const phonePage = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.phone,
    reducedMotion: "reduce",
  });
  await tools.signIn(phonePage);
  await tools.openScreen(phonePage, "/members/announcements/new");
  await phonePage
    .getByLabel("Subject", { exact: true })
    .fill(`${ministry.shortName}: we meet on Thursday this week`);
  await phonePage.getByLabel("Message", { exact: true }).fill(announcementBody);
  await phonePage
    .getByLabel("Event or sermon to show as a card (optional)")
    .selectOption(`event:${event!.id}`);
  await phonePage
    .locator("summary")
    .filter({ hasText: /^Ministries/ })
    .click();
  await phonePage.getByRole("checkbox", { name: `Members of ${ministry.name}` }).check();
  const count = phonePage.getByTestId("audience-count").first();
  await count.filter({ hasText: "can receive it" }).waitFor();
  await phonePage.getByRole("button", { name: /^Send now to \d+/ }).waitFor();
  // The ticked ministry at the top, the count and "Send now" below it (under the sticky bar).
  await phonePage.getByRole("checkbox", { name: `Members of ${ministry.name}` }).evaluate((box) => {
    box.closest("tr")!.scrollIntoView({ block: "start", behavior: "instant" });
    window.scrollBy({ top: -120, behavior: "instant" });
  });
  await tools.shoot(phonePage, "announcement-compose");
  await phonePage.getByRole("heading", { name: "WhatsApp", exact: true }).evaluate((heading) => {
    heading.scrollIntoView({ block: "start", behavior: "instant" });
    window.scrollBy({ top: -80, behavior: "instant" });
  });
  await tools.shoot(phonePage, "announcement-whatsapp");
  await phonePage.getByRole("button", { name: /^Send now to \d+/ }).click();
  await phonePage
    .getByRole("alertdialog", { name: "Send it now?" })
    .getByRole("button", { name: "Send it now" })
    .click();
  await phonePage.waitForURL(/\/members\/announcements\/[0-9a-f-]{36}$/);
  const id = phonePage.url().split("/").pop()!;
  await phonePage.close();

  // The worker hands them to the outbox within a round or two.
  for (let waited = 0; waited < 60; waited += 1) {
    const [row] = await server.sql<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM announcement_recipients WHERE announcement_id = $1 AND status = 'waiting'",
      [id],
    );
    if (row?.waiting === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const page = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.laptop,
    reducedMotion: "reduce",
  });
  await tools.signIn(page);
  await tools.openScreen(page, `/members/announcements/${id}`);
  await page.getByTestId("delivery-counts").waitFor();
  await tools.shoot(page, "announcement-sent");
  await page.close();
}
