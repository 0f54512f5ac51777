import { asc, eq, getTableName, inArray, sql } from "drizzle-orm";
import { accounts, sessions, staffRoles, users, verifications } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { formatDateTime } from "~/lib/format";
import { can } from "~/lib/permissions";
import type { StaffAccountView, StaffStatus } from "~/lib/staff-accounts";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import type { StaffUser } from "./guards.server";
import {
  accessOf,
  countStaffManagers,
  findRole,
  ownRoleJoin,
  roleKeysWith,
  roleTexts,
} from "./staff-roles.server";

// The staff accounts an admin manages on /members/staff. Each change is written with its audit
// entry in one transaction. The auth library's admin endpoints (createUser, banUser, setRole,
// removeUser) write through their own connection, outside our transaction, so they could neither
// share it with the audit entry nor with the "last active admin" check; these functions make the
// same writes to the same tables (user, credential account, sessions) inside the transaction, and
// leave passwords to the library: its hasher here, its reset endpoint for the invitation link.

export interface StaffAccount {
  id: string;
  name: string;
  email: string;
  /** The role's key (built-in) or id (the church's own). */
  role: string;
  roleName: string;
  /** The role may manage staff accounts (the site must always keep one such active account). */
  managesStaff: boolean;
  /** The role reaches only what belongs to the account's ministries. */
  ministryOnly: boolean;
  /** The ministries the account looks after (what a role limited to ministries reaches). */
  ministries: string[];
  /** The member of the registry the account belongs to, when linked. */
  memberId: string | null;
  status: StaffStatus;
  twoFactorEnabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  /** For an invited account: when its newest link to choose a password stops working (null: none left). */
  linkExpiresAt: Date | null;
  /** False until the person has chosen a password (from an invitation link). */
  hasPassword: boolean;
}

export const texts = {
  notFound: "That staff account could not be found. It may have been deleted.",
  emailTaken: "There is already a staff account with this e-mail address.",
  notSelfDisable:
    "You cannot disable your own account: you would be locked out at once. Another admin can do it.",
  notSelfDelete: "You cannot delete your own account. Another admin can do it.",
  notSelfSignOut: "To sign out your own other devices, use My account.",
  lastAdmin: (name: string) =>
    `${name} is the only active admin: the only account that can sign in and manage staff accounts. Give another account a role that can (Admin can) first, so the church can always manage its staff accounts.`,
  alreadyHasPassword: (name: string) =>
    `${name} has already chosen a password, so there is no invitation to send again. If they forgot it, they can use “Forgot password?” on the sign-in page.`,
  disabledNoInvitation: "This account is disabled. Enable it first, then send the invitation again.",
};

// Written out with its table: in a one-table select, Drizzle names a column without it, which
// inside these subqueries would mean the subquery's own column.
const userId = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;

