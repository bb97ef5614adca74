import { describe, expect, it } from 'vitest';
import {
  checkClassification,
  checkDeca,
  checkDecaPresence,
  checkFranceTravail,
  checkIdcc,
  checkNir,
  checkNirPresence,
  checkPhone,
  checkSiret,
  isValidSiret,
  isValidUai,
  nirKey,
  normalizeIdcc,
  uaiCheckLetter,
} from './identifiers.ts';

/** The public algorithm, written again here so the tests do not trust the code under test. */
function withKey(body: string): string {
  const numeric = BigInt(body.replace('2A', '19').replace('2B', '18'));
  return body + String(97n - (numeric % 97n)).padStart(2, '0');
}

const codes = (issues: { code: string; severity: string }[]) =>
  issues.map((issue) => `${issue.severity}:${issue.code}`);

describe('NIR', () => {
  const paris = withKey('1850175123456');
  const corsicaSouth = withKey('290052A004012');
  const corsicaNorth = withKey('177032B123456');
  const guadeloupe = withKey('2031197105512');
  const abroad = withKey('1951299352001');

  it('computes keys, with 2A read as 19 and 2B as 18', () => {
    expect(paris).toBe('185017512345609');
    expect(corsicaSouth).toBe('290052A00401266');
    expect(corsicaNorth).toBe('177032B12345632');
    expect(nirKey('1850175123456')).toBe(9);
    expect(nirKey('290052A004012')).toBe(66);
    expect(nirKey('290052C004012')).toBeUndefined();
  });

  it('accepts valid numbers, with spaces, and a matching identity', () => {
    expect(checkNir(paris)).toEqual([]);
    expect(
      checkNir('1 85 01 75 123 456 09', { sexe: 'M', dateNaissance: '1985-01-20', departementNaissance: '75' }),
    ).toEqual([]);
    expect(checkNir(corsicaSouth, { sexe: 'F', dateNaissance: '1990-05-02', departementNaissance: '2A' })).toEqual([]);
    expect(
      checkNir(corsicaNorth.toLowerCase(), { sexe: 'M', dateNaissance: '1977-03-08', departementNaissance: '2B' }),
    ).toEqual([]);
    expect(checkNir(guadeloupe, { sexe: 'F', dateNaissance: '2003-11-30', departementNaissance: '971' })).toEqual([]);
    expect(checkNir(abroad, { sexe: 'M', dateNaissance: '1995-12-01', departementNaissance: '99' })).toEqual([]);
  });

  it('rejects a 1 or 2 number whose key is wrong', () => {
    const wrongKey = `${paris.slice(0, 13)}10`;
    expect(checkNir(wrongKey)).toEqual([{ path: 'apprenti.nir', code: 'nir.key', severity: 'error' }]);
    expect(codes(checkNir(`${corsicaSouth.slice(0, 13)}67`))).toEqual(['error:nir.key']);
  });

  it('lets temporary numbers starting with 7 or 8 pass with a warning, key unchecked', () => {
    expect(codes(checkNir('785017512345600'))).toEqual(['warning:nir.temporary']);
    expect(codes(checkNir('890052A00401299', { sexe: 'M' }))).toEqual(['warning:nir.temporary']);
  });

  it('rejects a wrong length, a wrong shape and other first digits', () => {
    expect(checkNir('1850175123456')).toEqual([
      { path: 'apprenti.nir', code: 'nir.length', severity: 'error', params: { length: 15 } },
    ]);
    expect(codes(checkNir('18501751234560X'))).toEqual(['error:nir.format']);
    expect(codes(checkNir('185012C12345609'))).toEqual(['error:nir.format']);
    expect(codes(checkNir(withKey('3850175123456')))).toEqual(['error:nir.first_digit']);
  });

  it('flags a sex, year or month that contradicts the identity', () => {
    expect(codes(checkNir(paris, { sexe: 'F' }))).toEqual(['error:nir.sex_mismatch']);
    expect(codes(checkNir(paris, { dateNaissance: '1986-01-20' }))).toEqual(['error:nir.year_mismatch']);
    expect(codes(checkNir(paris, { dateNaissance: '1985-02-20' }))).toEqual(['error:nir.month_mismatch']);
  });

  it('warns on unknown-month codes 20-42 and 50-99, rejects 00 and 13-19', () => {
    expect(codes(checkNir(withKey('1852075123456'), { dateNaissance: '1985-01-20' }))).toEqual([
      'warning:nir.month_unknown',
    ]);
    expect(codes(checkNir(withKey('1854275123456'), { dateNaissance: '1985-01-20' }))).toEqual([
      'warning:nir.month_unknown',
    ]);
    expect(codes(checkNir(withKey('1859975123456'), { dateNaissance: '1985-01-20' }))).toEqual([
      'warning:nir.month_unknown',
    ]);
    expect(codes(checkNir(withKey('1850075123456')))).toEqual(['error:nir.month_invalid']);
    expect(codes(checkNir(withKey('1851375123456')))).toEqual(['error:nir.month_invalid']);
    expect(codes(checkNir(withKey('1854375123456')))).toEqual(['error:nir.month_invalid']);
  });

  it('warns when the département differs from the birth département, 99 meaning abroad', () => {
    expect(codes(checkNir(paris, { departementNaissance: '92' }))).toEqual(['warning:nir.department_mismatch']);
    expect(codes(checkNir(paris, { departementNaissance: '99' }))).toEqual(['warning:nir.department_mismatch']);
    expect(codes(checkNir(abroad, { departementNaissance: '75' }))).toEqual(['warning:nir.department_mismatch']);
    expect(codes(checkNir(guadeloupe, { departementNaissance: '972' }))).toEqual(['warning:nir.department_mismatch']);
    expect(checkNir(withKey('1650320123456'), { departementNaissance: '2A' })).toEqual([]);
  });

  it('warns when missing at first contact and requires it to sign', () => {
    expect(checkNir('')).toEqual([]);
    expect(checkNirPresence(null, 'firstContact')).toEqual([
      { path: 'apprenti.nir', code: 'nir.missing', severity: 'warning' },
    ]);
    expect(checkNirPresence('  ', 'signature')).toEqual([
      { path: 'apprenti.nir', code: 'nir.required', severity: 'error' },
    ]);
    expect(checkNirPresence(paris, 'signature')).toEqual([]);
  });
});

