import crypto from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { expect, sql } from "./fixtures";

// Staff accounts for the specs of accounts, passwords and two-factor sign-in: each test makes its
// own (a unique address), written as the auth library would; the links the outbox holds; the code
// an authenticator app shows.

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  /** Null for an account that was invited and has not chosen a password yet. */
  password: string | null;
}

/** A staff account with `password` (a random one by default); `null` makes an invited account without one. */
export async function createStaffAccount(
  name?: string,
  password?: string,
): Promise<TestAccount & { password: string }>;
export async function createStaffAccount(name: string, password: null): Promise<TestAccount>;
export async function createStaffAccount(
  name = "Grace Santos",
  password: string | null = `violet lantern ${crypto.randomBytes(3).toString("hex")}`,
): Promise<TestAccount> {
  const email = `${name.split(" ")[0]!.toLowerCase()}.${crypto.randomBytes(4).toString("hex")}@e2e.test`;
  const [user] = await sql<{ id: string }>(
    "insert into users (name, email, role, email_verified) values ($1, $2, 'staff', true) returning id",
    [name, email],
  );
  if (password !== null) {
    await sql(
      "insert into accounts (account_id, provider_id, user_id, password) values ($1::text, 'credential', $1::uuid, $2)",
      [user!.id, await hashPassword(password)],
    );
  }
  return { id: user!.id, name, email, password };
}

/**
 * The text of the last e-mail of `kind` queued for `email`, waiting for it: an e-mail a visitor
 * asked for ("Forgot password?", "Update my details") is queued once the answer has left.
 */
export async function lastQueuedEmail(email: string, kind?: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const [mail] = await sql<{ text_body: string }>(
          `select text_body from outbox_emails where to_address = $1 ${kind ? "and kind = $2" : ""}
           order by created_at desc limit 1`,
          kind ? [email, kind] : [email],
        );
        text = mail?.text_body ?? "";
        return text !== "";
      },
      { message: `an e-mail queued for ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return text;
}

/** The path of the set-password link in the last e-mail queued for `email` (the outbox keeps it). */
export async function linkFromOutbox(email: string): Promise<string> {
  const path = /\/members\/set-password\?token=[\w-]+/.exec(await lastQueuedEmail(email))?.[0];
  if (!path) throw new Error(`no set-password link in the outbox for ${email}`);
  return path;
}

/**
 * The code an authenticator app would show now for this secret (as the set-up screen writes it),
 * or `steps` 30-second steps later: a code signs in once, and the app's next one is accepted too.
 */
export function authenticatorCode(secret: string, steps = 0): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s+/g, ""))).hotp(Math.floor(Date.now() / 30_000) + steps);
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}
