import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  dossierActions,
  getAtPath,
  sheetIssues,
  stepStatus,
  stepTypes,
  suiviStatutOf,
  type Dossier,
  type EmployerDossier,
  type FundingValidationResponse,
  type SheetResponse,
  type SignatureResponse,
  type StaffDossierDetailResponse,
  type StepType,
} from '@passerelle/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, notLike, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../test/helper.ts';
import { loadRuleReferences } from '../modules/lookups/lookups.service.ts';
import {
  admissibles,
  appSettings,
  atelierRegistrations,
  ateliers,
  cmsSections,
  companies,
  companyUsers,
  dossierSteps,
  dossiers,
  files,
  formations,
  forumInvitations,
  mailOutbox,
  offers,
  partners,
  publicFiles,
  schools,
  sheets,
  signatureProcedures,
  signatureSigners,
  trackingEntries,
  users,
} from '../db/schema/index.ts';
import { demoAccounts } from './accounts.ts';
import { DEMO_EMAIL_DOMAIN, demoEmails } from './emails.ts';
import { applicantLabel, employerLabel } from './labels.ts';
import { demoReasons } from './journeys.ts';
import { demoDossiers } from './dossiers.ts';
import { DEMO_LOADED_KEY, DEMO_PENDING_KEY, finishDemoData, loadDemoDataOnce, startDemoData } from './load.ts';

/**
 * The steps a dossier at each status may hold, read from SPEC 4's vocabulary (1 and 5 to do, 2 in progress or sent,
 * 3 done) and the transitions of docs/decisions/0004; statuses 6 and 9 close a dossier wherever it stood.
 */
function stepsFitStatus(statut: number, steps: Partial<Record<StepType, number>>): boolean {
  const is = (type: StepType, ...values: number[]) => values.includes(steps[type] ?? 0);
  const onlyThese = (...types: StepType[]) => stepTypes.every((type) => types.includes(type) || steps[type] === undefined);
  const signatures: StepType[] = ['signature_admissible', 'signature_employeur', 'signature_ecole'];
  const firstContactsDone = is('f1ca', 3) && is('f1ce', 3);
  switch (statut) {
    case 1:
      return is('f1ca', 1, 5) && (steps.f1ce === undefined || (is('f1ca', 5) && is('f1ce', 1, 5))) && onlyThese('f1ca', 'f1ce');
    case 2:
      return is('f1ca', 2) && is('f1ce', 1, 5) && onlyThese('f1ca', 'f1ce');
    case 3:
      return is('f1ca', 2) && is('f1ce', 2) && onlyThese('f1ca', 'f1ce');
    case 4:
      return firstContactsDone && is('modalites_re', 2) && onlyThese('f1ca', 'f1ce', 'modalites_re');
    case 5:
      return firstContactsDone && is('modalites_re', 3) && onlyThese('f1ca', 'f1ce', 'modalites_re');
    case 6:
      return stepsFitStatus(3, steps) || stepsFitStatus(5, steps);
    case 7: {
      if (!firstContactsDone || !is('modalites_re', 3)) return false;
      const sheetUnderWay = is('fra', 1, 2, 5) && is('fre', 1, 2, 5) && !(is('fra', 2) && is('fre', 2)) && onlyThese('f1ca', 'f1ce', 'modalites_re', 'fra', 'fre');
      const sheetDone = is('fra', 3) && is('fre', 3);
      const preparing = sheetDone && is('cfa', 2) && signatures.every((type) => steps[type] === undefined);
      const signing = sheetDone && is('cfa', 3) && signatures.every((type) => is(type, 1, 2, 3)) && !is('signature_ecole', 3);
      return sheetUnderWay || preparing || signing;
    }
    case 8:
    case 10:
    case 11:
    case 12:
    case 13:
      return stepTypes.every((type) => is(type, 3));
    case 9:
      return [1, 2, 3, 4, 5, 7].some((before) => stepsFitStatus(before, steps));
    default:
      return false;
  }
}

const cliPath = fileURLToPath(new URL('../cli.ts', import.meta.url));

