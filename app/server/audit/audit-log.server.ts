import { and, count, desc, eq, gte, inArray, isNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLog, members, users } from "../../../database/schema";
import type { Choice } from "~/content/member-options";
import { ACTION_GROUPS, NO_ACCOUNT, type AuditFilter } from "~/lib/audit-filter";
import {
  actorName,
  describeEntry,
  entrySentence,
  type AuditEntryView,
  type AuditRecord,
} from "~/lib/audit-format";
import type { AuditNames } from "~/lib/audit-values";
import { addDays, startOfDayInChurchZone, timestampInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { fullName } from "~/lib/names";
import { pageWindow } from "~/lib/paging";
import { SITE_SECTIONS } from "~/schemas/site-sections";
import { readInBatches } from "../http/csv.server";
import { services } from "../platform/services.server";
import { loadMemberOptions } from "../people/members.server";

// Reading the audit log: the admins' screen and its CSV (one filter, one order: newest first), and
// a member's own history on their profile. Entries are only ever added (logChange) and never
// changed or removed: the database refuses both (migration 0005).

export const AUDIT_PAGE_SIZE = 50;
/** Entries a member's profile shows; the audit log has the rest. */
export const MEMBER_HISTORY_SIZE = 20;
/** The longest value the screen shows of a changed field; the CSV has every value whole. */
const SCREEN_VALUE_LENGTH = 120;

const recordColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorLabel: auditLog.actorLabel,
  ip: auditLog.ip,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  subjectLabel: auditLog.subjectLabel,
  details: auditLog.details,
};

/** The entries a filter asks for. The date range is whole days where the church is. */
function filterCondition(filter: AuditFilter): SQL | undefined {
  const group = filter.action ? ACTION_GROUPS[filter.action] : null;
  return and(
    filter.person === NO_ACCOUNT
      ? isNull(auditLog.actorId)
      : filter.person
        ? eq(auditLog.actorId, filter.person)
        : undefined,
    filter.member
      ? and(eq(auditLog.subjectType, "member"), eq(auditLog.subjectId, filter.member))
      : undefined,
    group ? or(...group.patterns.map((pattern) => like(auditLog.action, pattern))) : undefined,
    filter.from ? gte(auditLog.at, startOfDayInChurchZone(filter.from)) : undefined,
    filter.to ? lt(auditLog.at, startOfDayInChurchZone(addDays(filter.to, 1))) : undefined,
  );
}

/** One page of the entries matching `filter`, newest first, with how many match in all. */
export async function listAuditEntries(filter: AuditFilter, page: number, pageSize = AUDIT_PAGE_SIZE) {
  const { db } = services();
  const where = filterCondition(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const window = pageWindow(total, pageSize, page);
  const rows: AuditRecord[] = await db
    .select(recordColumns)
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset(window.offset);
  return { rows, total, page: window.page, pages: window.pages };
}

type CursorRecord = AuditRecord & { cursorAt: string };

/** The same entries as the screen, in its order, read in batches for the download. */
export function streamAuditEntries(filter: AuditFilter): Promise<AsyncIterable<AuditRecord>> {
  const where = filterCondition(filter);
  return readInBatches<CursorRecord>(async (after, limit) =>
    services()
      .db.select({
        ...recordColumns,
        /** The time exactly as stored (microseconds, finer than a JavaScript Date), to go on after. */
        cursorAt: sql<string>`${auditLog.at}::text`,
      })
      .from(auditLog)
      .where(
        and(
          where,
          after &&
            sql`(${auditLog.at}, ${auditLog.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit),
  );
}

/** A member's own entries (added, changed, exported, erased ...), newest first, and how many in all. */
export async function memberHistory(memberId: string, limit = MEMBER_HISTORY_SIZE) {
  const { db } = services();
  const where = and(eq(auditLog.subjectType, "member"), eq(auditLog.subjectId, memberId));
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .select(recordColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit),
  ]);
  return { rows: rows as AuditRecord[], total };
}

/**
 * The choices of the person and member filters: every staff account (and accounts since removed
 * that left entries), and every member (and members since deleted, by the name they had).
 */
export async function auditFilterChoices(): Promise<{ people: Choice[]; members: Choice[] }> {
  const { db } = services();
  const [accounts, formerAccounts, current, deleted] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .orderBy(users.name, users.email),
    db
      .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorLabel })
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.actorId} is not null`,
          sql`not exists (select 1 from ${users} where ${users.id} = ${auditLog.actorId})`,
        ),
      )
      .orderBy(auditLog.actorId, desc(auditLog.at)),
    db
      .select({
        id: members.id,
        firstName: members.firstName,
        middleName: members.middleName,
        lastName: members.lastName,
        deletedAt: members.deletedAt,
      })
      .from(members)
      .orderBy(members.firstName, members.lastName, members.id),
    db
      .selectDistinctOn([auditLog.subjectId], { id: auditLog.subjectId, name: auditLog.subjectLabel })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectType, "member"),
          inArray(auditLog.action, ["member.deleted", "member.erased"]),
          sql`not exists (select 1 from ${members} where ${members.id}::text = ${auditLog.subjectId})`,
        ),
      )
      .orderBy(auditLog.subjectId, desc(auditLog.at)),
  ]);
  const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
  return {
    people: [
      ...accounts.map((account) => ({
        value: account.id,
        label:
          account.name && account.name !== account.email
            ? `${account.name} (${account.email})`
            : account.email,
      })),
      ...formerAccounts
        .map((account) => ({ value: account.id!, label: `${account.email} (account removed)` }))
        .sort(byLabel),
    ],
    members: [
      // A member under "Recently deleted" is still in the table, but named as deleted.
      ...current.map((member) => ({
        value: member.id,
        label: member.deletedAt ? `${fullName(member)} (deleted)` : fullName(member),
      })),
      ...deleted
        .filter((member) => member.id)
        .map((member) => ({ value: member.id!, label: `${member.name ?? "Unnamed"} (deleted)` }))
        .sort(byLabel),
    ],
  };
}

/** The names of ministries, roles and website sections as they are now, to put entries in words. */
export async function auditNames(): Promise<AuditNames> {
  const options = await loadMemberOptions();
  return {
    ...options,
    sections: Object.fromEntries(SITE_SECTIONS.map((section) => [section.id, section.title])),
  };
}

export function entryView(record: AuditRecord, names: AuditNames): AuditEntryView {
  const words = describeEntry(record, names, { maxValueLength: SCREEN_VALUE_LENGTH });
  return {
    id: record.id,
    at: new Date(record.at).toISOString(),
    when: formatDateTime(record.at),
    who: actorName(record),
    ip: record.ip,
    ...words,
  };
}

/** The columns of the CSV, and an entry's cells: the screen's facts, every value whole. */
export const AUDIT_CSV_HEADER = ["When (Bahrain time)", "Who", "Address (IP)", "What", "Action"];

export function entryCells(record: AuditRecord, names: AuditNames): string[] {
  return [
    timestampInChurchZone(new Date(record.at)),
    actorName(record),
    record.ip ?? "",
    entrySentence(describeEntry(record, names)),
    record.action,
  ];
}
