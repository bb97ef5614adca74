import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SalaryGridResponse, SheetResponse, UserType } from '@passerelle/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contactOf,
  createCaller,
  createFormation,
  f1caBody,
  f1ceBody,
  fraBody,
  freBody,
  postOk,
  toInformationSheet,
} from '../../../test/case-fixtures.ts';
import { buildTestTemplate } from '../../../test/cerfa-template.ts';
import { createTestApp } from '../../../test/helper.ts';
import { admissibles } from '../../db/schema/index.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import { buildContractDocuments, cerfa10103_14, type CfaIdentity } from '../documents/documents.service.ts';

/**
 * Issue 28, pay above the minimum, through the API as the employer's information sheet sends it: each period's rate or
 * amount (`contrat.remunerationsAnnuelles`) refused below the legal minimum with the period's field named, the agreed
 * pay saved and read back, and the contract's CERFA (drawn, and the official template filled when it is at hand) printing
 * what was agreed, read back with pdftotext.
 */

const run = promisify(execFile);
const work = await mkdtemp(join(tmpdir(), 'passerelle-agreed-pay-'));
afterAll(() => rm(work, { recursive: true, force: true }));

async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const path = join(work, `${name}.pdf`);
  await writeFile(path, bytes);
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  return stdout.replace(/[\u00a0\u202f]/gu, ' ');
}

const cfa: CfaIdentity = {
  denomination: 'CFA Passerelle',
  uai: '0755555A',
  siret: '35600000000048',
  adresse: { voie: '12 avenue Léonard de Vinci', codePostal: '92400', commune: 'Courbevoie' },
  representant: 'Anne Directrice',
};

/**
 * Léo Martin, born on 2004-05-10, from 2026-09-01 to 2028-08-31 on the SMIC of 1 801,80 €: 22 then 23 years old, two
 * periods, 1.1 at 53 % (966,21 €) and 2.1 at 61 % (1 112,05 €).
 */
const periods = (one: Record<string, unknown>, two: Record<string, unknown>) => [
  { ordre: '1.1', dateDebut: '2026-09-01', dateFin: '2027-08-31', typeSalaire: 'SMIC', ...one },
  { ordre: '2.1', dateDebut: '2027-09-01', dateFin: '2028-08-31', typeSalaire: 'SMIC', ...two },
];
const withPay = (remunerationsAnnuelles: unknown, salaireBrutMensuel = 1500) => {
  const body = freBody();
  return { ...body, contrat: { ...body.contrat, salaireBrutMensuel, remunerationsAnnuelles } };
};

