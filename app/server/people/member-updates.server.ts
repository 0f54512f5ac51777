import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import {
  memberUpdateLinks,
  memberUpdateRequests,
  members,
  type MemberUpdateChange,
} from "../../../database/schema";
import { fullName } from "~/lib/names";
import { isUuid } from "~/lib/ids";
import { groupNamesOfMember } from "../groups/memberships.server";
import {
  MEMBER_FIELDS,
  pickMemberFields,
  type MemberChild,
  type MemberInput,
  type MemberLanguage,
} from "~/schemas/member-fields";
import { OWN_DETAIL_FIELDS, type OwnDetailField, type OwnDetails } from "~/schemas/own-details";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { notDeleted, updateMemberIn } from "./members.server";
import {
  findLink,
  liveMember,
  memberSubject,
  normalChildren,
  ownDetailColumns,
  ownDetailsOf,
  type ClosedLink,
} from "./update-links.server";

// What a member sends through their update link waits here, field by field, for staff to accept
// or reject (the links themselves: update-links.server.ts).

/** Ministries are a set to compare (the form lists them in its own order), but kept in the order sent. */
function comparable(field: OwnDetailField, value: unknown): string {
  if (field === "ministryInvolvement" && Array.isArray(value)) return JSON.stringify([...value].sort());
  if (field === "children") return JSON.stringify(normalChildren(value as MemberChild[]));
  return JSON.stringify(value === "" || value === undefined ? null : value);
}

/** The fields whose sent value differs from the record, with both values. */
export function differences(before: OwnDetails, after: OwnDetails): MemberUpdateChange[] {
  return OWN_DETAIL_FIELDS.filter(
    (field) => comparable(field, before[field]) !== comparable(field, after[field]),
  ).map((field) => ({ field, from: before[field], to: after[field], status: "pending" as const }));
}

export type SubmitOutcome =
  | { outcome: "sent"; requestId: string; changes: number }
  | { outcome: "unchanged" }
  | { state: ClosedLink; outcome: "closed" };

/**
 * Stores what the member sent, as the differences from their record, and uses the link up, in one
 * transaction: the link is claimed with `update ... where used_at is null`, so of two posts at
 * once only one gets a request. Sending nothing new keeps the link open.
 */
export async function submitOwnDetails(token: string, sent: OwnDetails): Promise<SubmitOutcome> {
  return services().db.transaction(async (tx) => {
    const link = await findLink(tx, token);
    if (link.state !== "open") return { outcome: "closed", state: link.state };
    const changes = differences(link.details, sent);
    if (changes.length === 0) return { outcome: "unchanged" };
    const claimed = await tx
      .update(memberUpdateLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(memberUpdateLinks.id, link.linkId),
          isNull(memberUpdateLinks.usedAt),
          sql`${memberUpdateLinks.expiresAt} > now()`,
        ),
      )
      .returning({ id: memberUpdateLinks.id });
    if (claimed.length === 0) return { outcome: "closed", state: "used" };
    const [request] = await tx
      .insert(memberUpdateRequests)
      .values({ memberId: link.memberId, linkId: link.linkId, changes })
      .returning({ id: memberUpdateRequests.id });
    const member = await liveMember(tx, link.memberId);
    await logChange(tx, "visitor", "member.update-requested", {
      subject: member ? memberSubject(member) : { type: "member", id: link.memberId },
      // The values wait in the request; the log names only which fields were sent.
      details: { fields: changes.map((change) => change.field) },
    });
    return { outcome: "sent", requestId: request!.id, changes: changes.length };
  });
}

/**
 * The member's language for e-mails (issue 39), from their update link: their own preference,
 * like a consent, so it changes at once (with its audit entry), without review and without using
 * the link up. "same" when it already was so.
 */
export async function setOwnLanguage(
  token: string,
  language: MemberLanguage,
): Promise<{ outcome: "saved" | "same" } | { outcome: "closed"; state: ClosedLink }> {
  return services().db.transaction(async (tx) => {
    const link = await findLink(tx, token);
    if (link.state !== "open") return { outcome: "closed" as const, state: link.state };
    const [before] = await tx
      .select({ language: members.language })
      .from(members)
      .where(eq(members.id, link.memberId))
      .for("update");
    if (!before || before.language === language) return { outcome: "same" as const };
    await tx.update(members).set({ language }).where(eq(members.id, link.memberId));
    const member = await liveMember(tx, link.memberId);
    await logChange(tx, "visitor", "member.updated", {
      subject: member ? memberSubject(member) : { type: "member", id: link.memberId },
      details: {
        changes: [
          { field: "language", label: MEMBER_FIELDS.language.label, from: before.language, to: language },
        ],
        by: "the member",
      },
    });
    return { outcome: "saved" as const };
  });
}

// ---------------------------------------------------------------------------------------------
// The staff side: the review queue
// ---------------------------------------------------------------------------------------------

/** How many requests wait for a decision (the navigation's badge). */
export async function countPendingUpdateRequests(): Promise<number> {
  const [row] = await services()
    .db.select({ n: count() })
    .from(memberUpdateRequests)
    .innerJoin(members, eq(members.id, memberUpdateRequests.memberId))
    .where(and(isNull(memberUpdateRequests.decidedAt), notDeleted));
  return row?.n ?? 0;
}