describe('SIRET', () => {
  it('passes DOMAIN vectors, La Poste included', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000009075')).toBe(true);
    expect(isValidSiret('35600000009093')).toBe(true);
    expect(isValidSiret('50000000000000')).toBe(false);
    expect(isValidSiret('35600000009090')).toBe(false);
  });

  it('reports format and checksum errors on the given path', () => {
    expect(checkSiret('732 829 320 00074')).toEqual([]);
    expect(checkSiret('7328293200007')).toEqual([{ path: 'employeur.siret', code: 'siret.format', severity: 'error' }]);
    expect(checkSiret('73282932000075', 'employeur.siretExecution')).toEqual([
      { path: 'employeur.siretExecution', code: 'siret.checksum', severity: 'error' },
    ]);
  });
});

describe('DECA number', () => {
  it('accepts the published format', () => {
    expect(checkDeca('02B202212000000')).toEqual([]);
    expect(checkDeca('075202409NC0001')).toEqual([]);
    expect(checkDeca('971202401120001')).toEqual([]);
    expect(checkDeca('02b 2022 12 nc 0000')).toEqual([]);
  });

  it('rejects other shapes, the 14-character CELIA branch included', () => {
    for (const numero of [
      '09120221200000',
      '02C202212000000',
      '075202420000001',
      '975202401120001',
      '0752024090000011',
    ]) {
      expect(checkDeca(numero)).toEqual([
        { path: 'contrat.numeroContratPrecedent', code: 'deca.format', severity: 'error' },
      ]);
    }
  });

  it('is required to sign an avenant 31 to 37, and only those', () => {
    expect(codes(checkDecaPresence('', '31', 'signature'))).toEqual(['error:deca.required']);
    expect(codes(checkDecaPresence(null, '37', 'firstContact'))).toEqual(['warning:deca.missing']);
    expect(checkDecaPresence(null, '38', 'signature')).toEqual([]);
    expect(checkDecaPresence(null, '11', 'signature')).toEqual([]);
    expect(checkDecaPresence('02B202212000000', '33', 'signature')).toEqual([]);
  });
});

describe('France Travail number', () => {
  it('is 7 digits and a letter', () => {
    expect(checkFranceTravail('1234567A')).toEqual([]);
    expect(checkFranceTravail('1234567a')).toEqual([]);
    for (const numero of ['12345678', '1234567AB', '123456A', 'A1234567']) {
      expect(codes(checkFranceTravail(numero))).toEqual(['error:france_travail.format']);
    }
  });
});

