import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { users } from "../../../database/schema";
import { AppError } from "../http/errors.server";
import { roleKeysWith } from "../auth/staff-roles.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// Who can be given a follow-up or a workflow's step (issue 38): the staff accounts whose role may
// work on follow-ups (care:write) and that are not disabled.

export interface CareAssignee {
  id: string;
  /** The account's name, or its e-mail address when it has none. */
  name: string;
}

export const NOT_AN_ASSIGNEE =
  "That account cannot look after follow-ups (its role does not allow it, or it is disabled). Please choose another.";

/** The accounts that may be given follow-ups, by name. */
export async function careAssignees(executor: Executor = services().db): Promise<CareAssignee[]> {
  const keys = await roleKeysWith("care:write", executor);
  if (keys.length === 0) return [];
  const rows = await executor
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.role, keys), or(isNull(users.banned), eq(users.banned, false))))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((row) => ({ id: row.id, name: row.name.trim() || row.email }));
}

/**
 * Refuses an assignee who may not look after follow-ups (a hand-made form, or an account changed
 * since the form was shown). `field` is the form field the message goes to.
 */
export async function checkAssignee(executor: Executor, assigneeId: string | null, field: string) {
  if (assigneeId === null) return;
  const allowed = await careAssignees(executor);
  if (!allowed.some((one) => one.id === assigneeId)) throw new AppError(NOT_AN_ASSIGNEE, 400, { field });
}

/** The names of accounts by id (assignees of follow-ups and steps, even those no longer in care). */
export async function accountNames(executor: Executor, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await executor
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name.trim() || row.email]));
}

/**
 * Accounts' names by their e-mail address: the site's own follow-ups record who started them or
 * wrote a note by address, and the card names people, as the notes written on it do.
 */
export async function namesByEmail(executor: Executor, labels: readonly (string | null)[]) {
  const emails = [...new Set(labels.filter((label): label is string => !!label && label.includes("@")))];
  if (emails.length === 0) return new Map<string, string>();
  const rows = await executor
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  return new Map(rows.filter((row) => row.name.trim()).map((row) => [row.email, row.name.trim()]));
}
