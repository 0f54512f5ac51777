import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../database/schema";
import type { Database } from "./db.server";
import { afterResponse } from "./request-scope.server";
import { services } from "./services.server";

export interface RateLimitRule {
  /** Counter name, e.g. `signin:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the fullest window that refused resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against each rule (fixed windows kept in the database, so every app server sees
 * the same counts) and says whether all of them are still within their limit.
 */
export async function hitRateLimits(db: Database, rules: RateLimitRule[]): Promise<RateLimitResult> {
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const resetAt = sql`now() + make_interval(secs => ${rule.windowMs / 1000})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rule.key, count: 1, resetAt: resetAt as unknown as Date })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int`,
      });
    if (row && row.count > rule.limit) {
      retryAfterSeconds = Math.max(retryAfterSeconds, row.secondsLeft, 1);
    }
  }
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** Forgets the counters (e.g. an account's failures once its owner signs in). */
export async function clearRateLimits(db: Database, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(rateLimits).where(sql`${rateLimits.key} in ${keys}`);
}

export async function pruneExpiredRateLimits(db: Database) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}

/** The counts of `rules` as they stand, without counting a hit: how many windows are already full. */
export async function peekRateLimits(db: Database, rules: RateLimitRule[]): Promise<RateLimitResult> {
  if (rules.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const rows = await db
    .select({
      key: rateLimits.key,
      count: rateLimits.count,
      secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} in ${rules.map((rule) => rule.key)} and ${rateLimits.resetAt} > now()`);
  let retryAfterSeconds = 0;
  for (const row of rows) {
    const rule = rules.find((candidate) => candidate.key === row.key);
    if (rule && row.count >= rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, row.secondsLeft, 1);
  }
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** The current count of one counter (0 when it has none or its window has ended). */
export async function currentCount(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return row?.count ?? 0;
}

/** Forgets every counter whose key starts with `prefix` (an account's failures from every address). */
export async function clearRateLimitsWithPrefix(db: Database, prefix: string) {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.delete(rateLimits).where(sql`${rateLimits.key} like ${pattern}`);
}

/**
 * A public "e-mail me a link" request within its hourly limits: a connection that asked too often
 * is told to wait (the answer it gets); an address asked for too often quietly gets nothing more,
 * so the answer never tells whether the address is known, and neither does its timing: `send` runs
 * after the answer has been sent (`afterResponse`). `send` gets the address trimmed and
 * lower-cased. `name` starts the counters' keys (`reset:ip:...`, `reset:email:...`).
 */
export function limitEmailedLinkRequests(
  name: string,
  limits: { perConnection: number; perAddress: number },
  send: (email: string, origin: string) => Promise<unknown>,
) {
  const hour = 60 * 60 * 1000;
  return async (request: { email: string; clientIp: string; origin: string }): Promise<RateLimitResult> => {
    const { db } = services();
    const email = request.email.trim().toLowerCase();
    const byConnection = await hitRateLimits(db, [
      { key: `${name}:ip:${request.clientIp}`, limit: limits.perConnection, windowMs: hour },
    ]);
    if (!byConnection.allowed) return byConnection;
    const byAddress = await hitRateLimits(db, [
      { key: `${name}:email:${email}`, limit: limits.perAddress, windowMs: hour },
    ]);
    // Whether an e-mail goes out (and the work of making it) is decided after the answer has
    // left, so a known address and an unknown one are answered after the same work.
    if (byAddress.allowed) await afterResponse(() => send(email, request.origin));
    return byConnection;
  };
}
