import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { outboxEmails, type OutboxAttachment, type OutboxEmail } from "../../../database/schema";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import type { EmailContent } from "./email-layout.server";

// The durable outbox: an e-mail is a row first, written in the transaction of what caused it, and
// is sent afterwards by `sendDueEmails` (run every few seconds by the worker in each server).
// A worker takes rows by leasing them (`locked_until`) in a short transaction with
// FOR UPDATE SKIP LOCKED, sends outside any transaction, then records the outcome: two servers
// never take the same row, the database is never held while a mail server answers, and a server
// killed mid-send leaves a lease that runs out, so the e-mail is taken again after the restart.

export type { Executor };

export interface QueuedEmail extends EmailContent {
  kind: string;
  to: string;
  attachments?: OutboxAttachment[];
  /**
   * When it stops making sense (a link's end, an event's end): after it, it is never sent. An
   * e-mail that waits while mail is off must not arrive days later with a dead link in it.
   */
  expiresAt?: Date;
  /** Extra headers (an announcement's List-Unsubscribe); names and values are ours, never a visitor's. */
  headers?: Record<string, string>;
}

/** How long a worker may take to send one leased e-mail before another may try it. */
export const LEASE_MS = 2 * 60_000;

/** Waits after each failed attempt; after the last the e-mail is marked failed. */
export const RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 3600_000,
  6 * 3600_000,
  12 * 3600_000,
];

// One plain address (o'brien@example.org included): nothing that could add a recipient or a header.
const ADDRESS = /^[^\s<>",;@]+@[^\s<>",;@]+\.[^\s<>",;@]+$/;

/** Whether the outbox takes this as a recipient. */
export function isSendableAddress(value: string | null | undefined): value is string {
  return !!value && ADDRESS.test(value);
}

/** Writes an e-mail to the outbox with `executor` (the caller's transaction). Returns its id. */
export async function queueEmail(executor: Executor, email: QueuedEmail): Promise<string> {
  // Addresses come from validated forms or accounts; one that is not a single plain address is
  // never handed to the mail library (no second recipient, no header through an address).
  if (!isSendableAddress(email.to))
    throw new Error(`Not a single e-mail address: ${JSON.stringify(email.to)}`);
  const [row] = await executor
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      attachments: email.attachments ?? [],
      expiresAt: email.expiresAt ?? null,
      headers: email.headers ?? {},
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/** How many e-mails of these kinds went (or wait to go) to `to` since `since`. */
export async function countRecentEmails(executor: Executor, to: string, kinds: string[], since: Date) {
  const [row] = await executor
    .select({ n: count() })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.toAddress, to),
        inArray(outboxEmails.kind, kinds),
        sql`${outboxEmails.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** The time the outbox goes by: the database's clock (one for every server), or a test's. */
const clock = (now?: Date) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** Leases up to `limit` due e-mails for this worker. */
async function leaseDue(limit: number, now?: Date): Promise<OutboxEmail[]> {
  const { db } = services();
  const nowSql = clock(now);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.status, "pending"),
          lte(outboxEmails.nextAttemptAt, nowSql),
          or(isNull(outboxEmails.lockedUntil), lte(outboxEmails.lockedUntil, nowSql)),
          or(isNull(outboxEmails.expiresAt), gt(outboxEmails.expiresAt, nowSql)),
        ),
      )
      .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.createdAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxEmails)
      .set({
        lockedUntil: sql`${nowSql} + ${`${LEASE_MS} milliseconds`}::interval`,
        attempts: sql`${outboxEmails.attempts} + 1`,
      })
      .where(
        inArray(
          outboxEmails.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

function messageOf(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/**
 * Sends what is due through `transport` and records each outcome. Returns how many were sent and
 * how many failed this time. Without a transport (SMTP not configured) nothing is taken: the
 * e-mails wait.
 */
export async function sendDueEmails(
  transport: Pick<Transporter, "sendMail"> | null,
  from: string | undefined,
  options: { now?: Date; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  if (!transport || !from) return { sent: 0, failed: 0 };
  const { now } = options;
  const leased = await leaseDue(options.limit ?? 10, now);
  const { db } = services();
  let sent = 0;
  let failed = 0;
  for (const email of leased) {
    try {
      await transport.sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        headers: email.headers,
        attachments: email.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.content, "base64"),
          ...(attachment.cid ? { cid: attachment.cid } : {}),
        })),
        // No tracking of any kind; replies go to the church's own address (the From).
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await db
        .update(outboxEmails)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(outboxEmails.id, email.id));
      sent++;
    } catch (error) {
      failed++;
      const delay = RETRY_DELAYS_MS[email.attempts - 1];
      await db
        .update(outboxEmails)
        .set({
          lockedUntil: null,
          lastError: messageOf(error),
          ...(delay === undefined
            ? { status: "failed" }
            : { nextAttemptAt: sql`${clock(now)} + ${`${delay} milliseconds`}::interval` }),
        })
        .where(eq(outboxEmails.id, email.id));
    }
  }
  return { sent, failed };
}

/**
 * Marks e-mails past their end as expired, so they are never sent and the outbox shows why.
 * One already leased by a worker is left to that worker (the lease query skips it anyway).
 */
export async function expireOverdueEmails(now?: Date): Promise<number> {
  const nowSql = clock(now);
  const expired = await services()
    .db.update(outboxEmails)
    .set({ status: "expired", lockedUntil: null })
    .where(
      and(
        inArray(outboxEmails.status, ["pending", "held"]),
        lte(outboxEmails.expiresAt, nowSql),
        or(isNull(outboxEmails.lockedUntil), lte(outboxEmails.lockedUntil, nowSql)),
      ),
    )
    .returning({ id: outboxEmails.id });
  return expired.length;
}

/** Statuses of e-mails that have not gone out and still might. */
export const UNSENT_STATUSES = ["pending", "held", "failed"];
/** How long the outbox screen still lists an e-mail that expired or was discarded. */
const ENDED_SHOWN_DAYS = 14;

/**
 * What waits in the outbox (and what failed, or recently expired or was discarded), newest
 * first, for the members area.
 */
export async function listUnsentEmails(limit = 50) {
  return services()
    .db.select({
      id: outboxEmails.id,
      kind: outboxEmails.kind,
      toAddress: outboxEmails.toAddress,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      attempts: outboxEmails.attempts,
      lastError: outboxEmails.lastError,
      nextAttemptAt: outboxEmails.nextAttemptAt,
      expiresAt: outboxEmails.expiresAt,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    .where(
      or(
        inArray(outboxEmails.status, UNSENT_STATUSES),
        and(
          inArray(outboxEmails.status, ["expired", "discarded"]),
          gte(outboxEmails.createdAt, sql`now() - ${`${ENDED_SHOWN_DAYS} days`}::interval`),
        ),
      ),
    )
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit);
}
