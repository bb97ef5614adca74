import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, PDFSignature } from '@cantoo/pdf-lib';
import type { UserType } from '@passerelle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contactOf,
  createCaller,
  createFormation,
  f1caBody,
  f1ceBody,
  fraBody,
  freBody,
  NIR,
  postOk,
  sendInformationSheet,
  SIRET,
  toInformationSheet,
} from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { admissibles, contractDocuments, files, sheets } from '../../db/schema/index.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import {
  buildContractDocuments,
  CerfaTemplateError,
  findDocumentVersions,
  prepareDocumentFiles,
  storeDocumentVersions,
  type CfaIdentity,
  type ContractDocuments,
} from './documents.service.ts';

const run = promisify(execFile);

const cfa: CfaIdentity = {
  denomination: 'CFA Passerelle',
  uai: '0755555A',
  siret: '35600000000048',
  adresse: { voie: '12 avenue Léonard de Vinci', codePostal: '92400', commune: 'Courbevoie' },
  representant: 'Anne Directrice',
};

/** The official blank CERFA 10103*12 for the template tests: never copied into the project (issue 11). */
function officialTemplate(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const repoRoot = resolve(here, '../../../../..');
  return [
    process.env['CERFA_TEST_TEMPLATE'],
    '/work/shared/assets/cerfa_10103-12.pdf',
    resolve(repoRoot, '../shared/assets/cerfa_10103-12.pdf'),
  ]
    .filter((path): path is string => typeof path === 'string' && path !== '')
    .find((path) => existsSync(path));
}
const templatePath = officialTemplate();

const work = await mkdtemp(join(tmpdir(), 'passerelle-documents-'));
afterAll(() => rm(work, { recursive: true, force: true }));
let fileSeq = 0;

async function pdfText(bytes: Uint8Array): Promise<string> {
  fileSeq += 1;
  const path = join(work, `doc-${fileSeq}.pdf`);
  await writeFile(path, bytes);
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  // The amounts are drawn with fr-FR's U+202F and U+00A0 (a font without them would have thrown); pdftotext gives
  // them back as plain spaces.
  return stdout.replace(/[\u00a0\u202f]/gu, ' ');
}

async function pdfFonts(bytes: Uint8Array): Promise<string> {
  fileSeq += 1;
  const path = join(work, `fonts-${fileSeq}.pdf`);
  await writeFile(path, bytes);
  return (await run('pdffonts', [path])).stdout;
}

const docOf = (result: ContractDocuments, kind: string) => {
  const doc = result.documents.find((candidate) => candidate.kind === kind);
  if (!doc) throw new Error(`no ${kind} document`);
  return doc;
};

/**
 * Issue 11, "Documents": the contract documents of a case brought to a complete information sheet through the API, as
 * people do it. The CERFA drawn by the product and the official template filled are read back with pdftotext.
 */
