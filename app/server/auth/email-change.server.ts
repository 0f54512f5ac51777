import crypto from "node:crypto";
import { and, eq, like, ne, sql } from "drizzle-orm";
import { users, verifications } from "../../../database/schema";
import { EMAIL_LINK_INVALID } from "~/schemas/account";
import { isUniqueViolation } from "../platform/db-errors.server";
import { AppError, notFound } from "../http/errors.server";
import { renderEmail } from "../messages/email-layout.server";
import { queueEmail } from "../messages/outbox.server";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { confirmingPassword } from "./own-account.server";
import type { StaffUser } from "./staff-user.server";
import { staffSubject, texts as staffTexts } from "./staff-accounts.server";

// A staff account's e-mail address changes in one of two ways. The person themselves asks on My
// account (with their password) and confirms with a single-use link sent to the new address, so
// nobody can move an account to an address they do not read. An administrator changes it at once
// on the staff screen. Either way the old address is told, and the change is audited. Usernames
// are not touched: who signed in with one keeps doing so.

export const EMAIL_CHANGE_HOURS = 24;
export const CONFIRM_EMAIL_PATH = "/members/confirm-email";
/** The address the first administrator gets when ADMIN_EMAIL is not set: nobody reads it. */
export const PLACEHOLDER_ADMIN_EMAIL = "admin@church.local";

export const emailChangeTexts = {
  same: "That is already the account's e-mail address.",
  taken: "Another staff account already uses this e-mail address. Choose another one.",
  linkInvalid: EMAIL_LINK_INVALID,
};

// The link's token is kept only as its SHA-256 hash, beside the new address; the row's value is
// the account's id, so deleting an account or setting its password ends its pending changes too.
const PREFIX = "change-email:";
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const normalised = (email: string) => email.trim().toLowerCase();

async function assertAddressFree(executor: Executor, email: string, exceptId: string) {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, exceptId)))
    .limit(1);
  if (taken) throw new AppError(emailChangeTexts.taken, 409, { field: "email" });
}

/** The e-mail to the old address: the account's sign-in address is now another one. */
function queueOldAddressNotice(
  executor: Executor,
  account: { name: string; email: string },
  to: string,
  byAdmin: string | null,
  content: SiteContent,
) {
  return queueEmail(executor, {
    kind: "account.email-changed",
    to: account.email,
    ...renderEmail(content, "Your e-mail address was changed", {
      heading: `Hello ${account.name},`,
      paragraphs: [
        byAdmin
          ? `${byAdmin} changed the e-mail address of your account on the ${content.church.name} website. Messages for the account now go to the new address, and you sign in with it.`
          : `The e-mail address of your account on the ${content.church.name} website was changed. Messages for the account now go to the new address, and you sign in with it.`,
        "If you did not expect this, tell an administrator of the church at once.",
      ],
      details: [
        ["Old address", account.email],
        ["New address", to],
      ],
    }),
  });
}

/**
 * Changes the address in `tx` (the caller's transaction, beside its own audit entry), ends any
 * pending confirmation links of the account and tells the old address, unless it is the
 * placeholder nobody reads.
 */
async function writeNewAddress(
  tx: Executor,
  account: { id: string; name: string; email: string },
  to: string,
  byAdmin: string | null,
  content: SiteContent,
) {
  await assertAddressFree(tx, to, account.id);
  await tx.update(users).set({ email: to, updatedAt: new Date() }).where(eq(users.id, account.id));
  await tx
    .delete(verifications)
    .where(and(eq(verifications.value, account.id), like(verifications.identifier, `${PREFIX}%`)));
  if (account.email !== PLACEHOLDER_ADMIN_EMAIL) {
    await queueOldAddressNotice(tx, account, to, byAdmin, content);
  }
}

/** Runs a change of address; an address taken a moment ago by another account is the same refusal. */
async function changingAddress<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await services().db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(emailChangeTexts.taken, 409, { field: "email" });
    throw error;
  }
}

/**
 * My account: after the current password, sends a link to the new address; the address changes
 * when it is used. A newer request replaces an older one.
 */
