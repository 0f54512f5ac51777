import type { Browser, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { addDays, todayInChurchZone } from "../../app/lib/dates";
import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";
import { noWiderThanScreen, ownSite, signInAsAdmin } from "./own-site";

// The pages a Filipino member reaches by a signed link (issue 39), with scripts off, on a site of
// its own that sends through a real SMTP server. Ana's language is Filipino: she asks for her
// update link on /fil/update-my-details and the e-mail brings her to /fil/update-my-details/<token>,
// in Filipino; her changes are sent for review; an altered link is refused in Filipino. Asked to
// serve, she answers from the /fil link in her request, and her own serving page is in Filipino.

const site = ownSite("filipino-links", 98);
const ORIGIN = site.origin;
const { query, mailTo } = site;
const PHONE = { width: 390, height: 844 };
const FIL_DATE = new Intl.DateTimeFormat("fil", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});

async function withoutScripts(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return page;
}

/** The first link in the e-mail's text after `label: `. */
function linkAfter(mail: ParsedMail, label: string): string {
  const found = new RegExp(`${label}: (http\\S+)`).exec(mail.text ?? "")?.[1];
  if (!found) throw new Error(`no "${label}" link in: ${mail.text}`);
  return found;
}

/** The same link with its token's last character changed. */
const altered = (url: string) =>
  url.replace(/([\w-])(\?|$)/, (_, last: string, rest: string) => `${last === "A" ? "B" : "A"}${rest}`);

test.beforeAll(async () => {
  await query(
    `insert into members (first_name, last_name, email, mobile, country_code, ministry_involvement, language)
     values ('Ana', 'Cruz', 'ana@example.org', '33110001', '+973', '{soundtech}', 'fil'),
            ('Ben', 'Reyes', 'ben@example.org', '33110002', '+973', '{soundtech}', 'en')`,
  );
  await query(
    `insert into consents (member_id, kind, notice_version, recorded_by)
     select id, 'registry', 1, 'registration-passcode' from members`,
  );
});

test("a Filipino member updates their details from the /fil link, in Filipino, with scripts off", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const ana = await withoutScripts(browser, "198.51.100.181");

  // She asks for a link on the Filipino page.
  await ana.goto(`${ORIGIN}/fil/update-my-details`);
  expect(await ana.locator("html").getAttribute("lang")).toBe("fil");
  await expect(ana.getByRole("heading", { name: "I-update ang Aking Detalye", level: 1 })).toBeVisible();
  await ana.getByLabel("Email").fill("ana@example.org");
  await ana.getByRole("button", { name: "Padalhan ako ng link" }).click();
  await expect(ana.getByTestId("update-link-answer")).toHaveText(
    "Kung pag-aari ng isang miyembro ang address na ito, napadalhan na namin ito ng link. Magagamit ito sa loob ng 7 araw.",
  );

  // The e-mail is in Filipino, and its link is the Filipino page's.
  const mail = await mailTo("ana@example.org", /^I-update po ang inyong detalye sa /);
  expect(mail.html).toContain('<html lang="fil">');
  const link = linkAfter(mail, "I-update ang aking detalye");
  expect(link).toMatch(new RegExp(`^${ORIGIN}/fil/update-my-details/[\\w-]{43}$`));

  // The form, in Filipino.
  const opened = await ana.goto(link);
  expect(opened!.headers()["cache-control"]).toBe("private, no-store");
  expect(await ana.locator("html").getAttribute("lang")).toBe("fil");
  await expect(
    ana.getByText("Kumusta po, Ana. Ito ang mga detalye ninyo na nasa talaan ng simbahan."),
  ).toBeVisible();
  await expect(ana.getByRole("heading", { name: "Mga detalye sa pagkontak" })).toBeVisible();
  await expect(ana.getByRole("textbox", { name: "Mobile" })).toHaveValue("33110001");
  await expect(ana.getByLabel("Wika ng mga email")).toHaveValue("fil");
  await noWiderThanScreen(ana, "fil-update-form");
  // Axe runs in a page with scripts (opening the link uses nothing up).
  await page.goto(link);
  await expectAxeClean(page, "the Filipino update form");

  // A wrong address is refused in Filipino, and nothing is sent.
  await ana.getByRole("textbox", { name: "Email" }).fill("ana@");
  await ana.getByRole("button", { name: "Ipadala ang aking mga pagbabago" }).click();
  await expect(ana.getByText("Pakitingnan po ang mga field na may marka sa ibaba.")).toBeVisible();
  await expect(ana.getByText("Pakilagay po ang wastong email address.")).toBeVisible();
  expect(await query("select id from member_update_requests")).toEqual([]);

  // Her new mobile number and a child, sent for review.
  await ana.getByRole("textbox", { name: "Email" }).fill("ana@example.org");
  await ana.getByRole("textbox", { name: "Mobile" }).fill("33998877");
  await ana.getByRole("textbox", { name: "Pangalan (Bagong anak)" }).fill("Lito Cruz");
  await ana.getByRole("button", { name: "Ipadala ang aking mga pagbabago" }).click();
  await expect(ana.getByTestId("update-thanks")).toHaveText(
    "Salamat po. Titingnan ng opisina ng simbahan ang inyong mga pagbabago.",
  );
  const [request] = await query<{ changes: { field: string; to: unknown }[] }>(
    "select changes from member_update_requests",
  );
  expect(request!.changes.map((change) => change.field).sort()).toEqual(["children", "mobile"]);

  // The link worked once; an altered one opens nothing. Both are said in Filipino.
  await ana.goto(link);
  await expect(ana.getByTestId("closed-link")).toContainText("Nagamit na ang link na ito");
  const refused = await ana.goto(altered(link));
  expect(refused!.status()).toBe(404);
  await expect(ana.getByTestId("closed-link")).toHaveText(
    "Hindi wasto ang link na ito. Pakibuksan po ang link mula sa inyong email nang eksakto kung paano ito ipinadala, o humingi ng bago.",
  );
  await expect(ana.getByRole("link", { name: "Humingi ng bagong link" })).toHaveAttribute(
    "href",
    "/fil/update-my-details",
  );
});