const hasPassword = sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${userId} and ${accounts.providerId} = 'credential' and ${accounts.password} is not null)`;

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  ministries: users.ministries,
  memberId: users.memberId,
  ownRole: { name: staffRoles.name, levels: staffRoles.levels, ministryOnly: staffRoles.ministryOnly },
  banned: users.banned,
  mustChangePassword: users.mustChangePassword,
  twoFactorEnabled: users.twoFactorEnabled,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  hasPassword,
};

type AccountRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  ministries: string[];
  memberId: string | null;
  ownRole: { name: string; levels: Record<string, string>; ministryOnly: boolean } | null;
  banned: boolean | null;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  hasPassword: boolean;
};

/** First match wins: a disabled account that never chose a password is "Disabled". */
function statusOf(row: AccountRow): StaffStatus {
  if (row.banned) return "disabled";
  if (!row.hasPassword) return "invited";
  if (row.mustChangePassword) return "must-change-password";
  return "active";
}

/** Can sign in and manage the staff accounts: such an account neither disabled nor still invited. */
export function isActiveAdmin(account: Pick<StaffAccount, "managesStaff" | "status">): boolean {
  return account.managesStaff && account.status !== "disabled" && account.status !== "invited";
}

function toAccount(row: AccountRow, linkExpiresAt: Date | null = null): StaffAccount {
  const status = statusOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    ...(() => {
      // As the guard reads it: an unknown role gets the least.
      const { access, roleName } = accessOf(row.role, row.ownRole);
      return { roleName, managesStaff: can({ access }, "staff:manage"), ministryOnly: access.ministryOnly };
    })(),
    ministries: row.ministries,
    memberId: row.memberId,
    status,
    twoFactorEnabled: row.twoFactorEnabled,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
    linkExpiresAt: status === "invited" ? linkExpiresAt : null,
    hasPassword: row.hasPassword,
  };
}

// A password link is the auth library's verification row whose value is the account's id.
const newestLinkExpiry =
  sql`(select max(${verifications.expiresAt}) from ${verifications} where ${verifications.value} = ${userId}::text)`.mapWith(
    verifications.expiresAt,
  );

async function readAccounts(executor: Executor, id?: string): Promise<StaffAccount[]> {
  const rows = await executor
    .select({ ...accountColumns, linkExpiresAt: newestLinkExpiry })
    .from(users)
    .leftJoin(staffRoles, ownRoleJoin)
    .where(id ? eq(users.id, id) : undefined)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((row) => toAccount(row, row.linkExpiresAt ?? null));
}

/** Every staff account, by name. */
export function listStaffAccounts(): Promise<StaffAccount[]> {
  return readAccounts(services().db);
}

export async function getStaffAccount(id: string): Promise<StaffAccount | null> {
  if (!isUuid(id)) return null;
  const [account] = await readAccounts(services().db, id);
  return account ?? null;
}

/** An account as its audit entries name it. */
export const staffSubject = (account: { id: string; email: string }) => ({
  type: "staff",
  id: account.id,
  label: account.email,
});

/**
 * Opens a change to one account: locks every admin row (always in the same order) and then the
 * account, so two admins who demote, disable or delete each other at the same moment are served
 * one after the other, and the second sees the first's change.
 */
async function lockForChange(tx: Executor, id: string): Promise<StaffAccount> {
  if (!isUuid(id)) throw notFound(texts.notFound);
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, await roleKeysWith("staff:manage", tx)))
    .orderBy(users.id)
    .for("update");
  const [row] = await tx
    .select(accountColumns)
    .from(users)
    .leftJoin(staffRoles, ownRoleJoin)
    .where(eq(users.id, id))
    .for("update", { of: users });
  if (!row) throw notFound(texts.notFound);
  return toAccount(row);
}

/** Accounts that can sign in and manage staff accounts, leaving out `except`. */
export function countActiveAdmins(executor: Executor = services().db, except?: string): Promise<number> {
  return countStaffManagers(executor, { exceptAccount: except });
}

/** Refuses a change that would leave no active admin (call it with the admin rows locked). */
async function keepAnActiveAdmin(tx: Executor, account: StaffAccount) {
  if (!isActiveAdmin(account)) return;
  if ((await countActiveAdmins(tx, account.id)) === 0) throw new AppError(texts.lastAdmin(account.name), 409);
}

/** What a change found (the account before it) and whether it changed anything. */
export interface StaffChange {
  account: StaffAccount;
  changed: boolean;
}

/** Gives an account another role; it applies from the account's next request. */
export async function changeStaffRole(
  id: string,
  role: string,
  actor: StaffUser,
): Promise<StaffChange & { roleName: string; managesStaff: boolean }> {
  return services().db.transaction(async (tx) => {
    // The same lock as a change to the roles, so a role cannot be deleted while given out.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
    const account = await lockForChange(tx, id);
    const next = await findRole(role, tx);
    if (!next)
      throw new AppError(isUuid(role) ? roleTexts.notFound : roleTexts.choose, 400, { field: "role" });
    const result = { roleName: next.name, managesStaff: can({ access: next }, "staff:manage") };
    if (account.role === role) return { account, changed: false, ...result };
    if (!result.managesStaff) await keepAnActiveAdmin(tx, account);
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await logChange(tx, actor, "staff.role-changed", {
      subject: staffSubject(account),
      details: { from: account.role, to: role, fromName: account.roleName, toName: next.name },
    });
    return { account, changed: true, ...result };
  });
}

/**
 * Disables an account (it cannot sign in, and every session it has ends at once) or enables it
 * again.
 */
export async function setStaffDisabled(
  id: string,
  disabled: boolean,
  actor: StaffUser,
): Promise<StaffChange> {
  if (disabled && id === actor.id) throw new AppError(texts.notSelfDisable, 409);
  return services().db.transaction(async (tx) => {
    const account = await lockForChange(tx, id);
    if ((account.status === "disabled") === disabled) return { account, changed: false };
    if (disabled) {
      await keepAnActiveAdmin(tx, account);
      await tx
        .update(users)
        .set({
          banned: true,
          banReason: `Disabled by ${actor.email}`,
          banExpires: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
      await logChange(tx, actor, "staff.disabled", {
        subject: staffSubject(account),
        details: { sessionsEnded: ended.length },
      });
    } else {
      await tx
        .update(users)
        .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
        .where(eq(users.id, id));
      await logChange(tx, actor, "staff.enabled", { subject: staffSubject(account) });
    }
    return { account, changed: true };
  });
}

/** Deletes an account with its sessions, password, two-factor secret and links. Returns what it was. */
export async function deleteStaffAccount(id: string, actor: StaffUser): Promise<StaffAccount> {
  if (id === actor.id) throw new AppError(texts.notSelfDelete, 409);
  return services().db.transaction(async (tx) => {
    const account = await lockForChange(tx, id);
    await keepAnActiveAdmin(tx, account);
    await tx.delete(verifications).where(eq(verifications.value, id));
    // Sessions, the credential, the two-factor secret and notification choices go with it (cascade).
    await tx.delete(users).where(eq(users.id, id));
    await logChange(tx, actor, "staff.deleted", {
      subject: staffSubject(account),
      details: { name: account.name, role: account.role },
    });
    return account;
  });
}

/** Ends every session of an account: each of its browsers must sign in again. */
export async function signOutEverywhere(
  id: string,
  actor: StaffUser,
): Promise<{ account: StaffAccount; sessionsEnded: number }> {
  if (id === actor.id) throw new AppError(texts.notSelfSignOut, 409);
  return services().db.transaction(async (tx) => {
    const account = await lockForChange(tx, id);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await logChange(tx, actor, "staff.signed-out-everywhere", {
      subject: staffSubject(account),
      details: { sessionsEnded: ended.length },
    });
    return { account, sessionsEnded: ended.length };
  });
}

/** An account as the screens show it; `activeAdmins` is how many accounts are active admins. */
export function staffAccountView(
  account: StaffAccount,
  viewer: StaffUser,
  activeAdmins: number,
  now = new Date(),
): StaffAccountView {
  let statusNote: string | null = null;
  if (account.status === "invited") {
    statusNote =
      account.linkExpiresAt && account.linkExpiresAt > now
        ? `Link expires ${formatDateTime(account.linkExpiresAt)}`
        : account.linkExpiresAt
          ? `The invitation link expired ${formatDateTime(account.linkExpiresAt)}`
          : "The invitation link has expired";
  } else if (account.status === "disabled" && !account.hasPassword) {
    statusNote = "Had not accepted the invitation";
  }
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    roleName: account.roleName,
    ministryOnly: account.ministryOnly,
    ministries: account.ministries,
    memberId: account.memberId,
    status: account.status,
    statusNote,
    twoFactorEnabled: account.twoFactorEnabled,
    lastSignIn: account.lastSignInAt ? formatDateTime(account.lastSignInAt) : null,
    addedOn: formatDateTime(account.createdAt),
    isSelf: account.id === viewer.id,
    isLastActiveAdmin: isActiveAdmin(account) && activeAdmins <= 1,
  };
}
