import type { ErrorBody, StaffDossiersResponse } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPipeline } from '../../../../../bench/staff-pipeline.ts';
import { createTestApp } from '../../../test/helper.ts';
import { atelierRegistrations, dossiers, schools, trackingEntries } from '../../db/schema/index.ts';
import { createSchool, createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';
import { createWorkshops } from '../workshops/workshops.service.ts';

const BOM = '\uFEFF';
const linesOf = (body: string) => body.split('\r\n').slice(0, -1);

describe('back-office CSV exports', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  const get = (caller: SignedInUser | undefined, url: string) =>
    app.inject({ method: 'GET', url, ...(caller ? { headers: caller.headers } : {}) });

  const esilv = await createSchool(app, 'ESILV');
  const [school] = await db.select().from(schools).where(eq(schools.id, esilv.schoolId));
  const staff = await createUser(app, 'staff');
  const admin = await createUser(app, 'admin');
  const applicant = await createUser(app, 'admissible', esilv.formationId, {
    prenom: 'Léa',
    nom: 'Fontaine',
    email: 'lea.fontaine@example.test',
  });
  const searching = await createUser(app, 'admissible', esilv.formationId, { email: 'hugo.roy@example.test' });
  const employer = await createUser(app, 'company');
  const [workshop] = await createWorkshops(db, [
    {
      schoolId: esilv.schoolId,
      title: 'CV et lettre',
      date: '2026-12-03',
      startHour: '10:00',
      endHour: '12:00',
      quota: 10,
    },
  ]);
  if (!workshop) throw new Error('workshop not written');
  await db.insert(atelierRegistrations).values({ userId: applicant.id, atelierId: workshop.id });

  const routes = [
    '/api/staff/exports/dossiers.csv',
    `/api/staff/exports/registrants.csv?workshop=${workshop.id}`,
    '/api/staff/exports/tracking.csv',
  ];

  it('answers 401 without a token, 403 to applicants and employers, and a file to staff and admins', async () => {
    for (const url of routes) {
      expect((await get(undefined, url)).statusCode, url).toBe(401);
      for (const caller of [applicant, employer]) expect((await get(caller, url)).statusCode, url).toBe(403);
      for (const caller of [staff, admin]) {
        const res = await get(caller, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"/);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body.startsWith(BOM)).toBe(true);
      }
    }
  });

  it("lists a workshop's registrants, 404 for an unknown workshop and a field error without one", async () => {
    const res = await get(staff, `/api/staff/exports/registrants.csv?workshop=${workshop.id}`);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(`${BOM}Nom;Prénom;E-mail;Formation;Inscrit le`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Fontaine;Léa;lea\.fontaine@example\.test;Programme ESILV;\d{2}\/\d{2}\/\d{4}$/);
    expect(res.headers['content-disposition']).toContain(`inscrits-atelier-${workshop.id}.csv`);
    expect((await get(staff, `/api/staff/exports/registrants.csv?workshop=${workshop.id + 1000}`)).statusCode).toBe(
      404,
    );
    const missing = await get(staff, '/api/staff/exports/registrants.csv');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<ErrorBody>().errors ?? {})).toEqual(['workshop']);
  });

  it('counts the employer search per school and formation, without personal data', async () => {
    const entry = { userId: searching.id, position: 'Développeur', applicationDate: '2026-10-01' };
    await db.insert(trackingEntries).values([
      { ...entry, targetCompany: 'Acme', applicationType: 'spontanee', response: 1, interviewDate: '2026-10-10' },
      { ...entry, targetCompany: 'Globex', applicationType: 'offre', response: 0 },
      { ...entry, targetCompany: 'Initech', applicationType: 'offre', relaunchDate: '2026-10-15' },
    ]);
    await db
      .insert(dossiers)
      .values({ admissibleUserId: searching.id, formationId: esilv.formationId, dossierStatut: 8 });
    const res = await get(admin, '/api/staff/exports/tracking.csv');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      `${BOM}École;Formation;Admissibles;Admissibles avec au moins une démarche;Démarches;Candidatures spontanées;` +
        'Candidatures sur offre;Entretiens;Relances;Réponses positives;Réponses négatives;Sans réponse;' +
        'Admissibles sous contrat signé',
    );
    expect(lines).toContain(`${school?.code};Programme ESILV;2;1;3;1;2;1;1;1;1;1;1`);
    for (const personal of ['hugo.roy', 'Fontaine', 'Acme', 'Développeur']) expect(res.body).not.toContain(personal);
  });

  it('streams 10 000 cases, and exactly the cases of the pipeline under its filters', async () => {
    await db.delete(dossiers);
    const seed = await seedPipeline(db);
    const all = await get(staff, '/api/staff/exports/dossiers.csv');
    expect(all.statusCode).toBe(200);
    const lines = linesOf(all.body);
    expect(lines).toHaveLength(10_001);
    expect(lines[0]).toBe(
      `${BOM}Dossier;Statut;Étape en cours;Nom;Prénom;E-mail;École;Formation;Entreprise;En attente de;Depuis le;` +
        'Dernière mise à jour',
    );
    expect(all.body.endsWith('\r\n')).toBe(true);
    for (const line of lines.slice(1)) expect(line.split(';')).toHaveLength(12);
    const ids = lines.slice(1).map((line) => Number(line.split(';')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(10_000);
    const one = lines.find((line) => line.includes(';Nombench12;'));
    expect(one).toMatch(/;bench-12@example\.test;[^;]+;Programme ESILV;Bench Entreprise \d+;/);
    expect(one).toMatch(/;\d{2}\/\d{2}\/\d{4}$/);

    const filters = `statut=6,7&school=${encodeURIComponent(seed.school)}&employer=entreprise%204`;
    const pipelineIds: number[] = [];
    let total = 0;
    for (let page = 1; page === 1 || pipelineIds.length < total; page += 1) {
      const res = await get(staff, `/api/staff/dossiers?${filters}&pageSize=100&page=${page}`);
      const body = res.json<StaffDossiersResponse>();
      total = body.total;
      pipelineIds.push(...body.items.map((item) => item.id));
    }
    const filtered = linesOf((await get(staff, `/api/staff/exports/dossiers.csv?${filters}&sort=name&page=3`)).body);
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(10_000);
    expect(filtered).toHaveLength(total + 1);
    expect(filtered.slice(1).map((line) => Number(line.split(';')[0]))).toEqual(pipelineIds.sort((a, b) => a - b));
    for (const line of filtered.slice(1)) expect(line).toMatch(/;(Refusé|Contrat en préparation);/);

    const reversed = await get(staff, '/api/staff/exports/dossiers.csv?updatedFrom=2026-05-02&updatedTo=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json<ErrorBody>().errors ?? {})).toEqual(['updatedTo']);
  });
});
