import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import { shippedSmicTable, type SheetFormation } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { buildTestTemplate } from '../../../test/cerfa-template.ts';
import { cerfa10103_12 } from './cerfa-10103-12.fields.ts';
import { cerfa10103_13, cerfa10103_14 } from './cerfa-10103-14.fields.ts';
import { drawCerfa, trialCopyNotice } from './cerfa-draw.ts';
import { fieldNameOf, templateProblems, valuePart } from './cerfa-fill.ts';
import {
  buildContractModel,
  contractPeriods,
  fieldLabel,
  mergeSentSheets,
  type ContractInput,
} from './contract-data.ts';
import { fileStem, frAmount, frDate, frEuros, frHours, frLongDate, splitEmail, splitStreet } from './format.ts';
import { columnWidths, subsetTag, wrapText } from '../../lib/pdf-kit.ts';
import { cerfaValues } from './values.ts';

/** The SMIC table as it stood before 2026 (11,88 EUR/h from 2024-11-01): the amounts below are computed on it. */
const smicBefore2026 = shippedSmicTable.filter((rate) => rate.validFrom < '2026-01-01');

const run = promisify(execFile);

describe('French formats of the documents', () => {
  it('writes dates as dd/mm/yyyy and amounts as fr-FR does, narrow no-break space included', () => {
    expect(frDate('2026-09-01')).toBe('01/09/2026');
    expect(frDate(undefined)).toBe('');
    expect(frLongDate('2026-09-01')).toBe('1 septembre 2026');
    expect(frEuros(1099.1)).toBe('1\u202f099,10\u00a0€');
    expect(frEuros(954.96)).toBe('954,96\u00a0€');
    expect(frAmount(1500)).toBe('1\u202f500,00');
    expect(frEuros('12')).toBe('');
    expect(frHours(35, 0)).toBe('35 h');
    expect(frHours(35, 5)).toBe('35 h 05');
  });

  it('splits an e-mail around the @ and a street after its number, as the official form asks', () => {
    expect(splitEmail('leo.martin@example.test')).toEqual(['leo.martin', 'example.test']);
    expect(splitEmail(undefined)).toEqual(['', '']);
    expect(splitStreet('12 rue de la Paix')).toEqual(['12', 'rue de la Paix']);
    expect(splitStreet('12 bis, rue de la Paix')).toEqual(['12 bis', 'rue de la Paix']);
    expect(splitStreet('Lieu-dit Les Granges')).toEqual(['', 'Lieu-dit Les Granges']);
  });

  it('makes file names without accents', () => {
    expect(fileStem('Martin Léo')).toBe('martin-leo');
    expect(fileStem(' Ærø / Ça ')).toBe('r-ca');
  });
});

