import { describe, expect, it } from 'vitest';
import {
  builtInIdccLookup,
  builtInNafLookup,
  checkIdccInForce,
  checkNafExists,
  checkOpcoOfIdcc,
  checkPublicEmployer,
  isPublicLegalCategory,
  referenceLookupsOf,
  type IdccLookup,
  type NafLookup,
} from './references.ts';
import { normalizeNaf, type ReferenceLookup } from '../reference-tables.ts';

/** A list as staff load it: a few agreements with their legal state, every other code unknown. */
const table: Record<string, { inForce: boolean }> = {
  '1486': { inForce: true },
  '3248': { inForce: true },
  '0650': { inForce: false },
};
const tableLookup: IdccLookup = (idcc) => {
  const row = table[idcc];
  return row ? { exists: true, inForce: row.inForce } : { exists: false, inForce: false };
};

describe('the IDCC exists and is in force (FILING check 20)', () => {
  it('asks the list for the padded code and refuses an unknown or lapsed agreement, naming it', () => {
    expect(checkIdccInForce('1486', tableLookup)).toEqual([]);
    expect(checkIdccInForce('650', tableLookup)).toEqual([
      { path: 'employeur.codeIdcc', code: 'idcc.not_in_force', severity: 'error', params: { idcc: '0650' } },
    ]);
    expect(checkIdccInForce('4321', tableLookup)).toEqual([
      { path: 'employeur.codeIdcc', code: 'idcc.unknown', severity: 'error', params: { idcc: '4321' } },
    ]);
  });

  it('always accepts 9999 (no agreement) and 9998 (under negotiation), and leaves the format to checkIdcc', () => {
    const refusesAll: IdccLookup = () => ({ exists: false, inForce: false });
    expect(checkIdccInForce('9999', refusesAll)).toEqual([]);
    expect(checkIdccInForce('9998', refusesAll)).toEqual([]);
    expect(checkIdccInForce('12AB', refusesAll)).toEqual([]);
    expect(checkIdccInForce('', refusesAll)).toEqual([]);
  });

  it('built in: knows the agreements no longer in force, and judges no other code', () => {
    // The metallurgy's Paris-region agreement and its engineers' one, replaced by 3248 on 1 January 2024.
    expect(builtInIdccLookup('0054')).toEqual({ exists: true, inForce: false });
    expect(builtInIdccLookup('650')).toEqual({ exists: true, inForce: false });
    expect(builtInIdccLookup('3248')).toBeUndefined();
    expect(builtInIdccLookup('1234')).toBeUndefined();
    expect(checkIdccInForce('0054')).toEqual([
      { path: 'employeur.codeIdcc', code: 'idcc.not_in_force', severity: 'error', params: { idcc: '0054' } },
    ]);
    expect(checkIdccInForce('3248')).toEqual([]);
  });
});

describe('the NAF code exists (FILING check 21)', () => {
  it('writes codes with their dot, one normaliser for the tables and the rules', () => {
    expect(normalizeNaf('6201z')).toBe('62.01Z');
    expect(normalizeNaf(' 62.01Z ')).toBe('62.01Z');
    expect(normalizeNaf('62.1Z')).toBeNull();
    expect(checkNafExists('6201z', (code) => ({ exists: code === '62.01Z' }))).toEqual([]);
    expect(checkNafExists('62 01Z', () => ({ exists: false }))).toEqual([]);
  });

  it('asks the list and refuses a code it does not hold', () => {
    const list: NafLookup = (code) => ({ exists: ['62.01Z', '47.11F'].includes(code) });
    expect(checkNafExists('6201Z', list)).toEqual([]);
    expect(checkNafExists('62.09Z', list, 'contrat.nafEntrepriseUtilisatrice')).toEqual([
      { path: 'contrat.nafEntrepriseUtilisatrice', code: 'naf.unknown', severity: 'error', params: { code: '62.09Z' } },
    ]);
  });

  it('built in: refuses a division NAF rev. 2 does not have, and leaves the others to the full list', () => {
    for (const code of [
      '00.00Z',
      '04.11Z',
      '34.10Z',
      '40.11Z',
      '44.01Z',
      '48.10Z',
      '54.10Z',
      '57.10Z',
      '67.10Z',
      '76.10Z',
      '83.10Z',
      '89.10Z',
    ])
      expect(builtInNafLookup(code), code).toEqual({ exists: false });
    for (const code of ['01.11Z', '35.11Z', '45.11Z', '62.01Z', '84.11Z', '99.00Z'])
      expect(builtInNafLookup(code), code).toBeUndefined();
    expect(checkNafExists('34.10Z')).toEqual([
      { path: 'employeur.codeApe', code: 'naf.unknown', severity: 'error', params: { code: '34.10Z' } },
    ]);
    expect(checkNafExists('62.01Z')).toEqual([]);
  });
});