describe('agreed pay of the information sheet (issue 28)', async () => {
  const { app } = await createTestApp();
  const keys = await loadDataKeys(app.db, app.config);
  const { formationId } = await createFormation(app, 'PAY');
  let seq = 0;
  const createUser = (userType: UserType) => {
    seq += 1;
    return createCaller(app, userType, `agreed-pay-${seq}@example.test`, { nom: `User${seq}` });
  };
  const staff = await createUser('staff');

  /** A case at its information sheet (status 7): both first contacts sent, the funding accepted. */
  async function caseAtInformationSheet() {
    const applicant = await createUser('admissible');
    await app.db.insert(admissibles).values({ userId: applicant.id, formationId, contractType: 'APP' });
    const id = (await postOk(app, applicant, '/api/admissibles/dossiers')).json<{ id: number }>().id;
    seq += 1;
    const contactEmail = `contact-pay-${seq}@data-conseil.test`;
    await postOk(app, applicant, `/api/admissibles/fiche-premier-contact/${id}/submit`, f1caBody(contactEmail));
    const employer = await contactOf(app, contactEmail);
    await postOk(app, employer, `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
    await toInformationSheet(app, staff, employer, id);
    return { id, applicant, employer };
  }

  const call = (
    who: { headers: Record<string, string> } | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  it('gives each period its legal minimum and the base its amount is computed on', async () => {
    const { applicant } = await caseAtInformationSheet();
    const grid = await call(
      applicant,
      'GET',
      '/api/sheets/salary-grid?date=2026-09-01&dateNaissance=2004-05-10&dateFinContrat=2028-08-31',
    );
    expect(grid.json<SalaryGridResponse>().periodes).toEqual([
      {
        ordre: '1.1',
        dateDebut: '2026-09-01',
        dateFin: '2027-08-31',
        age: 22,
        taux: 53,
        base: 'SMIC',
        reference: 1823.03,
        montantMinimum: 966.21,
      },
      {
        ordre: '2.1',
        dateDebut: '2027-09-01',
        dateFin: '2028-08-31',
        age: 23,
        taux: 61,
        base: 'SMIC',
        reference: 1823.03,
        montantMinimum: 1112.05,
      },
    ]);
  });

  it('refuses a send paying less than the minimum with 400 and the field of each period, dry run or not', async () => {
    const { id, employer } = await caseAtInformationSheet();
    const below = withPay(periods({ taux: 52 }, { montant: 1112.04 }));
    for (const url of [
      `/api/employeurs/fiche-renseignement/${id}/send?dryRun=true`,
      `/api/employeurs/fiche-renseignement/${id}/send`,
    ]) {
      const refused = await call(employer, 'POST', url, below);
      expect(refused.statusCode).toBe(400);
      const { errors } = refused.json<{ errors: Record<string, string[]> }>();
      expect(errors).toEqual({
        'contrat.remunerationsAnnuelles.0.taux': ['salary.rate_below_minimum'],
        'contrat.remunerationsAnnuelles.1.montant': ['salary.amount_below_minimum'],
      });
    }
    // A period with neither a rate nor an amount is asked for; a salary at hiring below 1.1's minimum is refused too.
    const empty = await call(
      employer,
      'POST',
      `/api/employeurs/fiche-renseignement/${id}/send?dryRun=true`,
      withPay(periods({ taux: null }, { taux: 61 }), 966.2),
    );
    expect(empty.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'contrat.salaireBrutMensuel': ['salary.below_minimum'],
      'contrat.remunerationsAnnuelles.0.taux': ['salary.pay_required'],
    });
    // The refused send left the sheet a draft: it can be corrected.
    const sheet = await call(employer, 'GET', `/api/employeurs/fiche-renseignement/${id}`);
    expect(sheet.json<SheetResponse<'fre'>>().status).toBe('draft');
  });

  it('keeps the agreed rates and amounts of a draft, accepts an older draft without them, and checks the access', async () => {
    const { id, employer, applicant } = await caseAtInformationSheet();
    const url = `/api/employeurs/fiche-renseignement/${id}`;
    // A draft saved before the periods existed (no remunerationsAnnuelles) still opens and saves.
    const older = freBody();
    expect((await call(employer, 'PUT', url, older)).statusCode).toBe(200);
    expect((await call(employer, 'GET', url)).json<SheetResponse<'fre'>>().data.contrat).not.toHaveProperty(
      'remunerationsAnnuelles',
    );

    const agreed = periods({ taux: 83.25, montant: 1500 }, { taux: 75 });
    const saved = await call(employer, 'PUT', url, withPay(agreed));
    expect(saved.statusCode).toBe(200);
    const read = await call(employer, 'GET', url);
    expect(read.json<SheetResponse<'fre'>>().data.contrat?.remunerationsAnnuelles).toEqual(agreed);
    // Malformed: a period number the CERFA has not, a negative amount.
    const malformed = await call(employer, 'PUT', url, withPay(periods({ ordre: '5.1', taux: 60 }, { montant: -1 })));
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'contrat.remunerationsAnnuelles.0.ordre',
      'contrat.remunerationsAnnuelles.1.montant',
    ]);
    expect(
      (await call(employer, 'GET', url)).json<SheetResponse<'fre'>>().data.contrat?.remunerationsAnnuelles,
    ).toEqual(agreed);

    // Nobody else reads or writes the employer's pay: signed out, the applicant (the other party), another company.
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(applicant, 'PUT', url, withPay(agreed))).statusCode).toBe(403);
    const other = await createUser('company');
    expect([403, 404]).toContain((await call(other, 'GET', url)).statusCode);
    expect([403, 404]).toContain((await call(other, 'PUT', url, withPay(agreed))).statusCode);
  });

  it('prints the agreed pay on the CERFA, drawn and from the official template, not the minimum', async () => {
    const { id, employer, applicant } = await caseAtInformationSheet();
    await postOk(
      app,
      employer,
      `/api/employeurs/fiche-renseignement/${id}/send`,
      withPay(periods({ taux: 83.25, montant: 1500 }, { taux: 75 })),
    );
    await postOk(app, applicant, `/api/admissibles/fiche-renseignement/${id}/send`, fraBody());
    const now = new Date('2026-07-01T09:00:00Z');

    const drawn = await buildContractDocuments(app.db, keys, id, { cfa, now });
    expect(drawn.missing).toEqual([]);
    const cerfa = drawn.documents.find((doc) => doc.kind === 'cerfa');
    const text = await pdfText(cerfa?.bytes ?? new Uint8Array(), `drawn-${id}`);
    expect(text).toMatch(/1re année\s+01\/09\/2026\s+31\/08\/2027\s+22 ans\s+82,28 %\s+SMIC\s+1 500,00 €/u);
    expect(text).toMatch(/2e année\s+01\/09\/2027\s+31\/08\/2028\s+23 ans\s+75 %\s+SMIC\s+1 367,28 €/u);
    expect(text).not.toMatch(/53 %\s+SMIC/u);

    // The official form of the contract's edition (10103*14 for a contract of 2026), here the test form with its boxes.
    const template = await buildTestTemplate(cerfa10103_14, { escapeNames: true });
    const dir = await mkdtemp(join(work, 'templates-'));
    await writeFile(join(dir, 'cerfa_10103-14.pdf'), template);
    const filled = await buildContractDocuments(app.db, keys, id, {
      cfa,
      now,
      templatesDir: dir,
      templatePins: { '10103*14': createHash('sha256').update(template).digest('hex') },
    });
    const official = filled.documents.find((doc) => doc.kind === 'cerfa');
    expect(official?.source).toBe('template');
    const form = await pdfText(official?.bytes ?? new Uint8Array(), `template-${id}`);
    expect(form).toMatch(/\b82,28\b/u);
    expect(form).toMatch(/\b75\b/u);
    expect(form).not.toMatch(/\b53\b/u);
  });
});
