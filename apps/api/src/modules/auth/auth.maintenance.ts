import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginTokens, rateLimits, refreshTokens, sessions } from '../../db/schema/index.ts';

/**
 * Deletes sign-in rows nobody can use any more, so the tables do not grow for ever. Link tokens are kept 30 days past
 * their expiry (a dead link can still ask for a fresh one); refresh tokens a day past theirs (theft detection needs
 * a family's used tokens only while the family lives); sessions once they have no refresh token left (an access token
 * of a session that is gone is refused, like one of an ended session); rate-limit counters a day past their window
 * (every window is shorter). Run hourly by the job runner (job `purge-sign-in`, modules/jobs).
 */
export async function purgeExpiredSessions(
  db: Db,
): Promise<{ loginTokens: number; refreshTokens: number; sessions: number; rateLimits: number }> {
  const links = await db
    .delete(loginTokens)
    .where(lt(loginTokens.expiresAt, sql`now() - interval '30 days'`))
    .returning({ id: loginTokens.id });
  const spent = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: refreshTokens.id });
  // A day's margin: a session is opened before its first refresh token, in the same transaction.
  const ended = await db
    .delete(sessions)
    .where(
      and(
        lt(sessions.createdAt, sql`now() - interval '1 day'`),
        notExists(db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.family, sessions.id))),
      ),
    )
    .returning({ id: sessions.id });
  const counters = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`))
    .returning({ key: rateLimits.key });
  return { loginTokens: links.length, refreshTokens: spent.length, sessions: ended.length, rateLimits: counters.length };
}
