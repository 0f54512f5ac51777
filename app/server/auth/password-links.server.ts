import crypto from "node:crypto";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { users, verifications } from "../../../database/schema";
import { LINK_INVALID } from "~/schemas/password";
import { AppError } from "../http/errors.server";
import { renderEmail } from "../messages/email-layout.server";
import { queueEmail } from "../messages/outbox.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { clearRateLimitsWithPrefix, limitEmailedLinkRequests } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { accountFailurePrefix } from "./sign-in.server";

// Single-use links that let a person choose a password: an invitation (valid 72 hours) or a reset
// (valid one hour). They are the auth library's reset tokens, stored hashed in its verification
// table, so its own endpoint checks and consumes them, and signs the account out everywhere.

export const INVITATION_HOURS = 72;
export const RESET_HOURS = 1;
export const SET_PASSWORD_PATH = "/members/set-password";

export type LinkPurpose = "invitation" | "reset";

export interface PasswordLink {
  token: string;
  url: string;
  expiresAt: Date;
}

/**
 * Makes a new link for the account. Earlier links stay valid until they expire or one is used:
 * using any of them sets the password and ends all of them.
 */
export async function createPasswordLink(
  userId: string,
  purpose: LinkPurpose,
  origin: string,
): Promise<PasswordLink> {
  const ctx = await services().auth.$context;
  const token = crypto.randomBytes(32).toString("base64url");
  const hours = purpose === "invitation" ? INVITATION_HOURS : RESET_HOURS;
  const expiresAt = new Date(Date.now() + hours * 60 * 60 * 1000);
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
  });
  return { token, url: `${origin}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`, expiresAt };
}

/** The account a link belongs to, and whether it is an invitation (no password yet); null when the link is unknown, used or expired. */
export async function findPasswordLink(token: string): Promise<{
  userId: string;
  email: string;
  username: string | null;
  name: string;
  purpose: LinkPurpose;
} | null> {
  if (!token || token.length > 200) return null;
  const ctx = await services().auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const [user] = await services()
    .db.select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      banned: users.banned,
    })
    .from(users)
    .where(eq(users.id, verification.value))
    .limit(1);
  if (!user || user.banned) return null;
  const credential = await ctx.internalAdapter.findCredentialAccount(user.id);
  return {
    userId: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    purpose: credential?.password ? "reset" : "invitation",
  };
}

export { LINK_INVALID };

/**
 * Sets the password from a link (checked already against the password rules): the link is used
 * up (and the account's other links with it), every session of the account ends, its failed
 * sign-ins are forgotten and a temporary password no longer needs changing.
 */
export async function setPasswordFromLink(token: string, password: string): Promise<void> {
  const link = await findPasswordLink(token);
  if (!link) throw new AppError(LINK_INVALID, 400, { field: "password" });
  const { auth, db } = services();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500)
      throw new AppError(LINK_INVALID, 400, { field: "password" });
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mustChangePassword: false, emailVerified: true })
      .where(eq(users.id, link.userId));
    // The account's other single-use tokens end too: older links (a second "Forgot password?", an
    // invitation sent again), half-done two-factor sign-ins and remembered devices.
    await tx.delete(verifications).where(eq(verifications.value, link.userId));
    await logChange(
      tx,
      { id: link.userId, email: link.email },
      link.purpose === "invitation" ? "staff.invitation-accepted" : "auth.password-reset",
      { subject: { type: "staff", id: link.userId, label: link.email } },
    );
  });
  // A locked account opens again at once, whether its failures were counted by e-mail or username.
  for (const account of [link.email, link.username]) {
    if (account) await clearRateLimitsWithPrefix(db, accountFailurePrefix(account));
  }
}

// The e-mails below are queued in the caller's transaction, with the site content read before it
// (`getSiteContent()`): a read through the database handle inside the transaction would wait for
// it forever on the embedded database, which has a single connection.

/** The invitation e-mail, queued in `executor`'s transaction. */
export async function queueInvitationEmail(
  executor: Executor,
  invitee: { email: string; name: string },
  invitedBy: string,
  link: PasswordLink,
  content: SiteContent,
): Promise<string> {
  const church = content.church.name;
  return queueEmail(executor, {
    kind: "account.invitation",
    to: invitee.email,
    expiresAt: link.expiresAt,
    ...renderEmail(content, `Your account for the ${church} website`, {
      heading: `Hello ${invitee.name},`,
      paragraphs: [
        `${invitedBy} has made you an account for the members area of the ${church} website.`,
        `Choose your password with the link below. It works once, for ${INVITATION_HOURS} hours.`,
        "If you did not expect this, you can ignore this e-mail.",
      ],
      details: [["Your sign-in", invitee.email]],
      action: { label: "Choose your password", href: link.url },
    }),
  });
}

/** The password-reset e-mail. */
export async function queueResetEmail(
  executor: Executor,
  email: string,
  name: string,
  link: PasswordLink,
  content: SiteContent,
) {
  return queueEmail(executor, {
    kind: "account.password-reset",
    to: email,
    expiresAt: link.expiresAt,
    ...renderEmail(content, "Reset your password", {
      heading: `Hello ${name},`,
      paragraphs: [
        `Someone (we hope you) asked to reset the password of your account on the ${content.church.name} website.`,
        "Choose a new password with the link below. It works once, for one hour, and signs you out everywhere else.",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ],
      action: { label: "Choose a new password", href: link.url },
    }),
  });
}

/**
 * "Forgot password?": when the address belongs to an enabled account, a reset link goes out by
 * e-mail. The caller answers the same either way and has limited the requests already.
 */
export async function requestPasswordReset(email: string, origin: string, actor: Actor = "visitor") {
  const { db } = services();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, banned: users.banned })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user || user.banned) return;
  const link = await createPasswordLink(user.id, "reset", origin);
  const content = await getSiteContent();
  await db.transaction(async (tx) => {
    await queueResetEmail(tx, user.email, user.name, link, content);
    await logChange(tx, actor, "auth.password-reset-requested", {
      subject: { type: "staff", id: user.id, label: user.email },
    });
  });
}

/** How often one e-mail address may be sent a reset link, and one connection may ask for any. */
export const RESET_REQUESTS_PER_ADDRESS = 3;
export const RESET_REQUESTS_PER_CONNECTION = 10;

/**
 * The "Forgot password?" form's request, within its limits: a connection that asked too often
 * is told to wait (the answer it gets); an address asked for too often quietly gets nothing more,
 * so the answer still does not tell whether the address has an account.
 */
export const requestPasswordResetWithinLimits = limitEmailedLinkRequests(
  "reset",
  { perConnection: RESET_REQUESTS_PER_CONNECTION, perAddress: RESET_REQUESTS_PER_ADDRESS },
  requestPasswordReset,
);