describe('contract documents', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  const keys = await loadDataKeys(db, app.config);
  let seq = 0;

  const createUser = (userType: UserType) => {
    seq += 1;
    return createCaller(app, userType, `documents-${seq}@example.test`, { nom: `User${seq}` });
  };

  const { formationId } = await createFormation(app, 'DOCS');
  // A programme of September 2024: its contracts, concluded before 17 January 2025, are on 10103*12 (decision 0044).
  const { formationId: formation2024 } = await createFormation(app, 'DOCS24', {
    trainingStart: '2024-09-02',
    trainingEnd: '2027-08-31',
  });
  const staff = await createUser('staff');
  const concluded2024 = { dateConclusion: '2024-08-26', dateDebutContrat: '2024-09-02', dateFinContrat: '2027-08-31' };

  /**
   * Brought through the API to both parts of the information sheet sent (status 7); the NIR given or not; the
   * formation's dates by default, or a contract of `concluded`'s dates on the 2024 programme.
   */
  async function completeCase({
    nir = true,
    subrogation = true,
    concluded,
  }: { nir?: boolean; subrogation?: boolean; concluded?: typeof concluded2024 } = {}): Promise<number> {
    const applicant = await createUser('admissible');
    await db
      .insert(admissibles)
      .values({ userId: applicant.id, formationId: concluded ? formation2024 : formationId, contractType: 'APP' });
    const id = (await postOk(app, applicant, '/api/admissibles/dossiers')).json<{ id: number }>().id;
    seq += 1;
    const contactEmail = `contact-${seq}@data-conseil.test`;
    await postOk(
      app,
      applicant,
      `/api/admissibles/fiche-premier-contact/${id}/submit`,
      f1caBody(contactEmail, { nir: nir ? NIR : null }),
    );
    const employer = await contactOf(app, contactEmail);
    const f1ce = concluded
      ? {
          ...f1ceBody,
          contrat: {
            ...f1ceBody.contrat,
            dateDebutContrat: concluded.dateDebutContrat,
            dateFinContrat: concluded.dateFinContrat,
          },
        }
      : f1ceBody;
    await postOk(app, employer, `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ce);
    await toInformationSheet(app, staff, employer, id);
    const fre = freBody({
      f1ce,
      employeur: { codeApe: '62.02A' },
      maitre1: { diplome: "Diplôme d'ingénieur" },
      opco: { numeroAdherent: 'AT-4521' },
      responsabilites: { isSchoolResponsibleSubrogation: subrogation },
    });
    await sendInformationSheet(
      app,
      { id, applicant, employer },
      {
        fre: concluded ? { ...fre, contrat: { ...fre.contrat, dateConclusion: concluded.dateConclusion } } : fre,
        fra: fraBody({ nir: nir ? NIR : null, apprenti: { rqth: false, sportifHautNiveau: false } }),
      },
    );
    return id;
  }

  const now = new Date('2026-07-01T09:00:00Z');

  it('draws the CERFA, the convention and the mandate of a complete case, with nothing missing', async () => {
    const id = await completeCase();
    const started = performance.now();
    const result = await buildContractDocuments(db, keys, id, { cfa, now });
    const elapsed = performance.now() - started;
    // Once the process has read and parsed the font, a case's documents take less: measured again for the report.
    const warmStart = performance.now();
    await buildContractDocuments(db, keys, id, { cfa, now });
    const warm = performance.now() - warmStart;
    console.info(
      `contract documents of one case: ${Math.round(elapsed)} ms (first in the process), ${Math.round(warm)} ms after`,
    );

    expect(result.missing).toEqual([]);
    expect(result.typeContrat).toBe('APP');
    expect(result.documents.map((doc) => doc.kind)).toEqual(['cerfa', 'convention', 'mandate']);
    for (const doc of result.documents) {
      expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Buffer.from(doc.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(doc.fileName).toMatch(new RegExp(`^[a-z0-9-]+-martin-leo-dossier-${id}\\.pdf$`));
    }

    const cerfa = docOf(result, 'cerfa');
    // Not concluded yet (no conclusion date): the edition in force on the day it is made, 1 July 2026 (decision 0044).
    expect(cerfa).toMatchObject({ edition: '10103*14', source: 'drawn' });
    expect(cerfa.pages).toBeGreaterThanOrEqual(2);
    expect(cerfa.pages).toBeLessThanOrEqual(3);
    const text = await pdfText(cerfa.bytes);
    for (const heading of ["L'EMPLOYEUR", "L'APPRENTI(E)", "LE MAÎTRE D'APPRENTISSAGE", 'LE CONTRAT', 'LA FORMATION'])
      expect(text).toContain(heading);
    expect(text).toContain('Martin');
    expect(text).toContain('Léo');
    expect(text).toContain(SIRET);
    expect(text).toContain(NIR);
    expect(text).toContain('Cycle ingénieur — Data et IA');
    expect(text).toContain('01/09/2026');
    // The salary periods of DOMAIN 1.6 on the SMIC of 2026-01-01 (1 823,03 €), 21–25 years: 53 % then 61 %, in the
    // French format whose narrow no-break space (U+202F) the embedded font draws.
    expect(text).toMatch(/1re année\s+01\/09\/2026\s+31\/08\/2027\s+22 ans\s+53 %\s+SMIC\s+966,21 €/u);
    expect(text).toMatch(/2e année\s+01\/09\/2027\s+31\/08\/2028\s+23 ans\s+61 %\s+SMIC\s+1 112,05 €/u);
    expect(text).toContain('1 500,00 €');
    expect(await pdfFonts(cerfa.bytes)).toMatch(/[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);

    const convention = await pdfText(docOf(result, 'convention').bytes);
    expect(convention).toContain('Convention de formation');
    expect(convention).toContain('Data Conseil');
    expect(convention).toContain('CFA Passerelle');
    expect(convention).toContain('3 jours entreprise / 2 jours école');
    expect(convention).toContain('8 500,00 €');
    expect(convention).toContain('1200 heures');
    const mandate = await pdfText(docOf(result, 'mandate').bytes);
    expect(mandate).toContain('Mandat de subrogation');
    expect(mandate).toContain('OPCO ATLAS');
  });

  it('leaves the mandate out when the employer did not choose subrogation', async () => {
    const id = await completeCase({ subrogation: false });
    const result = await buildContractDocuments(db, keys, id, { cfa, now });
    expect(result.documents.map((doc) => doc.kind)).toEqual(['cerfa', 'convention']);
  });

  it('lists a missing NIR (and the CFA identity not configured) in the annex', async () => {
    const id = await completeCase({ nir: false });
    const result = await buildContractDocuments(db, keys, id, { cfa: { denomination: 'CFA Passerelle' }, now });
    expect(result.missing.map((entry) => entry.field)).toEqual(['apprenti.nir', 'cfa.uai', 'cfa.siret']);
    expect(result.missing[0]?.label).toContain('Numéro de sécurité sociale');
    const annex = docOf(result, 'annex');
    expect(annex.edition).toBeNull();
    const text = await pdfText(annex.bytes);
    expect(text).toContain('informations manquantes');
    expect(text).toContain('Numéro de sécurité sociale');
    expect(text).toContain('obligatoire pour signer le contrat');
  });

  it('lists the information sheet not sent yet', async () => {
    const id = await completeCase();
    await db
      .update(sheets)
      .set({ status: 'draft', submittedAt: null })
      .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'fra')));
    const result = await buildContractDocuments(db, keys, id, { cfa, now });
    expect(result.missing.map((entry) => entry.field)).toContain('sheets.fra');
  });

  it.skipIf(!templatePath)(
    'fills the official CERFA 10103*12 when the operator provides it, and reads the values back',
    async () => {
      const dir = await mkdtemp(join(work, 'templates-'));
      await writeFile(join(dir, 'cerfa_10103-12.pdf'), await readFile(templatePath ?? ''));
      const id = await completeCase({ concluded: concluded2024 });
      const result = await buildContractDocuments(db, keys, id, { cfa, now, templatesDir: dir });
      const cerfa = docOf(result, 'cerfa');
      expect(cerfa).toMatchObject({ edition: '10103*12', source: 'template', pages: 2 });
      expect(cerfa.signatureAreas?.map((area) => area.field)).toHaveLength(4);

      const text = await pdfText(cerfa.bytes);
      expect(text).toContain('Martin');
      expect(text).toContain('Léo');
      expect(text).toContain(SIRET);
      expect(text).toContain(NIR);
      expect(text).toContain('Cycle ingénieur — Data et IA');
      // A contract of 2 September 2024, Léo 20 then: 43 %, 53 % from the month after his 21st birthday, 61 %, 78 %.
      expect(text).toMatch(
        /1re année, du 02\/09\/2024\s+au 31\/05\/2025\s+: 43\s+% du SMIC\s+\* ; du 01\/06\/2025\s+au 01\/09\/2025\s+: 53\s+% du SMIC/,
      );
      expect(text).toMatch(/au 01\/09\/2026\s+: 61\s+% du SMIC/);
      expect(text).toMatch(/3ème année, du 02\/09\/2026\s+au 31\/08\/2027\s+: 78\s+% du SMIC/);
      expect(text).toContain('1 500,00');
      // The e-mail split around the @ of the form.
      expect(text).toMatch(/leo\.martin\s+@ example\.test/);
      expect(await pdfFonts(cerfa.bytes)).toMatch(/[A-Z]{6}\+DejaVuSans\s+CID TrueType/);

      // Flattened: only the signature fields are left, for the signing stamps.
      const filled = await PDFDocument.load(cerfa.bytes);
      const left = filled.getForm().getFields();
      expect(left.every((field) => field instanceof PDFSignature)).toBe(true);
      expect(left.map((field) => field.getName())).toContain('Signature de l’employeur');
    },
  );

  it.skipIf(!templatePath)('refuses a template whose field names do not match the edition map', async () => {
    const dir = await mkdtemp(join(work, 'renamed-'));
    const doc = await PDFDocument.load(await readFile(templatePath ?? ''));
    doc.getForm().getTextField('NIR de l’apprenti(e)').acroField.setPartialName('NIR apprenti');
    await writeFile(join(dir, 'cerfa_10103-12.pdf'), await doc.save());
    const id = await completeCase({ concluded: concluded2024 });
    const attempt = buildContractDocuments(db, keys, id, { cfa, now, templatesDir: dir });
    await expect(attempt).rejects.toBeInstanceOf(CerfaTemplateError);
    await expect(attempt).rejects.toThrow(/missing field "NIR de l’apprenti\(e\)"/);
  });

  it('stores each generation as new versions and supersedes the previous ones', async () => {
    const id = await completeCase();
    const first = await buildContractDocuments(db, keys, id, { cfa, now });
    const prepared1 = await prepareDocumentFiles(app.storage, first.documents);
    const v1 = await db.transaction((tx) => storeDocumentVersions(tx, id, prepared1, staff.id));
    expect(v1.superseded).toEqual([]);
    expect(v1.stored.map((row) => [row.kind, row.version])).toEqual([
      ['cerfa', 1],
      ['convention', 1],
      ['mandate', 1],
    ]);
    const cerfa1 = v1.stored.find((row) => row.kind === 'cerfa');
    const [file] = await db
      .select()
      .from(files)
      .where(eq(files.id, cerfa1?.fileId ?? ''));
    expect(file).toMatchObject({
      sha256: cerfa1?.sha256,
      contentType: 'application/pdf',
      size: docOf(first, 'cerfa').bytes.byteLength,
    });
    expect(
      Buffer.from(await app.storage.get(file?.storageKey ?? '')).equals(Buffer.from(docOf(first, 'cerfa').bytes)),
    ).toBe(true);

    // A sheet corrected (the salary), then the documents generated again.
    const [fre] = await db
      .select()
      .from(sheets)
      .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'fre')));
    const data = fre?.data as { contrat: Record<string, unknown> };
    await db
      .update(sheets)
      .set({ data: { ...data, contrat: { ...data.contrat, salaireBrutMensuel: 1600 } } })
      .where(eq(sheets.id, fre?.id ?? 0));
    const second = await buildContractDocuments(db, keys, id, { cfa, now });
    expect(await pdfText(docOf(second, 'cerfa').bytes)).toContain('1 600,00 €');
    const prepared2 = await prepareDocumentFiles(app.storage, second.documents);
    const v2 = await db.transaction((tx) => storeDocumentVersions(tx, id, prepared2, staff.id));
    expect(v2.superseded.map((row) => row.id).sort()).toEqual(v1.stored.map((row) => row.id).sort());
    const cerfa2 = v2.stored.find((row) => row.kind === 'cerfa');
    expect(cerfa2?.version).toBe(2);
    expect(cerfa2?.sha256).not.toBe(cerfa1?.sha256);

    const current = await findDocumentVersions(db, id, { currentOnly: true });
    expect(current.map((row) => row.id).sort()).toEqual(v2.stored.map((row) => row.id).sort());
    const [old] = await db
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.id, cerfa1?.id ?? 0));
    expect(old?.supersededAt).toBeInstanceOf(Date);
    expect(await findDocumentVersions(db, id)).toHaveLength(6);
  });
});
