import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { loginTokens, rateLimits, refreshTokens, users } from '../../db/schema/index.ts';
import { purgeExpiredSessions } from './auth.maintenance.ts';

describe('purging expired sign-in rows', async () => {
  const { app } = await createTestApp();

  it('deletes long-dead links, expired refresh tokens and old counters, and keeps the rest', async () => {
    const [user] = await app.db.insert(users).values({ email: 'purge@example.org', userType: 'admissible' }).returning();
    const userId = user?.id ?? 0;
    await app.db.insert(loginTokens).values([
      { userId, tokenHash: 'dead-link', expiresAt: sql`now() - interval '31 days'` },
      { userId, tokenHash: 'recently-expired-link', expiresAt: sql`now() - interval '2 days'` },
      { userId, tokenHash: 'live-link', expiresAt: sql`now() + interval '1 day'` },
    ]);
    const family = '00000000-0000-4000-8000-000000000001';
    await app.db.insert(refreshTokens).values([
      { userId, family, tokenHash: 'expired-session', expiresAt: sql`now() - interval '2 days'` },
      { userId, family, tokenHash: 'live-session', expiresAt: sql`now() + interval '10 days'` },
    ]);
    await app.db.insert(rateLimits).values([
      { key: 'old', windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: 'current', windowStart: sql`now()`, count: 1 },
    ]);

    expect(await purgeExpiredSessions(app.db)).toEqual({ loginTokens: 1, refreshTokens: 1, rateLimits: 1 });
    const links = await app.db.select({ hash: loginTokens.tokenHash }).from(loginTokens);
    expect(links.map((l) => l.hash).sort()).toEqual(['live-link', 'recently-expired-link']);
    const sessions = await app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(sessions.map((s) => s.hash)).toEqual(['live-session']);
    const counters = await app.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(counters.map((c) => c.key)).toEqual(['current']);
  });
});
