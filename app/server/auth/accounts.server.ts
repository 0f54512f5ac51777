import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../database/schema";
import { newPasswordSchema } from "~/schemas/password";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { PLACEHOLDER_ADMIN_EMAIL } from "./email-change.server";
import { startFirstAdminSetup } from "./first-admin-setup.server";

export const accountCredentialsSchema = z.object({
  email: z.email("Please enter a valid e-mail address.").transform((value) => value.toLowerCase()),
  password: newPasswordSchema,
});

export type AccountCredentials = z.input<typeof accountCredentialsSchema>;

/** A password nobody can guess and a person can still type: 4 groups of 5 characters. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    for (let i = 0; i < 5; i++) group += alphabet[crypto.randomInt(alphabet.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/**
 * Creates an administrator account, or, when the e-mail address already has an account, makes it
 * an administrator with the new password and signs it out everywhere.
 */
export async function createOrResetAdmin(
  input: AccountCredentials,
  actor: Actor = "console",
): Promise<"created" | "reset"> {
  const { email, password } = accountCredentialsSchema.parse(input);
  const { auth, db } = services();
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (!existing) {
    const { user } = await auth.api.createUser({
      body: { email, password, name: email.split("@")[0] || "Administrator", role: "admin" },
    });
    await logChange(db, actor, "staff.created", {
      subject: { type: "staff", id: user.id, label: email },
      details: { role: "admin" },
    });
    return "created";
  }
  const userId = existing.user.id;
  const hash = await ctx.password.hash(password);
  if (await ctx.internalAdapter.findCredentialAccount(userId)) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.createAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
  }
  await ctx.internalAdapter.updateUser(userId, { role: "admin", banned: false, mustChangePassword: false });
  await ctx.internalAdapter.deleteUserSessions(userId);
  await logChange(db, actor, "staff.reset-by-console", {
    subject: { type: "staff", id: userId, label: email },
    details: { role: "admin", previousRole: (existing.user as { role?: string }).role ?? null },
  });
  return "reset";
}

export async function countAccounts(): Promise<number> {
  const { db } = services();
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * On the first start of an empty database, make the first administrator: from ADMIN_EMAIL and
 * ADMIN_PASSWORD when set, otherwise with a generated password printed once. A fresh install
 * therefore never has a known default password.
 */
export async function ensureFirstAdmin(log: (message: string) => void = console.log) {
  if ((await countAccounts()) > 0) return;
  const { env } = services();
  const email = env.ADMIN_EMAIL ?? PLACEHOLDER_ADMIN_EMAIL;
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  await createOrResetAdmin({ email, password }, "system");
  // Someone who starts the site without choosing the first administrator's address or password
  // is taken through the first sign-in set-up (an operator who chose both is not).
  if (generated || email === PLACEHOLDER_ADMIN_EMAIL) {
    const { db } = services();
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (admin) await startFirstAdminSetup(db, { userId: admin.id, passwordGenerated: generated });
  }
  if (generated) {
    const lines = [
      "First administrator account created. This password is shown only once:",
      "",
      `    E-mail:   ${email}`,
      `    Password: ${password}`,
      "",
      "Sign in and keep it safe. To set another: npm run admin:create -- --email E --password P",
    ];
    const width = Math.max(...lines.map((line) => line.length)) + 4;
    const bar = "*".repeat(width);
    log(["", bar, ...lines.map((line) => `* ${line.padEnd(width - 4)} *`), bar, ""].join("\n"));
  } else {
    log(`First administrator account created for ${email} (password from ADMIN_PASSWORD).`);
  }
}
