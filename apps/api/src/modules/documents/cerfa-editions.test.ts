import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  todayIso,
  type ErrorBody,
  type FundingValidationResponse,
  type StaffDossierDetailResponse,
} from '@passerelle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestTemplate } from '../../../test/cerfa-template.ts';
import {
  contactOf,
  createCaller,
  createFormation,
  f1caBody,
  f1ceBody,
  fraBody,
  freBody,
  postOk,
  sendInformationSheet,
  toFunding,
} from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { admissibles, contractDocuments } from '../../db/schema/index.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import {
  buildContractDocuments,
  cerfa10103_13,
  cerfa10103_14,
  CerfaTemplateError,
  type CfaIdentity,
  type ContractDocuments,
} from './documents.service.ts';

const run = promisify(execFile);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const work = await mkdtemp(join(tmpdir(), 'passerelle-editions-'));
afterAll(() => rm(work, { recursive: true, force: true }));
let fileSeq = 0;

/** The document's text as pdftotext reads it (the drawn CERFA's margin is read bottom to top, as written). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  fileSeq += 1;
  const path = join(work, `doc-${fileSeq}.pdf`);
  await writeFile(path, bytes);
  const { stdout } = await run('pdftotext', [path, '-']);
  return stdout.replace(/[\u00a0\u202f]/gu, ' ');
}

/**
 * What a filled form shows in each of its template's boxes: the words pdftotext finds (-bbox) inside each box's
 * rectangle, by the box's name (unescaped). The form is flattened; its template tells where each box was.
 */
async function textByBox(filled: Uint8Array, template: Uint8Array): Promise<Map<string, string>> {
  fileSeq += 1;
  const path = join(work, `boxes-${fileSeq}.pdf`);
  await writeFile(path, filled);
  const { stdout } = await run('pdftotext', ['-bbox', path, '-']);
  const pages = stdout.split('<page ').slice(1);
  const doc = await PDFDocument.load(template);
  const pageRefs = doc.getPages().map((page) => page.ref);
  const boxes = doc
    .getForm()
    .getFields()
    .flatMap((field) =>
      field.acroField.getWidgets().map((widget) => ({
        name: field.getName().replaceAll('#C3#A0', 'à'),
        page: pageRefs.findIndex((ref) => ref === widget.P()),
        rect: widget.getRectangle(),
      })),
    );
  const found = new Map<string, string>();
  pages.forEach((page, index) => {
    const height = Number(/height="([\d.]+)"/.exec(page)?.[1] ?? 0);
    for (const [, x0, y0, x1, y1, word] of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      const [cx, cy] = [(Number(x0) + Number(x1)) / 2, height - (Number(y0) + Number(y1)) / 2];
      const box = boxes.find(
        ({ page: p, rect }) =>
          p === index && cx >= rect.x && cx <= rect.x + rect.width && cy >= rect.y && cy <= rect.y + rect.height,
      );
      if (box) found.set(box.name, [found.get(box.name), word].filter(Boolean).join(' '));
    }
  });
  return found;
}

const cerfaOf = (result: ContractDocuments) => {
  const doc = result.documents.find((candidate) => candidate.kind === 'cerfa');
  if (!doc) throw new Error('no CERFA');
  return doc;
};
const conventionOf = (result: ContractDocuments) => {
  const doc = result.documents.find((candidate) => candidate.kind === 'convention');
  if (!doc) throw new Error('no convention');
  return doc;
};

/** A folder of templates holding these files. */
async function templatesDir(files: Record<string, Uint8Array>): Promise<string> {
  const dir = await mkdtemp(join(work, 'templates-'));
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
  return dir;
}

// The official 10103*13 and *14 files are not in the project: forms made from the editions' maps stand in for them,
// with "à" escaped in the boxes' names as the official *14 file writes it.
const template14 = await buildTestTemplate(cerfa10103_14, { escapeNames: true });
const template13 = await buildTestTemplate(cerfa10103_13, { escapeNames: true });
const pins = { '10103*14': sha256(template14), '10103*13': sha256(template13) };

