import type { ErrorBody, FormationInput, StaffFormation, StaffFormationsResponse, StaffSchool, StaffSchoolsResponse } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { admissibles, formations, schools } from '../../db/schema/index.ts';
import { getCerfaParams } from '../dossiers/dossiers.service.ts';
import { createSchool as createSchoolRow, createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';

describe('formations and schools API', async () => {
  const { app } = await createTestApp();
  const staff = await createUser(app, 'staff');
  const admin = await createUser(app, 'admin');
  const seeded = await createSchoolRow(app, 'EMLV');
  const applicant = await createUser(app, 'admissible', seeded.formationId);
  const employer = await createUser(app, 'company');

  const call = (caller: SignedInUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'fr-FR') =>
    app.inject({
      method,
      url,
      headers: { ...(caller?.headers ?? {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });

  const body = (overrides: Partial<FormationInput> = {}): FormationInput => ({
    schoolId: seeded.schoolId,
    libelle: 'Bachelor Business Development — 3e année',
    code: 'BBD-3',
    level: 3,
    year: 2026,
    contractTypes: ['APP'],
    trainingStart: '2026-09-01',
    trainingEnd: '2027-07-31',
    rncp: 'RNCP36141',
    codeDiplome: '26X31210',
    hours: 520,
    ...overrides,
  });

  it('answers 401 without a token and 403 to applicants and employers on every route; nothing is written', async () => {
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/staff/formations'],
      ['POST', '/api/staff/formations', body({ code: 'NOPE-1' })],
      ['PUT', `/api/staff/formations/${seeded.formationId}`, body({ code: 'NOPE-2' })],
      ['GET', '/api/staff/schools'],
      ['POST', '/api/staff/schools', { code: 'NOPE', name: 'Nope' }],
      ['PUT', `/api/staff/schools/${seeded.schoolId}`, { code: 'NOPE', name: 'Nope' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      for (const caller of [applicant, employer]) expect((await call(caller, method, url, payload)).statusCode, url).toBe(403);
    }
    expect(await app.db.select().from(schools).where(eq(schools.code, 'NOPE'))).toHaveLength(0);
    const [untouched] = await app.db.select().from(formations).where(eq(formations.id, seeded.formationId));
    expect(untouched?.code).toBeNull();
  });

  it('creates a formation staff can list with its school and its applicants counted', async () => {
    const created = await call(staff, 'POST', '/api/staff/formations', body());
    expect(created.statusCode).toBe(201);
    const formation = created.json<{ formation: StaffFormation }>().formation;
    expect(formation).toMatchObject({ code: 'BBD-3', level: 3, contractTypes: ['APP'], proStartAfter: null, applicants: 0, dossiers: 0 });
    const [row] = await app.db.select().from(formations).where(eq(formations.id, formation.id));
    expect(row).toMatchObject({ etape: 3, contractTypes: 'APP', trainingStart: '2026-09-01', hours: 520 });

    const list = await call(admin, 'GET', '/api/staff/formations');
    expect(list.statusCode).toBe(200);
    const seededRow = list.json<StaffFormationsResponse>().formations.find((f) => f.id === seeded.formationId);
    expect(seededRow).toMatchObject({ applicants: 1, school: { id: seeded.schoolId, name: 'EMLV' } });
  });

  it("keeps the RNCP registration's end, and refuses an apprenticeship training over 4 years under its end date", async () => {
    const created = await call(staff, 'POST', '/api/staff/formations', body({ code: 'BBD-RNCP', rncpEndDate: '2029-12-31' }));
    expect(created.statusCode).toBe(201);
    const formation = created.json<{ formation: StaffFormation }>().formation;
    expect(formation.rncpEndDate).toBe('2029-12-31');
    const [row] = await app.db.select().from(formations).where(eq(formations.id, formation.id));
    expect(row?.rncpEndDate).toBe('2029-12-31');

    const tooLong = await call(staff, 'POST', '/api/staff/formations', body({ code: 'BBD-LONG', trainingEnd: '2031-06-30' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().errors?.['trainingEnd']).toEqual(['formations.training_too_long']);
    expect(await app.db.select().from(formations).where(eq(formations.code, 'BBD-LONG'))).toHaveLength(0);
  });

  it('refuses a duplicate code with 409 under the code field, and the same code in another case', async () => {
    await app.db.update(formations).set({ code: 'TAKEN-1' }).where(eq(formations.id, seeded.formationId));
    for (const code of ['TAKEN-1', 'taken-1']) {
      const res = await call(staff, 'POST', '/api/staff/formations', body({ code }));
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'CONFLICT', errors: { code: ['formations.code_taken'] } });
    }
  });

  it('gives per-field messages (rule codes the web app words, zod’s checks in the caller’s language) for a body that breaks the rules', async () => {
    const res = await call(staff, 'POST', '/api/staff/formations', body({ libelle: '', trainingEnd: '2026-08-31', contractTypes: ['APP', 'PRO'], level: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors).toEqual({
      libelle: ['field.required'],
      level: ['Saisissez une valeur d’au moins 1.'],
      trainingEnd: ['formations.end_before_start'],
      proStartAfter: ['formations.pro_bound_required'],
      proEndBefore: ['formations.pro_bound_required'],
    });
    const en = await call(staff, 'POST', '/api/staff/formations', body({ contractTypes: [], proStartAfter: '2026-07-01' }), 'en-US');
    expect(en.json<ErrorBody>().errors).toEqual({ contractTypes: ['formations.contract_types_required'] });
    const reversed = await call(staff, 'POST', '/api/staff/formations', body({ contractTypes: ['PRO'], proStartAfter: '2026-07-01', proEndBefore: '2026-06-30' }), 'en-US');
    expect(reversed.json<ErrorBody>().errors).toEqual({ proEndBefore: ['formations.pro_bounds_reversed'] });
    const unknownSchool = await call(staff, 'POST', '/api/staff/formations', body({ schoolId: 999_999, code: 'X-1' }));
    expect(unknownSchool.statusCode).toBe(400);
    expect(unknownSchool.json<ErrorBody>().errors).toEqual({ schoolId: ['formations.school_unknown'] });
  });

  it('keeps the remote hours within the training’s hours and the certification’s level, under their fields (FILING check 28)', async () => {
    const above = await call(staff, 'POST', '/api/staff/formations', body({ code: 'REM-1', hours: 520, remoteHours: 521 }));
    expect(above.statusCode).toBe(400);
    expect(above.json<ErrorBody>().errors).toEqual({ remoteHours: ['formations.remote_hours_above_hours'] });
    const withoutHours = await call(staff, 'POST', '/api/staff/formations', body({ code: 'REM-1', hours: null, remoteHours: 10, rncpLevel: 9 }), 'en-US');
    expect(withoutHours.json<ErrorBody>().errors).toEqual({
      remoteHours: ['formations.remote_hours_need_hours'],
      rncpLevel: ['Enter a value of at most 8.'],
    });
    expect(await app.db.select().from(formations).where(eq(formations.code, 'REM-1'))).toEqual([]);

    const created = await call(staff, 'POST', '/api/staff/formations', body({ code: 'REM-1', hours: 520, remoteHours: 520, rncpLevel: 6 }));
    expect(created.statusCode).toBe(201);
    const formation = created.json<{ formation: StaffFormation }>().formation;
    expect(formation).toMatchObject({ hours: 520, remoteHours: 520, rncpLevel: 6 });
    // The sheets carry them (CERFA 10103*14, the convention, the 2025 funding rules).
    const learner = await createUser(app, 'admissible', formation.id);
    const dossier = await app.inject({ method: 'POST', url: '/api/admissibles/dossiers', headers: learner.headers });
    const params = await getCerfaParams(app.db, { id: learner.id, userType: 'admissible' }, dossier.json<{ id: number }>().id);
    expect(params.formation).toMatchObject({ hours: 520, remoteHours: 520, rncpLevel: 6 });
    // Unset again: no remote hours, no level.
    const cleared = await call(staff, 'PUT', `/api/staff/formations/${formation.id}`, body({ code: 'REM-1', remoteHours: null, rncpLevel: null }));
    expect(cleared.json<{ formation: StaffFormation }>().formation).toMatchObject({ remoteHours: null, rncpLevel: null });
    // The database refuses what the rule refuses, should a write ever get past it.
    await expect(app.db.update(formations).set({ remoteHours: 600 }).where(eq(formations.id, formation.id))).rejects.toThrow();
  });

  it('updates a formation: the sheets’ rules read the new professionalisation bounds from the row', async () => {
    const created = (await call(staff, 'POST', '/api/staff/formations', body({ code: 'MDWA-1', contractTypes: ['APP', 'PRO'], proStartAfter: '2026-07-01', proEndBefore: '2028-09-30' })))
      .json<{ formation: StaffFormation }>().formation;
    const learner = await createUser(app, 'admissible', created.id);
    await app.db.update(admissibles).set({ contractType: 'PRO' }).where(eq(admissibles.userId, learner.id));
    const dossier = await app.inject({ method: 'POST', url: '/api/admissibles/dossiers', headers: learner.headers });
    expect(dossier.statusCode).toBe(201);
    const dossierId = dossier.json<{ id: number }>().id;

    const res = await call(admin, 'PUT', `/api/staff/formations/${created.id}`, body({ code: 'MDWA-1', contractTypes: ['APP', 'PRO'], proStartAfter: '2026-08-15', proEndBefore: '2028-08-31' }));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ formation: StaffFormation }>().formation).toMatchObject({ proStartAfter: '2026-08-15', applicants: 1, dossiers: 1 });
    const params = await getCerfaParams(app.db, { id: learner.id, userType: 'admissible' }, dossierId);
    expect(params).toMatchObject({ contractType: 'PRO', formation: { proStartAfter: '2026-08-15', proEndBefore: '2028-08-31' } });

    // PRO no longer offered: its bounds are not kept.
    const appOnly = await call(admin, 'PUT', `/api/staff/formations/${created.id}`, body({ code: 'MDWA-1', contractTypes: ['APP'], proStartAfter: '2026-08-15' }));
    expect(appOnly.json<{ formation: StaffFormation }>().formation).toMatchObject({ contractTypes: ['APP'], proStartAfter: null, proEndBefore: null });
  });

  it('answers 404 for an unknown formation or school, and 409 when an update takes another formation’s code', async () => {
    expect((await call(staff, 'PUT', '/api/staff/formations/999999', body({ code: 'Z-9' }))).statusCode).toBe(404);
    expect((await call(staff, 'PUT', '/api/staff/schools/999999', { code: 'ZZ', name: 'Zed' })).statusCode).toBe(404);
    const other = (await call(staff, 'POST', '/api/staff/formations', body({ code: 'OTHER-1' }))).json<{ formation: StaffFormation }>().formation;
    const clash = await call(staff, 'PUT', `/api/staff/formations/${other.id}`, body({ code: 'TAKEN-1' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ErrorBody>().errors).toEqual({ code: ['formations.code_taken'] });
    const [kept] = await app.db.select().from(formations).where(eq(formations.id, other.id));
    expect(kept?.code).toBe('OTHER-1');
  });

  it('creates, lists and renames schools; a taken code is a 409 under the code field', async () => {
    const created = await call(staff, 'POST', '/api/staff/schools', { code: 'IIM', name: 'Institut de l’Internet et du Multimédia' });
    expect(created.statusCode).toBe(201);
    const school = created.json<{ school: StaffSchool }>().school;
    expect(school).toMatchObject({ code: 'IIM', formations: 0 });
    const renamed = await call(admin, 'PUT', `/api/staff/schools/${school.id}`, { code: 'IIM', name: 'IIM Digital School' });
    expect(renamed.json<{ school: StaffSchool }>().school.name).toBe('IIM Digital School');
    const list = (await call(staff, 'GET', '/api/staff/schools')).json<StaffSchoolsResponse>().schools;
    expect(list.find((s) => s.id === seeded.schoolId)?.formations).toBeGreaterThanOrEqual(1);
    const [emlv] = await app.db.select().from(schools).where(eq(schools.id, seeded.schoolId));
    const clash = await call(staff, 'PUT', `/api/staff/schools/${school.id}`, { code: emlv?.code ?? '', name: 'Clash' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ErrorBody>().errors).toEqual({ code: ['schools.code_taken'] });
    const empty = await call(staff, 'POST', '/api/staff/schools', { code: '', name: '' }, 'en-US');
    expect(empty.json<ErrorBody>().errors).toEqual({ code: ['field.required'], name: ['field.required'] });
  });

  it("keeps each school's rules as data: SPEC's by code at creation, then what staff set, read by the applicant's feed", async () => {
    const esilv = (
      await call(staff, 'POST', '/api/staff/schools', { code: 'esilv', name: 'ESILV' })
    ).json<{ school: StaffSchool }>().school;
    expect(esilv).toMatchObject({ holdsWorkshops: true, bacAttestationOrMore: true });
    const other = (
      await call(staff, 'POST', '/api/staff/schools', { code: 'ISCOM', name: 'ISCOM', holdsWorkshops: true })
    ).json<{ school: StaffSchool }>().school;
    expect(other).toMatchObject({ holdsWorkshops: true, bacAttestationOrMore: false });

    // A rename without the rules keeps them; the rules given replace them.
    const renamed = await call(staff, 'PUT', `/api/staff/schools/${esilv.id}`, { code: 'ESILV', name: 'ESILV Paris' });
    expect(renamed.json<{ school: StaffSchool }>().school).toMatchObject({ holdsWorkshops: true, bacAttestationOrMore: true });
    const changed = await call(staff, 'PUT', `/api/staff/schools/${esilv.id}`, {
      code: 'ESILV',
      name: 'ESILV Paris',
      holdsWorkshops: false,
      bacAttestationOrMore: false,
    });
    expect(changed.statusCode).toBe(200);
    const wrong = await call(staff, 'PUT', `/api/staff/schools/${esilv.id}`, { code: 'ESILV', name: 'ESILV', holdsWorkshops: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<ErrorBody>().errors ?? {})).toEqual(['holdsWorkshops']);
    const forbidden = await call(applicant, 'PUT', `/api/staff/schools/${esilv.id}`, { code: 'ESILV', name: 'X', holdsWorkshops: true });
    expect(forbidden.statusCode).toBe(403);

    // The applicant's feed reads the rules of the school of their formation.
    const formation = (await call(staff, 'POST', '/api/staff/formations', body({ schoolId: esilv.id, code: 'ESILV-RULES' }))).json<{
      formation: StaffFormation;
    }>().formation;
    const learner = await createUser(app, 'admissible', formation.id);
    const feed = await call(learner, 'GET', '/api/admissibles/portal/cms?lang=fr');
    expect(feed.json<{ headerInfos: { schoolRules: unknown } }>().headerInfos.schoolRules).toEqual({
      holdsWorkshops: false,
      bacAttestationOrMore: false,
    });
    await call(staff, 'PUT', `/api/staff/schools/${esilv.id}`, { code: 'ESILV', name: 'ESILV Paris', holdsWorkshops: true, bacAttestationOrMore: true });
    const again = await call(learner, 'GET', '/api/admissibles/portal/cms?lang=fr');
    expect(again.json<{ headerInfos: { schoolRules: unknown } }>().headerInfos.schoolRules).toEqual({
      holdsWorkshops: true,
      bacAttestationOrMore: true,
    });
  });
});