export interface ChangeForReview extends MemberUpdateChange {
  index: number;
  /** The member's value of this field now. */
  current: unknown;
  /** Staff changed the field since the member sent this: accepting overwrites their change. */
  isStale: boolean;
}

export interface RequestForReview {
  id: string;
  memberId: string;
  memberName: string;
  submittedAt: string;
  changes: ChangeForReview[];
  pending: number;
}

const PENDING_SHOWN = 50;

/** The requests waiting for a decision, oldest first, each with its changes and the record as it is now. */
export async function listPendingUpdateRequests(): Promise<RequestForReview[]> {
  const rows = await services()
    .db.select({
      id: memberUpdateRequests.id,
      memberId: memberUpdateRequests.memberId,
      submittedAt: memberUpdateRequests.submittedAt,
      changes: memberUpdateRequests.changes,
      member: {
        firstName: members.firstName,
        middleName: members.middleName,
        lastName: members.lastName,
        ...ownDetailColumns,
      },
    })
    .from(memberUpdateRequests)
    .innerJoin(members, eq(members.id, memberUpdateRequests.memberId))
    .where(and(isNull(memberUpdateRequests.decidedAt), notDeleted))
    .orderBy(asc(memberUpdateRequests.submittedAt), asc(memberUpdateRequests.id))
    .limit(PENDING_SHOWN);
  return rows.map((row) => {
    const current = ownDetailsOf(row.member);
    const changes = row.changes.map((change, index) => reviewOf(change, index, current));
    return {
      id: row.id,
      memberId: row.memberId,
      memberName: fullName(row.member),
      submittedAt: row.submittedAt.toISOString(),
      changes,
      pending: changes.filter((change) => change.status === "pending").length,
    };
  });
}

function reviewOf(change: MemberUpdateChange, index: number, current: OwnDetails): ChangeForReview {
  const field = change.field as OwnDetailField;
  const now = current[field];
  return {
    ...change,
    index,
    current: now,
    isStale: change.status === "pending" && comparable(field, now) !== comparable(field, change.from),
  };
}

export type Decision = "accept" | "reject";

export type DecisionOutcome =
  | { outcome: "decided"; accepted: number; rejected: number; isDone: boolean }
  /** Nothing written: these changes' fields were changed by staff since, and that was not confirmed. */
  | { outcome: "stale"; fields: string[] }
  | { outcome: "not-found" };

/**
 * Accepts or rejects some of a request's pending changes (`indexes`; all pending ones when null),
 * in one transaction. An accepted change is written through the member form's own save (search
 * text, history), and each decision is audited with the field and both values. A change whose
 * field staff changed since it was sent is only accepted with `confirmStale`. The request leaves
 * the queue when every change is decided.
 */
export async function decideUpdateChanges(
  requestId: string,
  indexes: number[] | null,
  decision: Decision,
  actor: Exclude<Actor, string>,
  options: { confirmStale?: boolean } = {},
): Promise<DecisionOutcome> {
  if (!isUuid(requestId)) return { outcome: "not-found" };
  return services().db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(memberUpdateRequests)
      .where(and(eq(memberUpdateRequests.id, requestId), isNull(memberUpdateRequests.decidedAt)))
      .for("update");
    if (!request) return { outcome: "not-found" };
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.id, request.memberId), notDeleted))
      .for("update");
    if (!member) return { outcome: "not-found" };

    const chosen = request.changes
      .map((change, index) => ({ change, index }))
      .filter(({ change, index }) => change.status === "pending" && (!indexes || indexes.includes(index)));
    if (chosen.length === 0) return { outcome: "not-found" };

    if (decision === "accept" && !options.confirmStale) {
      const current = ownDetailsOf(member);
      const stale = chosen.filter(({ change, index }) => reviewOf(change, index, current).isStale);
      if (stale.length > 0) return { outcome: "stale", fields: stale.map(({ change }) => change.field) };
    }

    const decidedAt = new Date().toISOString();
    const changes = [...request.changes];
    if (decision === "accept") {
      const record = pickMemberFields({
        ...member,
        ...(await groupNamesOfMember(tx, member.id)),
      } as unknown as MemberInput) as Record<string, unknown>;
      for (const { change } of chosen) record[change.field] = change.to;
      // One audit entry per change, "member.update-accepted" below, rather than that and a
      // "member.updated" for the same values.
      const saved = await updateMemberIn(tx, member.id, record as MemberInput, actor, { audit: false });
      if (!saved) return { outcome: "not-found" };
    }
    for (const { change, index } of chosen) {
      const field = change.field as OwnDetailField;
      changes[index] = {
        ...change,
        status: decision === "accept" ? "accepted" : "rejected",
        decidedBy: actor.email,
        decidedAt,
      };
      await logChange(
        tx,
        actor,
        decision === "accept" ? "member.update-accepted" : "member.update-rejected",
        {
          subject: memberSubject(member),
          details: {
            field,
            from: change.from,
            to: change.to,
            changes: [{ field, from: change.from, to: change.to }],
          },
        },
      );
    }
    const isDone = changes.every((change) => change.status !== "pending");
    await tx
      .update(memberUpdateRequests)
      .set({ changes, decidedAt: isDone ? sql`now()` : null })
      .where(eq(memberUpdateRequests.id, request.id));
    return {
      outcome: "decided",
      accepted: decision === "accept" ? chosen.length : 0,
      rejected: decision === "reject" ? chosen.length : 0,
      isDone,
    };
  });
}
