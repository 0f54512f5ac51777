import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { staffRoles, users } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import {
  AREAS,
  NO_ACCESS,
  PRESETS,
  PRESET_KEYS,
  can,
  describeAccess,
  cleanLevels,
  isPresetKey,
  type Access,
  type AreaLevels,
  type Permission,
  type RoleDefinition,
} from "~/lib/permissions";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import type { RoleOption } from "~/lib/staff-accounts";
import { ROLE_NAME_MISSING, ROLE_NAME_TOO_LONG, roleNameSchema } from "~/schemas/staff-role";
import type { StaffUser } from "./staff-user.server";

// The church's roles (issue 34): the four built-in presets from code and the church's own from
// the staff_roles table. An account's `role` column names one by key (preset) or id (own role).

export const roleTexts = {
  notFound: "That role could not be found. It may have been deleted.",
  /** A role value that names no role at all (a hand-made form). */
  choose: "Please choose what this account may do.",
  nameMissing: ROLE_NAME_MISSING,
  nameTooLong: ROLE_NAME_TOO_LONG,
  nameTaken: (name: string) => `There is already a role called “${name}”. Please choose another name.`,
  builtIn: "The built-in roles cannot be changed. Make a role of your own instead.",
  inUse: (name: string, n: number) =>
    `“${name}” is the role of ${n} staff ${n === 1 ? "account" : "accounts"}. Give ${n === 1 ? "it" : "them"} another role first.`,
  lastStaffManager: (name: string) =>
    `Without “Staff accounts and settings: edit”, “${name}” would leave no active account that can manage staff accounts. Give that to another active account first.`,
};

type RoleRow = typeof staffRoles.$inferSelect;

function fromRow(row: Pick<RoleRow, "id" | "name" | "levels" | "ministryOnly">): RoleDefinition {
  return {
    key: row.id,
    name: row.name,
    levels: cleanLevels(row.levels),
    ministryOnly: row.ministryOnly,
    builtIn: false,
  };
}

/** What a role gives, from the stored columns of the account's own role (null: a preset or none). */
export function accessOf(
  roleKey: string,
  ownRole: Pick<RoleRow, "name" | "levels" | "ministryOnly"> | null,
): { access: Access; roleName: string } {
  if (isPresetKey(roleKey)) {
    const preset = PRESETS[roleKey];
    return { access: { levels: preset.levels, ministryOnly: preset.ministryOnly }, roleName: preset.name };
  }
  if (ownRole) {
    return {
      access: { levels: cleanLevels(ownRole.levels), ministryOnly: ownRole.ministryOnly },
      roleName: ownRole.name,
    };
  }
  // A role that no longer exists (or was written by hand) reaches nothing but the account itself.
  return { access: NO_ACCESS, roleName: "No role" };
}

/** The join from an account to its own role: staff_roles.id as text equals users.role. */
export const ownRoleJoin = sql`${staffRoles.id}::text = ${users.role}`;

/** Every role, built-in first, with how many accounts have it. */
export async function listRoles(
  executor: Executor = services().db,
): Promise<(RoleDefinition & { accounts: number })[]> {
  const [own, counts] = await Promise.all([
    executor
      .select()
      .from(staffRoles)
      .orderBy(asc(sql`lower(${staffRoles.name})`)),
    executor.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
  ]);
  const accounts = new Map(counts.map((row) => [row.role, row.n]));
  return [...PRESET_KEYS.map((key) => PRESETS[key]), ...own.map(fromRow)].map((role) => ({
    ...role,
    accounts: accounts.get(role.key) ?? 0,
  }));
}

/** One role by key or id, or null. */
export async function findRole(
  key: string,
  executor: Executor = services().db,
): Promise<RoleDefinition | null> {
  if (isPresetKey(key)) return PRESETS[key];
  if (!isUuid(key)) return null;
  const [row] = await executor.select().from(staffRoles).where(eq(staffRoles.id, key));
  return row ? fromRow(row) : null;
}

/** The keys of every role that gives `permission` (to find who to tell, or who may manage staff). */
export async function roleKeysWith(
  permission: Permission,
  executor: Executor = services().db,
): Promise<string[]> {
  const roles = await listRoles(executor);
  return roles.filter((role) => can({ access: role }, permission)).map((role) => role.key);
}

/**
 * Active accounts (neither disabled nor still invited) whose role may manage staff accounts,
 * leaving out `except`; the site must always keep one.
 */
export async function countStaffManagers(
  executor: Executor,
  options: { exceptAccount?: string; exceptRole?: string } = {},
): Promise<number> {
  const keys = (await roleKeysWith("staff:manage", executor)).filter((key) => key !== options.exceptRole);
  if (keys.length === 0) return 0;
  const [row] = await executor
    .select({ n: count() })
    .from(users)
    .where(
      and(
        inArray(users.role, keys),
        options.exceptAccount ? ne(users.id, options.exceptAccount) : undefined,
        or(isNull(users.banned), eq(users.banned, false)),
        sql`exists (select 1 from accounts a where a.user_id = ${users.id} and a.provider_id = 'credential' and a.password is not null)`,
      ),
    );
  return row?.n ?? 0;
}

export interface RoleInput {
  name: string;
  levels: AreaLevels;
  ministryOnly: boolean;
}

