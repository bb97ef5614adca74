import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shippedSmicTable } from './rules/index.ts';
import { f1caDraft, f1ceDraft, fraDraft, freDraft, requiredPaths, sheetIssues, type SheetFormation } from './sheets.ts';

/** `path → messages` of a failed parse, as the API's `errors` map. */
const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

const formation: SheetFormation = {
  libelle: 'Cycle ingénieur',
  school: 'ESILV',
  dateDebutFormation: '2026-09-01',
  dateFinFormation: '2028-08-31',
  contractTypes: ['APP'],
  proStartAfter: null,
  proEndBefore: null,
  rncp: null,
  codeDiplome: null,
  heures: null,
};
const context = { formation, smicTable: shippedSmicTable, other: {} };

/** A valid NIR (key 65) of a man born in May 2004 in Paris (75). */
const NIR = '104057512345665';

const firstContact = {
  apprenti: {
    nom: 'Martin',
    prenom: 'Léo',
    sexe: 'M',
    dateNaissance: '2004-05-10',
    courriel: 'leo.martin@example.test',
    telephone: '06 12 34 56 78',
  },
  employeur: { denomination: 'Data Conseil' },
  contacts: { contactEntreprise: { nom: 'Durand', prenom: 'Claire', courriel: 'claire@data-conseil.test' } },
};

describe('applicant first-contact draft', () => {
  it("holds SPEC's identity and background fields and the previous contract's DECA number", () => {
    const parsed = f1caDraft.parse({
      apprenti: {
        ...firstContact.apprenti,
        departementNaissance: '2a',
        communeNaissance: 'Ajaccio',
        nationalite: '1',
        adresse: { voie: '3 rue des Lilas', codePostal: '92100', commune: 'Boulogne-Billancourt' },
        rqth: true,
        sportifHautNiveau: false,
        equivalenceJeunes: false,
        extensionBoe: true,
        situationAvantContrat: '3',
        derniereClasse: '11',
        diplomePrepare: '62',
        intituleDiplomePrepare: 'Licence professionnelle Data',
        dernierDiplomeObtenu: '54',
        intituleDernierDiplomeObtenu: 'BTS SIO',
        plusHautDiplome: '54',
        intitulePlusHautDiplome: 'BTS SIO',
        inscritFranceTravail: true,
        numeroFranceTravail: '1234567a',
        dureeInscriptionFranceTravailMois: 4,
        typeMinimumSocial: 'RSA',
      },
      contrat: { numeroContratPrecedent: '075202409NC0012' },
    });
    expect(parsed.apprenti).toMatchObject({
      departementNaissance: '2A',
      nationalite: '1',
      adresse: { codePostal: '92100' },
      extensionBoe: true,
      plusHautDiplome: '54',
      numeroFranceTravail: '1234567A',
      dureeInscriptionFranceTravailMois: 4,
    });
    expect(parsed.contrat?.numeroContratPrecedent).toBe('075202409NC0012');
  });

  it('leaves the contract-only declarations to the information sheet', () => {
    const parsed = f1caDraft.parse({
      apprenti: { nom: 'Martin', projetCreationReprise: true, apprentiMineurEmancipe: true },
    });
    expect(parsed.apprenti).toEqual({ nom: 'Martin' });
  });

  it('refuses a malformed new field with its dotted path', () => {
    const result = f1caDraft.safeParse({
      apprenti: {
        departementNaissance: '96',
        nationalite: '4',
        adresse: { codePostal: '9210' },
        derniereClasse: '99',
        numeroFranceTravail: '12345678',
        dureeInscriptionFranceTravailMois: -1,
      },
      contrat: { numeroContratPrecedent: '09120221200000' },
    });
    expect(result.success).toBe(false);
    const errors = errorsOf(result);
    expect(errors).toMatchObject({
      'apprenti.departementNaissance': 'departement.format',
      'apprenti.adresse.codePostal': 'postcode.format',
      'apprenti.numeroFranceTravail': 'france_travail.format',
      'contrat.numeroContratPrecedent': 'deca.format',
    });
    // Zod's own messages (translated by the forms) for the lists and the number.
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        'apprenti.nationalite',
        'apprenti.derniereClasse',
        'apprenti.dureeInscriptionFranceTravailMois',
      ]),
    );
  });

  it('submits without birth place, nationality or address: the information sheet requires them', () => {
    const paths = requiredPaths('f1ca', firstContact, context);
    expect(paths).not.toContain('apprenti.departementNaissance');
    expect(paths).not.toContain('apprenti.nationalite');
    expect(paths).not.toContain('apprenti.adresse.voie');
    expect(requiredPaths('fra', firstContact, context)).toEqual(
      expect.arrayContaining(['apprenti.departementNaissance', 'apprenti.nationalite', 'apprenti.adresse.voie']),
    );
    const errors = sheetIssues(
      'f1ca',
      { ...firstContact, apprenti: { ...firstContact.apprenti, nir: NIR } },
      context,
    ).filter((issue) => issue.severity === 'error');
    expect(errors).toEqual([]);
  });

  it('still requires the identity, the employer and its contact, and warns of a missing NIR', () => {
    const issues = sheetIssues('f1ca', { apprenti: { nom: 'Martin', departementNaissance: '75' } }, context);
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path, issue.code]));
    expect(byPath).toMatchObject({
      'apprenti.prenom': 'field.required',
      'apprenti.dateNaissance': 'field.required',
      'employeur.denomination': 'field.required',
      'contacts.contactEntreprise.courriel': 'field.required',
      'apprenti.nir': 'nir.missing',
    });
    expect(issues.find((issue) => issue.path === 'apprenti.nir')?.severity).toBe('warning');
  });

  it('checks the NIR against the birth département given at first contact', () => {
    const apprenti = { ...firstContact.apprenti, nir: NIR, departementNaissance: '69' };
    const issues = sheetIssues('f1ca', { ...firstContact, apprenti }, context);
    expect(issues).toContainEqual({ path: 'apprenti.nir', code: 'nir.department_mismatch', severity: 'warning' });
    const born = sheetIssues(
      'f1ca',
      { ...firstContact, apprenti: { ...apprenti, departementNaissance: '75' } },
      context,
    );
    expect(born.filter((issue) => issue.path === 'apprenti.nir')).toEqual([]);
  });
});

