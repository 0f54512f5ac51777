import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { signedLinks } from "../../../database/schema";
import type { Executor } from "./db.server";

// One kind of signed link (ARCHITECTURE section 10) for every page a person reaches without an
// account: a purpose ("unsubscribe", ...), a subject (whom or what it is about), an optional end,
// once or many times, revocable. The token is 32 random bytes in base64url; only its SHA-256 is
// stored, so a copy of the database opens nothing. A token read for another purpose is unknown:
// a link made for one page never opens another.

/** Why a link does not open: never issued (or altered, or another purpose's), past its end, used, revoked. */
export type LinkRefusal = "unknown" | "expired" | "used" | "revoked";

export interface OpenLink {
  id: string;
  subject: string;
}

export type LinkReading = ({ ok: true } & OpenLink) | { ok: false; refusal: LinkRefusal };

export function hashOfToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes in base64url are 43 characters of [A-Za-z0-9_-]; anything else is no token of ours. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Makes a link for `subject` and returns its token (shown once: only its hash is kept). */
export async function issueLink(
  executor: Executor,
  link: { purpose: string; subject: string; expiresAt?: Date | null; singleUse: boolean },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await executor.insert(signedLinks).values({
    purpose: link.purpose,
    subjectId: link.subject,
    tokenHash: hashOfToken(token),
    expiresAt: link.expiresAt ?? null,
    singleUse: link.singleUse,
  });
  return token;
}

/** What a token opens for `purpose`, or why it does not. Writes nothing. */
export async function readLink(executor: Executor, purpose: string, token: string): Promise<LinkReading> {
  if (!isWellFormedToken(token)) return { ok: false, refusal: "unknown" };
  const [row] = await executor
    .select({
      id: signedLinks.id,
      subject: signedLinks.subjectId,
      expired: sql<boolean>`coalesce(${signedLinks.expiresAt} <= now(), false)`,
      usedAt: signedLinks.usedAt,
      singleUse: signedLinks.singleUse,
      revokedAt: signedLinks.revokedAt,
    })
    .from(signedLinks)
    .where(and(eq(signedLinks.tokenHash, hashOfToken(token)), eq(signedLinks.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, refusal: "unknown" };
  if (row.revokedAt) return { ok: false, refusal: "revoked" };
  if (row.expired) return { ok: false, refusal: "expired" };
  if (row.singleUse && row.usedAt) return { ok: false, refusal: "used" };
  return { ok: true, id: row.id, subject: row.subject };
}

/**
 * Uses a link: a single-use link is marked used in one conditional update, so of two requests
 * racing with the same token only one is answered with the link (the other reads "used").
 * A link for many uses is only read.
 */
export async function useLink(executor: Executor, purpose: string, token: string): Promise<LinkReading> {
  const reading = await readLink(executor, purpose, token);
  if (!reading.ok) return reading;
  const [marked] = await executor
    .update(signedLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signedLinks.id, reading.id),
        sql`(not ${signedLinks.singleUse} or ${signedLinks.usedAt} is null)`,
        isNull(signedLinks.revokedAt),
      ),
    )
    .returning({ id: signedLinks.id });
  if (!marked) return { ok: false, refusal: "used" };
  return reading;
}

/** Revokes every open link of `purpose` for `subject`. Returns how many were revoked. */
export async function revokeLinks(executor: Executor, purpose: string, subject: string): Promise<number> {
  const revoked = await executor
    .update(signedLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(signedLinks.purpose, purpose),
        eq(signedLinks.subjectId, subject),
        isNull(signedLinks.revokedAt),
      ),
    )
    .returning({ id: signedLinks.id });
  return revoked.length;
}