function checkedName(name: string): string {
  const parsed = roleNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message, 400, { field: "name" });
  return parsed.data;
}

async function refuseTakenName(tx: Executor, name: string, except?: string) {
  const clash = [
    ...PRESET_KEYS.map((key) => PRESETS[key].name),
    ...(
      await tx
        .select({ name: staffRoles.name })
        .from(staffRoles)
        .where(
          and(
            sql`lower(${staffRoles.name}) = lower(${name})`,
            except ? ne(staffRoles.id, except) : undefined,
          ),
        )
    ).map((row) => row.name),
  ].find((taken) => taken.toLowerCase() === name.toLowerCase());
  if (clash) throw new AppError(roleTexts.nameTaken(clash), 409, { field: "name" });
}

/** The levels in the order of the areas, for the audit log and comparisons. */
function levelsForLog(levels: AreaLevels): Record<string, string> {
  return Object.fromEntries(AREAS.filter((area) => levels[area]).map((area) => [area, levels[area]!]));
}

/** Makes one of the church's own roles. */
export async function createRole(input: RoleInput, actor: StaffUser): Promise<RoleDefinition> {
  const name = checkedName(input.name);
  const levels = levelsForLog(cleanLevels(input.levels));
  return services().db.transaction(async (tx) => {
    // One role change at a time, so two admins cannot both take the same name.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
    await refuseTakenName(tx, name);
    const [row] = await tx
      .insert(staffRoles)
      .values({ name, levels, ministryOnly: input.ministryOnly })
      .returning();
    await logChange(tx, actor, "role.created", {
      subject: { type: "role", id: row!.id, label: name },
      details: { levels, ministryOnly: input.ministryOnly },
    });
    return fromRow(row!);
  });
}

/**
 * Renames a role or changes its levels; applies from each account's next request. Refused when
 * it would leave no active account that can manage staff accounts.
 */
export async function updateRole(id: string, input: RoleInput, actor: StaffUser): Promise<RoleDefinition> {
  if (isPresetKey(id)) throw new AppError(roleTexts.builtIn, 400);
  if (!isUuid(id)) throw notFound(roleTexts.notFound);
  const name = checkedName(input.name);
  const levels = levelsForLog(cleanLevels(input.levels));
  return services().db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
    const [before] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for("update");
    if (!before) throw notFound(roleTexts.notFound);
    await refuseTakenName(tx, name, id);
    const after = { levels, ministryOnly: input.ministryOnly };
    const couldManage = can({ access: fromRow(before) }, "staff:manage");
    if (couldManage && !can({ access: { levels, ministryOnly: input.ministryOnly } }, "staff:manage")) {
      if ((await countStaffManagers(tx, { exceptRole: id })) === 0) {
        throw new AppError(roleTexts.lastStaffManager(before.name), 409);
      }
    }
    const [row] = await tx
      .update(staffRoles)
      .set({ name, ...after, updatedAt: new Date() })
      .where(eq(staffRoles.id, id))
      .returning();
    await logChange(tx, actor, "role.changed", {
      subject: { type: "role", id, label: name },
      details: {
        ...(before.name !== name ? { renamedFrom: before.name } : {}),
        from: { levels: levelsForLog(cleanLevels(before.levels)), ministryOnly: before.ministryOnly },
        to: after,
      },
    });
    return fromRow(row!);
  });
}

/** Deletes one of the church's own roles; refused while an account has it. */
export async function deleteRole(id: string, actor: StaffUser): Promise<RoleDefinition> {
  if (isPresetKey(id)) throw new AppError(roleTexts.builtIn, 400);
  if (!isUuid(id)) throw notFound(roleTexts.notFound);
  return services().db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
    const [row] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for("update");
    if (!row) throw notFound(roleTexts.notFound);
    // Accounts given this role in the meantime wait for the lock on their row's update.
    const [used] = await tx.select({ n: count() }).from(users).where(eq(users.role, id));
    if ((used?.n ?? 0) > 0) throw new AppError(roleTexts.inUse(row.name, used!.n), 409);
    await tx.delete(staffRoles).where(eq(staffRoles.id, id));
    await logChange(tx, actor, "role.deleted", {
      subject: { type: "role", id, label: row.name },
      details: { levels: levelsForLog(cleanLevels(row.levels)), ministryOnly: row.ministryOnly },
    });
    return fromRow(row);
  });
}

/** The roles as a choice shows them: name and a one-line summary of what each reaches. */
export async function roleOptions(executor: Executor = services().db): Promise<RoleOption[]> {
  return (await listRoles(executor)).map((role) => ({
    key: role.key,
    name: role.name,
    description: summaryLine(role),
    builtIn: role.builtIn,
  }));
}

/** "Member registry: see members' records; …" or "Nothing but their own account." */
export function summaryLine(access: Access): string {
  const { can: canDo } = describeAccess(access);
  if (canDo.length === 0) return "Nothing but their own account.";
  if (canDo.length === AREAS.length && !access.ministryOnly)
    return "Everything, including staff accounts, settings, the audit log and erasing a person for good.";
  return `${access.ministryOnly ? "Only what belongs to their ministries. " : ""}${canDo.join(". ")}.`;
}
