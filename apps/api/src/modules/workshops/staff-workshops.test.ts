import type {
  ErrorBody,
  StaffWorkshop,
  StaffWorkshopsResponse,
  WorkshopInput,
  WorkshopRegistrantsResponse,
} from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { atelierRegistrations, ateliers, mailOutbox, users } from '../../db/schema/index.ts';
import { createSchool, createUser, type SignedInUser } from './applicant-fixtures.ts';
import { findRegistrants } from './workshops.repo.ts';
import { createWorkshops } from './workshops.service.ts';
import { parisDay } from '../../lib/paris-time.ts';

describe('workshops in the back office', async () => {
  const { app } = await createTestApp();
  const staff = await createUser(app, 'staff');
  const admin = await createUser(app, 'admin');
  const school = await createSchool(app, 'ESILV');
  const applicant = await createUser(app, 'admissible', school.formationId, { prenom: 'Inès', nom: 'Zeller' });
  const employer = await createUser(app, 'company');
  const day = parisDay(new Date(Date.now() + 10 * 86_400_000));

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (caller: SignedInUser | undefined, method: Method, url: string, payload?: object, lang = 'fr-FR') =>
    app.inject({
      method,
      url,
      headers: { ...(caller?.headers ?? {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const body = (overrides: Partial<WorkshopInput> = {}): WorkshopInput => ({
    schoolId: school.schoolId,
    title: 'Réussir son entretien',
    date: day,
    startHour: '10:00',
    endHour: '12:00',
    quota: 12,
    registrationOpensAt: null,
    registrationClosesAt: null,
    ...overrides,
  });
  const register = (user: SignedInUser, id: number) =>
    call(user, 'POST', `/api/admissibles/portal/registerAtelier/${id}`);

  it('answers 401 without a token, 403 to applicants and employers, 404 for an unknown workshop; nothing is written', async () => {
    const [kept] = await createWorkshops(app.db, [
      { schoolId: school.schoolId, title: 'Gardé', date: day, startHour: '09:00', endHour: '10:00', quota: 5 },
    ]);
    if (!kept) throw new Error('workshop not written');
    const routes: [Method, string, object?][] = [
      ['GET', '/api/staff/workshops'],
      ['POST', '/api/staff/workshops', body({ title: 'Interdit' })],
      ['PUT', `/api/staff/workshops/${kept.id}`, body({ title: 'Interdit' })],
      ['DELETE', `/api/staff/workshops/${kept.id}`],
      ['GET', `/api/staff/workshops/${kept.id}/registrants`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      for (const caller of [applicant, employer])
        expect((await call(caller, method, url, payload)).statusCode, url).toBe(403);
    }
    const [untouched] = await app.db.select().from(ateliers).where(eq(ateliers.id, kept.id));
    expect(untouched?.title).toBe('Gardé');
    expect(await app.db.select().from(ateliers).where(eq(ateliers.title, 'Interdit'))).toHaveLength(0);
    for (const [method, url, payload] of [
      ['PUT', '/api/staff/workshops/99999999', body()],
      ['DELETE', '/api/staff/workshops/99999999'],
      ['GET', '/api/staff/workshops/99999999/registrants'],
    ] as [Method, string, object?][]) {
      expect((await call(staff, method, url, payload)).statusCode, url).toBe(404);
    }
  });

  it('creates a workshop applicants of its school see, lists its registrants, and its window drives canRegister', async () => {
    const opens = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call(staff, 'POST', '/api/staff/workshops', body({ registrationOpensAt: opens }));
    expect(created.statusCode).toBe(201);
    const workshop = created.json<{ workshop: StaffWorkshop }>().workshop;
    expect(workshop).toMatchObject({
      title: 'Réussir son entretien',
      startHour: '10:00',
      endHour: '12:00',
      quota: 12,
      registered: 0,
    });
    expect(workshop.school?.id).toBe(school.schoolId);

    // Not open yet: the applicant cannot register.
    expect((await register(applicant, workshop.id)).statusCode).toBe(409);
    const opened = await call(
      admin,
      'PUT',
      `/api/staff/workshops/${workshop.id}`,
      body({ registrationOpensAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(opened.statusCode).toBe(200);
    expect((await register(applicant, workshop.id)).statusCode).toBe(200);

    const listed = (await call(staff, 'GET', '/api/staff/workshops')).json<StaffWorkshopsResponse>();
    expect(listed.workshops.find((w) => w.id === workshop.id)?.registered).toBe(1);
    const registrants = (
      await call(staff, 'GET', `/api/staff/workshops/${workshop.id}/registrants`)
    ).json<WorkshopRegistrantsResponse>();
    expect(registrants.registrants).toEqual([
      expect.objectContaining({ id: applicant.id, nom: 'Zeller', prenom: 'Inès', formation: 'Programme ESILV' }),
    ]);
    expect((await findRegistrants(app.db, workshop.id)).map((r) => r.email)).toEqual([
      registrants.registrants[0]?.email,
    ]);
  });

  it('refuses hours and windows the wrong way round, a negative quota, and a quota under the registered count', async () => {
    const wrong = await call(
      staff,
      'POST',
      '/api/staff/workshops',
      body({
        endHour: '09:30',
        quota: -1,
        registrationOpensAt: '2026-12-02T10:00:00.000Z',
        registrationClosesAt: '2026-12-01T10:00:00.000Z',
      }),
    );
    expect(wrong.statusCode).toBe(400);
    const errors = wrong.json<ErrorBody>().errors ?? {};
    expect(errors.endHour).toEqual(['workshops.end_before_start']);
    expect(errors.registrationClosesAt).toEqual(['workshops.window_reversed']);
    expect(errors.quota).toHaveLength(1);
    expect(
      (await call(staff, 'POST', '/api/staff/workshops', body({ schoolId: 99_999_999 }))).json<ErrorBody>().errors,
    ).toEqual({
      schoolId: ['formations.school_unknown'],
    });

    const workshop = (await call(staff, 'POST', '/api/staff/workshops', body({ quota: 3 }))).json<{
      workshop: StaffWorkshop;
    }>().workshop;
    const others = await Promise.all([1, 2].map(() => createUser(app, 'admissible', school.formationId)));
    for (const other of others) expect((await register(other, workshop.id)).statusCode).toBe(200);
    const lowered = await call(staff, 'PUT', `/api/staff/workshops/${workshop.id}`, body({ quota: 1 }), 'en-US');
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json<ErrorBody>().errors).toEqual({
      quota: ['2 applicants are already registered: the number of places cannot go below that.'],
    });
    expect((await call(staff, 'PUT', `/api/staff/workshops/${workshop.id}`, body({ quota: 2 }))).statusCode).toBe(200);
  });

  it('deletes a workshop with its registrations and mails each registrant in their language', async () => {
    const workshop = (await call(staff, 'POST', '/api/staff/workshops', body({ title: 'Atelier CV annulé' }))).json<{
      workshop: StaffWorkshop;
    }>().workshop;
    const english = await createUser(app, 'admissible', school.formationId, {
      prenom: 'Ada',
      email: `ada-${workshop.id}@example.fr`,
    });
    const french = await createUser(app, 'admissible', school.formationId, {
      prenom: 'Léa',
      email: `lea-${workshop.id}@example.fr`,
    });
    await app.db.update(users).set({ lang: 'en-US' }).where(eq(users.id, english.id));
    for (const user of [english, french]) expect((await register(user, workshop.id)).statusCode).toBe(200);

    const deleted = await call(staff, 'DELETE', `/api/staff/workshops/${workshop.id}`);
    expect(deleted.json()).toEqual({ cancelledRegistrations: 2 });
    expect(
      await app.db.select().from(atelierRegistrations).where(eq(atelierRegistrations.atelierId, workshop.id)),
    ).toHaveLength(0);
    const [toAda] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `ada-${workshop.id}@example.fr`));
    const [toLea] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `lea-${workshop.id}@example.fr`));
    expect(toAda?.subject).toBe('Workshop cancelled: Atelier CV annulé');
    expect(toLea?.subject).toBe('Atelier annulé : Atelier CV annulé');
    expect(toLea?.textBody).toContain('de 10 h 00 à 12 h 00');
    // Freed: the applicant may register elsewhere.
    const next = (await call(staff, 'POST', '/api/staff/workshops', body({ title: 'Suivant' }))).json<{
      workshop: StaffWorkshop;
    }>().workshop;
    expect((await register(french, next.id)).statusCode).toBe(200);
  });
});
