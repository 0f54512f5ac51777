import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { outboxEmails } from "../../../database/schema";
import { AppError } from "../platform/app-error.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// What staff decide about e-mails that have not gone out: the ones that waited while mail was off
// (held until an admin says "send them" or "discard them"), and single ones (discard a waiting or
// failed e-mail, send a failed one again). Every choice is in the audit log.

/**
 * Holds every e-mail waiting to be sent, in `executor`'s transaction: called when mail is switched
 * on, so what piled up while it was off goes out only when an admin says so. Returns how many.
 */
export async function holdWaitingEmails(executor: Executor): Promise<number> {
  const held = await executor
    .update(outboxEmails)
    .set({ status: "held", lockedUntil: null })
    .where(eq(outboxEmails.status, "pending"))
    .returning({ id: outboxEmails.id });
  return held.length;
}

export interface HeldEmails {
  count: number;
  /** The kinds of e-mail held, with how many of each and a few subjects, most first. */
  kinds: { kind: string; count: number; subjects: string[] }[];
}

/** What waits for the admin's choice. */
export async function heldEmails(): Promise<HeldEmails> {
  const { db } = services();
  const rows = await db
    .select({
      kind: outboxEmails.kind,
      n: count(),
      subjects: sql<string[]>`(array_agg(distinct ${outboxEmails.subject}))[1:3]`,
    })
    .from(outboxEmails)
    .where(eq(outboxEmails.status, "held"))
    .groupBy(outboxEmails.kind)
    .orderBy(desc(count()));
  const kinds = rows.map((row) => ({ kind: row.kind, count: row.n, subjects: row.subjects ?? [] }));
  return { count: kinds.reduce((sum, kind) => sum + kind.count, 0), kinds };
}

/** "Send them": the held e-mails go out now (those still within their time). Returns how many. */
export async function sendHeldEmails(actor: Actor): Promise<number> {
  return services().db.transaction(async (tx) => {
    const released = await tx
      .update(outboxEmails)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(eq(outboxEmails.status, "held"))
      .returning({ id: outboxEmails.id });
    if (released.length)
      await logChange(tx, actor, "outbox.held-sent", { details: { emails: released.length } });
    return released.length;
  });
}

/** "Discard them": the held e-mails are never sent. Returns how many. */
export async function discardHeldEmails(actor: Actor): Promise<number> {
  return services().db.transaction(async (tx) => {
    const discarded = await tx
      .update(outboxEmails)
      .set({ status: "discarded" })
      .where(eq(outboxEmails.status, "held"))
      .returning({ id: outboxEmails.id });
    if (discarded.length)
      await logChange(tx, actor, "outbox.held-discarded", { details: { emails: discarded.length } });
    return discarded.length;
  });
}

const NOT_FOUND = "This e-mail is no longer waiting: it was sent, or someone else already dealt with it.";

/**
 * Discards one e-mail that waits, is held or failed. One a worker is sending right now cannot be
 * stopped: the answer says so.
 */
export async function discardEmail(actor: Actor, id: string): Promise<void> {
  await services().db.transaction(async (tx) => {
    const [row] = await tx
      .update(outboxEmails)
      .set({ status: "discarded", lockedUntil: null })
      .where(
        and(
          eq(outboxEmails.id, id),
          inArray(outboxEmails.status, ["pending", "held", "failed"]),
          sql`(${outboxEmails.lockedUntil} is null or ${outboxEmails.lockedUntil} <= now())`,
        ),
      )
      .returning({ id: outboxEmails.id, subject: outboxEmails.subject, to: outboxEmails.toAddress });
    if (!row) throw new AppError(NOT_FOUND, 409);
    await logChange(tx, actor, "outbox.discarded", {
      subject: { type: "email", id: row.id, label: row.subject },
      details: { to: row.to },
    });
  });
}

/** Sends a failed e-mail again: it waits once more, due now, with a fresh round of attempts. */
export async function resendEmail(actor: Actor, id: string): Promise<void> {
  await services().db.transaction(async (tx) => {
    const [row] = await tx
      .update(outboxEmails)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(
        and(
          eq(outboxEmails.id, id),
          eq(outboxEmails.status, "failed"),
          sql`(${outboxEmails.expiresAt} is null or ${outboxEmails.expiresAt} > now())`,
        ),
      )
      .returning({ id: outboxEmails.id, subject: outboxEmails.subject, to: outboxEmails.toAddress });
    if (!row)
      throw new AppError(
        "Only an e-mail that could not be sent, and is still within its time, can be sent again.",
        409,
      );
    await logChange(tx, actor, "outbox.resent", {
      subject: { type: "email", id: row.id, label: row.subject },
      details: { to: row.to },
    });
  });
}
