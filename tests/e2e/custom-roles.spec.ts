import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { expectNoSidewaysScroll } from "./staff-account";

// Issue 34 end to end, as the church office meets it: the admin makes a "Sermons volunteer" role
// on the roles screen (sermons and media: edit, nothing else) and invites a volunteer with it;
// the account is linked to the volunteer's member record; the volunteer adds a sermon, sees only
// the screens the role reaches, and is refused (with the missing permission named) the website,
// events, the registry and every export; then the admin, with scripts off, turns on "Events: edit"
// and the volunteer's next request reaches the events screen.

const REPORTS = ["birthdays", "anniversaries", "active_members", "visitors", "ministry?slug=amplify"];
const SCREENS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
] as const;

async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  return context.newPage();
}

async function passwordSignIn(page: Page, email: string, password: string) {
  await page.goto("/members/login");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The status and text of a GET made with the page's own session. */
async function answerTo(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return { status: response.status(), text: await response.text() };
}

/** Both screen sizes: no sideways scrolling, no accessibility faults, and a picture to look at. */
async function lookAt(page: Page, what: string) {
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/custom-roles-${what}-${screen.name}.png`, fullPage: true });
  }
  await expectAxeClean(page, what);
}

test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

test("a Sermons volunteer role: made, given, refused everything else, then given events", async ({
  page,
  browser,
}) => {
  test.slow();
  test.setTimeout(240_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const roleName = `Sermons volunteer ${tag}`;
  const name = `Vera Volunteer ${tag}`;
  const email = `vera.${tag}@example.org`;
  const sermon = `Sermon by Vera ${tag}`;
  const [member] = await sql<{ id: string }>(
    "insert into members (first_name, last_name, email, mobile) values ('Vera', $1, $2, '36660000') returning id",
    [`Member ${tag}`, email],
  );
  const person = await newPerson(browser);
  try {
    // The roles screen, from the staff screen; the navigation keeps Staff Accounts marked.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.goto("/members/staff");
    await page.getByRole("link", { name: "Roles", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Roles", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Members" }).getByRole("link", { name: "Staff Accounts" }),
    ).toHaveAttribute("aria-current", "page");
    const editor = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Editor", exact: true }) });
    await expect(editor.getByTestId("role-summary")).toContainText("Privacy notice and privacy tools: edit");
    await lookAt(page, "list");

    // A new role: sermons and media, edit; the summary follows each choice.
    await page.getByRole("link", { name: "New role" }).click();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByLabel("Name of the role").fill(roleName);
    const summary = page.getByRole("region", { name: "In plain words" }).getByTestId("role-summary");
    await expect(summary).toContainText("Nothing but their own account.");
    await page
      .getByRole("radiogroup", { name: "Sermons and media" })
      .getByRole("radio", { name: "Edit" })
      .check();
    await expect(summary).toContainText("Sermons and media: add and change sermons");
    await expect(summary.getByRole("list", { name: "Cannot" })).toContainText("Events");
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByTestId("toast")).toContainText(`“${roleName}” can now be given`);
    await expect(page.getByRole("heading", { name: roleName, level: 1 })).toBeVisible();
    const roleUrl = page.url();
    await lookAt(page, "editor");

    // The admin invites the volunteer with it; e-mail is not set up here, so the link is shown.
    await page.goto("/members/staff");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const form = page.getByRole("region", { name: "Add a staff account" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("E-mail").fill(email);
    const choice = form.getByRole("radio", { name: roleName });
    await choice.check();
    await expect(choice).toHaveAccessibleDescription(
      "Sermons and media: add and change sermons, ministry videos and ministry images.",
    );
    await form.getByRole("button", { name: "Make invitation link" }).click();
    const link = await page.getByTestId("invitation-link").getByLabel(`Link for ${name}`).inputValue();
    await expect(page.getByTestId("added-next-steps")).toContainText(
      `Vera Member ${tag} in the registry has the same e-mail address`,
    );
    await expectNoSidewaysScroll(page);

    // Its screen suggests the member with that address; the admin links them.
    await page.getByTestId("added-next-steps").getByRole("link").click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("button", { name: `Link to Vera Member ${tag}` }).click();
    await expect(page.getByTestId("toast")).toContainText(`linked to Vera Member ${tag}`);
    await expect(page.getByTestId("staff-detail-member-record")).toHaveText(`Vera Member ${tag}`);
    await lookAt(page, "account");
    await page
      .getByTestId("linked-member")
      .getByRole("link", { name: `Vera Member ${tag}` })
      .click();
    await expect(page.getByTestId("staff-account-note")).toContainText(`Has a staff account (${roleName})`);

    // The volunteer chooses a password from the link and signs in.
    await person.goto(link);
    await person.getByLabel("Password", { exact: true }).fill("quiet harbour morning 7");
    await person.getByLabel("Type it again").fill("quiet harbour morning 7");
    await person.getByRole("button", { name: "Save my password" }).click();
    await expect(person).toHaveURL("/members/login?password=set");
    await passwordSignIn(person, email, "quiet harbour morning 7");
    await expect(person).toHaveURL("/members");

    // Only the screens the role reaches are in the navigation.
    const navigation = person.getByRole("navigation", { name: "Members" }).getByRole("listitem");
    await expect(navigation).toHaveText([
      "Dashboard",
      "Sermons",
      "Ministry Videos",
      "Ministry Images",
      "My Account",
    ]);

    // The volunteer adds a sermon.
    await person.goto("/members/add-sermon");
    await person.getByLabel("Sermon Date").fill("2026-11-20");
    await person.getByLabel("Title", { exact: true }).fill(sermon);
    await person.getByLabel("Speaker").fill("Vera");
    await person.getByLabel("YouTube URL").fill("https://youtu.be/abcdefghijk");
    await person.getByRole("button", { name: "Add Sermon" }).click();
    await expect(person.getByTestId("toast")).toContainText("Sermon Added!");

    // Everything else answers 403, with the permission it needs named on the page.
    const screens: [string, string][] = [
      ["/members/site", "Website and church details: edit"],
      ["/members/add-event", "Events: edit"],
      ["/members/details", "Member registry: view"],
      [`/members/profile/${member!.id}`, "Member registry: view"],
    ];
    for (const [path, needs] of screens) {
      await person.goto(path);
      await expect(person.getByText(`It needs “${needs}”`), path).toBeVisible();
    }
    const exports: [string, string][] = [
      ...REPORTS.map((report): [string, string] => [
        `/members/reports/export/${report}`,
        "Reports and exports",
      ]),
      ["/members/registrations/export/ministry", "Registrations and check-in"],
      ["/members/registrations/export/event", "Registrations and check-in"],
      [`/members/profile/${member!.id}/export`, "Reports and exports"],
      ["/members/audit/export", "Audit log"],
    ];
    for (const [path, needs] of exports) {
      const answer = await answerTo(person, path);
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain(`It needs “${needs}: view”`);
    }

    // The admin, with scripts off, gives the role events; the summary is the server's.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    try {
      const admin = await plain.newPage();
      await admin.goto(roleUrl);
      await admin.getByRole("radiogroup", { name: "Events" }).getByRole("radio", { name: "Edit" }).check();
      await admin.getByRole("button", { name: "Save role" }).click();
      await expect(admin.getByTestId("role-summary")).toContainText("Events: add and change events");
      await expect(
        admin.getByRole("radiogroup", { name: "Events" }).getByRole("radio", { name: "Edit" }),
      ).toBeChecked();
    } finally {
      await plain.close();
    }
    const [stored] = await sql<{ levels: Record<string, string> }>(
      "select levels from staff_roles where name = $1",
      [roleName],
    );
    expect(stored!.levels).toEqual({ sermons: "edit", events: "edit" });

    // The volunteer's next request reaches events.
    await person.goto("/members/add-event");
    await expect(person.getByRole("heading", { level: 1 })).toContainText("Event");
    expect((await answerTo(person, "/members/site")).status).toBe(403);

    // The list of roles counts the volunteer under the new role, and cannot delete it meanwhile.
    await page.goto("/members/staff/roles");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: roleName, exact: true }) });
    await expect(card.getByTestId("role-usage")).toHaveText("Used by 1 account");
    await expect(card.getByTestId("role-summary")).toContainText("Events: add and change events");
    await lookAt(page, "list-with-own");
    await card.getByRole("link", { name: `Change ${roleName}` }).click();
    await expect(page.getByTestId("role-in-use")).toContainText("give it another role before deleting");
    await expect(page.getByRole("button", { name: "Delete role" })).toHaveCount(0);
  } finally {
    await person.context().close();
    await sql("delete from sermons where title = $1", [sermon]);
    await sql("delete from users where email = $1", [email]);
    await sql("delete from staff_roles where name = $1", [roleName]);
    await sql("delete from members where email = $1", [email]);
  }
});