describe('employer first-contact draft', () => {
  it("holds the company's status and the place of work, not the contract's head-office address", () => {
    const parsed = f1ceDraft.parse({
      employeur: {
        denomination: 'Data Conseil SAS',
        nomCommercial: 'Data Conseil',
        siteWeb: 'https://data-conseil.example',
        caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
        employeurSpecifique: '0',
        regimeSocial: '2',
        regimeSpecifique: false,
        siretExecution: '732 829 320 00074',
        adresseExecution: { voie: '1 quai de Seine', codePostal: '75019', commune: 'Paris' },
        adresseContratDifferente: true,
      },
    });
    expect(parsed.employeur).toEqual({
      denomination: 'Data Conseil SAS',
      nomCommercial: 'Data Conseil',
      siteWeb: 'https://data-conseil.example',
      caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
      employeurSpecifique: '0',
      regimeSocial: '2',
      regimeSpecifique: false,
      siretExecution: '73282932000074',
      adresseExecution: { voie: '1 quai de Seine', codePostal: '75019', commune: 'Paris' },
    });
  });

  it('refuses a malformed new field with its dotted path', () => {
    const result = f1ceDraft.safeParse({
      employeur: {
        siteWeb: 'data conseil',
        regimeSocial: '3',
        employeurSpecifique: '9',
        siretExecution: '50000000000000',
        adresseExecution: { codePostal: 'Paris' },
      },
    });
    const errors = errorsOf(result);
    expect(errors).toMatchObject({
      'employeur.siretExecution': 'siret.checksum',
      'employeur.adresseExecution.codePostal': 'postcode.format',
    });
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['employeur.siteWeb', 'employeur.regimeSocial', 'employeur.employeurSpecifique']),
    );
  });

  it('keeps its required fields: the new ones are asked, required only by the information sheet', () => {
    const paths = requiredPaths('f1ce', {}, context);
    for (const path of [
      'employeur.caisseRetraiteComplementaire',
      'employeur.regimeSocial',
      'employeur.employeurSpecifique',
    ])
      expect(paths).not.toContain(path);
    expect(requiredPaths('fre', {}, context)).toEqual(
      expect.arrayContaining([
        'employeur.caisseRetraiteComplementaire',
        'employeur.regimeSocial',
        'employeur.employeurSpecifique',
      ]),
    );
  });

  it("warns over 36 months whatever the applicant's status, which the company does not see before the information sheet", () => {
    const contrat = { typeContrat: 'APP', dateDebutContrat: '2026-09-01', dateFinContrat: '2029-10-31' };
    const other = { apprenti: { rqth: true } };
    const codes = (kind: 'f1ce' | 'fre') =>
      sheetIssues(kind, { contrat }, { ...context, other }).map((issue) => issue.code);
    expect(codes('f1ce')).toContain('contract.longer_than_36_months');
    expect(codes('fre')).not.toContain('contract.longer_than_36_months');
  });
});

