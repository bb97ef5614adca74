import type { StaffWorkshop } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { atelierRegistrations, ateliers } from '../../db/schema/index.ts';
import { createSchool, createUser } from './applicant-fixtures.ts';
import { createWorkshops } from './workshops.service.ts';
import { parisDay } from '../../lib/paris-time.ts';

// PostgreSQL only (see vitest.config.ts): PGlite runs one transaction at a time, which would hide the races.
describe('workshop quota edited while applicants register', async () => {
  const { app, database } = await createTestApp();
  const staff = await createUser(app, 'staff');
  const school = await createSchool(app, 'EMLV');
  const day = parisDay(new Date(Date.now() + 7 * 86_400_000));
  const post = (id: number, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/admissibles/portal/registerAtelier/${id}`, headers });
  const workshopBody = (quota: number) => ({
    schoolId: school.schoolId,
    title: 'Course au quota',
    date: day,
    startHour: '10:00',
    endHour: '11:00',
    quota,
    registrationOpensAt: null,
    registrationClosesAt: null,
  });
  const registeredTo = async (id: number) =>
    (await database.db.select().from(atelierRegistrations).where(eq(atelierRegistrations.atelierId, id))).length;

  it('lets one of two simultaneous registrations take the last place', async () => {
    const [workshop] = await createWorkshops(database.db, [{ ...workshopBody(2), endHour: '11:00' }]);
    if (!workshop) throw new Error('workshop not written');
    const first = await createUser(app, 'admissible', school.formationId);
    expect((await post(workshop.id, first.headers)).statusCode).toBe(200);
    const [a, b] = await Promise.all([1, 2].map(() => createUser(app, 'admissible', school.formationId)));
    if (!a || !b) throw new Error('applicants not written');
    const answers = await Promise.all([post(workshop.id, a.headers), post(workshop.id, b.headers)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await registeredTo(workshop.id)).toBe(2);
  });

  it('never ends with more registrants than places when the quota is lowered during registrations', async () => {
    const [workshop] = await createWorkshops(database.db, [{ ...workshopBody(10), endHour: '11:00' }]);
    if (!workshop) throw new Error('workshop not written');
    const applicants = await Promise.all(
      Array.from({ length: 6 }, () => createUser(app, 'admissible', school.formationId)),
    );
    const lowering = app.inject({
      method: 'PUT',
      url: `/api/staff/workshops/${workshop.id}`,
      headers: { ...staff.headers, 'accept-language': 'fr-FR' },
      payload: workshopBody(3),
    });
    const [edit, ...registrations] = await Promise.all([
      lowering,
      ...applicants.map((a) => post(workshop.id, a.headers)),
    ]);
    const registered = await registeredTo(workshop.id);
    const [row] = await database.db.select().from(ateliers).where(eq(ateliers.id, workshop.id));
    expect(registered).toBe(registrations.filter((r) => r.statusCode === 200).length);
    if (edit?.statusCode === 200) {
      // The quota went down first, or with at most 3 registered: no one passed it afterwards.
      expect(edit.json<{ workshop: StaffWorkshop }>().workshop.quota).toBe(3);
      expect(row?.quota).toBe(3);
      expect(registered).toBeLessThanOrEqual(3);
    } else {
      // Refused because more than 3 were in: the quota is untouched.
      expect(edit?.statusCode).toBe(400);
      expect(row?.quota).toBe(10);
      expect(registered).toBeGreaterThan(3);
    }
  });
});
