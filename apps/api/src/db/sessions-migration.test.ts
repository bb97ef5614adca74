import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';
import { REFRESH_COOKIE } from '../modules/auth/auth.routes.ts';
import { refreshTokens, sessions, users } from './schema/index.ts';

const migration = readFileSync(new URL('./migrations/0004_sessions.sql', import.meta.url), 'utf8');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Migration 0004 opens a session for every refresh family signed in before sessions existed. */
describe('migration 0004: sessions', async () => {
  const { app } = await createTestApp();

  it('turns each refresh family into a session, ended when the family was revoked, and their cookies keep working', async () => {
    // Back to the tables as they were before 0004.
    await app.db.execute(sql`alter table refresh_tokens drop constraint refresh_tokens_family_sessions_id_fk`);
    await app.db.execute(sql`drop table sessions`);
    const [user] = await app.db
      .insert(users)
      .values({ email: 'before.sessions@example.org', userType: 'admissible' })
      .returning();
    const userId = user?.id ?? 0;
    const live = '00000000-0000-4000-8000-00000000000a';
    const revoked = '00000000-0000-4000-8000-00000000000b';
    await app.db.insert(refreshTokens).values([
      {
        userId,
        family: live,
        tokenHash: sha256('live-used'),
        expiresAt: sql`now() + interval '1 day'`,
        usedAt: sql`now() - interval '1 hour'`,
      },
      { userId, family: live, tokenHash: sha256('live-current'), expiresAt: sql`now() + interval '1 day'` },
      {
        userId,
        family: revoked,
        tokenHash: sha256('revoked'),
        expiresAt: sql`now() + interval '1 day'`,
        revokedAt: sql`now()`,
      },
    ]);

    for (const statement of migration.split('--> statement-breakpoint')) await app.db.execute(sql.raw(statement));

    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(
      rows.map((r) => ({ id: r.id, ended: r.revokedAt !== null })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual([
      { id: live, ended: false },
      { id: revoked, ended: true },
    ]);
    const refresh = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/admissibles/refresh_token', cookies: { [REFRESH_COOKIE]: cookie } });
    const renewed = await refresh('live-current');
    expect(renewed.statusCode).toBe(200);
    const { token } = renewed.json<{ token: string }>();
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    expect((await refresh('revoked')).statusCode).toBe(401);
  });
});
