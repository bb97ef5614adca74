import { and, eq, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { lookupAnswers } from '../../db/schema/index.ts';

/**
 * The directories' answers kept in the database (issue 28), behind the in-memory cache (lookup-cache.ts): a company or
 * an address seen once still fills a form after a restart or while its directory is down. Only answers are kept (found,
 * not found, empty), never a failure. An address typed may be a person's: it is kept as a hash, never as text, and
 * answers unused for STORE_DAYS are dropped.
 */

export type LookupKind = 'company' | 'address' | 'communes';

/** How long an answer is kept after it was last fetched. */
export const STORE_DAYS = 180;

/** The stored key: the SIRET or postcode as is, an address query as its SHA-256 (it may be someone's address). */
export function storeKey(kind: LookupKind, key: string): string {
  return kind === 'address' ? createHash('sha256').update(key).digest('hex') : key;
}

export async function saveAnswer(db: Db, kind: LookupKind, key: string, value: unknown): Promise<void> {
  const stored = storeKey(kind, key);
  await db
    .insert(lookupAnswers)
    // Wrapped: a "not found" (null) is an answer to keep, and the column holds no SQL null.
    .values({ kind, key: stored, value: { answer: value }, fetchedAt: new Date() })
    .onConflictDoUpdate({ target: [lookupAnswers.kind, lookupAnswers.key], set: { value: sql`excluded.value`, fetchedAt: sql`excluded.fetched_at` } });
}

/** The kept answer, wrapped (a kept "not found" is `{ value: null }`), or undefined. */
export async function findAnswer<V>(db: Db, kind: LookupKind, key: string): Promise<{ value: V; fetchedAt: Date } | undefined> {
  const [row] = await db
    .select({ value: lookupAnswers.value, fetchedAt: lookupAnswers.fetchedAt })
    .from(lookupAnswers)
    .where(and(eq(lookupAnswers.kind, kind), eq(lookupAnswers.key, storeKey(kind, key))));
  return row ? { value: (row.value as { answer: V }).answer, fetchedAt: row.fetchedAt } : undefined;
}

/** Drops the answers older than STORE_DAYS; returns how many. */
export async function purgeAnswers(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STORE_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(lookupAnswers).where(lt(lookupAnswers.fetchedAt, before)).returning({ key: lookupAnswers.key });
  return deleted.length;
}