describe("the State CERFA tool's checks on the sheets", () => {
  const today = '2026-06-15';
  const at = { ...context, today };
  const onPath = (issues: ReturnType<typeof sheetIssues>, path: string) =>
    issues.filter((issue) => issue.path === path).map((issue) => `${issue.severity}:${issue.code}`);

  it("refuses on the employer's information sheet what the tool refuses, each on its field", () => {
    const data = {
      employeur: { codeIdcc: '0650', codeApe: '34.10Z', typeEmployeur: '22', telephone: '01 44 55 66 7' },
      maitre1: { dateNaissance: '2009-01-01' },
      contrat: {
        typeContrat: 'PRO',
        dateConclusion: '2026-09-02',
        dateDebutContrat: '2026-09-01',
        dateFinContrat: '2028-08-31',
      },
    };
    expect(freDraft.safeParse(data).error?.issues.map((issue) => issue.message)).toEqual(['phone.french_length']);
    const issues = sheetIssues('fre', data, at);
    expect(onPath(issues, 'employeur.codeIdcc')).toEqual(['error:idcc.not_in_force']);
    expect(onPath(issues, 'employeur.codeApe')).toEqual(['error:naf.unknown']);
    expect(onPath(issues, 'employeur.typeEmployeur')).toEqual(['error:employer.public_celia']);
    expect(onPath(issues, 'maitre1.dateNaissance')).toEqual(['error:maitre.under_18']);
    expect(onPath(issues, 'contrat.dateConclusion')).toEqual(['error:contract.conclusion_after_start']);
    expect(onPath(issues, 'contrat.typeContrat')).toEqual(['error:contract.type_apprenticeship_only']);
  });

  it('refuses a contract that has ended, from the first contact on, on the day after its end', () => {
    const contrat = { typeContrat: 'APP', dateDebutContrat: '2024-09-01', dateFinContrat: '2026-06-14' };
    expect(onPath(sheetIssues('f1ce', { contrat }, at), 'contrat.dateFinContrat')).toContain(
      'error:contract.end_in_past',
    );
    const current = { ...contrat, dateFinContrat: '2026-06-15' };
    expect(onPath(sheetIssues('f1ce', { contrat: current }, at), 'contrat.dateFinContrat')).not.toContain(
      'error:contract.end_in_past',
    );
  });

  it("warns when the CFA's hours are under a quarter of the working time", () => {
    const contrat = { typeContrat: 'APP', dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' };
    const issues = sheetIssues('fre', { contrat }, { ...at, formation: { ...formation, heures: 600 } });
    expect(onPath(issues, 'contrat.dateFinContrat')).toContain('warning:contract.training_share_low');
  });

  it('tells the applicant and the employer about the residence permit of an apprentice from outside the EU', () => {
    const apprenti = { nationalite: '3', dateNaissance: '2009-03-01' };
    const contrat = { dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' };
    expect(onPath(sheetIssues('fra', { apprenti }, { ...at, other: { contrat } }), 'apprenti.nationalite')).toEqual([
      'advice:nationality.work_authorisation',
      'advice:nationality.majority_during_contract',
    ]);
    expect(
      onPath(sheetIssues('fre', { contrat }, { ...at, other: { apprenti } }), 'apprenti.nationalite'),
    ).toHaveLength(2);
  });

  it('asks for the legal representative of an apprentice who is a minor on the day of the signatures', () => {
    // 18 on 2026-08-01, before the contract starts on 2026-09-01: a minor today and on a conclusion in July.
    const apprenti = { dateNaissance: '2008-08-01' };
    const later = { contrat: { dateDebutContrat: '2026-09-01', dateConclusion: '2026-08-20' } };
    const earlier = { contrat: { dateDebutContrat: '2026-09-01', dateConclusion: '2026-07-20' } };
    expect(requiredPaths('fra', { apprenti }, { ...at, other: earlier })).toContain('representantLegal.courriel');
    expect(
      requiredPaths('fra', { apprenti }, { ...at, other: { contrat: { dateDebutContrat: '2026-09-01' } } }),
    ).toContain('representantLegal.courriel');
    expect(requiredPaths('fra', { apprenti }, { ...at, other: later })).not.toContain('representantLegal.courriel');
  });

  it('refuses a birth date in the future for the apprentice and the maîtres', () => {
    const future = '2999-01-01';
    expect(fraDraft.safeParse({ apprenti: { dateNaissance: future } }).error?.issues[0]?.message).toBe(
      'date.in_future',
    );
    expect(freDraft.safeParse({ maitre2: { dateNaissance: future } }).error?.issues[0]?.message).toBe('date.in_future');
  });

  it('uses the reference lists the server passes for the IDCC and the NAF code', () => {
    const data = { employeur: { codeIdcc: '3248', codeApe: '62.09Z' } };
    const references = {
      idcc: () => ({ exists: false, inForce: false }),
      naf: (code: string) => ({ exists: code === '62.01Z' }),
    };
    expect(sheetIssues('fre', data, at).filter((issue) => issue.path.startsWith('employeur.code'))).toEqual([]);
    const issues = sheetIssues('fre', data, { ...at, references });
    expect(onPath(issues, 'employeur.codeIdcc')).toEqual(['error:idcc.unknown']);
    expect(onPath(issues, 'employeur.codeApe')).toEqual(['error:naf.unknown']);
  });
});