describe('demo data', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  const now = new Date('2026-11-22T08:00:00Z');

  // Two starts at once: exactly one of them loads the first part. The rest is stopped after a few steps (a server
  // shut down while loading), then two starts share what is left, and a last restart finds nothing to do.
  const firstRuns = await Promise.all([startDemoData(app, now), startDemoData(app, now)]);
  let steps = 0;
  await finishDemoData(app, { stopping: () => steps++ >= 4 });
  const [stoppedAt] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_PENDING_KEY));
  const dossiersWhenStopped = await db.$count(dossiers);
  await Promise.all([loadDemoDataOnce(app, now), finishDemoData(app)]);
  const restart = await loadDemoDataOnce(app, now);

  it('is loaded once, however many times the server starts', async () => {
    expect(firstRuns.filter(Boolean)).toHaveLength(1);
    expect(restart).toBe(false);
    const [flag] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_LOADED_KEY));
    expect(flag?.value).toEqual({ loadedAt: now.toISOString() });
    // Stopped after four steps: the applicants' step and three cases, each whole; the row of the steps left is gone.
    expect(stoppedAt?.value).toMatchObject({ loadedAt: now.toISOString(), done: 4 });
    expect(dossiersWhenStopped).toBe(3);
    expect(await db.select().from(appSettings).where(eq(appSettings.key, DEMO_PENDING_KEY))).toEqual([]);
    const [dossierCount] = await db.select({ n: count() }).from(dossiers);
    expect(dossierCount?.n).toBe(demoDossiers.length);
    const [userCount] = await db.select({ n: count() }).from(users).where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
    expect(userCount?.n).toBe(demoAccounts.length);
    // Any other account is a company's signatory the signing flow made when the contract was prepared (SPEC 6).
    const others = await db
      .select({ email: users.email, userType: users.userType, signer: signatureSigners.role })
      .from(users)
      .leftJoin(signatureSigners, eq(signatureSigners.userId, users.id))
      .where(notLike(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
    for (const other of others) expect(other).toMatchObject({ userType: 'company', signer: 'employer' });
    // The journeys' invitations, turns to sign and signature codes are not sent: the demo mails nobody.
    const [queued] = await db.select({ n: count() }).from(mailOutbox);
    expect(queued?.n).toBe(0);
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
    // Every dossier starts with its first-contact step (the service creates it so): none is left without steps.
    const withoutSteps = await db
      .select({ id: dossiers.id })
      .from(dossiers)
      .leftJoin(dossierSteps, eq(dossierSteps.dossierId, dossiers.id))
      .where(isNull(dossierSteps.dossierId));
    expect(withoutSteps).toEqual([]);
    const closed = await db.select({ id: dossiers.id }).from(dossiers).where(eq(dossiers.dossierAccessible, false));
    expect(closed.length).toBeGreaterThanOrEqual(1);
  });

  it('has contracts signed online and sealed through the signing flow, others signed on paper, and one addendum', async () => {
    const signed = await db
      .select({ id: dossiers.id, statut: dossiers.dossierStatut, cerfa: dossiers.cerfaFileId, avenant: dossiers.cerfaAvenantFileId })
      .from(dossiers)
      .where(inArray(dossiers.dossierStatut, [8, 10, 11, 12, 13]));
    expect(new Set(signed.map((d) => d.statut))).toEqual(new Set([8, 10, 11, 12, 13]));
    const procedures = await db.select().from(signatureProcedures).where(inArray(signatureProcedures.dossierId, signed.map((d) => d.id)));
    for (const dossier of signed) {
      // Every signed case went through the contract's preparation: its procedure completed (sealed) or was cancelled
      // when staff recorded the paper signature.
      const procedure = procedures.find((p) => p.dossierId === dossier.id);
      if (dossier.cerfa) expect(procedure).toMatchObject({ state: 'completed', resultFileId: dossier.cerfa, method: 'online' });
      else expect(procedure?.state).toBe('cancelled');
    }
    const sealed = signed.filter((d) => d.cerfa !== null);
    expect(new Set(sealed.map((d) => d.statut))).toEqual(new Set([8, 11]));
    expect(signed.filter((d) => d.avenant !== null)).toHaveLength(1);
    const ids = signed.flatMap((d) => [d.cerfa, d.avenant]).filter((id): id is string => id !== null);
    const rows = await db.select().from(files).where(inArray(files.id, ids));
    expect(rows).toHaveLength(3);
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
    const headers = { authorization: `Bearer ${await accessTokenFor(app, { id: noah.id, userType: 'admissible' })}` };
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
    const headers = { authorization: `Bearer ${await accessTokenFor(app, { id: olivia.id, userType: 'admissible' })}` };
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

  /** A dossier's status and steps, and who it concerns, as loaded. */
  async function loadedDossiers() {
    const rows = await db
      .select({ id: dossiers.id, owner: dossiers.admissibleUserId, companyId: dossiers.companyId, company: companies.name, statut: dossiers.dossierStatut, avenant: dossiers.cerfaAvenantFileId })
      .from(dossiers)
      .leftJoin(companies, eq(companies.id, dossiers.companyId))
      .orderBy(dossiers.id);
    const steps = await db.select().from(dossierSteps);
    return rows.map((row) => ({
      ...row,
      steps: Object.fromEntries(steps.filter((s) => s.dossierId === row.id).map((s) => [s.type, s.status])),
    }));
  }

  it('gives every dossier the steps its status implies', async () => {
    const rows = await loadedDossiers();
    expect(rows.length).toBeGreaterThanOrEqual(13);
    for (const row of rows) expect({ id: row.id, statut: row.statut, fits: stepsFitStatus(row.statut, row.steps) }).toEqual({ id: row.id, statut: row.statut, fits: true });
  });

  it('holds, for every part marked sent, the complete sheet that was sent', async () => {
    const rows = await loadedDossiers();
    const sheetRows = await db.select().from(sheets);
    // On the reference tables the server checks: every IDCC, NAF code and OPCO of the demo is in them and agrees.
    const references = await loadRuleReferences(db);
    let checked = 0;
    for (const row of rows) {
      for (const kind of ['f1ca', 'f1ce', 'fra', 'fre'] as const) {
        const status = row.steps[kind];
        const sheet = sheetRows.find((r) => r.dossierId === row.id && r.kind === kind);
        if (status === 2 || status === 3) {
          expect({ id: row.id, kind, status: sheet?.status }).toEqual({ id: row.id, kind, status: 'submitted' });
          const data = (sheet?.data ?? {}) as Record<string, unknown>;
          const other = Object.fromEntries(sheetRows.filter((r) => r.dossierId === row.id && r.kind !== kind).flatMap((r) => Object.entries(r.data as Record<string, unknown>)));
          const errors = sheetIssues(kind, data, { formation: null, smicTable: [], other, references }).filter((issue) => issue.severity === 'error');
          expect({ id: row.id, kind, errors }).toEqual({ id: row.id, kind, errors: [] });
          checked += 1;
        } else if (status === 5) {
          // Returned to its author: a draft again, still holding what was sent.
          expect(sheet?.status).toBe('draft');
          expect(getAtPath(sheet?.data, 'employeur.denomination')).toEqual(expect.any(String));
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('labels each demo account from the state of its dossiers as loaded', async () => {
    const rows = await loadedDossiers();
    const people = await db
      .select({ id: users.id, email: users.email, lang: users.lang, school: schools.code })
      .from(users)
      .leftJoin(admissibles, eq(admissibles.userId, users.id))
      .leftJoin(formations, eq(formations.id, admissibles.formationId))
      .leftJoin(schools, eq(schools.id, formations.schoolId));
    const links = await db.select({ userId: companyUsers.userId, companyId: companyUsers.companyId, name: companies.name }).from(companyUsers).innerJoin(companies, eq(companies.id, companyUsers.companyId));
    const labelled = (row: (typeof rows)[number]) => ({ company: row.company, statut: row.statut, steps: row.steps, hasAddendum: row.avenant !== null });
    for (const account of demoAccounts) {
      const person = people.find((p) => p.email === account.email);
      if (!person) throw new Error(`${account.email} not loaded`);
      const link = links.find((l) => l.userId === person.id);
      if (account.userType === 'admissible') {
        expect(account.label).toBe(applicantLabel(person.school ?? '', person.lang === 'en-US', rows.filter((r) => r.owner === person.id).map(labelled)));
      } else if (account.userType === 'company') {
        expect(account.label).toBe(employerLabel(link?.name ?? '', rows.filter((r) => r.companyId === link?.companyId).map(labelled)));
      }
    }
    // The labels once disagreed with the data ("statut 2" on a case at 3): each status a label names is one its account holds.
    const lucas = demoAccounts.find((a) => a.email === demoEmails.lucas)?.label ?? '';
    expect([...lucas.matchAll(/statut (\d+)/g)].map((m) => Number(m[1]))).toEqual([3, 6]);
  });

  describe('signed in through the sign-in link as each demo account', () => {
    /** The way a person signs in: asks for a link, opens the mail, and the page exchanges the link's token. */
    async function signIn(email: string) {
      const asked = await app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email } });
      expect(asked.statusCode).toBe(202);
      // The link is made and queued once the answer is out.
      await app.afterResponseSettled();
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
      const t = /[?&]t=([^&\s"]+)/.exec(mail?.textBody ?? '')?.[1];
      if (!t) throw new Error(`no sign-in link mailed to ${email}`);
      const exchanged = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { t: decodeURIComponent(t) } });
      expect(exchanged.statusCode).toBe(200);
      return { authorization: `Bearer ${exchanged.json<{ token: string }>().token}` };
    }
    const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });
    const put = (headers: Record<string, string>, url: string, payload: unknown) => app.inject({ method: 'PUT', url, headers, payload: payload as object });
    /** The web's page address (SPEC 4) as the API serves it. */
    const apiOf = (to: string) => to.replace(/^\/admissible\//, '/api/admissibles/').replace(/^\/employeur\//, '/api/employeurs/');

    /** The sheet behind a way in answers, is open for writing, and takes a draft of what it holds. */
    async function expectWritable(headers: Record<string, string>, url: string) {
      const read = await get(headers, url);
      expect({ url, status: read.statusCode }).toEqual({ url, status: 200 });
      const sheet = read.json<SheetResponse>();
      expect({ url, readOnly: sheet.readOnly }).toEqual({ url, readOnly: false });
      const saved = await put(headers, url, sheet.data);
      expect({ url, status: saved.statusCode }).toEqual({ url, status: 200 });
    }

    const applicants = demoAccounts.filter((a) => a.userType === 'admissible');
    it.each(applicants.map((a) => [a.email]))('%s finds every screen usable', async (email) => {
      const headers = await signIn(email);
      for (const url of ['/api/users/me', '/api/admissibles/portal/cms?lang=fr', '/api/admissibles/portal/infos', '/api/admissibles/portal/offers', '/api/admissibles/portal/partners', '/api/admissibles/portal/suiviRechercheEmployeur', '/api/admissibles/portal/dossiers']) {
        expect({ url, status: (await get(headers, url)).statusCode }).toEqual({ url, status: 200 });
      }
      const list = (await get(headers, '/api/admissibles/portal/dossiers')).json<Dossier[]>();
      for (const dossier of list) {
        for (const action of dossierActions(dossier)) {
          if (action.kind === 'firstContact' || action.kind === 'informationSheet') await expectWritable(headers, apiOf(action.to));
          else expect((await get(headers, action.fileUrl)).statusCode).toBe(200);
        }
        // A part the company has sent reads, on the applicant's own part, as what the company sent.
        if (stepStatus(dossier.etapeStatus, 'fre') === 2) {
          const fra = (await get(headers, `/api/admissibles/fiche-renseignement/${dossier.id}`)).json<SheetResponse>();
          expect(getAtPath(fra.context, 'employeur.denomination')).toBe(dossier.dossierName?.split(' — ')[0]);
          expect(getAtPath(fra.context, 'contrat.salaireBrutMensuel')).toEqual(expect.any(Number));
        }
        // A first contact marked sent reads as sent by its applicant; one returned or a case archived says why (issue 9).
        const f1ca = (await get(headers, `/api/admissibles/fiche-premier-contact/${dossier.id}`)).json<SheetResponse>();
        if (f1ca.status === 'submitted') expect(f1ca.submittedBy?.userType).toBe('admissible');
        if (dossier.dossierStatut === 9) expect(f1ca.statusNote).toMatchObject({ kind: 'archived', reason: demoReasons.archived });
        else if (stepStatus(dossier.etapeStatus, 'f1ca') === 5) expect(f1ca.statusNote).toMatchObject({ kind: 'returned', reason: demoReasons.returned });
        else if (dossier.dossierStatut === 6) expect(f1ca.statusNote?.reason).toBeTruthy();
      }
    });

    const employers = demoAccounts.filter((a) => a.userType === 'company');
    it.each(employers.map((a) => [a.email]))('%s has a first contact, an information sheet, a funding and missions to act on', async (email) => {
      const headers = await signIn(email);
      const home = await get(headers, '/api/employeurs/dossiers');
      expect(home.statusCode).toBe(200);
      const list = home.json<EmployerDossier[]>();
      const actions = new Set<string>();
      for (const dossier of list) {
        const { action, actor, to } = dossier.waitingFor;
        // The signature page has no API yet (docs/decisions/0004: the signature module comes later).
        if (actor === 'company' && to && action !== 'signature') {
          actions.add(action);
          if (action === 'fundingValidation') {
            const funding = await get(headers, apiOf(to));
            expect(funding.statusCode).toBe(200);
            const body = funding.json<FundingValidationResponse>();
            expect(body.canDecide).toBe(true);
            expect(body.terms?.rythme).toBeTruthy();
          } else await expectWritable(headers, apiOf(to));
        }
        if (dossier.missions.open && dossier.missions.to) {
          actions.add('missions');
          await expectWritable(headers, apiOf(dossier.missions.to));
        }
        // Its own first contact, once sent, reads as what it sent, the apprentice's name included.
        if (dossier.etapeStatus.some((step) => step.type === 'f1ce' && step.status === 2)) {
          const f1ce = (await get(headers, `/api/employeurs/fiche-premier-contact/${dossier.id}`)).json<SheetResponse>();
          expect(f1ce).toMatchObject({ status: 'submitted', readOnly: true });
          expect(getAtPath(f1ce.data, 'contrat.salaireBrutMensuel')).toEqual(expect.any(Number));
          expect(getAtPath(f1ce.context, 'apprenti.nom')).toBe(dossier.applicant.nom);
        }
      }
      expect([...actions].sort()).toEqual(['f1ce', 'fre', 'fundingValidation', 'missions']);
    });

    it('gives the employers of signed contracts their documents, and names the apprentice on every page', async () => {
      const signed: number[] = [];
      const sealed: number[] = [];
      let addenda = 0;
      for (const { email } of employers) {
        const headers = await signIn(email);
        for (const dossier of (await get(headers, '/api/employeurs/dossiers')).json<EmployerDossier[]>()) {
          if ([8, 10, 11, 12, 13].includes(dossier.dossierStatut)) {
            signed.push(dossier.dossierStatut);
            for (const url of [dossier.dossierCerfa, dossier.dossierCerfaAvenant].filter((u): u is string => u !== null)) {
              const download = await get(headers, url);
              expect(download.statusCode).toBe(200);
              expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
            }
            // Signed online: the sealed contract; signed on paper: none kept by the portal.
            if (dossier.dossierCerfa) sealed.push(dossier.dossierStatut);
            if (dossier.dossierCerfaAvenant) addenda += 1;
          }
          const { action, actor, to } = dossier.waitingFor;
          if (actor === 'company' && to && action !== 'signature') {
            const page = (await get(headers, apiOf(to))).json<{ dossier: { id: number; applicant: { nom: string } } }>();
            expect(page.dossier).toMatchObject({ id: dossier.id, applicant: { nom: dossier.applicant.nom } });
          }
        }
      }
      // Marc (Capgemini): signed and being terminated; Claire (Société Générale): with an addendum, and terminated.
      expect(new Set(signed)).toEqual(new Set([8, 11, 12, 13]));
      expect(sealed.sort()).toEqual([11, 8].sort());
      expect(addenda).toBe(1);
    });

    /** The demo dossier of this applicant with this company. */
    async function dossierOf(owner: string, company: string): Promise<number> {
      const [row] = await db
        .select({ id: dossiers.id })
        .from(dossiers)
        .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
        .innerJoin(companies, eq(companies.id, dossiers.companyId))
        .where(and(eq(users.email, owner), eq(companies.name, company)));
      if (!row) throw new Error(`no demo dossier of ${owner} at ${company}`);
      return row.id;
    }

    it('lets the demo employer sign its pending contract, then the demo applicant hers (GET /signature/:id)', async () => {
      // Marc (Capgemini) is the signatory of Hugo's contract: the first to sign, he chooses the method.
      const marc = await signIn(demoEmails.marc);
      const hugoCase = await dossierOf(demoEmails.hugo, 'Capgemini');
      const toSign = await get(marc, `/api/signature/${hugoCase}`);
      expect(toSign.statusCode).toBe(200);
      const first = toSign.json<SignatureResponse>();
      expect(first).toMatchObject({ state: 'choose', me: { role: 'employer', canSign: true, canChooseMethod: true } });
      expect(first.documents.map((d) => d.kind)).toContain('cerfa');
      const document = await get(marc, first.documents[0]?.url ?? '');
      expect(document.statusCode).toBe(200);
      expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Marc's home lists it as waiting for his signature.
      const home = (await get(marc, '/api/employeurs/dossiers')).json<EmployerDossier[]>();
      expect(home.find((d) => d.id === hugoCase)?.waitingFor).toMatchObject({ actor: 'company', action: 'signature' });

      // Claire (Société Générale) signed Emma's online: Emma's turn.
      const emma = await signIn(demoEmails.emma);
      const emmaCase = await dossierOf(demoEmails.emma, 'Société Générale');
      const hers = (await get(emma, `/api/signature/${emmaCase}`)).json<SignatureResponse>();
      expect(hers).toMatchObject({ state: 'pending', method: 'online', me: { role: 'apprentice', canSign: true } });
      expect(hers.signers.map((signer) => [signer.role, signer.status])).toEqual([
        ['employer', 'signed'],
        ['apprentice', 'pending'],
        ['school', 'waiting'],
      ]);
    });

    it('gives the applicant of a contract signed online the sealed contract on the cases screen', async () => {
      const noah = await signIn(demoEmails.noah);
      const list = (await get(noah, '/api/admissibles/portal/dossiers')).json<Dossier[]>();
      const signed = list.find((d) => d.dossierStatut === 8);
      expect(signed?.dossierCerfa).toMatch(/^\/api\/files\//);
      const download = await get(noah, signed?.dossierCerfa ?? '');
      expect(download.statusCode).toBe(200);
      const pdf = download.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      // Sealed with the school's certificate: a signature dictionary over a byte range.
      expect(pdf).toContain('/ByteRange');
      const [procedure] = await db.select().from(signatureProcedures).where(eq(signatureProcedures.dossierId, signed?.id ?? 0));
      expect(signed?.dossierCerfa).toBe(`/api/files/${procedure?.resultFileId}`);
    });

    it('shows staff a paper scan to confirm and a CVEC certificate to review', async () => {
      const staff = await signIn(demoEmails.staff);
      const scanCase = await dossierOf(demoEmails.olivia, 'Société Générale');
      const detail = await get(staff, `/api/staff/dossiers/${scanCase}`);
      expect(detail.statusCode).toBe(200);
      const body = detail.json<StaffDossierDetailResponse>();
      expect(body.signature).toMatchObject({ method: 'manual', procedureState: 'pending' });
      const submitted = body.signature?.signers.find((signer) => signer.status === 'submitted');
      expect(submitted?.role).toBe('employer');
      expect(submitted?.scanUrl).toMatch(/^\/api\/files\//);
      const scan = await get(staff, submitted?.scanUrl ?? '');
      expect(scan.statusCode).toBe(200);
      expect(scan.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Olivia's CVEC certificate, uploaded and not checked yet: the case page offers its review.
      expect(body.applicantDocuments.cvec.url).toMatch(/^\/api\/files\//);
      expect(body.applicantDocuments.cvec.isValid).toBe(false);
      expect(body.allowedActions).toContain('document-review');
      expect((await get(staff, body.applicantDocuments.cvec.url ?? '')).statusCode).toBe(200);
    });

    it.each([[demoEmails.staff], [demoEmails.admin]])('%s reads every sheet of every dossier and the SMIC table', async (email) => {
      const headers = await signIn(email);
      expect((await get(headers, '/api/users/me')).statusCode).toBe(200);
      expect((await get(headers, '/api/staff/smic')).statusCode).toBe(200);
      const paths = { f1ca: 'admissibles/fiche-premier-contact', f1ce: 'employeurs/fiche-premier-contact', missions: 'employeurs/modification-missions', fra: 'admissibles/fiche-renseignement', fre: 'employeurs/fiche-renseignement' };
      for (const row of await loadedDossiers()) {
        for (const path of Object.values(paths)) {
          const url = `/api/${path}/${row.id}`;
          expect({ url, status: (await get(headers, url)).statusCode }).toEqual({ url, status: 200 });
        }
      }
    });
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
