import { and, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { members, users } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getRetentionSettings } from "../privacy/retention-settings.server";

// "Recently deleted": members staff deleted wait here, whole (children, ministries, every field),
// for the days the retention settings give (30 unless an administrator chose otherwise). Staff may
// restore them or remove them for good before then; after that the daily retention job removes
// them for good, as the system.

const DAY_MS = 86_400_000;
/** Members removed for good per transaction. */
const PURGE_BATCH = 200;

const isDeleted = isNotNull(members.deletedAt);

const deletedColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  deletedAt: members.deletedAt,
  deletedBy: members.deletedBy,
};

/** When a member deleted at `deletedAt` is due to be removed for good, `days` days on. */
export function removalDate(deletedAt: Date, days: number): Date {
  return new Date(deletedAt.getTime() + days * DAY_MS);
}

/** Days left before removal for good, a part of a day counting as one (30 just after deleting; 0 when due). */
export function daysLeft(deletedAt: Date, days: number, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((removalDate(deletedAt, days).getTime() - now.getTime()) / DAY_MS));
}

export interface DeletedMember {
  id: string;
  name: string;
  email: string;
  deletedAt: string;
  /** The account's e-mail, or 'system', 'console' ... */
  deletedBy: string | null;
  daysLeft: number;
}

/** The members under "Recently deleted", most recently deleted first. */
export async function listDeletedMembers(now: Date = new Date()): Promise<DeletedMember[]> {
  const { deletedMemberDays } = await getRetentionSettings();
  const rows = await services()
    .db.select(deletedColumns)
    .from(members)
    .where(isDeleted)
    .orderBy(desc(members.deletedAt), desc(members.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    email: row.email,
    deletedAt: row.deletedAt!.toISOString(),
    deletedBy: row.deletedBy,
    daysLeft: daysLeft(row.deletedAt!, deletedMemberDays, now),
  }));
}

/** A deleted member's id and name, or null when `id` is no deleted member. */
async function takeDeleted(tx: Executor, id: string) {
  const [row] = await tx
    .select(deletedColumns)
    .from(members)
    .where(and(eq(members.id, id), isDeleted))
    .for("update");
  return row ?? null;
}

/**
 * Brings a deleted member back as they were (their fields, children and ministries were kept):
 * their id and name, or null when `id` is no deleted member.
 */
export async function restoreMember(id: string, actor: Actor): Promise<{ id: string; name: string } | null> {
  if (!isUuid(id)) return null;
  return services().db.transaction(async (tx) => {
    const row = await takeDeleted(tx, id);
    if (!row) return null;
    await tx.update(members).set({ deletedAt: null, deletedBy: null }).where(eq(members.id, id));
    await logChange(tx, actor, "member.restored", {
      subject: { type: "member", id, label: `${row.firstName} ${row.lastName}`.trim() },
    });
    return { id, name: fullName(row) };
  });
}

/** Removes one deleted member for good, before the days are up: their name, or null when none. */
export async function removeDeletedMember(id: string, actor: Actor): Promise<string | null> {
  if (!isUuid(id)) return null;
  return services().db.transaction(async (tx) => {
    const row = await takeDeleted(tx, id);
    if (!row) return null;
    await tx.delete(members).where(eq(members.id, id));
    await logChange(tx, actor, "member.purged", {
      subject: { type: "member", id, label: `${row.firstName} ${row.lastName}`.trim() },
    });
    return fullName(row);
  });
}

/**
 * Removes for good, as the system, every member deleted more than `days` days before `now` (the
 * retention setting when not given); the number removed. Each removal is audited in the same
 * transaction.
 */
export async function purgeExpiredMembers(now: Date = new Date(), days?: number): Promise<number> {
  const afterDays = days ?? (await getRetentionSettings()).deletedMemberDays;
  const before = new Date(now.getTime() - afterDays * DAY_MS);
  // In batches, each with its audit entries, so a large clean-up never holds the database long.
  let total = 0;
  for (;;) {
    const removed = await services().db.transaction(async (tx) => {
      const due = (
        await tx
          .select({ id: members.id })
          .from(members)
          .where(and(isDeleted, lt(members.deletedAt, before)))
          .limit(PURGE_BATCH)
      ).map((row) => row.id);
      if (due.length === 0) return 0;
      const linked = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.memberId, due));
      const rows = await tx
        .delete(members)
        .where(inArray(members.id, due))
        .returning({ id: members.id, firstName: members.firstName, lastName: members.lastName });
      for (const row of rows) {
        await logChange(tx, "system", "member.purged", {
          subject: { type: "member", id: row.id, label: `${row.firstName} ${row.lastName}`.trim() },
          details: { afterDays },
        });
      }
      // A staff account linked to a member removed for good loses the link (the database sets it
      // to null); the audit log says so, as it does when an admin unlinks it.
      for (const account of linked) {
        await logChange(tx, "system", "staff.member-unlinked", {
          subject: { type: "staff", id: account.id, label: account.email },
          details: { reason: "member removed for good" },
        });
      }
      return rows.length;
    });
    total += removed;
    if (removed < PURGE_BATCH) return total;
  }
}