export async function requestOwnEmailChange(
  request: Request,
  user: StaffUser,
  input: { email: string; emailPassword: string },
  origin: string,
): Promise<{ email: string; expiresAt: Date }> {
  const email = normalised(input.email);
  if (email === user.email.toLowerCase()) throw new AppError(emailChangeTexts.same, 400, { field: "email" });
  const { auth, db } = services();
  await assertAddressFree(db, email, user.id);
  await confirmingPassword(user, "emailPassword", () =>
    auth.api.verifyPassword({ body: { password: input.emailPassword }, headers: request.headers }),
  );
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000);
  const url = `${origin}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  const content = await getSiteContent();
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, user.id), like(verifications.identifier, `${PREFIX}%`)));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: `${PREFIX}${hashOf(token)}|${email}`,
      value: user.id,
      expiresAt,
    });
    await queueEmail(tx, {
      kind: "account.email-confirmation",
      to: email,
      ...renderEmail(content, "Confirm your new e-mail address", {
        heading: `Hello ${user.name},`,
        paragraphs: [
          `You asked to use this address for your account on the ${content.church.name} website.`,
          `Confirm it with the link below. It works once, for ${EMAIL_CHANGE_HOURS} hours. Until then you sign in with ${user.email}.`,
          "If you did not ask for this, ignore this e-mail: nothing changes.",
        ],
        action: { label: "Confirm my new address", href: url },
      }),
    });
    await logChange(tx, user, "account.email-change-requested", {
      subject: staffSubject(user),
      details: { to: email },
    });
  });
  return { email, expiresAt };
}

/** The account's change of address waiting for its link to be used, if any. */
export async function pendingEmailChange(userId: string): Promise<{ to: string; expiresAt: Date } | null> {
  const [row] = await services()
    .db.select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${PREFIX}%`)))
    .limit(1);
  if (!row || row.expiresAt < new Date()) return null;
  return { to: row.identifier.slice(row.identifier.indexOf("|") + 1), expiresAt: row.expiresAt };
}

/** A pending change of address by its link's token; null when the link is unknown, used or expired. */
export async function findEmailChange(
  token: string,
): Promise<{ userId: string; name: string; from: string; to: string; identifier: string } | null> {
  if (!token || token.length > 200) return null;
  const { db } = services();
  const [row] = await db
    .select()
    .from(verifications)
    .where(like(verifications.identifier, `${PREFIX}${hashOf(token)}|%`))
    .limit(1);
  if (!row || row.expiresAt < new Date()) return null;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, banned: users.banned })
    .from(users)
    .where(eq(users.id, row.value))
    .limit(1);
  if (!user || user.banned) return null;
  const to = row.identifier.slice(row.identifier.indexOf("|") + 1);
  return { userId: user.id, name: user.name, from: user.email, to, identifier: row.identifier };
}

/** Uses a confirmation link: the account's address becomes the new one. */
export async function confirmEmailChange(token: string): Promise<{ name: string; email: string }> {
  const pending = await findEmailChange(token);
  if (!pending) throw new AppError(emailChangeTexts.linkInvalid, 400);
  const content = await getSiteContent();
  const account = { id: pending.userId, name: pending.name, email: pending.from };
  await changingAddress(async (tx) => {
    // Single use: whoever deletes the row first changes the address.
    const used = await tx
      .delete(verifications)
      .where(eq(verifications.identifier, pending.identifier))
      .returning({ id: verifications.id });
    if (used.length === 0) throw new AppError(emailChangeTexts.linkInvalid, 400);
    await writeNewAddress(tx, account, pending.to, null, content);
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
    await logChange(tx, { id: account.id, email: pending.from }, "account.email-changed", {
      subject: staffSubject(account),
      details: { from: pending.from, to: pending.to },
    });
  });
  return { name: pending.name, email: pending.to };
}

/** The staff screen: an administrator changes an account's address at once. */
export async function changeStaffEmail(
  id: string,
  typed: string,
  actor: StaffUser,
): Promise<{ name: string; from: string; to: string; changed: boolean }> {
  const to = normalised(typed);
  const { db } = services();
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!account) throw notFound(staffTexts.notFound);
  if (account.email === to) return { name: account.name, from: account.email, to, changed: false };
  const content = await getSiteContent();
  await changingAddress(async (tx) => {
    await writeNewAddress(tx, account, to, actor.name, content);
    await logChange(tx, actor, "staff.email-changed", {
      subject: staffSubject(account),
      details: { from: account.email, to },
    });
  });
  return { name: account.name, from: account.email, to, changed: true };
}

/**
 * The first sign-in set-up: the first administrator sets their own name and address at once (they
 * are the administrator; the old address is the placeholder nobody reads). Audited as their own.
 */
export async function changeOwnNameAndEmail(
  user: StaffUser,
  input: { name: string; email: string },
  actor: Actor = user,
): Promise<{ emailChanged: boolean; nameChanged: boolean }> {
  const to = normalised(input.email);
  const content = await getSiteContent();
  return changingAddress(async (tx) => {
    const [before] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    if (!before) throw notFound(staffTexts.notFound);
    const emailChanged = before.email !== to;
    const nameChanged = before.name !== input.name;
    if (emailChanged) {
      await writeNewAddress(tx, { id: user.id, name: before.name, email: before.email }, to, null, content);
      await logChange(tx, actor, "account.email-changed", {
        subject: staffSubject({ id: user.id, email: before.email }),
        details: { from: before.email, to },
      });
    }
    if (nameChanged) {
      await tx.update(users).set({ name: input.name }).where(eq(users.id, user.id));
      await logChange(tx, actor, "account.name-changed", {
        subject: staffSubject({ id: user.id, email: to }),
        details: { changes: fieldChanges({ name: before.name }, { name: input.name }, ["name"]) },
      });
    }
    return { emailChanged, nameChanged };
  });
}