describe('IDCC', () => {
  it('pads 1 to 4 digits and accepts 9999 and 9998', () => {
    expect(normalizeIdcc('16')).toBe('0016');
    expect(normalizeIdcc(' 1486 ')).toBe('1486');
    expect(checkIdcc('16')).toEqual([]);
    expect(checkIdcc('9999')).toEqual([]);
    expect(checkIdcc('9998')).toEqual([]);
  });

  it('rejects 0000, five digits and letters', () => {
    for (const value of ['0', '0000', '12345', 'AB12']) {
      expect(checkIdcc(value)).toEqual([{ path: 'employeur.codeIdcc', code: 'idcc.format', severity: 'error' }]);
    }
  });
});

describe('classification, level and coefficient', () => {
  it('take at most 3 characters', () => {
    expect(checkClassification('150', 'contrat.coefficient')).toEqual([]);
    expect(checkClassification('II')).toEqual([]);
    expect(checkClassification('1500', 'contrat.coefficient')).toEqual([
      { path: 'contrat.coefficient', code: 'classification.length', severity: 'error', params: { max: 3 } },
    ]);
  });
});

describe('UAI', () => {
  it('accepts real UAIs, whose letter is the 23-letter alphabet at (number mod 23)', () => {
    // Lycée Louis-le-Grand and lycée Henri-IV, Paris (annuaire de l'éducation nationale).
    expect(isValidUai('0750654D')).toBe(true);
    expect(isValidUai('0750699C')).toBe(true);
    expect(isValidUai(' 0750654d ')).toBe(true);
  });

  it('holds for UAIs of other départements published in the State’s own sources (FILING check 23)', () => {
    // Lycée polyvalent Les Iscles, Manosque (flux-retour-cfas fixtures); 0011402U and 0011074M, Ain (api-particulier,
    // flux-retour-cfas tests); 0561910X, the CERFA tool's example. 0040533 mod 23 = 7: H; 0561910 mod 23 = 20: X.
    for (const uai of ['0040533H', '0011402U', '0011074M', '0561910X']) expect(isValidUai(uai), uai).toBe(true);
    expect(uaiCheckLetter('0040533')).toBe('H');
    expect(isValidUai('0040533G')).toBe(false);
  });

  it('skips I, O and Q in the alphabet', () => {
    // 0000008 mod 23 = 8: the ninth letter once I is left out is J.
    expect(uaiCheckLetter('0000008')).toBe('J');
    // 22: the last of the 23 letters.
    expect(uaiCheckLetter('0000022')).toBe('Z');
    expect(uaiCheckLetter('0000023')).toBe('A');
    expect(uaiCheckLetter('075065')).toBeUndefined();
  });

  it('refuses a wrong letter or shape', () => {
    expect(isValidUai('0750654E')).toBe(false);
    expect(isValidUai('0755555A')).toBe(false);
    expect(isValidUai('075065D')).toBe(false);
    expect(isValidUai('07506540')).toBe(false);
  });
});

describe('phone numbers (FILING check 25)', () => {
  const codes = (value: string) => checkPhone(value, 'employeur.telephone').map((issue) => issue.code);

  it('accepts a French number of 10 digits, however it is spaced, and +33 or 0033 with 9 digits', () => {
    for (const value of [
      '06 12 34 56 78',
      '0612345678',
      '01.44.55.66.77',
      '+33 6 12 34 56 78',
      '+33 (0)6 12 34 56 78',
      '0033612345678',
      '0262 12 34 56',
    ])
      expect(codes(value), value).toEqual([]);
  });

  it('refuses a French number with a digit missing or too many', () => {
    for (const value of [
      '06 12 34 56 7',
      '061234567890',
      '+33 6 12 34 56 7',
      '+33 06 12 34 56 789',
      '612345678',
      '+33 0 12 34 56 78',
    ])
      expect(codes(value), value).toEqual(['phone.french_length']);
  });

  it("keeps other countries' lengths, and the pattern's message for what is no phone number", () => {
    expect(codes('+32 2 123 45 67')).toEqual([]);
    expect(codes('+1 415 555 0100')).toEqual([]);
    expect(codes('0044 20 7946 0958')).toEqual([]);
    expect(codes('tel: 06 12')).toEqual(['phone.format']);
    expect(codes('')).toEqual([]);
  });
});
