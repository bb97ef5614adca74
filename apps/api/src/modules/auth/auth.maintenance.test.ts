import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { loginTokens, rateLimits, refreshTokens, sessions, users } from '../../db/schema/index.ts';
import { purgeExpiredSessions } from './auth.maintenance.ts';

describe('purging expired sign-in rows', async () => {
  const { app } = await createTestApp();

  it('deletes long-dead links, expired refresh tokens, sessions left without any, and old counters, and keeps the rest', async () => {
    const [user] = await app.db.insert(users).values({ email: 'purge@example.org', userType: 'admissible' }).returning();
    const userId = user?.id ?? 0;
    await app.db.insert(loginTokens).values([
      { userId, tokenHash: 'dead-link', expiresAt: sql`now() - interval '31 days'` },
      { userId, tokenHash: 'recently-expired-link', expiresAt: sql`now() - interval '2 days'` },
      { userId, tokenHash: 'live-link', expiresAt: sql`now() + interval '1 day'` },
    ]);
    const family = '00000000-0000-4000-8000-000000000001';
    const spentFamily = '00000000-0000-4000-8000-000000000002';
    const newFamily = '00000000-0000-4000-8000-000000000003';
    await app.db.insert(sessions).values([
      { id: family, userId, createdAt: sql`now() - interval '40 days'` },
      { id: spentFamily, userId, createdAt: sql`now() - interval '40 days'` },
      // Opened a moment ago, its refresh token not written yet.
      { id: newFamily, userId },
    ]);
    await app.db.insert(refreshTokens).values([
      { userId, family: spentFamily, tokenHash: 'spent-session', expiresAt: sql`now() - interval '3 days'` },
      { userId, family, tokenHash: 'expired-session', expiresAt: sql`now() - interval '2 days'` },
      { userId, family, tokenHash: 'live-session', expiresAt: sql`now() + interval '10 days'` },
    ]);
    await app.db.insert(rateLimits).values([
      { key: 'old', windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: 'current', windowStart: sql`now()`, count: 1 },
    ]);

    expect(await purgeExpiredSessions(app.db)).toEqual({ loginTokens: 1, refreshTokens: 2, sessions: 1, rateLimits: 1 });
    const links = await app.db.select({ hash: loginTokens.tokenHash }).from(loginTokens);
    expect(links.map((l) => l.hash).sort()).toEqual(['live-link', 'recently-expired-link']);
    const sessionTokens = await app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(sessionTokens.map((s) => s.hash)).toEqual(['live-session']);
    const left = await app.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id).sort()).toEqual([family, newFamily]);
    const counters = await app.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(counters.map((c) => c.key)).toEqual(['current']);
  });
});
