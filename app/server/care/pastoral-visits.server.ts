import { and, asc, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import { followUps, members, pastoralVisits } from "../../../database/schema";
import { effectiveDue, isOverdue, type VisitKind } from "~/lib/care";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import { visitSchema, type VisitFields } from "~/schemas/visits";
import type { StaffUser } from "../auth/guards.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { OPEN_STATUSES } from "./follow-ups.server";

// Pastoral visits and calls (issue 38): a log on a member's profile of who visited or called them,
// when and how, with a private note that only pastors (pastoral:private) read back. "Last
// contacted" is the latest of them, on the profile and as a column of the member list. The audit
// log records that a visit was logged or deleted, never what its note says.

export const MEMBER_NOT_FOUND = "That member could not be found. They may have been deleted.";
export const VISIT_NOT_FOUND = "That visit or call is no longer in the log.";

/** The visits the profile's card lists, the latest first; older ones are counted. */
export const VISITS_SHOWN = 20;

/** A visit as the profile shows it: the note only for a pastor, else only whether there is one. */
export interface VisitView {
  id: string;
  visitedOn: string;
  kind: VisitKind;
  visitedBy: string;
  hasNote: boolean;
  /** The private note, for those who may read it; null for everyone else. */
  privateNote: string | null;
}

/** An open follow-up about the member, for the profile's card. */
export interface MemberFollowUp {
  id: string;
  reason: string;
  status: string;
  /** The day it is next due (a snooze moves it later). */
  due: string;
  overdue: boolean;
}

export interface CareCard {
  visits: VisitView[];
  /** All the visits and calls logged, the shown ones and the older ones. */
  total: number;
  followUps: MemberFollowUp[];
  /** Whether this account reads the private notes (a pastor). */
  readsNotes: boolean;
}

async function liveMember(executor: Executor, memberId: string) {
  if (!isUuid(memberId)) throw notFound(MEMBER_NOT_FOUND);
  const [member] = await executor
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

const subjectOf = (member: { id: string; firstName: string; lastName: string }) => ({
  type: "member",
  id: member.id,
  label: `${member.firstName} ${member.lastName}`.trim(),
});

/**
 * Logs a visit or call to a live member; bad input is refused on its field (nothing written).
 * The audit entry names the kind and the day, and whether a note was written, never the note.
 */
export async function logVisit(
  memberId: string,
  fields: VisitFields,
  actor: Actor,
  today: string = todayInChurchZone(),
): Promise<{ id: string }> {
  const parsed = visitSchema(today).safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
  }
  const input = parsed.data;
  return services().db.transaction(async (tx) => {
    const member = await liveMember(tx, memberId);
    const [row] = await tx
      .insert(pastoralVisits)
      .values({
        memberId: member.id,
        visitedOn: input.visitedOn,
        kind: input.kind,
        visitedBy: input.visitedBy,
        privateNote: input.privateNote,
        createdBy: typeof actor === "string" ? actor : actor.email,
      })
      .returning({ id: pastoralVisits.id });
    await logChange(tx, actor, "visit.logged", {
      subject: subjectOf(member),
      details: {
        visit: row!.id,
        kind: input.kind,
        visitedOn: input.visitedOn,
        note: input.privateNote !== "",
      },
    });
    return { id: row!.id };
  });
}

/** Deletes one visit of the member's log: true when it was there. */
export async function deleteVisit(memberId: string, visitId: string, actor: Actor): Promise<boolean> {
  if (!isUuid(visitId)) return false;
  return services().db.transaction(async (tx) => {
    const member = await liveMember(tx, memberId);
    const [gone] = await tx
      .delete(pastoralVisits)
      .where(and(eq(pastoralVisits.id, visitId), eq(pastoralVisits.memberId, member.id)))
      .returning({ kind: pastoralVisits.kind, visitedOn: pastoralVisits.visitedOn });
    if (!gone) return false;
    await logChange(tx, actor, "visit.deleted", {
      subject: subjectOf(member),
      details: { visit: visitId, kind: gone.kind, visitedOn: gone.visitedOn },
    });
    return true;
  });
}

/**
 * The member's visits and calls (the latest VISITS_SHOWN, newest first) and their open follow-ups,
 * with the private notes only when `readsNotes`.
 */
export async function careCardOf(
  memberId: string,
  readsNotes: boolean,
  today: string = todayInChurchZone(),
  executor: Executor = services().db,
): Promise<CareCard> {
  const rows = await executor
    .select({
      id: pastoralVisits.id,
      visitedOn: pastoralVisits.visitedOn,
      kind: pastoralVisits.kind,
      visitedBy: pastoralVisits.visitedBy,
      privateNote: pastoralVisits.privateNote,
    })
    .from(pastoralVisits)
    .where(eq(pastoralVisits.memberId, memberId))
    .orderBy(desc(pastoralVisits.visitedOn), desc(pastoralVisits.createdAt), desc(pastoralVisits.id))
    .limit(VISITS_SHOWN);
  const [{ total } = { total: 0 }] =
    rows.length < VISITS_SHOWN
      ? [{ total: rows.length }]
      : await executor
          .select({ total: count() })
          .from(pastoralVisits)
          .where(eq(pastoralVisits.memberId, memberId));
  const open = await executor
    .select({
      id: followUps.id,
      reason: followUps.reason,
      status: followUps.status,
      dueOn: followUps.dueOn,
      snoozedUntil: followUps.snoozedUntil,
    })
    .from(followUps)
    .where(and(eq(followUps.memberId, memberId), inArray(followUps.status, [...OPEN_STATUSES])))
    .orderBy(asc(followUps.dueOn), asc(followUps.createdAt));
  return {
    visits: rows.map(({ privateNote, ...row }) => ({
      ...row,
      kind: row.kind as VisitKind,
      hasNote: privateNote !== "",
      // Withheld here, on the server: what is not sent cannot be read in the page's data.
      privateNote: readsNotes ? privateNote : null,
    })),
    total,
    followUps: open
      .map((row) => ({
        id: row.id,
        reason: row.reason,
        status: row.status,
        due: effectiveDue(row),
        overdue: isOverdue(row, today),
      }))
      .sort((a, b) => a.due.localeCompare(b.due)),
    readsNotes,
  };
}

/**
 * The profile's care card for this account: null without care:read; with care:write, what the
 * "Log a visit or call" form offers (the account's own name as who visited).
 */
export async function careCardFor(user: StaffUser, memberId: string) {
  if (!can(user, "care:read")) return null;
  const card = await careCardOf(memberId, can(user, "pastoral:private"));
  return { ...card, canWrite: can(user, "care:write"), visitor: user.name };
}

/**
 * The day each of these members was last visited or called (members never contacted are left
 * out): one grouped read on pastoral_visits_member_idx, for a page of the member list.
 */
export async function lastContactedOn(memberIds: readonly string[]): Promise<Record<string, string>> {
  if (memberIds.length === 0) return {};
  const rows = await services()
    .db.select({ memberId: pastoralVisits.memberId, last: max(pastoralVisits.visitedOn) })
    .from(pastoralVisits)
    .where(inArray(pastoralVisits.memberId, [...memberIds]))
    .groupBy(pastoralVisits.memberId);
  return Object.fromEntries(rows.flatMap((row) => (row.last ? [[row.memberId, row.last]] : [])));
}