describe('a public employer goes to CELIA (FILING check 26)', () => {
  it('refuses the CERFA’s public employer types 21 to 29, on the type', () => {
    for (const type of ['21', '22', '25', '29'])
      expect(checkPublicEmployer(type), type).toEqual([
        { path: 'employeur.typeEmployeur', code: 'employer.public_celia', severity: 'error' },
      ]);
  });

  it('lets private employers and EPICs (30) through', () => {
    for (const type of ['11', '12', '16', '30', null, undefined]) expect(checkPublicEmployer(type)).toEqual([]);
  });

  it('recognises the civil services’ legal categories, not the EPICs nor private companies', () => {
    // A commune, a region, a hospital, a ministry.
    for (const category of ['7210', '7230', '7364', '7113'])
      expect(isPublicLegalCategory(category), category).toBe(true);
    // EPIC, SAS, association, an authorised landowners' association (outside the civil service).
    for (const category of ['4140', '5710', '9220', '7321', null]) expect(isPublicLegalCategory(category)).toBe(false);
  });
});

/** The server's tables as the lookups service hands them: three agreements, two NAF codes, two OPCOs. */
const tables: ReferenceLookup = {
  idcc: (code) =>
    (
      ({
        '1486': { code: '1486', libelle: 'Bureaux d’études', etat: 'VIGUEUR_ETEN', inForce: true, special: false },
        '0650': {
          code: '0650',
          libelle: 'Métallurgie : ingénieurs et cadres',
          etat: 'ABROGE',
          inForce: false,
          special: false,
        },
        '3248': { code: '3248', libelle: 'Métallurgie', etat: 'VIGUEUR_ETEN', inForce: true, special: false },
      }) as const
    )[code.padStart(4, '0') as '1486'],
  nafExists: (code) => ['62.01Z', '62.02A'].includes(normalizeNaf(code) ?? ''),
  opcoOfIdcc: (code) => (code.padStart(4, '0') === '1486' ? 'OPCO_ATLAS' : undefined),
};

describe('the rules on the full tables', () => {
  const lookups = referenceLookupsOf(tables);

  it('refuses a code the tables do not hold, and an agreement no longer in force', () => {
    expect(checkIdccInForce('1486', lookups.idcc)).toEqual([]);
    expect(checkIdccInForce('650', lookups.idcc)).toMatchObject([{ code: 'idcc.not_in_force' }]);
    expect(checkIdccInForce('4321', lookups.idcc)).toMatchObject([{ code: 'idcc.unknown', params: { idcc: '4321' } }]);
    expect(checkIdccInForce('9999', lookups.idcc)).toEqual([]);
    expect(checkNafExists('6202A', lookups.naf)).toEqual([]);
    expect(checkNafExists('62.01A', lookups.naf)).toMatchObject([{ code: 'naf.unknown', params: { code: '62.01A' } }]);
  });

  it('refuses an OPCO other than the one of the IDCC, and leaves the choice when the table gives none', () => {
    expect(checkOpcoOfIdcc('OPCO_ATLAS', '1486', lookups.opco)).toEqual([]);
    expect(checkOpcoOfIdcc('AKTO', '1486', lookups.opco)).toEqual([
      { path: 'opco.nom', code: 'opco.idcc_mismatch', severity: 'error', params: { idcc: '1486', opco: 'OPCO ATLAS' } },
    ]);
    expect(checkOpcoOfIdcc('AKTO', '3248', lookups.opco)).toEqual([]);
    expect(checkOpcoOfIdcc('AKTO', '9999', lookups.opco)).toEqual([]);
    expect(checkOpcoOfIdcc('AKTO', '1486', undefined)).toEqual([]);
    expect(checkOpcoOfIdcc(null, '1486', lookups.opco)).toEqual([]);
  });
});
