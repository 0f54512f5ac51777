import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, sql, test, visitorAddress } from "./fixtures";

// The unsubscribe link of an announcement (issue 35), as a reader opens it: without scripts,
// opening it changes nothing, the button unsubscribes, and the answer names the address; a mail
// provider's one-click POST (RFC 8058) from another site is accepted for this address only; an
// altered link is refused and writes nothing.

test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

/** A link made as the sending makes it: a random token whose hash alone is stored. */
async function unsubscribeLink(address: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  await sql(
    "insert into signed_links (purpose, subject_id, token_hash, single_use) values ('unsubscribe', $1, $2, false)",
    [address, hash],
  );
  return token;
}

const unsubscribed = (address: string) =>
  sql<{ n: number }>("select count(*)::int as n from email_unsubscribes where address = $1", [address]);

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is no wider than the screen`).toBeLessThanOrEqual(0);
  }
}

test("opening the link changes nothing; the button unsubscribes and says so", async ({ page }) => {
  const address = `a.very.long.address.${crypto.randomBytes(4).toString("hex")}@example-parish-office.org`;
  const token = await unsubscribeLink(address);
  await page.goto(`/unsubscribe/${token}`);
  await expect(page.getByRole("heading", { name: "Unsubscribe", level: 1 })).toBeVisible();
  await expect(page.getByText(`Stop the church's announcements to ${address}?`)).toBeVisible();
  await screenshots(page, "unsubscribe-ask");
  expect(await unsubscribed(address)).toEqual([{ n: 0 }]);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `You will no longer receive the church's announcements at ${address}.`,
  );
  await screenshots(page, "unsubscribe-done");
  expect(await unsubscribed(address)).toEqual([{ n: 1 }]);
  expect(
    await sql(
      "select actor_label from audit_log where action = 'person.unsubscribed' and subject_label = $1",
      [address],
    ),
  ).toEqual([{ actor_label: "visitor" }]);
});

test("a mail provider's one-click POST from another site is accepted here, and only here", async ({
  page,
}) => {
  const address = `oneclick.${crypto.randomBytes(4).toString("hex")}@example.org`;
  const token = await unsubscribeLink(address);
  const elsewhere = {
    origin: "https://mail.example.com",
    "content-type": "application/x-www-form-urlencoded",
  };
  const answer = await page.request.post(`/unsubscribe/${token}`, {
    headers: elsewhere,
    data: "List-Unsubscribe=One-Click",
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain("You will no longer receive the church");
  expect(await unsubscribed(address)).toEqual([{ n: 1 }]);
  // Any other form still refuses a post from another site.
  const connect = await page.request.post("/connect", { headers: elsewhere, data: "name=x" });
  expect(connect.status()).toBe(403);
});

test("an altered link is refused with a clear page and writes nothing", async ({ page }) => {
  const address = `altered.${crypto.randomBytes(4).toString("hex")}@example.org`;
  const token = await unsubscribeLink(address);
  const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  const opened = await page.goto(`/unsubscribe/${altered}`);
  expect(opened!.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
  await expect(page.getByText(address)).toHaveCount(0);
  await screenshots(page, "unsubscribe-invalid");
  const posted = await page.request.post(`/unsubscribe/${altered}`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(posted.status()).toBe(404);
  expect(await unsubscribed(address)).toEqual([{ n: 0 }]);
});

test("the three pages pass the accessibility check on a phone and a laptop", async ({ browser }) => {
  // The check is a script, so it runs in a tab with scripts on; the pages are the same HTML.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const page = await context.newPage();
  const check = async (name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAxeClean(page, `${name} at ${width} px`);
    }
  };
  try {
    const address = `axe.${crypto.randomBytes(4).toString("hex")}@example.org`;
    const token = await unsubscribeLink(address);
    await page.goto(`/unsubscribe/${token}`);
    await check("the unsubscribe question");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText(address);
    await check("the unsubscribe answer");
    await page.goto(`/unsubscribe/${token.slice(0, -2)}xx`);
    await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
    await check("an altered unsubscribe link");
  } finally {
    await context.close();
  }
});
