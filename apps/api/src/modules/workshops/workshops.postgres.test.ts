import type { ErrorBody } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { atelierRegistrations } from '../../db/schema/index.ts';
import { createSchool, createUser } from './applicant-fixtures.ts';
import { createWorkshops } from './workshops.service.ts';
import { parisDay } from '../../lib/paris-time.ts';

// PostgreSQL only (see vitest.config.ts): PGlite runs one transaction at a time, which would hide the races.
describe('workshop registration under concurrency', async () => {
  const { app, database } = await createTestApp();
  const school = await createSchool(app, 'ESILV');
  const day = parisDay(new Date(Date.now() + 7 * 86_400_000));
  const [small, a, b] = await createWorkshops(database.db, [
    { schoolId: school.schoolId, title: 'Petit atelier', date: day, startHour: '10:00', endHour: '12:00:00', quota: 3 },
    { schoolId: school.schoolId, title: 'Atelier A', date: day, startHour: '14:00', endHour: '15:00:00', quota: 10 },
    { schoolId: school.schoolId, title: 'Atelier B', date: day, startHour: '16:00', endHour: '17:00:00', quota: 10 },
  ]);
  if (!small || !a || !b) throw new Error('workshops not written');
  const post = (id: number, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/admissibles/portal/registerAtelier/${id}`, headers });

  it('never passes the quota when 20 applicants register at once', async () => {
    const applicants = await Promise.all(
      Array.from({ length: 20 }, () => createUser(app, 'admissible', school.formationId)),
    );
    const answers = await Promise.all(applicants.map((applicant) => post(small.id, applicant.headers)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    expect(new Set(refused.map((r) => r.json<ErrorBody>().code))).toEqual(new Set(['WORKSHOP_FULL']));
    const rows = await database.db
      .select()
      .from(atelierRegistrations)
      .where(eq(atelierRegistrations.atelierId, small.id));
    expect(rows).toHaveLength(3);
  });

  it('keeps one registration when an applicant clicks two workshops at once', async () => {
    const applicant = await createUser(app, 'admissible', school.formationId);
    const answers = await Promise.all([post(a.id, applicant.headers), post(b.id, applicant.headers)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json<ErrorBody>().code).toBe('WORKSHOP_ALREADY_REGISTERED');
    const rows = await database.db
      .select()
      .from(atelierRegistrations)
      .where(eq(atelierRegistrations.userId, applicant.id));
    expect(rows).toHaveLength(1);
  });
});
