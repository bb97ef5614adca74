import type { CerfaParams, Dossier, ErrorBody, UserType } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { admissibles, companies, companyUsers, dossierSteps, dossiers, formations, schools, users } from '../../db/schema/index.ts';
import { saveFile } from '../files/files.service.ts';
import { getDossierForUser } from './dossiers.service.ts';

describe('dossiers API', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  async function createUser(userType: UserType) {
    seq += 1;
    const [user] = await db
      .insert(users)
      .values({ email: `dossiers-${seq}@example.test`, userType, prenom: 'Test', nom: `User${seq}` })
      .returning();
    if (!user) throw new Error('user not created');
    const token = await accessTokenFor(app, { id: user.id, userType });
    return { id: user.id, userType, headers: { authorization: `Bearer ${token}` } };
  }

  const [school] = await db.insert(schools).values({ code: 'ESILV', name: 'ESILV' }).returning();
  if (!school) throw new Error('school not created');
  const newFormation = async (libelle: string, contractTypes: string) => {
    const [row] = await db
      .insert(formations)
      .values({
        schoolId: school.id,
        libelle,
        year: 2026,
        etape: 4,
        contractTypes,
        trainingStart: '2026-09-01',
        trainingEnd: '2028-09-30',
        proStartAfter: contractTypes.includes('PRO') ? '2026-07-01' : null,
        proEndBefore: contractTypes.includes('PRO') ? '2028-11-30' : null,
        rncp: 'RNCP37512',
        codeDiplome: '17X32601',
        hours: 1200,
      })
      .returning();
    if (!row) throw new Error('formation not created');
    return row;
  };
  const ownFormation = await newFormation('Cycle ingénieur — Data et IA', 'APP');
  const dossierFormation = await newFormation('Mastère Développement web', 'APP,PRO');

  const applicant = await createUser('admissible');
  const otherApplicant = await createUser('admissible');
  const employer = await createUser('company');
  const otherEmployer = await createUser('company');
  const staff = await createUser('staff');
  await db.insert(admissibles).values([
    { userId: applicant.id, formationId: ownFormation.id, contractType: null },
    { userId: otherApplicant.id, formationId: ownFormation.id, contractType: 'APP' },
  ]);
  const [company] = await db.insert(companies).values({ name: 'Société Générale', siret: '55212022200013' }).returning();
  const [otherCompany] = await db.insert(companies).values({ name: 'Capgemini', siret: null }).returning();
  if (!company || !otherCompany) throw new Error('companies not created');
  await db.insert(companyUsers).values([
    { companyId: company.id, userId: employer.id },
    { companyId: otherCompany.id, userId: otherEmployer.id },
  ]);

  const cerfa = await saveFile(db, app.storage, {
    ownerUserId: applicant.id,
    kind: 'cerfa',
    filename: 'cerfa.pdf',
    contentType: 'application/pdf',
    bytes: new TextEncoder().encode('%PDF-1.7 test'),
  });
  const insertDossier = async (values: Partial<typeof dossiers.$inferInsert> & { admissibleUserId: number }) => {
    const [row] = await db.insert(dossiers).values(values).returning();
    if (!row) throw new Error('dossier not created');
    return row;
  };
  const signed = await insertDossier({
    admissibleUserId: applicant.id,
    companyId: company.id,
    formationId: dossierFormation.id,
    dossierName: "Contrat d'apprentissage — Société Générale",
    dossierStatut: 8,
    cerfaFileId: cerfa.id,
    lastUpdate: new Date('2026-10-01T09:00:00Z'),
  });
  const fresh = await insertDossier({ admissibleUserId: applicant.id, dossierStatut: 1, lastUpdate: new Date('2026-11-20T09:00:00Z') });
  const archived = await insertDossier({
    admissibleUserId: applicant.id,
    companyId: otherCompany.id,
    dossierName: "Contrat d'apprentissage — Capgemini",
    dossierStatut: 9,
    dossierAccessible: false,
    lastUpdate: new Date('2026-06-15T09:00:00Z'),
  });
  const othersDossier = await insertDossier({ admissibleUserId: otherApplicant.id, companyId: company.id, dossierStatut: 3 });
  // Inserted out of the display order on purpose: the answer must follow stepTypes.
  await db.insert(dossierSteps).values([
    { dossierId: signed.id, type: 'signature_ecole', status: 3 },
    { dossierId: signed.id, type: 'f1ca', status: 3 },
    { dossierId: signed.id, type: 'fre', status: 3 },
    { dossierId: signed.id, type: 'f1ce', status: 3 },
    { dossierId: archived.id, type: 'f1ca', status: 5 },
    { dossierId: archived.id, type: 'f1ce', status: 1 },
    { dossierId: othersDossier.id, type: 'f1ca', status: 2 },
  ]);

  describe('GET /api/admissibles/portal/dossiers', () => {
    it('lists only the applicant’s dossiers, newest update first, with steps and cerfa address', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/admissibles/portal/dossiers', headers: applicant.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json<Dossier[]>();
      expect(body.map((d) => d.id)).toEqual([fresh.id, signed.id, archived.id]);
      expect(body[0]).toEqual({
        id: fresh.id,
        dossierName: null,
        dossierStatut: 1,
        dossierAccessible: true,
        etapeStatus: [],
        dossierCerfa: null,
        dossierCerfaAvenant: null,
        dossierLastUpdate: '2026-11-20T09:00:00.000Z',
      });
      expect(body[1]).toMatchObject({
        dossierName: "Contrat d'apprentissage — Société Générale",
        dossierStatut: 8,
        dossierCerfa: `/api/files/${cerfa.id}`,
        dossierCerfaAvenant: null,
        etapeStatus: [
          { type: 'f1ca', status: 3 },
          { type: 'f1ce', status: 3 },
          { type: 'fre', status: 3 },
          { type: 'signature_ecole', status: 3 },
        ],
      });
      expect(body[2]).toMatchObject({
        dossierStatut: 9,
        dossierAccessible: false,
        dossierCerfa: null,
        etapeStatus: [
          { type: 'f1ca', status: 5 },
          { type: 'f1ce', status: 1 },
        ],
      });
    });

    it('answers an empty list to an applicant with no dossier', async () => {
      const newcomer = await createUser('admissible');
      const res = await app.inject({ method: 'GET', url: '/api/admissibles/portal/dossiers', headers: newcomer.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('lets the applicant download the signed cerfa at the given address', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/files/${cerfa.id}`, headers: applicant.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
    });

    it('refuses a company user with 403 and an anonymous call with 401', async () => {
      const asCompany = await app.inject({ method: 'GET', url: '/api/admissibles/portal/dossiers', headers: employer.headers });
      expect(asCompany.statusCode).toBe(403);
      expect(asCompany.json<ErrorBody>().code).toBe('FORBIDDEN');
      const anonymous = await app.inject({ method: 'GET', url: '/api/admissibles/portal/dossiers' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<ErrorBody>().code).toBe('UNAUTHORIZED');
    });
  });

  describe('GET /api/admissibles/cerfa_params/:id', () => {
    it('gives the dossier’s formation and the contract type it allows', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${signed.id}`, headers: applicant.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        dossierId: signed.id,
        // The applicant chose nothing and this formation takes both types: the sheets decide.
        contractType: null,
        formation: {
          libelle: 'Mastère Développement web',
          school: 'ESILV',
          trainingStart: '2026-09-01',
          trainingEnd: '2028-09-30',
          proStartAfter: '2026-07-01',
          proEndBefore: '2028-11-30',
          rncp: 'RNCP37512',
          rncpEndDate: null,
          rncpLevel: null,
          codeDiplome: '17X32601',
          hours: 1200,
          remoteHours: null,
        },
      });
    });

    it('falls back on the applicant’s formation when the dossier has none', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${fresh.id}`, headers: applicant.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        dossierId: fresh.id,
        contractType: 'APP',
        formation: { libelle: 'Cycle ingénieur — Data et IA', proStartAfter: null, proEndBefore: null },
      });
    });

    it('answers 404 for another applicant’s dossier and for an unknown one', async () => {
      const others = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${othersDossier.id}`, headers: applicant.headers });
      expect(others.statusCode).toBe(404);
      expect(others.json<ErrorBody>().code).toBe('NOT_FOUND');
      const unknown = await app.inject({ method: 'GET', url: '/api/admissibles/cerfa_params/999999', headers: applicant.headers });
      expect(unknown.statusCode).toBe(404);
    });

    it('lets the dossier’s employer and staff read it, not another employer', async () => {
      const own = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${signed.id}`, headers: employer.headers });
      expect(own.statusCode).toBe(200);
      expect(own.json<CerfaParams>().dossierId).toBe(signed.id);
      const other = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${signed.id}`, headers: otherEmployer.headers });
      expect(other.statusCode).toBe(404);
      const asStaff = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${othersDossier.id}`, headers: staff.headers });
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.json<CerfaParams>().contractType).toBe('APP');
    });

    it('answers 400 with errors for a malformed id and 401 without a token', async () => {
      const bad = await app.inject({ method: 'GET', url: '/api/admissibles/cerfa_params/abc', headers: applicant.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().code).toBe('VALIDATION_FAILED');
      expect(bad.json<ErrorBody>().errors).toHaveProperty('id');
      const anonymous = await app.inject({ method: 'GET', url: `/api/admissibles/cerfa_params/${signed.id}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('getDossierForUser', () => {
    it('grants the applicant, the company and staff, and hides the dossier from others', async () => {
      await expect(getDossierForUser(db, applicant, signed.id)).resolves.toMatchObject({ id: signed.id });
      await expect(getDossierForUser(db, employer, signed.id)).resolves.toMatchObject({ id: signed.id });
      await expect(getDossierForUser(db, staff, archived.id)).resolves.toMatchObject({ id: archived.id });
      await expect(getDossierForUser(db, otherApplicant, signed.id)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
      await expect(getDossierForUser(db, employer, fresh.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(getDossierForUser(db, { id: applicant.id, userType: 'parent' }, signed.id)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
      });
    });
  });
});
