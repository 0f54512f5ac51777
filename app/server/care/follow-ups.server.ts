import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  careWorkflowSteps,
  careWorkflows,
  followUpNotes,
  followUpSteps,
  followUps,
} from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { type Actor, logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";

// Follow-ups (issue 38): someone to look after, with a reason, an assignee, a due date and a
// status. Started by hand or by the site (a connect message from someone new, a first check-in or
// event registration from outside the registry, an ask-to-join, "Not seen lately"); an open one
// for the same person and reason takes the new moment as a note instead of a second card.

export const FOLLOW_UP_SOURCES = [
  "manual",
  "connect",
  "check-in",
  "event",
  "ask-to-join",
  "not-seen",
  // Someone who sent a prayer request and asked for a call (issue 38)
  "prayer",
] as const;
export type FollowUpSource = (typeof FOLLOW_UP_SOURCES)[number];

/** Open and waiting follow-ups are still someone's to do; done and no-response are closed. */
export const OPEN_STATUSES = ["open", "waiting"] as const;

/** The workflow each automatic source starts, when the church has one for it. */
const TRIGGER_OF: Partial<Record<FollowUpSource, string>> = {
  connect: "new-visitor",
  "check-in": "new-visitor",
  event: "new-visitor",
  "ask-to-join": "ask-to-join",
  "not-seen": "not-seen",
};

/** Days to the due date of a follow-up without a workflow (or one whose workflow has no steps). */
export const DEFAULT_DAYS = 2;

export interface FollowUpPerson {
  memberId: string | null;
  name: string;
  email: string;
  mobile: string;
}

export interface NewFollowUp extends FollowUpPerson {
  reason: string;
  source: FollowUpSource;
  /** A workflow chosen by hand; automatic ones take the workflow of their source's trigger. */
  workflowId?: string | null;
  /** Without a workflow (or for its steps without a default assignee). */
  assigneeId?: string | null;
  /** Without a workflow: the due date (else DEFAULT_DAYS from today). */
  dueOn?: string;
  /** What happened, kept as the first note (or as a note on the open follow-up it merges into). */
  note?: string;
}

/**
 * Who a follow-up is about, for merging: the member, else the e-mail address. Someone known only
 * by a name or a mobile is never merged with another row (a shared mobile is not the same person).
 */
export function personKey(person: { memberId: string | null; email: string }): string | null {
  if (person.memberId) return `member:${person.memberId}`;
  const email = person.email.trim().toLowerCase();
  return email ? `email:${email}` : null;
}

/** "person|reason" keys of the open follow-ups (for screens that show "already followed up"). */
export async function openFollowUpKeys(executor: Executor): Promise<Set<string>> {
  const rows = await executor
    .select({ memberId: followUps.memberId, email: followUps.email, reason: followUps.reason })
    .from(followUps)
    .where(inArray(followUps.status, [...OPEN_STATUSES]));
  return new Set(rows.map((row) => `${personKey(row)}|${row.reason}`));
}

export const followUpKey = (person: FollowUpPerson & { reason: string }) =>
  `${personKey(person)}|${person.reason}`;

async function findOpen(executor: Executor, input: NewFollowUp): Promise<string | null> {
  const key = personKey(input);
  if (!key) return null;
  const [row] = await executor
    .select({ id: followUps.id })
    .from(followUps)
    .where(
      and(
        inArray(followUps.status, [...OPEN_STATUSES]),
        eq(followUps.reason, input.reason),
        input.memberId
          ? eq(followUps.memberId, input.memberId)
          : and(isNull(followUps.memberId), sql`lower(${followUps.email}) = ${input.email.trim().toLowerCase()}`),
      ),
    )
    .orderBy(asc(followUps.createdAt))
    .limit(1);
  return row?.id ?? null;
}

async function workflowOf(executor: Executor, input: NewFollowUp): Promise<string | null> {
  if (input.workflowId !== undefined) return input.workflowId;
  const trigger = TRIGGER_OF[input.source];
  if (!trigger) return null;
  const [row] = await executor
    .select({ id: careWorkflows.id })
    .from(careWorkflows)
    .where(eq(careWorkflows.trigger, trigger));
  return row?.id ?? null;
}

const actorLabel = (actor: Actor) => (typeof actor === "string" ? actor : actor.email);

/**
 * Starts a follow-up, or adds `note` to the open one for the same person and reason. Call it in
 * the transaction that writes what caused it: the person's lock makes two at once one card.
 */
export async function startFollowUp(
  executor: Executor,
  input: NewFollowUp,
  actor: Actor,
  today: string = todayInChurchZone(),
): Promise<{ id: string; merged: boolean }> {
  const key = personKey(input);
  if (key) await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`follow-up:${key}|${input.reason}`}))`);
  const open = await findOpen(executor, input);
  const author = actorLabel(actor);
  if (open) {
    if (input.note) await executor.insert(followUpNotes).values({ followUpId: open, body: input.note, author });
    return { id: open, merged: true };
  }
  const workflowId = await workflowOf(executor, input);
  const steps = workflowId
    ? await executor
        .select()
        .from(careWorkflowSteps)
        .where(eq(careWorkflowSteps.workflowId, workflowId))
        .orderBy(asc(careWorkflowSteps.position))
    : [];
  const first = steps[0];
  const [row] = await executor
    .insert(followUps)
    .values({
      memberId: input.memberId,
      name: input.name.trim(),
      email: input.email.trim(),
      mobile: input.mobile.trim(),
      reason: input.reason,
      source: input.source,
      workflowId: steps.length > 0 ? workflowId : null,
      assigneeId: first ? (first.assigneeId ?? input.assigneeId ?? null) : (input.assigneeId ?? null),
      dueOn: first ? addDays(today, first.days) : (input.dueOn ?? addDays(today, DEFAULT_DAYS)),
      createdBy: author,
    })
    .returning({ id: followUps.id });
  const id = row!.id;
  if (steps.length > 0) {
    await executor.insert(followUpSteps).values(
      steps.map((step, index) => ({
        followUpId: id,
        position: index + 1,
        title: step.title,
        dueOn: addDays(today, step.days),
        assigneeId: step.assigneeId ?? input.assigneeId ?? null,
      })),
    );
  }
  if (input.note) await executor.insert(followUpNotes).values({ followUpId: id, body: input.note, author });
  await logChange(executor, actor, "follow-up.started", {
    subject: followUpSubject(input),
    details: { followUp: id, reason: input.reason, source: input.source },
  });
  return { id, merged: false };
}

/**
 * Who a follow-up's audit entries are about: the member, or someone outside the registry named by
 * their address, as their erasure finds them.
 */
export function followUpSubject(person: { memberId: string | null; name: string; email: string }) {
  return person.memberId
    ? { type: "member", id: person.memberId, label: person.name }
    : { type: "person", label: person.email.trim().toLowerCase() || person.name };
}