test("a Filipino volunteer answers a request to serve from its /fil link, with scripts off", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const date = addDays(todayInChurchZone(), 5);
  const [team] = await query<{ id: string }>(
    "insert into roster_teams (name, ministry_slug) values ('SoundTech', 'soundtech') returning id",
  );
  const [desk] = await query<{ id: string }>(
    "insert into roster_positions (team_id, name, sort_order) values ($1, 'Main desk', 0) returning id",
    [team!.id],
  );
  const [service] = await query<{ id: string }>(
    `insert into roster_services (service_date, start_time, title, service_name)
     values ($1, '15:30', 'Worship Service', 'Worship Service') returning id`,
    [date],
  );
  await query("insert into roster_needs (service_id, position_id, count) values ($1, $2, 2)", [
    service!.id,
    desk!.id,
  ]);
  await query(
    `insert into roster_slots (service_id, position_id, member_id, seat, status)
     select $1, $2, id, row_number() over (order by first_name), 'draft' from members`,
    [service!.id, desk!.id],
  );

  // Staff send the requests from the team's schedule.
  await signInAsAdmin(page, ORIGIN);
  await page.goto(`${ORIGIN}/members/rosters/teams/${team!.id}/schedule`);
  await page.getByRole("button", { name: /^Send requests/ }).click();
  await expect(page.getByText("2 people will get an e-mail with their dates.").first()).toBeVisible();

  // Ben's request is as it always was; Ana's is in Filipino, with /fil links.
  const ben = await mailTo("ben@example.org", /^Can you serve with SoundTech\?$/);
  expect(ben.text).toContain("Hello Ben, can you serve?");
  expect(linkAfter(ben, "Accept")).toMatch(new RegExp(`^${ORIGIN}/serve/answer/`));
  const mail = await mailTo("ana@example.org", /^Makapaglilingkod po ba kayo kasama ng SoundTech\?$/);
  const when = `${FIL_DATE.format(new Date(`${date}T00:00:00Z`))}, 3:30 PM`;
  expect(mail.text).toContain(when);
  const accept = linkAfter(mail, "Tanggapin");
  expect(accept).toMatch(new RegExp(`^${ORIGIN}/fil/serve/answer/[\\w-]{43}\\?answer=accept$`));

  const ana = await withoutScripts(browser, "198.51.100.182");
  await ana.goto(accept);
  expect(await ana.locator("html").getAttribute("lang")).toBe("fil");
  await expect(ana.getByRole("heading", { name: "Makapaglilingkod Po Ba Kayo?", level: 1 })).toBeVisible();
  await expect(ana.getByTestId("seat")).toContainText(when);
  await expect(ana.getByTestId("seat-status")).toHaveText("Hinihintay ang inyong sagot");
  await ana.getByRole("button", { name: "Tanggapin" }).click();
  await expect(ana.getByTestId("notice")).toHaveText(
    "Salamat po, Ana: maglilingkod kayo sa petsang ito. Makatatanggap kayo ng paalala bago ito dumating.",
  );
  const [slot] = await query<{ status: string }>(
    "select s.status from roster_slots s join members m on m.id = s.member_id where m.first_name = 'Ana'",
  );
  expect(slot!.status).toBe("accepted");

  // An altered answer link is refused in Filipino, and changes nothing.
  const refused = await ana.goto(altered(accept));
  expect(refused!.status()).toBe(404);
  await expect(ana.getByTestId("closed-link")).toContainText("Hindi wasto ang link na ito.");
  await expect(ana.getByRole("link", { name: "Bumalik sa Home Page" })).toHaveAttribute("href", "/fil/");

  // Her own serving page, from the request's link, in Filipino.
  await ana.goto(/(http\S+\/fil\/serve\/me\/[\w-]{43})/.exec(mail.text!)![1]!);
  await expect(ana.getByRole("heading", { name: "Kung Saan Ako Naglilingkod", level: 1 })).toBeVisible();
  await expect(ana.getByTestId("seat-status")).toHaveText("Maglilingkod kayo");
  await noWiderThanScreen(ana, "fil-serve-me");
  await page.goto(ana.url());
  await expectAxeClean(page, "the Filipino serving page");
});
