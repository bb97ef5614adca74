import { randomBytes } from 'node:crypto';
import type { UserType } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import { accessTokenFor } from '../../../test/helper.ts';
import { admissibles, formations, schools, users } from '../../db/schema/index.ts';

/** Test data for the portal modules: a school with a formation, and signed-in users. */
export async function createSchool(
  app: FastifyInstance,
  code: string,
): Promise<{ schoolId: number; formationId: number }> {
  const [school] = await app.db
    .insert(schools)
    .values({ code: `${code}-${randomBytes(3).toString('hex')}`, name: code })
    .returning();
  if (!school) throw new Error('school not written');
  const [formation] = await app.db
    .insert(formations)
    .values({
      schoolId: school.id,
      libelle: `Programme ${code}`,
      year: 2026,
      etape: 3,
      trainingStart: '2026-09-01',
      trainingEnd: '2028-08-31',
    })
    .returning();
  if (!formation) throw new Error('formation not written');
  return { schoolId: school.id, formationId: formation.id };
}

export interface SignedInUser {
  id: number;
  headers: { authorization: string };
}

/** A user with a live session; an applicant gets its admissible row (in `formationId` when given). */
export async function createUser(
  app: FastifyInstance,
  userType: UserType,
  formationId?: number,
  names: { prenom?: string; nom?: string; email?: string } = {},
): Promise<SignedInUser> {
  const [user] = await app.db
    .insert(users)
    .values({
      email: names.email ?? `${userType}-${randomBytes(6).toString('hex')}@example.fr`,
      userType,
      prenom: names.prenom ?? 'Camille',
      nom: names.nom ?? 'Martin',
    })
    .returning();
  if (!user) throw new Error('user not written');
  if (userType === 'admissible')
    await app.db.insert(admissibles).values({ userId: user.id, formationId: formationId ?? null });
  const token = await accessTokenFor(app, { id: user.id, userType });
  return { id: user.id, headers: { authorization: `Bearer ${token}` } };
}
