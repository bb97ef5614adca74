import type { ErrorBody, RegisterAtelierResponse } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { atelierRegistrations } from '../../db/schema/index.ts';
import { createSchool, createUser } from './applicant-fixtures.ts';
import { createWorkshops, listWorkshopsForApplicant } from './workshops.service.ts';
import { parisDay } from '../../lib/paris-time.ts';

const DAY = 86_400_000;
const inDays = (n: number) => parisDay(new Date(Date.now() + n * DAY));

describe('workshops', async () => {
  const { app, database } = await createTestApp();
  const emlv = await createSchool(app, 'EMLV');
  const other = await createSchool(app, 'IIM');
  const [first, second, full, closed, past, otherSchool] = await createWorkshops(database.db, [
    {
      schoolId: emlv.schoolId,
      title: 'CV et LinkedIn',
      date: inDays(7),
      startHour: '10:00',
      endHour: '12:00:00',
      quota: 10,
    },
    {
      schoolId: emlv.schoolId,
      title: 'Réussir son entretien',
      date: inDays(14),
      startHour: '14:00',
      endHour: '16:30:00',
      quota: 10,
    },
    {
      schoolId: emlv.schoolId,
      title: 'Négocier son contrat',
      date: inDays(21),
      startHour: '09:30',
      endHour: '11:00:00',
      quota: 1,
    },
    {
      schoolId: emlv.schoolId,
      title: 'Fermé',
      date: inDays(3),
      startHour: '09:00',
      endHour: '10:00:00',
      quota: 10,
      registrationClosesAt: new Date(Date.now() - DAY),
    },
    { schoolId: emlv.schoolId, title: 'Passé', date: inDays(-2), startHour: '09:00', endHour: '10:00:00', quota: 10 },
    {
      schoolId: other.schoolId,
      title: 'Autre école',
      date: inDays(7),
      startHour: '09:00',
      endHour: '10:00:00',
      quota: 10,
    },
  ]);
  if (!first || !second || !full || !closed || !past || !otherSchool) throw new Error('workshops not written');
  const post = (id: number, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/admissibles/portal/registerAtelier/${id}`, headers });
  const registrationsOf = (userId: number) =>
    database.db.select().from(atelierRegistrations).where(eq(atelierRegistrations.userId, userId));

  it("lists the upcoming workshops of the applicant's school with counts and the flag", async () => {
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    const { list, canRegister } = await listWorkshopsForApplicant(database.db, applicant.id);
    expect(list.map((w) => w.title)).toEqual([
      'Fermé',
      'CV et LinkedIn',
      'Réussir son entretien',
      'Négocier son contrat',
    ]);
    expect(list[1]).toEqual({
      id: first.id,
      title: 'CV et LinkedIn',
      date: inDays(7),
      startHour: '10:00',
      endHour: '12:00:00',
      quota: 10,
      nbIns: 0,
      isInscrit: false,
    });
    expect(canRegister).toBe(true);
    const nobody = await createUser(app, 'admissible');
    expect(await listWorkshopsForApplicant(database.db, nobody.id)).toEqual({ list: [], canRegister: false });
  });

  it('toggles: register, then the same call unregisters', async () => {
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    const on = await post(first.id, applicant.headers);
    expect(on.statusCode).toBe(200);
    expect(on.json<RegisterAtelierResponse>()).toMatchObject({
      registered: true,
      workshop: { id: first.id, nbIns: 1, isInscrit: true },
    });
    expect(await registrationsOf(applicant.id)).toHaveLength(1);
    const feed = await listWorkshopsForApplicant(database.db, applicant.id);
    expect(feed.list.find((w) => w.id === first.id)).toMatchObject({ nbIns: 1, isInscrit: true });

    const off = await post(first.id, applicant.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json<RegisterAtelierResponse>()).toMatchObject({
      registered: false,
      workshop: { nbIns: 0, isInscrit: false },
    });
    expect(await registrationsOf(applicant.id)).toHaveLength(0);
  });

  it('refuses a second workshop while registered to one', async () => {
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    expect((await post(first.id, applicant.headers)).statusCode).toBe(200);
    const res = await post(second.id, applicant.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toEqual({
      code: 'WORKSHOP_ALREADY_REGISTERED',
      message: 'Already registered for another workshop',
    });
    expect(await registrationsOf(applicant.id)).toEqual([expect.objectContaining({ atelierId: first.id })]);
  });

  it('refuses a full workshop', async () => {
    const a = await createUser(app, 'admissible', emlv.formationId);
    const b = await createUser(app, 'admissible', emlv.formationId);
    expect((await post(full.id, a.headers)).statusCode).toBe(200);
    const res = await post(full.id, b.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().code).toBe('WORKSHOP_FULL');
    expect(await registrationsOf(b.id)).toHaveLength(0);
  });

  it('refuses when the window is closed or the day has passed', async () => {
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    for (const id of [closed.id, past.id]) {
      const res = await post(id, applicant.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().code).toBe('WORKSHOP_CLOSED');
    }
    expect(await registrationsOf(applicant.id)).toHaveLength(0);
  });

  it("answers 404 for another school's workshop or an unknown one", async () => {
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    expect((await post(otherSchool.id, applicant.headers)).statusCode).toBe(404);
    expect((await post(999_999, applicant.headers)).statusCode).toBe(404);
    expect(await registrationsOf(applicant.id)).toHaveLength(0);
  });

  it('is for signed-in applicants only, with a valid id', async () => {
    expect((await post(first.id, {})).statusCode).toBe(401);
    const company = await createUser(app, 'company');
    expect((await post(first.id, company.headers)).statusCode).toBe(403);
    const applicant = await createUser(app, 'admissible', emlv.formationId);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admissibles/portal/registerAtelier/abc',
      headers: applicant.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().errors).toHaveProperty('id');
  });
});