describe('layout helpers', () => {
  const measure = (text: string) => text.length;

  it('wraps text at spaces, keeps line breaks and cuts a word longer than a line', () => {
    expect(wrapText('un deux trois quatre', 9, measure)).toEqual(['un deux', 'trois', 'quatre']);
    expect(wrapText('a\n\nb', 5, measure)).toEqual(['a', '', 'b']);
    expect(wrapText('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
    for (const line of wrapText('Nom et prénom ou dénomination de l’employeur', 12, measure))
      expect(line.length).toBeLessThanOrEqual(12);
  });

  it('splits a width between columns by weight, gaps apart', () => {
    expect(columnWidths(100, [1, 1])).toEqual([50, 50]);
    expect(columnWidths(110, [1, 3], 10)).toEqual([25, 75]);
  });

  it('names font subsets with six capital letters', () => {
    expect(subsetTag()).toMatch(/^[A-Z]{6}$/);
  });
});

const formation: SheetFormation = {
  libelle: 'Cycle ingénieur — Data et IA',
  school: 'ESILV',
  dateDebutFormation: '2026-09-01',
  dateFinFormation: '2028-08-31',
  contractTypes: ['APP'],
  proStartAfter: null,
  proEndBefore: null,
  rncp: 'RNCP37512',
  codeDiplome: '17X32601',
  heures: 1200,
};

describe('contract data', () => {
  it('merges the sent sheets only, a later sheet winning field by field', () => {
    const merged = mergeSentSheets({
      f1ca: {
        status: 'submitted',
        data: {
          apprenti: { nom: 'Martin', telephone: '0600000000' },
          contrat: { numeroContratPrecedent: '075202401000001' },
        },
      },
      fra: { status: 'submitted', data: { apprenti: { telephone: '0612345678', nom: '' } } },
      fre: { status: 'draft', data: { contrat: { salaireBrutMensuel: 1500 } } },
    });
    expect(merged['apprenti']).toEqual({ nom: 'Martin', telephone: '0612345678' });
    expect(merged['contrat']).toEqual({ numeroContratPrecedent: '075202401000001' });
  });

  it('computes the apprenticeship periods with the rules, at the rate chosen when higher', () => {
    const blocks = {
      apprenti: { dateNaissance: '2008-11-15' },
      contrat: {
        dateDebutContrat: '2026-09-01',
        dateFinContrat: '2028-08-31',
        remunerationsAnnuelles: [
          { ordre: '2.1', taux: 60, dateDebut: '2026-09-01', dateFin: '2027-08-31', typeSalaire: 'SMIC' },
        ],
      },
      employeur: { adresse: { codePostal: '75002' } },
    };
    const periods = contractPeriods('APP', blocks, smicBefore2026);
    // 17 at the start, 18 on 2026-11-15: the rate rises from 2026-12-01 (DOMAIN 1.6).
    expect(periods.map((p) => [p.ordre, p.dateDebut, p.dateFin, p.taux])).toEqual([
      ['1.1', '2026-09-01', '2026-11-30', 27],
      ['1.2', '2026-12-01', '2027-08-31', 43],
      ['2.1', '2027-09-01', '2028-08-31', 60],
    ]);
    expect(periods[0]?.montant).toBe(486.49);
    expect(periods[2]?.montant).toBe(1081.08);
  });

  it('gives a professionalisation contract its floor at the start', () => {
    const blocks = {
      apprenti: { dateNaissance: '2004-05-10' },
      contrat: { dateDebutContrat: '2026-09-01', dateFinContrat: '2027-08-31', qualificationBacPro: true },
    };
    expect(contractPeriods('PRO', blocks, smicBefore2026)).toMatchObject([
      { ordre: '1.1', age: 22, taux: 80, base: 'SMIC', montant: 1441.44 },
    ]);
  });

  describe('professionalisation periods, split at the 21st and 26th birthdays (DOMAIN 1.6, 1.8)', () => {
    const periodsOf = (dateNaissance: string, contrat: Record<string, unknown> = {}) =>
      contractPeriods(
        'PRO',
        {
          apprenti: { dateNaissance },
          contrat: { dateDebutContrat: '2026-09-01', dateFinContrat: '2027-08-31', ...contrat },
        },
        smicBefore2026,
      ).map((p) => [p.ordre, p.dateDebut, p.dateFin, p.age, p.taux, p.base, p.montant]);

    it('raises the rate from the first day of the month after the 21st birthday', () => {
      expect(periodsOf('2005-11-15')).toEqual([
        ['1.1', '2026-09-01', '2026-11-30', 20, 55, 'SMIC', 990.99],
        ['1.2', '2026-12-01', '2027-08-31', 21, 70, 'SMIC', 1261.26],
      ]);
      // The day after the start: the new rate from the next month already.
      expect(periodsOf('2005-09-02', { qualificationBacPro: true })).toEqual([
        ['1.1', '2026-09-01', '2026-09-30', 20, 65, 'SMIC', 1171.17],
        ['1.2', '2026-10-01', '2027-08-31', 21, 80, 'SMIC', 1441.44],
      ]);
    });

    it('does not split on a birthday on the first day: the age at the start counts', () => {
      expect(periodsOf('2005-09-01')).toEqual([['1.1', '2026-09-01', '2027-08-31', 21, 70, 'SMIC', 1261.26]]);
    });

    it('does not split on a birthday on the last day, nor in the last month', () => {
      expect(periodsOf('2006-08-31')).toEqual([['1.1', '2026-09-01', '2027-08-31', 20, 55, 'SMIC', 990.99]]);
      expect(periodsOf('2006-08-01')).toEqual([['1.1', '2026-09-01', '2027-08-31', 20, 55, 'SMIC', 990.99]]);
      // The month before the last: the last month is at the new rate.
      expect(periodsOf('2006-07-31')).toEqual([
        ['1.1', '2026-09-01', '2027-07-31', 20, 55, 'SMIC', 990.99],
        ['1.2', '2027-08-01', '2027-08-31', 21, 70, 'SMIC', 1261.26],
      ]);
    });

    it('moves to the SMIC at 26, or to 85 % of a higher SMC', () => {
      expect(periodsOf('2000-12-20')).toEqual([
        ['1.1', '2026-09-01', '2026-12-31', 25, 70, 'SMIC', 1261.26],
        ['1.2', '2027-01-01', '2027-08-31', 26, 100, 'SMIC', 1801.8],
      ]);
      expect(periodsOf('2000-12-20', { smc: 2500 })).toEqual([
        ['1.1', '2026-09-01', '2026-12-31', 25, 70, 'SMIC', 1261.26],
        ['1.2', '2027-01-01', '2027-08-31', 26, 85, 'SMC', 2125],
      ]);
    });

    it('ignores the 18th birthday, which changes no professionalisation rate', () => {
      expect(periodsOf('2008-10-10')).toEqual([['1.1', '2026-09-01', '2027-08-31', 17, 55, 'SMIC', 990.99]]);
    });

    it('numbers a 24-month contract by contract year, the second year starting a new period', () => {
      const periods = contractPeriods(
        'PRO',
        {
          apprenti: { dateNaissance: '2006-03-15' },
          contrat: { dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' },
        },
        smicBefore2026,
      );
      expect(periods.map((p) => [p.ordre, p.dateDebut, p.dateFin, p.taux])).toEqual([
        ['1.1', '2026-09-01', '2027-03-31', 55],
        ['1.2', '2027-04-01', '2027-08-31', 70],
        ['2.1', '2027-09-01', '2028-08-31', 70],
      ]);
    });
  });

  it('labels a field path for the annex', () => {
    expect(fieldLabel('apprenti.nir')).toBe("Numéro de sécurité sociale (NIR) — l'apprenti(e)");
    expect(fieldLabel('apprenti.adresse.codePostal')).toBe("Code postal — l'apprenti(e), adresse");
    expect(fieldLabel('opco.nom')).toBe('OPCO');
    expect(fieldLabel('sheets.fre')).toBe("Fiche de renseignement de l'employeur");
  });

  it('requires the DECA number of an avenant and the NIR at this stage', () => {
    const input: ContractInput = {
      sheets: {
        fra: { status: 'submitted', data: { apprenti: { nom: 'Martin', dateNaissance: '2004-05-10' } } },
        fre: { status: 'submitted', data: { contrat: { typeContrat: 'APP', typeContratApp: '33' } } },
      },
      nir: undefined,
      formation,
      terms: null,
      smicTable: smicBefore2026,
      cfa: { denomination: 'CFA', uai: '0755555A', siret: '35600000000048' },
    };
    const fields = buildContractModel(input).missing.map((entry) => entry.field);
    expect(fields).toContain('apprenti.nir');
    expect(fields).toContain('contrat.numeroContratPrecedent');
    expect(fields).toContain('employeur.siret');
  });
});

describe("the formation's checks when the contract is prepared (FILING checks 8 and 22)", () => {
  const prepared = (extra: Partial<SheetFormation>, dateDebutContrat = '2026-09-01') =>
    buildContractModel({
      sheets: {
        fra: { status: 'submitted', data: { apprenti: { nom: 'Martin', dateNaissance: '2004-05-10' } } },
        fre: {
          status: 'submitted',
          data: { contrat: { typeContrat: 'APP', dateDebutContrat, dateFinContrat: '2028-08-31' } },
        },
      },
      nir: undefined,
      formation: { ...formation, ...extra },
      terms: null,
      smicTable: smicBefore2026,
      cfa: { denomination: 'CFA', uai: '0755555F', siret: '35600000000048' },
    }).missing;

  it("lists a certification whose RNCP registration ended before the contract starts, in the formation's words", () => {
    expect(prepared({ rncpEndDate: '2026-08-31' })).toContainEqual({
      field: 'formation.rncp',
      label: 'Code RNCP — formation',
      message:
        "L'enregistrement de la certification RNCP37512 au RNCP a pris fin le 31/08/2026, avant le début du contrat : vérifiez son numéro sur le site de France compétences et corrigez la fiche de la formation.",
    });
    expect(prepared({ rncpEndDate: '2026-09-01' }).map((entry) => entry.field)).not.toContain('formation.rncp');
  });

  it('lists a training saved before its length was checked', () => {
    expect(prepared({ dateFinFormation: '2031-06-30' }).map((entry) => [entry.field, entry.message])).toContainEqual([
      'formation.dateFinFormation',
      'La formation dure plus de 48 mois (4 ans) : corrigez ses dates dans la fiche de la formation.',
    ]);
  });
});

describe('drawn CERFA', () => {
  /** A professionalisation contract drawn (12434), read back with pdftotext. */
  async function drawnProfessionalisation(dateNaissance: string): Promise<{ edition: string; text: string }> {
    const model = buildContractModel({
      sheets: {
        fra: {
          status: 'submitted',
          data: {
            apprenti: {
              nom: 'Nguyễn',
              prenom: 'Thảo',
              dateNaissance,
              inscritFranceTravail: true,
              numeroFranceTravail: '1234567A',
            },
          },
        },
        fre: {
          status: 'submitted',
          data: {
            employeur: { denomination: 'Studio Œuvre', siret: '73282932000074' },
            contrat: {
              typeContrat: 'PRO',
              natureContrat: 'CDD',
              dateDebutContrat: '2026-09-01',
              dateFinContrat: '2027-08-31',
              classification: 'B2',
              niveau: 'II',
              coefficient: '250',
            },
          },
        },
      },
      nir: '204057512345616',
      formation: { ...formation, contractTypes: ['PRO'] },
      terms: null,
      smicTable: smicBefore2026,
      today: '2026-07-01',
    });
    const drawn = await drawCerfa(model, new Date('2026-07-01T09:00:00Z'));
    const dir = await mkdtemp(join(tmpdir(), 'passerelle-cerfa-'));
    try {
      await writeFile(join(dir, 'pro.pdf'), drawn.bytes);
      const { stdout } = await run('pdftotext', ['-layout', join(dir, 'pro.pdf'), '-']);
      return { edition: drawn.edition, text: stdout };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('draws the professionalisation form (12434) with its own headings', async () => {
    const { edition, text } = await drawnProfessionalisation('2004-05-10');
    // Not concluded yet: the edition in force on the day it is drawn (decision 0044).
    expect(edition).toBe('12434*04');
    for (const expected of [
      'Contrat de professionnalisation',
      'LE SALARIÉ',
      'LE TUTEUR',
      'LE CONTRAT',
      'LA FORMATION',
      'Nguyễn',
      'Studio Œuvre',
      '1234567A',
      'B2 / II / 250',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/70 %\s+SMIC\s+1[\s\u202f]261,26/u);
  });

  it('prints a professionalisation contract’s periods split at the 26th birthday', async () => {
    const { text } = await drawnProfessionalisation('2000-12-20');
    expect(text).toMatch(/1re année\s+01\/09\/2026\s+31\/12\/2026\s+25 ans\s+70 %\s+SMIC\s+1[\s\u202f]261,26/u);
    expect(text).toMatch(
      /1re année \(suite\)\s+01\/01\/2027\s+31\/08\/2027\s+26 ans\s+100 %\s+SMIC\s+1[\s\u202f]801,80/u,
    );
  });
});

const template = [process.env['CERFA_TEST_TEMPLATE'], '/work/shared/assets/cerfa_10103-12.pdf'].find(
  (path) => path && existsSync(path),
);

describe('field map of CERFA 10103*12', () => {
  it.skipIf(!template)('matches the official template exactly', async () => {
    const doc = await PDFDocument.load(await readFile(template ?? ''));
    expect(templateProblems(doc.getForm(), cerfa10103_12)).toEqual([]);
  });

  it('maps only values the documents compute', () => {
    const values = cerfaValues(
      buildContractModel({ sheets: {}, nir: undefined, formation, terms: null, smicTable: smicBefore2026 }),
    );
    const unknown = cerfa10103_12.fields.filter(
      (mapping) => !mapping.path.startsWith('remuneration.') && !(mapping.path in values),
    );
    expect(unknown).toEqual([]);
    expect(new Set(cerfa10103_12.fields.map((mapping) => mapping.field)).size).toBe(cerfa10103_12.fields.length);
  });
});

describe('field maps of CERFA 10103*13 and 10103*14 (decision 0044)', () => {
  const values = cerfaValues(
    buildContractModel({ sheets: {}, nir: undefined, formation, terms: null, smicTable: smicBefore2026 }),
  );

  it('map only values the documents compute, each box once', () => {
    for (const edition of [cerfa10103_13, cerfa10103_14]) {
      const unknown = edition.fields.filter(
        (mapping) => !mapping.path.startsWith('remuneration.') && !(mapping.path in values),
      );
      expect(unknown, edition.edition).toEqual([]);
      expect(new Set(edition.fields.map((mapping) => mapping.field)).size).toBe(edition.fields.length);
      expect(edition.signatureFields).toEqual([]);
    }
  });

  it('differ by the remote hours only, which *14 adds', () => {
    const names13 = new Set(cerfa10103_13.fields.map((mapping) => mapping.field));
    expect(cerfa10103_14.fields.filter((mapping) => !names13.has(mapping.field))).toEqual([
      { path: 'formation.heuresDistanciel', field: 'Zone de texte 8_102', type: 'text' },
    ]);
  });

  it("tick the RQTH rights' boxes as the applicant declared them (5_5 to 5_8)", () => {
    const declared = cerfaValues(
      buildContractModel({
        sheets: {
          fra: {
            status: 'submitted',
            data: { apprenti: { rqth: false, equivalenceJeunes: true, extensionBoe: false } },
          },
        } as never,
        nir: undefined,
        formation,
        terms: null,
        smicTable: shippedSmicTable,
      }),
    );
    const ticked = cerfa10103_14.fields
      .filter((mapping) => mapping.type === 'checkbox' && /^Case à cocher 5_[3-8]$/.test(mapping.field))
      .map((mapping) => [mapping.field, declared[mapping.path]]);
    expect(ticked).toEqual([
      ['Case à cocher 5_3', false],
      ['Case à cocher 5_4', true],
      ['Case à cocher 5_5', true],
      ['Case à cocher 5_6', false],
      ['Case à cocher 5_7', false],
      ['Case à cocher 5_8', true],
    ]);
    // Not declared: neither box.
    expect([values['apprenti.equivalenceJeunes.oui'], values['apprenti.equivalenceJeunes.non']]).toEqual([
      false,
      false,
    ]);
  });

  it('split the dates in three boxes and the amounts in two, every pay period included', () => {
    const parts = (path: string) =>
      cerfa10103_14.fields.filter((mapping) => mapping.path === path).map((mapping) => [mapping.field, mapping.part]);
    expect(parts('contrat.dateConclusion')).toEqual([
      ['Zone de texte 21_16', 'day'],
      ['Zone de texte 21_17', 'month'],
      ['Zone de texte 21_18', 'year'],
    ]);
    expect(parts('contrat.salaireBrutMensuel')).toEqual([
      ['Zone de texte 8_72', 'euros'],
      ['Zone de texte 21_73', 'cents'],
    ]);
    for (const year of [1, 2, 3, 4])
      for (const half of [1, 2])
        for (const [key, boxes] of [
          ['debut', 3],
          ['fin', 3],
          ['taux', 1],
          ['base', 1],
        ] as const)
          expect(parts(`remuneration.${year}.${half}.${key}`), `${year}.${half}.${key}`).toHaveLength(boxes);
  });

  it('read a form whose names escape "à" as #C3#A0, and list each box that does not fit', async () => {
    const fit = await PDFDocument.load(await buildTestTemplate(cerfa10103_14, { escapeNames: true }));
    expect(templateProblems(fit.getForm(), cerfa10103_14)).toEqual([]);
    // The *13 map fits a *14 form (it has one box less); the *14 map does not fit a *13 form.
    expect(templateProblems(fit.getForm(), cerfa10103_13)).toEqual([]);
    const older = await PDFDocument.load(await buildTestTemplate(cerfa10103_13));
    expect(templateProblems(older.getForm(), cerfa10103_14)).toEqual(['missing field "Zone de texte 8_102"']);
    const unfit = await PDFDocument.load(
      await buildTestTemplate(cerfa10103_14, { rename: { 'Zone de texte 8_18': 'NIR' }, retype: ['Case à cocher 3'] }),
    );
    // In the map's order.
    expect(templateProblems(unfit.getForm(), cerfa10103_14)).toEqual([
      'missing field "Zone de texte 8_18"',
      'field "Case à cocher 3" is a text, not a checkbox',
    ]);
  });

  it('unescapes UTF-8 name escapes only', () => {
    expect(fieldNameOf('Case #C3#A0 cocher 5_3')).toBe('Case à cocher 5_3');
    expect(fieldNameOf('Zone de texte 8_102')).toBe('Zone de texte 8_102');
    expect(fieldNameOf('N° #41 #ZZ')).toBe('N° A #ZZ');
    expect(fieldNameOf('bad #C3')).toBe('bad #C3');
  });

  it('takes the part of a value each box holds', () => {
    expect(['day', 'month', 'year'].map((part) => valuePart('15/09/2026', part as 'day'))).toEqual([
      '15',
      '09',
      '2026',
    ]);
    expect(valuePart(frAmount(1500), 'euros')).toBe('1500');
    expect(valuePart(frAmount(1500), 'cents')).toBe('00');
    expect(valuePart(frAmount(12345.6), 'euros')).toBe('12345');
    expect(valuePart(frAmount(12345.6), 'cents')).toBe('60');
    expect(valuePart('', 'day')).toBe('');
    expect(valuePart('Oui', 'euros')).toBe('');
  });
});

describe('drawn CERFA of the edition in force (decision 0044)', () => {
  const sheets = (dateConclusion: string) =>
    ({
      fre: {
        status: 'submitted',
        data: {
          employeur: { denomination: 'Data Conseil' },
          contrat: { dateConclusion, dateDebutContrat: '2026-09-15', dateFinContrat: '2028-08-31' },
        },
      },
    }) as const;

  async function drawn(dateConclusion: string): Promise<{ edition: string; pages: number; text: string }> {
    const model = buildContractModel({
      sheets: sheets(dateConclusion),
      nir: undefined,
      formation: { ...formation, heuresDistanciel: 345, niveauRncp: 7 },
      terms: null,
      smicTable: smicBefore2026,
      today: '2026-11-29',
    });
    const result = await drawCerfa(model, new Date('2026-11-29T09:00:00Z'));
    const dir = await mkdtemp(join(tmpdir(), 'passerelle-cerfa-'));
    try {
      await writeFile(join(dir, 'app.pdf'), result.bytes);
      const { stdout } = await run('pdftotext', [join(dir, 'app.pdf'), '-']);
      return { edition: result.edition, pages: result.pages, text: stdout };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('draws a contract of 15 September 2026 on 10103*14, with its remote hours, a trial copy on every page', async () => {
    const { edition, pages, text } = await drawn('2026-09-15');
    expect(edition).toBe('10103*14');
    expect(text).toContain('Dont heures en distanciel');
    expect(text).toContain('345 heures');
    expect(text.split(trialCopyNotice('10103*14')).length - 1).toBe(pages);
    expect(text).toContain("Exemplaire d'essai · n° 10103*14");
    expect(text).toContain('Droits RQTH : équivalence jeunes');
    expect(text).toContain('Droits RQTH : extension BOE');
  });

  it('draws a contract of 1 March 2025 on 10103*13, without the remote hours its form does not have', async () => {
    const { edition, pages, text } = await drawn('2025-03-01');
    expect(edition).toBe('10103*13');
    expect(text).not.toContain('distanciel');
    expect(text).toContain('Droits RQTH : équivalence jeunes');
    expect(text.split(trialCopyNotice('10103*13')).length - 1).toBe(pages);
  });
});