const cfa: CfaIdentity = {
  denomination: 'CFA Passerelle',
  uai: '0755555F',
  siret: '35600000000048',
  adresse: { voie: '12 avenue Léonard de Vinci', codePostal: '92400', commune: 'Courbevoie' },
  representant: 'Anne Directrice',
};

/**
 * Decision 0044: the CERFA follows the edition of the contract's conclusion date, drawn as a trial copy without the
 * official form, filled on it when installed and pinned; the training's remote hours are on the 10103*14 and on the
 * training convention; the case page and the funding screen show the 2025 funding rules. Cases brought to a sent
 * information sheet through the API, the documents read back with pdftotext.
 */
describe('the CERFA of the contract’s date (issue 28)', async () => {
  const liveTemplates = await mkdtemp(join(work, 'live-'));
  // The running server's templates folder, its *14 form pinned by configuration; its *13 form pinned nowhere.
  const { app } = await createTestApp({
    CERFA_TEMPLATES_DIR: liveTemplates,
    CERFA_TEMPLATE_SHA256: { '10103*14': pins['10103*14'] },
  });
  const db = app.db;
  const keys = await loadDataKeys(db, app.config);
  let seq = 0;
  const person = (userType: 'staff' | 'admissible') => {
    seq += 1;
    return createCaller(app, userType, `editions-${seq}@example.test`, { nom: `User${seq}` });
  };
  const staff = await person('staff');

  // A level-7 engineering cycle from September 2026, 345 of its 1 200 hours remote; one from March 2025, mostly remote.
  const { formationId: from2026 } = await createFormation(app, 'ED26', { remoteHours: 345, rncpLevel: 7 });
  const { formationId: from2025 } = await createFormation(app, 'ED25', {
    trainingStart: '2025-03-03',
    trainingEnd: '2027-08-31',
    hours: 1250,
    remoteHours: 987,
    rncpLevel: 7,
  });

  /** A case of `formationId` whose information sheet is sent, its contract concluded on `dateConclusion`. */
  async function concludedCase(
    formationId: number,
    contrat: { dateConclusion: string; dateDebutContrat: string; dateFinContrat: string },
  ) {
    const applicant = await person('admissible');
    await db.insert(admissibles).values({ userId: applicant.id, formationId, contractType: 'APP' });
    const id = (await postOk(app, applicant, '/api/admissibles/dossiers')).json<{ id: number }>().id;
    seq += 1;
    const contactEmail = `contact-${seq}@data-conseil.test`;
    await postOk(app, applicant, `/api/admissibles/fiche-premier-contact/${id}/submit`, f1caBody(contactEmail));
    const employer = await contactOf(app, contactEmail);
    const { dateConclusion, ...dates } = contrat;
    const f1ce = { ...f1ceBody, contrat: { ...f1ceBody.contrat, ...dates } };
    await postOk(app, employer, `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ce);
    await toFunding(app, staff, id);
    const funding = await app.inject({
      method: 'GET',
      url: `/api/employeurs/validation-financement/${id}`,
      headers: employer.headers,
    });
    await postOk(app, employer, `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' });
    const fre = freBody({ f1ce });
    await sendInformationSheet(
      app,
      { id, applicant, employer },
      { fre: { ...fre, contrat: { ...fre.contrat, dateConclusion } }, fra: fraBody() },
    );
    return { id, employer, fundingBeforeSheet: funding.json<FundingValidationResponse>() };
  }

  const now = new Date('2026-11-29T09:00:00Z');
  const september2026 = await concludedCase(from2026, {
    dateConclusion: '2026-09-15',
    dateDebutContrat: '2026-09-15',
    dateFinContrat: '2028-08-31',
  });
  const march2025 = await concludedCase(from2025, {
    dateConclusion: '2025-03-01',
    dateDebutContrat: '2025-03-03',
    dateFinContrat: '2027-08-31',
  });

  const staffView = async (id: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/staff/dossiers/${id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    return res.json<StaffDossierDetailResponse>();
  };

  it('draws a contract concluded on 15 September 2026 on 10103*14, its remote hours shown, as a trial copy', async () => {
    const result = await buildContractDocuments(db, keys, september2026.id, { cfa, now });
    expect(result.missing).toEqual([]);
    const cerfa = cerfaOf(result);
    expect(cerfa).toMatchObject({ edition: '10103*14', source: 'drawn' });
    expect(cerfa.fileName).toMatch(/^cerfa-10103-14-exemplaire-essai-martin-leo-dossier-\d+\.pdf$/);
    const text = await pdfText(cerfa.bytes);
    expect(text).toContain('formulaire Cerfa 10103*14');
    expect(text).toContain('Dont heures en distanciel');
    expect(text).toContain('345 heures');
    expect(text).toContain('15/09/2026');
    // The margin of each page says it is not the official form.
    const notice =
      "EXEMPLAIRE D'ESSAI — reproduction établie par Passerelle, ce n'est pas le formulaire officiel Cerfa n° 10103*14";
    expect(text.split(notice).length - 1).toBe(cerfa.pages);

    const convention = await pdfText(conventionOf(result).bytes);
    expect(convention).toContain('Dont formation à distance');
    expect(convention).toContain('345 heures (28,75 % de la formation)');
    expect(convention).toContain("Participation obligatoire de l'employeur : 750,00 € pour le contrat");
    expect(convention).toContain('certification de niveau 7');
    // 28,75 % remote: the funding level is not lowered.
    expect(convention).not.toContain('minore le niveau de prise en charge');
  });

  it('fills the official 10103*14 form when installed and pinned: the dates in their boxes, the remote hours in theirs', async () => {
    // A *13 form beside it is not taken: the edition is the contract's date's.
    const dir = await templatesDir({ 'cerfa_10103-14.pdf': template14, 'cerfa_10103-13.pdf': template13 });
    const result = await buildContractDocuments(db, keys, september2026.id, {
      cfa,
      now,
      templatesDir: dir,
      templatePins: pins,
    });
    const cerfa = cerfaOf(result);
    expect(cerfa).toMatchObject({ edition: '10103*14', source: 'template', templateSha256: pins['10103*14'] });
    expect(cerfa.fileName).toMatch(/^cerfa-10103-14-martin-leo-dossier-\d+\.pdf$/);
    const text = await pdfText(cerfa.bytes);
    expect(text).toContain('Formulaire de test — Cerfa n° 10103*14');
    expect(text).not.toContain("EXEMPLAIRE D'ESSAI");
    const boxes = await textByBox(cerfa.bytes, template14);
    const box = (n: string) => boxes.get(`Zone de texte ${n}`);
    // L'apprenti(e), the contract's dates in three boxes each, the pay's first period, the training and its remote hours.
    expect([box('8_15'), box('8_17'), box('8_18')]).toEqual(['Martin', 'Léo', '104057512345665']);
    expect([box('21_7'), box('21_8'), box('21_9')]).toEqual(['10', '05', '2004']);
    expect([box('21_16'), box('21_17'), box('21_18')]).toEqual(['15', '09', '2026']);
    expect([box('21_10'), box('21_11'), box('21_12')]).toEqual(['31', '08', '2028']);
    expect([box('21_81'), box('21_82'), box('21_83'), box('8_95'), box('8_96')]).toEqual([
      '15',
      '09',
      '2026',
      '53',
      'SMIC',
    ]);
    expect([box('8_72'), box('21_73')]).toEqual(['1500', '00']);
    expect([box('8_99'), box('8_73'), box('8_74')]).toEqual(['CFA Passerelle', '0755555F', '35600000000048']);
    expect([box('8_76'), box('21_80'), box('8_102')]).toEqual(['37512', '1200', '345']);
    // Flattened: no box left to fill.
    expect((await PDFDocument.load(cerfa.bytes)).getForm().getFields()).toEqual([]);
  });

  it('draws a contract concluded on 1 March 2025 on 10103*13, the edition of its date, without remote hours', async () => {
    const result = await buildContractDocuments(db, keys, march2025.id, { cfa, now });
    const cerfa = cerfaOf(result);
    expect(cerfa).toMatchObject({ edition: '10103*13', source: 'drawn' });
    const text = await pdfText(cerfa.bytes);
    expect(text).toContain('formulaire Cerfa 10103*13');
    expect(text).toContain(
      "EXEMPLAIRE D'ESSAI — reproduction établie par Passerelle, ce n'est pas le formulaire officiel Cerfa n° 10103*13",
    );
    expect(text).not.toContain('distanciel');
    expect(text).toContain('01/03/2025');
    // Concluded before 1 July 2025: neither 2025 funding rule, though the training is 79 % remote and of level 7.
    const convention = await pdfText(conventionOf(result).bytes);
    expect(convention).toContain('987 heures (78,96 % de la formation)');
    expect(convention).not.toContain('Participation obligatoire');
  });

  it('fills the official 10103*13 form for it, never the *14 one', async () => {
    const dir = await templatesDir({ 'cerfa_10103-14.pdf': template14, 'cerfa_10103-13.pdf': template13 });
    const result = await buildContractDocuments(db, keys, march2025.id, {
      cfa,
      now,
      templatesDir: dir,
      templatePins: pins,
    });
    const cerfa = cerfaOf(result);
    expect(cerfa).toMatchObject({ edition: '10103*13', source: 'template', templateSha256: pins['10103*13'] });
    const text = await pdfText(cerfa.bytes);
    expect(text).toContain('Formulaire de test — Cerfa n° 10103*13');
    expect(text).not.toContain('987');
    const boxes = await textByBox(cerfa.bytes, template13);
    expect(['21_16', '21_17', '21_18'].map((n) => boxes.get(`Zone de texte ${n}`))).toEqual(['01', '03', '2025']);
    expect(boxes.get('Zone de texte 21_80')).toBe('1250');
  });

  it('refuses a form whose boxes do not fit its edition, with the list of what differs', async () => {
    const unfit = await buildTestTemplate(cerfa10103_14, {
      rename: { 'Zone de texte 8_102': 'Heures à distance' },
      retype: ['Case à cocher 7'],
    });
    const dir = await templatesDir({ 'cerfa_10103-14.pdf': unfit });
    const attempt = buildContractDocuments(db, keys, september2026.id, {
      cfa,
      now,
      templatesDir: dir,
      templatePins: { '10103*14': sha256(unfit) },
    });
    const error: unknown = await attempt.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CerfaTemplateError);
    expect(error).toMatchObject({
      edition: '10103*14',
      problems: ['field "Case à cocher 7" is a text, not a checkbox', 'missing field "Zone de texte 8_102"'],
    });
  });

  it('refuses a form whose SHA-256 is pinned nowhere, or is not the pinned one, even when its boxes fit', async () => {
    const dir = await templatesDir({ 'cerfa_10103-14.pdf': template14 });
    const unpinned = await buildContractDocuments(db, keys, september2026.id, { cfa, now, templatesDir: dir }).catch(
      (caught: unknown) => caught,
    );
    expect(unpinned).toBeInstanceOf(CerfaTemplateError);
    expect((unpinned as CerfaTemplateError).problems).toEqual([
      `the file's SHA-256 ${pins['10103*14']} is not pinned: check it is the official blank form of edition 10103*14, then set CERFA_TEMPLATE_SHA256=10103*14=${pins['10103*14']}`,
    ]);
    const other = '0'.repeat(64);
    const changed = await buildContractDocuments(db, keys, september2026.id, {
      cfa,
      now,
      templatesDir: dir,
      templatePins: { '10103*14': other },
    }).catch((caught: unknown) => caught);
    expect((changed as CerfaTemplateError).problems).toEqual([
      `the file's SHA-256 ${pins['10103*14']} is not the pinned ${other}`,
    ]);
  });

  it('tells staff on the case page the edition, whether its official form is installed, and the funding rules', async () => {
    const view = await staffView(september2026.id);
    expect(view.contract).toEqual({
      typeContrat: 'APP',
      dateConclusion: '2026-09-15',
      cerfa: { edition: '10103*14', template: 'missing' },
      terms: {
        coutFormationAnnuel: 8500,
        priseEnChargeOpco: 8000,
        resteACharge: 500,
        rythme: '3 jours entreprise / 2 jours école',
      },
      formation: { heures: 1200, heuresDistanciel: 345, niveauRncp: 7 },
      funding: {
        judgedOn: '2026-09-15',
        concluded: true,
        employerShare: { applies: true, amount: 750, level: 7 },
        remoteReduction: { applies: false, reason: 'below-threshold', sharePercent: 28.8 },
      },
    });
    const before = await staffView(march2025.id);
    expect(before.contract).toMatchObject({
      cerfa: { edition: '10103*13', template: 'missing' },
      funding: {
        employerShare: { applies: false, reason: 'concluded-before' },
        remoteReduction: { applies: false, reason: 'concluded-before' },
      },
    });

    // The server's folder: the pinned *14 form installed, then replaced by another file; an unpinned *13 form.
    await writeFile(join(liveTemplates, 'cerfa_10103-14.pdf'), template14);
    await writeFile(join(liveTemplates, 'cerfa_10103-13.pdf'), template13);
    expect((await staffView(september2026.id)).contract?.cerfa).toEqual({ edition: '10103*14', template: 'installed' });
    expect((await staffView(march2025.id)).contract?.cerfa).toEqual({ edition: '10103*13', template: 'unpinned' });
    await writeFile(join(liveTemplates, 'cerfa_10103-14.pdf'), template13);
    expect((await staffView(september2026.id)).contract?.cerfa).toEqual({ edition: '10103*14', template: 'changed' });
    await writeFile(join(liveTemplates, 'cerfa_10103-14.pdf'), template14);
  });

  it('refuses to prepare a contract on an unpinned form, the differences listed for staff; nothing is stored', async () => {
    await writeFile(join(liveTemplates, 'cerfa_10103-13.pdf'), template13);
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/dossiers/${march2025.id}/contract-prepared`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(503);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('CERFA_TEMPLATE_INVALID');
    expect(body.errors?.['cerfa']?.[0]).toMatch(/^the file's SHA-256 [0-9a-f]{64} is not pinned/);
    expect((await staffView(march2025.id)).signature ?? null).toBeNull();
    expect(await db.select().from(contractDocuments).where(eq(contractDocuments.dossierId, march2025.id))).toEqual([]);

    // The pinned *14 form is filled for the September 2026 contract.
    const prepared = await app.inject({
      method: 'POST',
      url: `/api/staff/dossiers/${september2026.id}/contract-prepared`,
      headers: staff.headers,
    });
    expect(prepared.statusCode).toBe(200);
    expect((await staffView(september2026.id)).signature?.procedureState).toBe('pending');
    const [stored] = await db
      .select()
      .from(contractDocuments)
      .where(and(eq(contractDocuments.dossierId, september2026.id), eq(contractDocuments.kind, 'cerfa')));
    expect(stored?.edition).toBe('10103*14');
  });

  it('shows the employer the 750 € share on the funding screen, judged today while the contract is not concluded', () => {
    expect(september2026.fundingBeforeSheet.fundingRules).toEqual({
      judgedOn: todayIso('Europe/Paris'),
      concluded: false,
      employerShare: { applies: true, amount: 750, level: 7 },
      remoteReduction: { applies: false, reason: 'below-threshold', sharePercent: 28.8 },
    });
  });
});
