import type { Page } from "@playwright/test";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { formatDate, formatDayMonth, formatMonth } from "../../app/lib/format";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectNoSidewaysScroll } from "./staff-account";

// The dashboard's figures and the reports' charts, as the church office meets them: the numbers
// match what the database holds (deleted members left out), each figure opens its list, the
// charts are drawn on a phone and a laptop, and the chart library is fetched by the reports
// screen alone, after the page is shown.

test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const today = todayInChurchZone();
/** A birthday `days` from today, `age` years ago (a 29 February birthday is not needed here). */
const comingIn = (days: number, yearsAgo: number) => {
  const date = addDays(today, days);
  return `${Number(date.slice(0, 4)) - yearsAgo}${date.slice(4)}`;
};
/** Written by Chart.js itself: in a script, it means the chart library is in that script. */
const CHART_LIBRARY_MARK = "Canvas is already in use";
const TAG = "Dash";

async function insertMember(
  first: string,
  values: { status?: string; birthday?: string; anniversary?: string; createdAt?: string; deleted?: boolean },
) {
  await sql(
    `insert into members (first_name, last_name, email, mobile, birthday, wedding_anniversary, marital_status,
       membership_status, ministry_involvement, created_at, deleted_at)
     values ($1, $2, $3, '33334444', $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()),
       case when $10 then now() end)`,
    [
      first,
      TAG,
      `${first.toLowerCase()}.dash@example.org`,
      values.birthday ?? null,
      values.anniversary ?? null,
      values.anniversary ? "Married" : null,
      values.status ?? "active",
      ["tee"],
      values.createdAt ?? null,
      values.deleted ?? false,
    ],
  );
}

test.beforeAll(async () => {
  await sql("delete from members");
  // Registered long ago (so not this month): Olga is active, Ivan inactive, Leo has left.
  const longAgo = new Date(Date.now() - 70 * 86_400_000).toISOString();
  await insertMember("Olga", { createdAt: longAgo, birthday: comingIn(10, 40) });
  await insertMember("Ivan", { createdAt: longAgo, status: "inactive", birthday: comingIn(3, 33) });
  await insertMember("Leo", { createdAt: longAgo, status: "left" });
  // Registered now: this month's.
  await insertMember("Bea", { birthday: comingIn(1, 25), anniversary: comingIn(2, 5) });
  await insertMember("Nora", {});
  // Deleted: counted nowhere, though active, new and with a birthday tomorrow.
  await insertMember("Gone", { birthday: comingIn(1, 50), deleted: true });
  // An event of its own, soon, with registrations.
  const [event] = await sql<{ id: string }>(
    `insert into events (title, event_date, event_time, location_name, google_maps_url)
     values ('Dash Prayer Night', $1, '00:01', 'Main hall', 'https://www.google.com/maps') returning id`,
    [today],
  );
  for (const name of ["Reg One", "Reg Two"]) {
    await sql(
      "insert into event_registrations (event_id, event_title, name, email, mobile) values ($1, 'Dash Prayer Night', $2, 'reg@example.org', '1')",
      [event!.id, name],
    );
  }
});

test.afterAll(async () => {
  await sql("delete from event_registrations where event_title = 'Dash Prayer Night'");
  await sql("delete from events where title = 'Dash Prayer Night'");
  await sql("delete from members where last_name = $1", [TAG]);
});

/** What the dashboard should show for the events, as the database has them now. */
async function expectedEvents() {
  const [{ total } = { total: 0 }] = await sql<{ total: number }>(
    "select count(*)::int as total from events where event_date >= $1",
    [today],
  );
  const next = await sql<{ title: string; event_date: string; registered: number }>(
    `select e.title, to_char(e.event_date, 'YYYY-MM-DD') as event_date, count(r.id)::int as registered
     from events e left join event_registrations r on r.event_id = e.id
     where e.event_date >= $1 group by e.id
     order by e.event_date, e.event_time, e.title, e.id limit 3`,
    [today],
  );
  return { total, next };
}

