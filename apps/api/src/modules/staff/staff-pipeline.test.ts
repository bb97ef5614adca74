import type {
  ErrorBody,
  StaffAlertsResponse,
  StaffDossierDetailResponse,
  StaffDossiersResponse,
  StaffFiltersResponse,
  UserType,
} from '@passerelle/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactOf, f1caBody, f1ceBody } from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { admissibles, dossiers, files, schools, users } from '../../db/schema/index.ts';
import { rebuildPipelineColumns } from '../dossiers/dossiers.service.ts';
import { createSchool, createUser as createSignedInUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';

describe('staff pipeline API', async () => {
  const { app } = await createTestApp();
  const db = app.db;

  let seq = 0;
  type Caller = SignedInUser;
  const createUser = (userType: UserType, names: { prenom?: string; nom?: string; email?: string } = {}) =>
    createSignedInUser(app, userType, undefined, names);

  const call = (caller: Caller | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  const esilv = await createSchool(app, 'ESILV');
  const emlv = await createSchool(app, 'EMLV');
  const codes = new Map((await db.select().from(schools)).map((row) => [row.id, row.code]));
  const esilvSchool = codes.get(esilv.schoolId) ?? '';
  const emlvSchool = codes.get(emlv.schoolId) ?? '';

  const staff = await createUser('staff', { prenom: 'Sophie', nom: 'Garnier', email: 'sophie.garnier@cfa.test' });
  const admin = await createUser('admin');

  async function createApplicant(formationId: number, names: { prenom: string; nom: string; email: string }) {
    const applicant = await createSignedInUser(app, 'admissible', formationId, names);
    await db.update(admissibles).set({ contractType: 'APP' }).where(eq(admissibles.userId, applicant.id));
    return applicant;
  }

  async function newDossier(applicant: Caller): Promise<number> {
    const response = await call(applicant, 'POST', '/api/admissibles/dossiers');
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  /** The applicant's first contact sent (status 2): the employer's is awaited. */
  async function toEmployerFirstContact(applicant: Caller, denomination: string) {
    const id = await newDossier(applicant);
    seq += 1;
    const contactEmail = `contact-${seq}@company.test`;
    const response = await call(
      applicant,
      'POST',
      `/api/admissibles/fiche-premier-contact/${id}/submit`,
      f1caBody(contactEmail, { nir: null, employeur: { denomination } }),
    );
    expect(response.statusCode).toBe(200);
    return { id, employer: await contactOf(app, contactEmail) };
  }

  // Four cases: drafting (1), waiting for the employer (2), both first contacts sent (3), terms to record (4).
  const elodie = await createApplicant(esilv.formationId, {
    prenom: 'Élodie',
    nom: 'Lefèvre',
    email: 'elodie.lefevre@example.test',
  });
  const drafting = await newDossier(elodie);
  const bruno = await createApplicant(esilv.formationId, {
    prenom: 'Bruno',
    nom: 'Petit',
    email: 'bruno@example.test',
  });
  const awaiting = await toEmployerFirstContact(bruno, 'Société Générale');
  const chloe = await createApplicant(emlv.formationId, { prenom: 'Chloé', nom: 'Roux', email: 'chloe@example.test' });
  const review = await toEmployerFirstContact(chloe, 'Data Conseil');
  expect(
    (await call(review.employer, 'POST', `/api/employeurs/fiche-premier-contact/${review.id}/submit`, f1ceBody))
      .statusCode,
  ).toBe(200);
  const denis = await createApplicant(emlv.formationId, {
    prenom: 'Denis',
    nom: 'Aubert',
    email: 'denis@example.test',
  });
  const terms = await toEmployerFirstContact(denis, 'Data Conseil');
  expect(
    (await call(terms.employer, 'POST', `/api/employeurs/fiche-premier-contact/${terms.id}/submit`, f1ceBody))
      .statusCode,
  ).toBe(200);
  expect(
    (await call(staff, 'POST', `/api/staff/dossiers/${terms.id}/first-contact`, { decision: 'accept' })).statusCode,
  ).toBe(200);
  // An old case, for the date filter.
  await db
    .update(dossiers)
    .set({ lastUpdate: new Date('2025-01-15T10:00:00Z') })
    .where(eq(dossiers.id, drafting));

  async function pipeline(query = '', caller: Caller = staff) {
    const response = await call(caller, 'GET', `/api/staff/dossiers${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<StaffDossiersResponse>();
  }
  const idsOf = (body: StaffDossiersResponse) => body.items.map((item) => item.id);

  describe('access', () => {
    const routes = () => [
      '/api/staff/dossiers',
      `/api/staff/dossiers/${terms.id}`,
      '/api/staff/alerts',
      '/api/staff/filters',
    ];

    it('answers 401 without a token', async () => {
      for (const url of routes()) expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    });

    it('answers 403 to an applicant and an employer', async () => {
      for (const url of routes()) {
        expect((await call(elodie, 'GET', url)).statusCode).toBe(403);
        expect((await call(terms.employer, 'GET', url)).statusCode).toBe(403);
      }
    });

    it('answers 200 to staff and admins', async () => {
      for (const url of routes()) {
        expect((await call(staff, 'GET', url)).statusCode).toBe(200);
        expect((await call(admin, 'GET', url)).statusCode).toBe(200);
      }
    });
  });

  describe('GET /api/staff/dossiers', () => {
    it('lists every case, most recently updated first, with counts per status', async () => {
      const body = await pipeline();
      expect(body.total).toBe(4);
      expect(idsOf(body)).toEqual([terms.id, review.id, awaiting.id, drafting]);
      expect(body.counts).toEqual({
        '1': 1,
        '2': 1,
        '3': 1,
        '4': 1,
        '5': 0,
        '6': 0,
        '7': 0,
        '8': 0,
        '9': 0,
        '10': 0,
        '11': 0,
        '12': 0,
        '13': 0,
      });
      expect(body.items[0]).toMatchObject({
        id: terms.id,
        dossierStatut: 4,
        applicant: { nom: 'Aubert', prenom: 'Denis', email: 'denis@example.test' },
        school: emlvSchool,
        formation: 'Programme EMLV',
        companyName: 'Data Conseil',
        waitingFor: { action: 'modalites', actor: 'staff' },
        etapeStatus: [
          { type: 'f1ca', status: 3 },
          { type: 'f1ce', status: 3 },
          { type: 'modalites_re', status: 2 },
        ],
      });
      expect(new Date(body.items[0]?.updatedAt ?? '').toISOString()).toBe(body.items[0]?.updatedAt);
      expect(body.items.find((item) => item.id === awaiting.id)?.waitingFor).toMatchObject({
        action: 'f1ce',
        actor: 'company',
      });
    });

    it('filters on one or several statuses, the counts staying under the other filters', async () => {
      const one = await pipeline('?statut=2');
      expect(idsOf(one)).toEqual([awaiting.id]);
      expect(one.total).toBe(1);
      expect(one.counts['1']).toBe(1);
      const several = await pipeline('?statut=1,3');
      expect(idsOf(several).sort()).toEqual([drafting, review.id].sort());
      expect(several.total).toBe(2);
      const bySchool = await pipeline(`?statut=3&school=${emlvSchool}`);
      expect(idsOf(bySchool)).toEqual([review.id]);
      expect(bySchool.counts).toMatchObject({ '1': 0, '2': 0, '3': 1, '4': 1 });
    });

    it('filters on the school, the active step and whom the case waits for', async () => {
      expect(idsOf(await pipeline(`?school=${esilvSchool}`)).sort()).toEqual([drafting, awaiting.id].sort());
      expect(idsOf(await pipeline('?step=f1ca'))).toEqual([drafting]);
      expect(idsOf(await pipeline('?step=f1ce'))).toEqual([awaiting.id]);
      expect(idsOf(await pipeline('?step=modalites_re'))).toEqual([terms.id]);
      expect((await pipeline('?step=signature')).total).toBe(0);
      expect(idsOf(await pipeline('?waitingFor=applicant'))).toEqual([drafting]);
      expect(idsOf(await pipeline('?waitingFor=company'))).toEqual([awaiting.id]);
      const school = await pipeline('?waitingFor=school');
      expect(idsOf(school)).toEqual([terms.id, review.id]);
      expect(school.counts).toMatchObject({ '1': 0, '2': 0, '3': 1, '4': 1 });
      const schoolAtThree = await pipeline('?waitingFor=school&statut=3');
      expect(idsOf(schoolAtThree)).toEqual([review.id]);
      expect(schoolAtThree.total).toBe(1);
      expect(schoolAtThree.counts['4']).toBe(1);
    });

    it('filters on the update dates (days in Paris)', async () => {
      expect(idsOf(await pipeline('?updatedTo=2025-01-15'))).toEqual([drafting]);
      expect(idsOf(await pipeline('?updatedFrom=2025-01-15&updatedTo=2025-01-15'))).toEqual([drafting]);
      expect((await pipeline('?updatedFrom=2025-01-16')).total).toBe(3);
    });

    it('searches the applicant name, e-mail, company and case number, ignoring accents and case', async () => {
      expect(idsOf(await pipeline('?q=lefevre'))).toEqual([drafting]);
      expect(idsOf(await pipeline(`?q=${encodeURIComponent('ÉLODIE LEF')}`))).toEqual([drafting]);
      expect(idsOf(await pipeline(`?q=${encodeURIComponent('elodie lefèvre')}`))).toEqual([drafting]);
      expect(idsOf(await pipeline('?q=chloe@example'))).toEqual([review.id]);
      expect(idsOf(await pipeline('?q=societe%20gen'))).toEqual([awaiting.id]);
      expect(idsOf(await pipeline(`?q=${terms.id}`))).toContain(terms.id);
      expect((await pipeline('?q=100%25')).total).toBe(0);
      expect((await pipeline('?q=(.*')).total).toBe(0);
      expect(idsOf(await pipeline('?q=LEFEVRE%20ELODIE'))).toEqual([drafting]);
      const search = await pipeline('?q=data%20conseil');
      expect(idsOf(search)).toEqual([terms.id, review.id]);
      expect(search.counts).toMatchObject({ '1': 0, '2': 0, '3': 1, '4': 1 });
    });

    it('sorts and pages', async () => {
      expect(idsOf(await pipeline('?sort=id'))).toEqual([drafting, awaiting.id, review.id, terms.id]);
      expect(idsOf(await pipeline('?sort=updated'))).toEqual([drafting, awaiting.id, review.id, terms.id]);
      expect(idsOf(await pipeline('?sort=name'))).toEqual([terms.id, drafting, awaiting.id, review.id]);
      const first = await pipeline('?sort=id&pageSize=3');
      expect(idsOf(first)).toEqual([drafting, awaiting.id, review.id]);
      expect(first.total).toBe(4);
      const second = await pipeline('?sort=id&pageSize=3&page=2');
      expect(idsOf(second)).toEqual([terms.id]);
      expect(second.total).toBe(4);
      const beyond = await pipeline('?sort=id&pageSize=3&page=3');
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(4);
      expect((await pipeline('?waitingFor=school&pageSize=1&page=2')).items.map((item) => item.id)).toEqual([
        review.id,
      ]);
      expect((await pipeline('?pageSize=100')).items).toHaveLength(4);
    });

    it('answers 400 with the errors per field on bad parameters', async () => {
      const cases: [string, string][] = [
        ['?page=0', 'page'],
        ['?pageSize=101', 'pageSize'],
        ['?pageSize=0', 'pageSize'],
        ['?statut=14', 'statut'],
        ['?statut=1,x', 'statut'],
        ['?step=nope', 'step'],
        ['?waitingFor=staff', 'waitingFor'],
        ['?sort=random', 'sort'],
        ['?updatedFrom=2025-13-01', 'updatedFrom'],
        ['?updatedFrom=2025-02-01&updatedTo=2025-01-01', 'updatedTo'],
      ];
      for (const [query, field] of cases) {
        const response = await call(staff, 'GET', `/api/staff/dossiers${query}`);
        expect(response.statusCode, query).toBe(400);
        const body = response.json<ErrorBody>();
        expect(Object.keys(body.errors ?? {}).join(), query).toContain(field);
      }
      expect((await call(staff, 'GET', '/api/staff/dossiers?unknown=1')).statusCode).toBe(400);
    });
  });

  describe('GET /api/staff/dossiers/:id', () => {
    it('answers the case with its sheets and its events in order, with their actors', async () => {
      const response = await call(staff, 'GET', `/api/staff/dossiers/${terms.id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<StaffDossierDetailResponse>();
      expect(body).toMatchObject({
        id: terms.id,
        dossierStatut: 4,
        dossierAccessible: true,
        applicant: { nom: 'Aubert', prenom: 'Denis' },
        companyName: 'Data Conseil',
        documents: [],
      });
      expect(body.sheets.map((sheet) => [sheet.kind, sheet.status]).sort()).toEqual([
        ['f1ca', 'submitted'],
        ['f1ce', 'submitted'],
      ]);
      const f1ca = body.sheets.find((sheet) => sheet.kind === 'f1ca');
      expect(f1ca?.data).toMatchObject({ employeur: { denomination: 'Data Conseil' } });

      const times = body.events.map((event) => event.at);
      expect(times).toEqual([...times].sort());
      expect(body.events[0]).toMatchObject({
        type: 'dossier.created',
        actor: { name: 'Denis Aubert', email: 'denis@example.test', userType: 'admissible' },
      });
      const last = body.events.at(-1);
      expect(last).toMatchObject({
        actor: { name: 'Sophie Garnier', email: 'sophie.garnier@cfa.test', userType: 'staff' },
        details: { statut: { from: 3, to: 4 } },
      });
      const actorTypes = body.events.map((event) => event.actor?.userType);
      expect(actorTypes).toContain('company');
      for (const event of body.events) expect(new Date(event.at).toISOString()).toBe(event.at);
    });

    it("lists the applicant's CV and the contract documents with their addresses", async () => {
      const fileRow = (ownerUserId: number, kind: string, filename: string) => ({
        ownerUserId,
        kind,
        filename,
        contentType: 'application/pdf',
        size: 1234,
        sha256: '0'.repeat(64),
        storageKey: `test/${kind}-${ownerUserId}`,
      });
      const [cv] = await db
        .insert(files)
        .values(fileRow(bruno.id, 'cv', 'cv-bruno.pdf'))
        .returning();
      const [cerfa] = await db
        .insert(files)
        .values(fileRow(staff.id, 'cerfa', 'cerfa.pdf'))
        .returning();
      if (!cv || !cerfa) throw new Error('files not written');
      await db.update(dossiers).set({ cerfaFileId: cerfa.id }).where(eq(dossiers.id, awaiting.id));
      const response = await call(staff, 'GET', `/api/staff/dossiers/${awaiting.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<StaffDossierDetailResponse>().documents).toEqual([
        { id: cv.id, kind: 'cv', name: 'cv-bruno.pdf', size: 1234, url: `/api/files/${cv.id}` },
        { id: cerfa.id, kind: 'cerfa', name: 'cerfa.pdf', size: 1234, url: `/api/files/${cerfa.id}` },
      ]);
    });

    it('answers 404 for an unknown case and 400 for a bad id', async () => {
      expect((await call(staff, 'GET', '/api/staff/dossiers/999999')).statusCode).toBe(404);
      expect((await call(staff, 'GET', '/api/staff/dossiers/abc')).statusCode).toBe(400);
    });
  });
  describe('new filters, alerts and filter choices', () => {
    const columnsOf = async (id: number) => {
      const [row] = await db
        .select({
          waitingFor: dossiers.waitingFor,
          waitingSince: dossiers.waitingSince,
          searchText: dossiers.searchText,
        })
        .from(dossiers)
        .where(eq(dossiers.id, id));
      if (!row) throw new Error('no case');
      return row;
    };

    it('answers since when each case waits, as an ISO time', async () => {
      for (const item of (await pipeline()).items) {
        expect(new Date(item.waitingSince).toISOString()).toBe(item.waitingSince);
      }
    });

    it('filters on the formation and on the employer (its name only, accents and case ignored)', async () => {
      expect(idsOf(await pipeline(`?formation=${esilv.formationId}`)).sort()).toEqual([drafting, awaiting.id].sort());
      expect(idsOf(await pipeline(`?formation=${emlv.formationId}&statut=4`))).toEqual([terms.id]);
      expect((await pipeline('?formation=999999')).total).toBe(0);
      expect(idsOf(await pipeline('?employer=SOCIETE'))).toEqual([awaiting.id]);
      expect(idsOf(await pipeline(`?employer=${encodeURIComponent('société gén')}`))).toEqual([awaiting.id]);
      const dataConseil = await pipeline('?employer=data%20conseil');
      expect(idsOf(dataConseil)).toEqual([terms.id, review.id]);
      expect(dataConseil.counts).toMatchObject({ '1': 0, '2': 0, '3': 1, '4': 1 });
      // The applicant's name, the e-mail and the case's name are not the employer's.
      expect((await pipeline('?employer=bruno')).total).toBe(0);
      expect((await pipeline('?employer=engineer')).total).toBe(0);
      expect((await pipeline('?employer=%25')).total).toBe(0);
      expect((await pipeline('?employer=_')).total).toBe(0);
      expect((await pipeline('?q=_')).total).toBe(0);
    });

    it('answers 400 on a bad formation or alert', async () => {
      for (const query of ['?formation=abc', '?formation=0', '?alert=late']) {
        expect((await call(staff, 'GET', `/api/staff/dossiers${query}`)).statusCode, query).toBe(400);
      }
    });

    it('counts the alerts and lists their cases', async () => {
      // Élodie registered 100 days ago (her case is open, not signed); Bruno's case waits for the company for 20 days.
      await db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 100 * 86_400_000) })
        .where(eq(users.id, elodie.id));
      await db
        .update(dossiers)
        .set({ waitingSince: new Date(Date.now() - 20 * 86_400_000) })
        .where(eq(dossiers.id, awaiting.id));
      const response = await call(staff, 'GET', '/api/staff/alerts');
      expect(response.statusCode).toBe(200);
      expect(response.json<StaffAlertsResponse>()).toEqual({
        stale: { count: 1, days: 90 },
        waiting: { count: 1, days: 14 },
      });
      expect(idsOf(await pipeline('?alert=stale'))).toEqual([drafting]);
      const waiting = await pipeline('?alert=waiting');
      expect(idsOf(waiting)).toEqual([awaiting.id]);
      expect(waiting.counts).toMatchObject({ '1': 0, '2': 1, '3': 0 });
      expect((await pipeline('?alert=waiting&statut=3')).total).toBe(0);
      expect(
        new Date((await pipeline(`?q=${awaiting.id}&alert=waiting`)).items[0]?.waitingSince ?? '').getTime(),
      ).toBeLessThan(Date.now() - 19 * 86_400_000);
      // A signed case is no longer stale; a case waiting on nobody no longer waits.
      await db.update(dossiers).set({ dossierStatut: 8 }).where(eq(dossiers.id, drafting));
      await db.execute(sql`update dossiers set waiting_for = null where id = ${awaiting.id}`);
      expect((await call(staff, 'GET', '/api/staff/alerts')).json<StaffAlertsResponse>()).toMatchObject({
        stale: { count: 0 },
        waiting: { count: 0 },
      });
      await db.update(dossiers).set({ dossierStatut: 1 }).where(eq(dossiers.id, drafting));
      await db.execute(sql`update dossiers set waiting_for = 'company' where id = ${awaiting.id}`);
    });

    it('answers the schools and formations to filter on', async () => {
      const response = await call(staff, 'GET', '/api/staff/filters');
      expect(response.statusCode).toBe(200);
      const body = response.json<StaffFiltersResponse>();
      expect(body.schools).toEqual(
        expect.arrayContaining([
          { code: esilvSchool, name: 'ESILV' },
          { code: emlvSchool, name: 'EMLV' },
        ]),
      );
      expect(body.formations).toEqual(
        expect.arrayContaining([
          { id: esilv.formationId, libelle: 'Programme ESILV', school: esilvSchool },
          { id: emlv.formationId, libelle: 'Programme EMLV', school: emlvSchool },
        ]),
      );
      expect((await call(admin, 'GET', '/api/staff/filters')).statusCode).toBe(200);
    });

    it('keeps the columns true as the case changes; the waiting time restarts only with another party', async () => {
      const before = await columnsOf(awaiting.id);
      expect(before.waitingFor).toBe('company');
      // The applicant's first contact named the case and linked its company: both are searched.
      expect(before.searchText).toContain('societe generale');
      expect(idsOf(await pipeline('?q=societe%20generale%20%E2%80%94%20data'))).toEqual([awaiting.id]);
      expect(
        (await call(awaiting.employer, 'POST', `/api/employeurs/fiche-premier-contact/${awaiting.id}/submit`, f1ceBody))
          .statusCode,
      ).toBe(200);
      const reviewed = await columnsOf(awaiting.id);
      expect(reviewed.waitingFor).toBe('school');
      expect(reviewed.waitingSince.getTime()).toBeGreaterThan(before.waitingSince.getTime());
      expect(idsOf(await pipeline('?waitingFor=school'))).toContain(awaiting.id);
      expect(idsOf(await pipeline('?waitingFor=company'))).not.toContain(awaiting.id);
      expect(idsOf(await pipeline('?alert=waiting'))).not.toContain(awaiting.id);
      // Accepted: the terms are the school's to record too, so the case has waited for the school since the review.
      expect(
        (await call(staff, 'POST', `/api/staff/dossiers/${awaiting.id}/first-contact`, { decision: 'accept' }))
          .statusCode,
      ).toBe(200);
      const accepted = await columnsOf(awaiting.id);
      expect(accepted.waitingFor).toBe('school');
      expect(accepted.waitingSince.toISOString()).toBe(reviewed.waitingSince.toISOString());
      const item = (await pipeline(`?q=${awaiting.id}&statut=4`)).items.find((row) => row.id === awaiting.id);
      expect(item?.waitingSince).toBe(reviewed.waitingSince.toISOString());
    });

    it('computes the columns of rows written before them, once', async () => {
      await db.execute(sql`update dossiers set search_text = '', waiting_for = null where id = ${review.id}`);
      expect(await rebuildPipelineColumns(db)).toBe(1);
      const rebuilt = await columnsOf(review.id);
      expect(rebuilt.waitingFor).toBe('school');
      expect(rebuilt.searchText).toContain('roux chloe roux');
      expect(await rebuildPipelineColumns(db)).toBe(0);
    });
  });
});
