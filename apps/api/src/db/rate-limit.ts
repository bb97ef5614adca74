import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from './client.ts';
import { rateLimits } from './schema/index.ts';
import { rateLimited } from '../lib/app-error.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  /** Window length, in seconds. */
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window closes (at least 1). */
  retryAfterSeconds: number;
}

/**
 * A counter key that never holds the raw value: rows of rate_limits must not reveal
 * which addresses or clients asked for a link.
 */
export function rateLimitKey(scope: string, value: string): string {
  return `${scope}:${createHash('sha256').update(value).digest('hex')}`;
}

/**
 * Counts one hit in a fixed window, in one statement, so that several API processes share the count
 * without a race. Both CASE expressions read the row as it was before the update.
 */
export async function hitRateLimit(db: Db | Tx, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`rate_limits.window_start <= now() - ${window}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
        windowStart: sql`case when ${expired} then now() else rate_limits.window_start end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowStart} + ${window} - now())))::int`.mapWith(Number),
    });
  if (!row) throw new Error('rate limit counter not written');
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds: row.retryAfterSeconds };
}

/** Counts one hit; over the limit, answers 429 RATE_LIMITED with a Retry-After header (the window's end). */
export async function enforceRateLimit(db: Db | Tx, key: string, rule: RateLimitRule): Promise<void> {
  const result = await hitRateLimit(db, key, rule);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}

/** A preHandler counting requests per client address (the proxy's view of it when TRUST_PROXY is set). */
export function rateLimitPerClient(db: Db, scope: string, rule: RateLimitRule) {
  return async (request: FastifyRequest): Promise<void> => {
    await enforceRateLimit(db, rateLimitKey(`${scope}:client`, request.ip), rule);
  };
}