async function expectedNewMessages() {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from inbox_items i where i.status = 'new' and (
       (i.kind = 'connect' and exists (select 1 from visitors v where v.id = i.source_id)) or
       (i.kind = 'ministry' and exists (select 1 from ministry_registrations m where m.id = i.source_id)) or
       (i.kind = 'event' and exists (select 1 from event_registrations r where r.id = i.source_id)))`,
  );
  return row!.n;
}

test("the dashboard's figures match the registry and each opens its list", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const [{ visitors } = { visitors: 0 }] = await sql<{ visitors: number }>(
    "select count(*)::int as visitors from visitors",
  );
  const figures = page.getByRole("region", { name: "Statistics" });

  const members = figures.getByRole("link", { name: /^Members/ });
  await expect(members).toHaveAccessibleName("Members 3 active of 5");
  await expect(page.getByTestId("stat-active-members")).toHaveText("3");
  await expect(page.getByTestId("stat-total-members")).toHaveText("5");
  await expect(figures.getByRole("link", { name: /^New This Month/ })).toHaveAccessibleName(
    "New This Month 2 Members registered",
  );
  await expect(page.getByTestId("stat-active-ministries")).toHaveText("16");
  await expect(page.getByTestId("stat-new-visitors")).toHaveText(String(visitors));
  await expect(page.getByTestId("unread-messages")).toHaveText(String(await expectedNewMessages()));

  // The week's birthdays (Bea tomorrow, Ivan in 3 days; Olga's is in 10) and anniversaries, by name.
  await expect(page.getByTestId("stat-upcoming-birthdays")).toHaveText("2");
  await expect(page.getByRole("list", { name: "Next birthdays" }).getByRole("listitem")).toHaveText([
    `Bea Dash${formatDayMonth(addDays(today, 1))}`,
    `Ivan Dash${formatDayMonth(addDays(today, 3))}`,
  ]);
  await expect(page.getByTestId("stat-upcoming-anniversaries")).toHaveText("1");
  await expect(page.getByRole("list", { name: "Next wedding anniversaries" })).toHaveText(
    `Bea Dash${formatDayMonth(addDays(today, 2))}`,
  );

  // The next events with their registration counts.
  const events = await expectedEvents();
  expect(events.next.map((e) => e.title)).toContain("Dash Prayer Night");
  await expect(page.getByTestId("stat-upcoming-events")).toHaveText(String(events.total));
  const shown = page.getByTestId("upcoming-event");
  await expect(shown).toHaveCount(events.next.length);
  for (const [index, event] of events.next.entries()) {
    await expect(shown.nth(index)).toContainText(event.title);
    await expect(shown.nth(index)).toContainText(formatDate(event.event_date));
    await expect(shown.nth(index).getByTestId("event-registrations")).toHaveText(
      `${event.registered} registered`,
    );
  }
  const prayerNight = shown.filter({ hasText: "Dash Prayer Night" });
  await expect(prayerNight.getByTestId("event-registrations")).toHaveText("2 registered");
  await expect(prayerNight.getByRole("link", { name: "Dash Prayer Night" })).toHaveAttribute(
    "href",
    /^\/events\/[0-9a-f-]{36}$/,
  );

  // Each figure leads to its list.
  const opens = async (name: RegExp, url: RegExp, heading: string) => {
    await page.goto("/members");
    await figures.getByRole("link", { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  };
  await opens(/^Members/, /\/members\/details\?status=active$/, "Membership List");
  await opens(/^New This Month/, /\/members\/details\?joined=this-month$/, "Membership List");
  await opens(/^Upcoming Birthdays/, /\/members\/reports#upcoming-birthdays$/, "Reports");
  await expect(page.getByRole("table", { name: "Upcoming Birthdays" })).toContainText("Bea Dash");
  await opens(/^Upcoming Anniversaries/, /\/members\/reports#upcoming-wedding-anniversaries$/, "Reports");
  await opens(/^New Visitors/, /\/members\/reports#visitors$/, "Reports");
  await opens(/^Messages/, /\/members\/messages$/, "Messages");
  await opens(/^Upcoming Events/, /\/members\/event-registrations$/, "Event Registrations");
  await expect(page.getByRole("region", { name: "Dash Prayer Night" })).toContainText("Reg One");
});

for (const width of [360, 390, 1280]) {
  test(`the dashboard fits ${width} px and is accessible`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId("stat-active-members")).toHaveText("3");
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, `the dashboard at ${width} px`);
    if (width !== 360) {
      await screenshotWhole(page, `test-results/dashboard-${width}.png`);
    }
  });
}

/**
 * The whole page in one picture, taken with a window as tall as the page: a full-page capture
 * resizes the window for a moment, and the charts redraw for that size while it is taken.
 */
async function screenshotWhole(page: Page, path: string) {
  const { width } = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.screenshot({ path });
}

/** Every script the page fetched, with its text. */
function recordScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      // A response the page navigated away from has no body to read: it is no script of this page.
      scripts.push(
        response.text().then(
          (text) => ({ url: response.url(), text }),
          () => ({ url: response.url(), text: "" }),
        ),
      );
    }
  });
  return () => Promise.all(scripts);
}

for (const width of [390, 1280]) {
  test(`the reports draw the three charts at ${width} px, with their numbers as text`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    // On the laptop the charts appear without growing (as for people who ask for less motion).
    if (width === 1280) await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page);
    // The dashboard's own scripts are all in, so none of them is read after it is left.
    await page.waitForLoadState("networkidle");
    const scripts = recordScripts(page);
    await page.goto("/members/reports");

    const charts = {
      "Members by status": page.getByTestId("chart-members-by-status"),
      "Members by ministry": page.getByTestId("chart-members-by-ministry"),
      "New members per month": page.getByTestId("chart-new-members"),
    };
    for (const [caption, chart] of Object.entries(charts)) {
      await expect(chart).toHaveAttribute("data-drawn", "true");
      const canvas = chart.getByRole("img");
      await expect(canvas).toHaveAccessibleName(new RegExp(`^${caption}: `));
      const box = (await canvas.boundingBox())!;
      expect(box.width, caption).toBeGreaterThan(200);
      expect(box.width, caption).toBeLessThanOrEqual(width);
      // Something is painted: the canvas is not blank.
      expect(
        await canvas.evaluate((element) => {
          const canvas = element as HTMLCanvasElement;
          const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
          return pixels.some((value, index) => index % 4 === 3 && value > 0);
        }),
        caption,
      ).toBe(true);
      // The numbers stay readable as a table (visually hidden once the chart is drawn).
      await expect(chart.getByRole("table", { name: caption })).toBeAttached();
    }
    await expect(page.getByRole("heading", { name: "Members by Status" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ministry Involvement" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "New Members per Month" })).toBeVisible();

    // The same numbers as the registry: 3 active, 1 inactive, 1 left, none transferred (Gone is deleted).
    await expect(charts["Members by status"].getByRole("img")).toHaveAccessibleName(
      "Members by status: Active 3, Inactive 1, Left 1, Transferred 0.",
    );
    for (const [status, n] of [
      ["active", "3"],
      ["inactive", "1"],
      ["left", "1"],
      ["transferred", "0"],
    ]) {
      await expect(page.getByTestId(`status-count-${status}`)).toHaveText(n!);
    }
    const months = charts["New members per month"].getByRole("table").getByRole("row");
    await expect(months).toHaveCount(13); // a header row and 12 months
    await expect(months.last()).toHaveText(`${formatMonth(today)}2`);
    await expect(
      charts["Members by ministry"].getByRole("table").getByRole("row", { name: /^TEE/ }),
    ).toHaveText("TEE5");

    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, `the reports at ${width} px`);
    await screenshotWhole(page, `test-results/reports-${width}.png`);

    // The chart library came in a script of its own, fetched after the page: not one the
    // page's HTML names (no modulepreload), and not one of any route's own modules. (With two
    // drawing modules, the bar chart's and the trends' line chart, the bundler gives the library
    // a chunk of its own that both fetch.)
    const fetched = await scripts();
    const library = fetched.filter((script) => script.text.includes(CHART_LIBRARY_MARK));
    expect(library.map((script) => new URL(script.url).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/(bar-chart-drawing|chart)-[\w-]+\.js$/),
    ]);
    const libraryPath = new URL(library[0]!.url).pathname;
    const html = await (await page.request.get("/members/reports")).text();
    expect(html).not.toContain(libraryPath);
    const routes = await routeManifest(page);
    expect(Object.values(routes).flatMap((route) => [route.module, ...(route.imports ?? [])])).not.toContain(
      libraryPath,
    );
  });
}

/** The route manifest of the build being served: each route's module and what it imports. */
async function routeManifest(page: Page) {
  const html = await (await page.request.get("/members")).text();
  const manifestPath = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  expect(manifestPath, "the route manifest's script").toBeTruthy();
  const script = await (await page.request.get(manifestPath!)).text();
  const manifest = JSON.parse(script.slice(script.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  return manifest.routes;
}

test("no route's own modules hold the chart library, and the dashboard and public pages never fetch it", async ({
  page,
}) => {
  await signIn(page);
  // Statically: no route's module or its imports (what a page preloads) holds the library.
  const routes = await routeManifest(page);
  expect(Object.keys(routes)).toEqual(
    expect.arrayContaining(["routes/members/home/dashboard", "routes/members/people/reports"]),
  );
  const files = new Set(Object.values(routes).flatMap((route) => [route.module, ...(route.imports ?? [])]));
  for (const file of files) {
    expect((await (await page.request.get(file)).text()).includes(CHART_LIBRARY_MARK), file).toBe(false);
  }
  // The reports module (or the chart piece it shares with the trends page) asks for it only when
  // it runs.
  const reportsRoute = routes["routes/members/people/reports"]!;
  const reports = await Promise.all(
    [reportsRoute.module, ...(reportsRoute.imports ?? [])].map(async (file) =>
      (await page.request.get(file)).text(),
    ),
  );
  expect(reports.some((text) => text.includes("bar-chart-drawing"))).toBe(true);

  // And in the browser: the dashboard and public pages fetch no script that holds it.
  await page.waitForLoadState("networkidle");
  for (const path of ["/members", "/", "/events"]) {
    const scripts = recordScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const fetched = await scripts();
    if (path === "/members") expect(fetched.length).toBeGreaterThan(0);
    expect(
      fetched.filter((script) => script.text.includes(CHART_LIBRARY_MARK)).map((script) => script.url),
      path,
    ).toEqual([]);
    expect(await page.content(), path).not.toContain("bar-chart-drawing");
  }
});
