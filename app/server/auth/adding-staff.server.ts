import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { accounts, users, verifications } from "../../../database/schema";
import { formatDateTime } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import type { InvitationLinkView } from "~/lib/staff-accounts";
import { PASSWORD_TOO_COMMON } from "~/schemas/password";
import type { NewStaff } from "~/schemas/staff-account";
import { isUniqueViolation } from "../platform/db-errors.server";
import { AppError, notFound } from "../platform/app-error.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import type { StaffUser } from "./staff-user.server";
import { createPasswordLink, queueInvitationEmail, type PasswordLink } from "./password-links.server";
import { isTooCommon } from "./password-strength.server";
import { getStaffAccount, staffSubject, texts } from "./staff-accounts.server";
import { findRole, roleTexts } from "./staff-roles.server";

// Adding staff accounts on /members/staff: an invitation with a link to choose a password (sent
// again while unused), or a temporary password the admin passes on.

const emailTaken = () => new AppError(texts.emailTaken, 409, { field: "email" });

async function assertEmailFree(email: string) {
  const [taken] = await services()
    .db.select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (taken) throw emailTaken();
}

/**
 * Runs the transaction that adds an account with `role`, which must exist (it is held, so it
 * cannot be deleted meanwhile); a second account with the same e-mail (made a moment ago) is a
 * field error.
 */
async function addingAccount<T>(
  role: string,
  work: (tx: Executor, roleName: string) => Promise<T>,
): Promise<T> {
  try {
    return await services().db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
      const found = await findRole(role, tx);
      if (!found)
        throw new AppError(isUuid(role) ? roleTexts.notFound : roleTexts.choose, 400, { field: "role" });
      return work(tx, found.name);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export interface Invitation {
  accountId: string;
  name: string;
  email: string;
  link: PasswordLink;
}

/**
 * Invites a person: an account without a password, a single-use link valid 72 hours to choose it,
 * and the invitation e-mail in the outbox. The link is the library's own row, written first
 * (through its connection) for an id chosen here; the account, the e-mail and the audit entry are
 * one transaction, and when that fails the unused link is removed.
 */
export async function inviteStaff(
  input: Omit<Extract<NewStaff, { method: "invite" }>, "method">,
  actor: StaffUser,
  origin: string,
): Promise<Invitation> {
  await assertEmailFree(input.email);
  const id = crypto.randomUUID();
  const content = await getSiteContent();
  const link = await createPasswordLink(id, "invitation", origin);
  try {
    await addingAccount(input.role, async (tx, roleName) => {
      await tx.insert(users).values({ id, name: input.name, email: input.email, role: input.role });
      await queueInvitationEmail(tx, input, actor.name, link, content);
      await logChange(tx, actor, "staff.invited", {
        subject: staffSubject({ id, email: input.email }),
        details: { name: input.name, role: input.role, roleName },
      });
    });
  } catch (error) {
    await services().db.delete(verifications).where(eq(verifications.value, id));
    throw error;
  }
  return { accountId: id, name: input.name, email: input.email, link };
}

/**
 * Makes an account with a temporary password the admin passes on; the person must choose their
 * own at first sign-in. The password is checked against the common ones and hashed by the library.
 */
export async function createStaffWithPassword(
  input: Omit<Extract<NewStaff, { method: "password" }>, "method">,
  actor: StaffUser,
): Promise<{ accountId: string }> {
  await assertEmailFree(input.email);
  if (await isTooCommon(input.password, [input.name, input.email])) {
    throw new AppError(PASSWORD_TOO_COMMON, 400, { field: "password" });
  }
  const ctx = await services().auth.$context;
  const hash = await ctx.password.hash(input.password);
  const id = crypto.randomUUID();
  await addingAccount(input.role, async (tx, roleName) => {
    await tx
      .insert(users)
      .values({ id, name: input.name, email: input.email, role: input.role, mustChangePassword: true });
    // The same credential row the library's sign-up writes.
    await tx.insert(accounts).values({ userId: id, accountId: id, providerId: "credential", password: hash });
    await logChange(tx, actor, "staff.created", {
      subject: staffSubject({ id, email: input.email }),
      details: { name: input.name, role: input.role, roleName, temporaryPassword: true },
    });
  });
  return { accountId: id };
}

/** A new invitation link (and e-mail) for an account whose person has not chosen a password yet. */
export async function resendInvitation(id: string, actor: StaffUser, origin: string): Promise<Invitation> {
  const account = await getStaffAccount(id);
  if (!account) throw notFound(texts.notFound);
  if (account.status === "disabled") throw new AppError(texts.disabledNoInvitation, 409);
  if (account.status !== "invited") throw new AppError(texts.alreadyHasPassword(account.name), 409);
  const content = await getSiteContent();
  const link = await createPasswordLink(id, "invitation", origin);
  await services().db.transaction(async (tx) => {
    await queueInvitationEmail(tx, account, actor.name, link, content);
    await logChange(tx, actor, "staff.invitation-resent", { subject: staffSubject(account) });
  });
  return { accountId: id, name: account.name, email: account.email, link };
}

export function invitationLinkView(invitation: Invitation): InvitationLinkView {
  return {
    name: invitation.name,
    email: invitation.email,
    url: invitation.link.url,
    expires: formatDateTime(invitation.link.expiresAt),
  };
}

export const resetLinkTexts = {
  self: "To change your own password, use My account.",
  disabled: "This account is disabled. Enable it first, then make a reset link.",
  invited: (name: string) =>
    `${name} has not chosen a password yet: send the invitation again instead, and pass its link on.`,
};

/**
 * Recovery without e-mail: a single-use link, valid one hour, with which the person chooses a new
 * password (and is signed out everywhere). Shown once to the admin to pass on by hand; the audit
 * entry names the account and when the link expires, never the link.
 */
export async function makeResetLink(id: string, actor: StaffUser, origin: string): Promise<Invitation> {
  if (id === actor.id) throw new AppError(resetLinkTexts.self, 409);
  const account = await getStaffAccount(id);
  if (!account) throw notFound(texts.notFound);
  if (account.status === "disabled") throw new AppError(resetLinkTexts.disabled, 409);
  if (account.status === "invited") throw new AppError(resetLinkTexts.invited(account.name), 409);
  const link = await createPasswordLink(id, "reset", origin);
  await logChange(services().db, actor, "staff.reset-link-made", {
    subject: staffSubject(account),
    details: { expiresAt: link.expiresAt.toISOString() },
  });
  return { accountId: id, name: account.name, email: account.email, link };
}
