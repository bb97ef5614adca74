import type { ErrorBody, TrackingEntry, TrackingListItem } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { trackingEntries } from '../../db/schema/index.ts';
import { createUser } from '../workshops/applicant-fixtures.ts';

const path = '/api/admissibles/portal/suiviRechercheEmployeur';

const fullBody = {
  targetCompany: 'Decathlon',
  position: 'Chargé·e de marketing digital',
  applicationDate: '2026-10-01',
  applicationType: 'offre',
  contactLastName: 'Durand',
  contactFirstName: 'Léa',
  contactPosition: 'Responsable RH',
  contactEmail: 'lea.durand@example.fr',
  contactPhone: '+33 6 12 34 56 78',
  firstContactDate: '2026-10-03',
  interviewDate: '2026-10-10',
  relaunchDate: '2026-10-20',
  relaunchMethod: 'email',
  response: 1,
  responseDate: '2026-10-25',
  offerLink: 'https://example.fr/offres/42',
};

describe('employer-search tracking', async () => {
  const { app, database } = await createTestApp();
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates, reads, lists, updates and deletes an entry', async () => {
    const applicant = await createUser(app, 'admissible');
    const created = await send('POST', path, applicant.headers, fullBody);
    expect(created.statusCode).toBe(201);
    const entry = created.json<TrackingEntry>();
    expect(entry).toEqual({ ...fullBody, id: entry.id, suiviStatut: 'positif' });
    expect(entry.id).toBeGreaterThan(0);

    const read = await send('GET', `${path}/${entry.id}`, applicant.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(entry);

    const minimal = { targetCompany: 'Orange', position: 'Data analyst', applicationDate: '2026-11-02' };
    const second = (await send('POST', path, applicant.headers, minimal)).json<TrackingEntry>();
    expect(second).toMatchObject({ ...minimal, contactEmail: null, response: null, suiviStatut: 'envoyee' });

    const list = await send('GET', path, applicant.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json<TrackingListItem[]>()).toEqual([
      {
        id: second.id,
        suiviEmployeur: 'Orange',
        suiviPosition: 'Data analyst',
        suiviDateEnvoiCandidature: '2026-11-02',
        suiviStatut: 'envoyee',
      },
      {
        id: entry.id,
        suiviEmployeur: 'Decathlon',
        suiviPosition: 'Chargé·e de marketing digital',
        suiviDateEnvoiCandidature: '2026-10-01',
        suiviStatut: 'positif',
      },
    ]);

    const updated = await send('PUT', `${path}/${entry.id}`, applicant.headers, { ...fullBody, response: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<TrackingEntry>().suiviStatut).toBe('negatif');
    const [row] = await database.db.select().from(trackingEntries).where(eq(trackingEntries.id, entry.id));
    expect(row?.response).toBe(0);

    const deleted = await send('DELETE', `${path}/${entry.id}`, applicant.headers);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await database.db.select().from(trackingEntries).where(eq(trackingEntries.id, entry.id))).toHaveLength(0);
    expect((await send('GET', `${path}/${entry.id}`, applicant.headers)).statusCode).toBe(404);
  });

  it('derives suiviStatut from the answers', async () => {
    const applicant = await createUser(app, 'admissible');
    const base = { targetCompany: 'Thales', position: 'Alternant·e', applicationDate: '2026-09-01' };
    const statusOf = async (extra: object) =>
      (await send('POST', path, applicant.headers, { ...base, ...extra })).json<TrackingEntry>().suiviStatut;
    expect(await statusOf({})).toBe('envoyee');
    expect(await statusOf({ relaunchDate: '2026-09-15', relaunchMethod: 'telephone' })).toBe('relance');
    expect(await statusOf({ relaunchDate: '2026-09-15', response: 0 })).toBe('negatif');
    expect(await statusOf({ response: 1 })).toBe('positif');
  });

  it('stores empty strings as null', async () => {
    const applicant = await createUser(app, 'admissible');
    const body = {
      targetCompany: 'Alan',
      position: 'Growth',
      applicationDate: '2026-10-01',
      applicationType: '',
      contactLastName: '  ',
      contactEmail: '',
      contactPhone: '',
      relaunchDate: '',
      relaunchMethod: '',
      responseDate: '',
      offerLink: '',
    };
    const entry = (await send('POST', path, applicant.headers, body)).json<TrackingEntry>();
    const [row] = await database.db.select().from(trackingEntries).where(eq(trackingEntries.id, entry.id));
    expect(row).toMatchObject({
      applicationType: null,
      contactLastName: null,
      contactEmail: null,
      contactPhone: null,
      relaunchDate: null,
      relaunchMethod: null,
      responseDate: null,
      offerLink: null,
    });
    expect(entry.suiviStatut).toBe('envoyee');
  });

  it('answers 400 with an error per invalid field', async () => {
    const applicant = await createUser(app, 'admissible');
    const res = await send('POST', path, applicant.headers, {
      targetCompany: '',
      position: 'Dev',
      applicationDate: '2026-02-30',
      applicationType: 'candidature',
      contactEmail: 'not-an-email',
      contactPhone: 'abc',
      relaunchMethod: 'pigeon',
      response: 2,
      interviewDate: '10/10/2026',
      offerLink: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      [
        'applicationDate',
        'applicationType',
        'contactEmail',
        'contactPhone',
        'interviewDate',
        'offerLink',
        'relaunchMethod',
        'response',
        'targetCompany',
      ].sort(),
    );

    const early = await send('POST', path, applicant.headers, { ...fullBody, responseDate: '2026-09-01' });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json<ErrorBody>().errors ?? {})).toEqual(['responseDate']);
    expect(
      await database.db.select().from(trackingEntries).where(eq(trackingEntries.userId, applicant.id)),
    ).toHaveLength(0);
  });

  it('refuses an application, first contact or answer in the future, and accepts a planned interview or relaunch', async () => {
    const applicant = await createUser(app, 'admissible');
    const inAYear = `${new Date().getUTCFullYear() + 1}-06-15`;
    const future = await send('POST', path, applicant.headers, {
      ...fullBody,
      applicationDate: inAYear,
      firstContactDate: inAYear,
      responseDate: inAYear,
    });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json<ErrorBody>().errors ?? {}).sort()).toEqual(['applicationDate', 'firstContactDate', 'responseDate']);

    const planned = await send('POST', path, applicant.headers, { ...fullBody, interviewDate: inAYear, relaunchDate: inAYear });
    expect(planned.statusCode).toBe(201);
    expect(planned.json<TrackingEntry>()).toMatchObject({ interviewDate: inAYear, relaunchDate: inAYear });
  });

  it("answers 404 for another applicant's entry and leaves it untouched", async () => {
    const owner = await createUser(app, 'admissible');
    const intruder = await createUser(app, 'admissible');
    const entry = (await send('POST', path, owner.headers, fullBody)).json<TrackingEntry>();
    expect((await send('GET', `${path}/${entry.id}`, intruder.headers)).statusCode).toBe(404);
    expect(
      (await send('PUT', `${path}/${entry.id}`, intruder.headers, { ...fullBody, targetCompany: 'Pirate' })).statusCode,
    ).toBe(404);
    expect((await send('DELETE', `${path}/${entry.id}`, intruder.headers)).statusCode).toBe(404);
    expect((await send('GET', path, intruder.headers)).json()).toEqual([]);
    const [row] = await database.db.select().from(trackingEntries).where(eq(trackingEntries.id, entry.id));
    expect(row?.targetCompany).toBe('Decathlon');
  });

  it('is for signed-in applicants only', async () => {
    expect((await send('GET', path, {})).statusCode).toBe(401);
    expect((await send('POST', path, {}, fullBody)).statusCode).toBe(401);
    const company = await createUser(app, 'company');
    expect((await send('GET', path, company.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `${path}/1`, company.headers)).statusCode).toBe(403);
  });
});
