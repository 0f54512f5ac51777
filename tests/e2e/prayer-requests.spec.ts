import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, sql, test, visitorAddress } from "./fixtures";
import { createStaffAccount, expectNoSidewaysScroll } from "./staff-account";

// Prayer requests end to end (issue 38). A visitor with scripts off finds the prayer form from the
// Connect page and sends a request: a mistake is shown on its field with what was typed kept,
// then the answer says what happens next. The acceptance: a private request is visible to a pastor
// and refused (403, not just hidden) to an editor and to staff without the prayer permission; a
// shareable one shows in the prayer team's list without the person's contact.

const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, role: string): Promise<Page> {
  const account = await createStaffAccount(`${role} Tester`);
  await sql("update users set role = $1 where id = $2", [role, account.id]);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** A visitor's request from /prayer, with scripts off: answers its id. */
async function sendRequest(
  browser: Browser,
  fields: { name: string; request: string; readers: RegExp; email?: string },
): Promise<string> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  try {
    const page = await context.newPage();
    await page.goto("/prayer");
    await page.getByLabel("Your name (optional)").fill(fields.name);
    await page.getByLabel("Your prayer request").fill(fields.request);
    await page.getByRole("radio", { name: fields.readers }).check();
    if (fields.email) {
      await page.getByLabel("I would like a call or a message").check();
      await page.getByLabel("Email").fill(fields.email);
    }
    await page.getByRole("button", { name: "Send Prayer Request" }).click();
    await expect(page.getByTestId("prayer-sent")).toBeVisible();
    const [row] = await sql<{ id: string }>("select id from prayer_requests where request = $1", [
      fields.request,
    ]);
    return row!.id;
  } finally {
    await context.close();
  }
}

test.describe("the public form, scripts off", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("is found from Connect, keeps what was typed after a mistake, and answers in plain words", async ({
    page,
  }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    const words = `Pray for my exams next week ${tag}.`;
    const email = `ruth.${tag}@example.org`;
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    await page.goto("/connect");
    await page.getByRole("link", { name: "Send a prayer request" }).click();
    await expect(page).toHaveURL(/\/prayer$/);
    await expect(page).toHaveTitle(/^Prayer Request/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prayer Request");
    // No framework script on the page (only the site menus' small inline one).
    expect(await (await page.request.get("/prayer")).text()).not.toMatch(/<script[^>]*type="module"/);
    await expect(page.locator("#main").getByRole("link", { name: "Privacy Notice" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A call asked for without a way to reach them: refused, everything typed kept.
    await page.getByLabel("Your name (optional)").fill("Ruth Script-Free");
    await page.getByLabel("Your prayer request").fill(words);
    await page.getByRole("radio", { name: "Our prayer team" }).check();
    await page.getByLabel("I would like a call or a message").check();
    await page.getByRole("button", { name: "Send Prayer Request" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Submission Failed");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter your e-mail or your mobile number").first()).toBeVisible();
    await expect(page.getByLabel("Your prayer request")).toHaveValue(words);
    await expect(page.getByRole("radio", { name: "Our prayer team" })).toBeChecked();
    await expect(page.getByLabel("I would like a call or a message")).toBeChecked();
    expect(await sql("select id from prayer_requests where request = $1", [words])).toEqual([]);

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Prayer Request" }).click();
    const sent = page.getByTestId("prayer-sent");
    await expect(sent).toContainText("Prayer Request Sent");
    await expect(sent).toContainText(
      "Thank you for trusting us with your request. Our pastors and our prayer team will pray for you. Someone will call or write to you soon.",
    );
    await expectNoSidewaysScroll(page);
    expect(
      await sql("select name, email, visibility, wants_call from prayer_requests where request = $1", [
        words,
      ]),
    ).toEqual([{ name: "Ruth Script-Free", email, visibility: "team", wants_call: true }]);
    expect(await sql("select source, reason from follow_ups where email = $1", [email])).toEqual([
      { source: "prayer", reason: "Asked for a call after a prayer request" },
    ]);
  });
});

test("a private request is read by a pastor and refused with 403 to an editor and to staff; a shared one is in the prayer team's list without the contact", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(3).toString("hex");
  const secret = `Pray for my marriage, nobody knows yet ${tag}.`;
  const shared = `Pray for my father's recovery after his operation ${tag}.`;
  const privateEmail = `miriam.${tag}@example.org`;
  const sharedEmail = `daniel.${tag}@example.org`;
  const privateId = await sendRequest(browser, {
    name: `Miriam ${tag}`,
    request: secret,
    readers: /Our pastors only/,
    email: privateEmail,
  });
  const sharedId = await sendRequest(browser, {
    name: `Daniel ${tag}`,
    request: shared,
    readers: /The weekly prayer list/,
    email: sharedEmail,
  });
  const [teamRole] = await sql<{ id: string }>(
    "insert into staff_roles (name, levels) values ($1, $2) returning id",
    [`Prayer team ${tag}`, JSON.stringify({ prayer: "view" })],
  );

  // The pastor: both requests in the list with their contacts, and the private one on its page.
  const pastor = await signedIn(browser, "pastor");
  await pastor.getByRole("link", { name: "Prayer requests" }).click();
  await expect(pastor.getByRole("heading", { name: "Prayer requests", level: 1 })).toBeVisible();
  const pastorList = pastor.getByTestId("prayer-list");
  await expect(pastorList).toContainText(secret);
  await expect(pastorList).toContainText(privateEmail);
  await expect(pastorList).toContainText(sharedEmail);
  await pastor.getByRole("link", { name: `Miriam ${tag}` }).click();
  await expect(pastor).toHaveURL(new RegExp(`/members/prayer/${privateId}$`));
  await expect(pastor.getByTestId("prayer-text")).toHaveText(secret);
  await expect(pastor.getByRole("link", { name: privateEmail })).toBeVisible();
  await pastor.context().close();

  // An editor and staff: the list and the private request answer 403, with nothing of it.
  for (const role of ["editor", "staff"]) {
    const page = await signedIn(browser, role);
    await expect(page.getByRole("link", { name: "Prayer requests" })).toHaveCount(0);
    for (const path of ["/members/prayer", `/members/prayer/${privateId}`]) {
      const answer = await page.goto(path);
      expect(answer!.status(), `${role} on ${path}`).toBe(403);
      await expect(page.getByText("It needs “Prayer team: view”")).toBeVisible();
      expect(await page.content()).not.toContain(secret);
    }
    await page.context().close();
  }

  // The prayer team: the shared request by name, without the e-mail; the private one is 403.
  const team = await signedIn(browser, teamRole!.id);
  await team.getByRole("link", { name: "Prayer requests" }).click();
  const teamList = team.getByTestId("prayer-list");
  await expect(teamList).toContainText(shared);
  await expect(teamList).toContainText(`Daniel ${tag}`);
  await expect(teamList).not.toContainText(sharedEmail);
  await expect(teamList).not.toContainText(secret);
  await expect(team.getByTestId("prayer-contact")).toHaveCount(0);
  await team.getByRole("link", { name: `Daniel ${tag}` }).click();
  await expect(team).toHaveURL(new RegExp(`/members/prayer/${sharedId}$`));
  await expect(team.getByTestId("prayer-text")).toHaveText(shared);
  expect(await team.content()).not.toContain(sharedEmail);
  const refused = await team.goto(`/members/prayer/${privateId}`);
  expect(refused!.status()).toBe(403);
  await expect(team.getByText("only the pastors may read it")).toBeVisible();
  expect(await team.content()).not.toContain(secret);
  await team.context().close();
});
