import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/index.ts';
import { findOrCreateUserByEmail } from './users.service.ts';

describe('GET /api/users/me', async () => {
  const { app } = await createTestApp();

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers 401 with a token that is not ours', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer not.a.token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("answers the signed-in user's type, names and address, read from the database", async () => {
    const user = await findOrCreateUserByEmail(app.db, {
      email: 'lea.martin@example.org',
      userType: 'admissible',
      prenom: 'Léa',
      nom: 'Martin',
      lang: 'fr-FR',
    });
    const token = await accessTokenFor(app, { id: user.id, userType: 'admissible' });
    await app.db.update(users).set({ nom: 'Martin-Durand' }).where(eq(users.id, user.id));

    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userType: 'admissible', prenom: 'Léa', nom: 'Martin-Durand', mail: 'lea.martin@example.org' });
  });

  it('answers 401 once the user no longer exists', async () => {
    const user = await findOrCreateUserByEmail(app.db, { email: 'gone@example.org', userType: 'company', prenom: 'G', nom: 'One', lang: 'en-US' });
    const token = await accessTokenFor(app, { id: user.id, userType: 'company' });
    await app.db.delete(users).where(eq(users.id, user.id));

    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('findOrCreateUserByEmail', async () => {
  const { app } = await createTestApp();

  it('creates the user with a lower-cased address', async () => {
    const user = await findOrCreateUserByEmail(app.db, {
      email: '  Jean.Dupont@Entreprise.FR ',
      userType: 'company',
      prenom: 'Jean',
      nom: 'Dupont',
      lang: 'en-US',
    });
    expect(user).toMatchObject({ email: 'jean.dupont@entreprise.fr', userType: 'company', prenom: 'Jean', nom: 'Dupont', lang: 'en-US' });
    const rows = await app.db.select().from(users).where(eq(users.email, 'jean.dupont@entreprise.fr'));
    expect(rows).toHaveLength(1);
  });

  it('returns the existing user unchanged for a known address, whatever its case', async () => {
    const first = await findOrCreateUserByEmail(app.db, { email: 'sam@example.org', userType: 'admissible', prenom: 'Sam', nom: 'A', lang: 'fr-FR' });
    const again = await findOrCreateUserByEmail(app.db, { email: 'SAM@example.org', userType: 'company', prenom: 'Other', nom: 'B', lang: 'en-US' });
    expect(again).toEqual(first);
    const rows = await app.db.select().from(users).where(eq(users.email, 'sam@example.org'));
    expect(rows).toEqual([first]);
  });

  it('works inside a caller\'s transaction and disappears with its rollback', async () => {
    const rollback = new Error('rolled back on purpose');
    await expect(
      app.db.transaction(async (tx) => {
        const user = await findOrCreateUserByEmail(tx, { email: 'tx@example.org', userType: 'company', prenom: 'T', nom: 'X', lang: 'fr-FR' });
        expect(user.id).toBeGreaterThan(0);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await app.db.select().from(users).where(eq(users.email, 'tx@example.org'))).toHaveLength(0);
  });

  it('creates one user when two callers race for the same address', async () => {
    const identity = { email: 'race@example.org', userType: 'admissible' as const, prenom: 'R', nom: 'C', lang: 'fr-FR' as const };
    const [a, b] = await Promise.all([findOrCreateUserByEmail(app.db, identity), findOrCreateUserByEmail(app.db, identity)]);
    expect(a.id).toBe(b.id);
    expect(await app.db.select().from(users).where(eq(users.email, 'race@example.org'))).toHaveLength(1);
  });
});
