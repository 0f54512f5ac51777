import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../database/schema";
import type { Database } from "./db.server";

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

/** Takes back one hit, for attempts that turned out to be legitimate. */
export async function refundRateLimit(db: Database, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function pruneExpiredRateLimits(db: Database) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}
