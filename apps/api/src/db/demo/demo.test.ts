import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suiviStatutOf, type Dossier } from '@passerelle/contract';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import {
  admissibles,
  appSettings,
  atelierRegistrations,
  ateliers,
  cmsSections,
  companyUsers,
  dossierSteps,
  dossiers,
  files,
  formations,
  forumInvitations,
  offers,
  partners,
  publicFiles,
  schools,
  trackingEntries,
  users,
} from '../schema/index.ts';
import { demoAccounts, demoEmails } from './accounts.ts';
import { DEMO_LOADED_KEY, loadDemoDataOnce } from './load.ts';

const cliPath = fileURLToPath(new URL('../../cli.ts', import.meta.url));

describe('demo data', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  const now = new Date('2026-11-22T08:00:00Z');

  // Two starts at once, then a restart: exactly one of them loads.
  const firstRuns = await Promise.all([loadDemoDataOnce(app, now), loadDemoDataOnce(app, now)]);
  const restart = await loadDemoDataOnce(app, now);

  it('is loaded once, however many times the server starts', async () => {
    expect(firstRuns.filter(Boolean)).toHaveLength(1);
    expect(restart).toBe(false);
    const [flag] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_LOADED_KEY));
    expect(flag?.value).toEqual({ loadedAt: now.toISOString() });
    const [userCount] = await db.select({ n: count() }).from(users);
    expect(userCount?.n).toBe(demoAccounts.length);
    const [schoolCount] = await db.select({ n: count() }).from(schools);
    expect(schoolCount?.n).toBe(3);
  });

  it('has dossiers in every status 1 to 13 and every step value 1, 2, 3 and 5', async () => {
    const statuses = await db.selectDistinct({ s: dossiers.dossierStatut }).from(dossiers);
    expect(statuses.map((r) => r.s).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const values = await db.selectDistinct({ v: dossierSteps.status }).from(dossierSteps);
    expect(values.map((r) => r.v).sort()).toEqual([1, 2, 3, 5]);
    const stepTypesUsed = await db.selectDistinct({ t: dossierSteps.type }).from(dossierSteps);
    expect(stepTypesUsed).toHaveLength(9);
    const withoutSteps = await db
      .select({ id: dossiers.id })
      .from(dossiers)
      .leftJoin(dossierSteps, eq(dossierSteps.dossierId, dossiers.id))
      .where(isNull(dossierSteps.dossierId));
    expect(withoutSteps.length).toBeGreaterThanOrEqual(1);
    const closed = await db.select({ id: dossiers.id }).from(dossiers).where(eq(dossiers.dossierAccessible, false));
    expect(closed.length).toBeGreaterThanOrEqual(1);
  });

  it('has signed cerfa documents for statuses 8, 10, 11 and 12, and one addendum, stored as PDF', async () => {
    const signed = await db
      .select({ statut: dossiers.dossierStatut, cerfa: dossiers.cerfaFileId, avenant: dossiers.cerfaAvenantFileId })
      .from(dossiers)
      .where(isNotNull(dossiers.cerfaFileId));
    expect(new Set(signed.map((d) => d.statut))).toEqual(new Set([8, 10, 11, 12]));
    expect(signed.filter((d) => d.avenant !== null)).toHaveLength(1);
    const ids = signed.flatMap((d) => [d.cerfa, d.avenant]).filter((id): id is string => id !== null);
    const rows = await db.select().from(files).where(inArray(files.id, ids));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const bytes = await app.storage.get(row.storageKey);
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(row.size).toBe(bytes.byteLength);
    }
  });

  it('has 8 or more applicants over EMLV, ESILV and IIM, one without a dossier, one English speaker', async () => {
    const rows = await db
      .select({ userId: admissibles.userId, school: schools.code, lang: users.lang })
      .from(admissibles)
      .innerJoin(users, eq(users.id, admissibles.userId))
      .innerJoin(formations, eq(formations.id, admissibles.formationId))
      .innerJoin(schools, eq(schools.id, formations.schoolId));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.school))).toEqual(new Set(['EMLV', 'ESILV', 'IIM']));
    expect(rows.some((r) => r.lang === 'en-US')).toBe(true);
    const owners = new Set((await db.select({ u: dossiers.admissibleUserId }).from(dossiers)).map((r) => r.u));
    expect(rows.some((r) => !owners.has(r.userId))).toBe(true);
    const [validCvec] = await db.select({ n: count() }).from(admissibles).where(and(eq(admissibles.cvecValid, true), isNotNull(admissibles.cvecFileId)));
    expect(validCvec?.n).toBeGreaterThan(0);
    const [validBac] = await db.select({ n: count() }).from(admissibles).where(eq(admissibles.attestationBacValid, true));
    expect(validBac?.n).toBeGreaterThan(0);
    const [cvs] = await db.select({ n: count() }).from(files).where(eq(files.kind, 'cv'));
    expect(cvs?.n).toBeGreaterThan(0);
  });

  it('links two or more employer accounts to dossiers, and has staff and admin accounts', async () => {
    const linked = await db
      .selectDistinct({ userId: companyUsers.userId })
      .from(companyUsers)
      .innerJoin(dossiers, eq(dossiers.companyId, companyUsers.companyId));
    expect(linked.length).toBeGreaterThanOrEqual(2);
    const types = await db.selectDistinct({ t: users.userType }).from(users);
    expect(types.map((r) => r.t)).toEqual(expect.arrayContaining(['admissible', 'company', 'staff', 'admin']));
  });

  it('has 45 or more offers over several months, with and without logo, link and mail, and unknown start dates', async () => {
    const rows = await db.select().from(offers);
    expect(rows.length).toBeGreaterThanOrEqual(45);
    expect(rows.some((o) => o.logo === null)).toBe(true);
    expect(rows.some((o) => o.logo !== null)).toBe(true);
    expect(new Set(rows.map((o) => o.linkType))).toEqual(new Set(['link', 'mail']));
    expect(rows.some((o) => o.startDate === null)).toBe(true);
    expect(new Set(rows.map((o) => o.publicationDate.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
  });

  it('has 3 or more workshops, one of them full', async () => {
    const rows = await db
      .select({ id: ateliers.id, quota: ateliers.quota, registered: sql<number>`count(${atelierRegistrations.userId})::int` })
      .from(ateliers)
      .leftJoin(atelierRegistrations, eq(atelierRegistrations.atelierId, ateliers.id))
      .groupBy(ateliers.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((w) => w.registered >= w.quota)).toBe(true);
    expect(rows.every((w) => w.registered <= w.quota)).toBe(true);
  });

  it('has the content feed in French and English, partners, public files and a forum invitation', async () => {
    const sections = await db.select({ section: cmsSections.section, lang: cmsSections.lang, html: cmsSections.html }).from(cmsSections);
    for (const name of ['news', 'information', 'links', 'platforms', 'coaching', 'process']) {
      expect(sections.filter((s) => s.section === name).map((s) => s.lang).sort()).toEqual(['en', 'fr']);
    }
    const information = sections.find((s) => s.section === 'information' && s.lang === 'fr')?.html ?? '';
    expect(information).toContain('data-translate-key="portal:');
    expect(information).toContain('href="/espace-admissible/recherche#offers"');
    expect(information).toMatch(/href="https:\/\//);

    const partnerRows = await db.select().from(partners);
    expect(partnerRows.length).toBeGreaterThanOrEqual(6);
    expect(partnerRows.every((p) => p.logo.startsWith('data:image/svg+xml;base64,') && p.web.startsWith('https://'))).toBe(true);

    const publicRows = await db.select({ name: publicFiles.name, key: publicFiles.translateKey, type: files.contentType }).from(publicFiles).innerJoin(files, eq(files.id, publicFiles.fileId));
    expect(publicRows.length).toBeGreaterThanOrEqual(3);
    expect(publicRows.map((p) => p.name)).toContain('Calendrier de l\'alternance 2026-2027');
    expect(publicRows.every((p) => p.key?.startsWith('portal:') && p.type === 'application/pdf')).toBe(true);

    const invitations = await db.select().from(forumInvitations).where(eq(forumInvitations.active, true));
    expect(invitations).toHaveLength(1);
    expect((invitations[0]?.date ?? '') > '2026-11-22').toBe(true);
  });

  it('has tracking entries in every status', async () => {
    const rows = await db.select({ response: trackingEntries.response, relaunchDate: trackingEntries.relaunchDate }).from(trackingEntries);
    const statuses = new Set(rows.map((r) => suiviStatutOf({ response: r.response === 0 || r.response === 1 ? r.response : null, relaunchDate: r.relaunchDate })));
    expect(statuses).toEqual(new Set(['envoyee', 'relance', 'positif', 'negatif']));
  });

  it('serves a demo applicant’s dossiers and signed contract through the API', async () => {
    const [noah] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmails.noah));
    if (!noah) throw new Error('demo applicant missing');
    const headers = { authorization: `Bearer ${await app.signAccessToken({ id: noah.id, userType: 'admissible' })}` };
    const res = await app.inject({ method: 'GET', url: '/api/admissibles/portal/dossiers', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<Dossier[]>();
    expect(list.map((d) => d.dossierStatut)).toEqual([8, 9]);
    expect(list[0]?.dossierCerfa).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const download = await app.inject({ method: 'GET', url: list[0]?.dossierCerfa ?? '', headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('feeds the applicant home and search screens through the portal API', async () => {
    const [olivia] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmails.olivia));
    if (!olivia) throw new Error('demo applicant missing');
    const headers = { authorization: `Bearer ${await app.signAccessToken({ id: olivia.id, userType: 'admissible' })}` };
    // The portal computes "today" itself; the workshops are dated from the test's fixed `now`, so only the feed's text is checked here.
    const cms = await app.inject({ method: 'GET', url: '/api/admissibles/portal/cms?lang=en', headers });
    expect(cms.statusCode).toBe(200);
    const feed = cms.json<{ information: { title: string; text: string } | null; news: { title: string } | null; headerInfos: { school: string | null } }>();
    expect(feed.news?.title).toBe('News');
    expect(feed.information?.text).toContain('data-translate-key="portal:information.offersLink"');
    expect(feed.headerInfos.school).toBe('EMLV');
    const partnersRes = await app.inject({ method: 'GET', url: '/api/admissibles/portal/partners', headers });
    expect(partnersRes.statusCode).toBe(200);
    expect(partnersRes.json<unknown[]>().length).toBeGreaterThanOrEqual(6);
    const publicRes = await app.inject({ method: 'GET', url: '/api/admissibles/file/getPublicFiles/0?type=home', headers });
    expect(publicRes.statusCode).toBe(200);
    expect(publicRes.json<{ translateKey: string | null }[]>().map((f) => f.translateKey)).toEqual(
      expect.arrayContaining(['portal:publicFiles.guide', 'portal:publicFiles.calendar', 'portal:publicFiles.charter']),
    );
  });

  it('lists through the CLI the demo accounts, all of them in the users table', async () => {
    const run = spawnSync(process.execPath, [cliPath, 'demo-accounts'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { email: string; userType: string; label: string }[];
    expect(printed.length).toBe(demoAccounts.length);
    for (const account of printed) {
      expect(Object.keys(account).sort()).toEqual(['email', 'label', 'userType']);
      expect(account.label.length).toBeGreaterThan(10);
    }
    const stored = await db.select({ email: users.email, userType: users.userType }).from(users).where(inArray(users.email, printed.map((a) => a.email)));
    expect(stored).toHaveLength(printed.length);
    for (const account of printed) {
      expect(stored.find((u) => u.email === account.email)?.userType).toBe(account.userType);
    }
  });

  it('answers an unknown CLI command with the usage on stderr and exit code 2', () => {
    const run = spawnSync(process.execPath, [cliPath, 'frobnicate'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });
});
