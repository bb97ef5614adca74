import { describe, expect, it } from 'vitest';
import {
  checkAge,
  checkMaitresAge,
  checkNationality,
  isMinorWhenSigning,
  majorityDate,
  signingAgeDate,
} from './age.ts';
import type { AgeInput } from './age.ts';

const app = (dateNaissance: string, dateDebutContrat: string, extra: Partial<AgeInput> = {}): AgeInput => ({
  typeContrat: 'APP',
  dateNaissance,
  dateDebutContrat,
  ...extra,
});
const codes = (input: AgeInput) => checkAge(input).map((issue) => issue.code);

describe('minimum age', () => {
  it('rejects an apprentice under 15 on the start date, the day before the 15th birthday', () => {
    expect(checkAge(app('2009-09-01', '2024-08-31', { typeDerogation: '11' }))).toEqual([
      { path: 'apprenti.dateNaissance', code: 'age.under_15', severity: 'error', params: { min: 15 } },
    ]);
  });

  it('accepts 15 with derogation 11 or 50, and asks for one otherwise', () => {
    expect(checkAge(app('2009-09-01', '2024-09-01', { typeDerogation: '11' }))).toEqual([]);
    expect(checkAge(app('2009-09-01', '2024-09-01', { typeDerogation: '50' }))).toEqual([]);
    expect(checkAge(app('2009-09-01', '2024-09-01'))).toEqual([
      { path: 'contrat.typeDerogation', code: 'age.under_16_needs_derogation', severity: 'error', params: { min: 16 } },
    ]);
  });

  it('refuses derogation 11 from the 16th birthday', () => {
    expect(checkAge(app('2008-09-01', '2024-08-31', { typeDerogation: '11' }))).toEqual([]);
    expect(checkAge(app('2008-09-01', '2024-09-01', { typeDerogation: '11' }))).toEqual([
      {
        path: 'contrat.typeDerogation',
        code: 'derogation.under_16_not_applicable',
        severity: 'error',
        params: { age: 16 },
      },
    ]);
  });

  it('requires 16 for a professionalisation contract, with no derogation', () => {
    expect(
      codes({ typeContrat: 'PRO', dateNaissance: '2008-09-01', dateDebutContrat: '2024-08-31', typeDerogation: '11' }),
    ).toEqual(['age.pro_under_16']);
    expect(codes({ typeContrat: 'PRO', dateNaissance: '2008-09-01', dateDebutContrat: '2024-09-01' })).toEqual([]);
    expect(codes({ typeContrat: 'PRO', dateNaissance: '1980-01-01', dateDebutContrat: '2024-09-01' })).toEqual([]);
  });
});

describe('maximum age', () => {
  it('accepts 29 the day before the 30th birthday and needs an exception from it', () => {
    expect(checkAge(app('1994-09-01', '2024-08-31'))).toEqual([]);
    expect(checkAge(app('1994-09-01', '2024-09-01'))).toEqual([
      { path: 'apprenti.dateNaissance', code: 'age.over_29_needs_exception', severity: 'error', params: { max: 29 } },
    ]);
  });

  it('has no limit for RQTH, high-level athletes or business creation', () => {
    expect(checkAge(app('1970-01-01', '2024-09-01', { rqth: true }))).toEqual([]);
    expect(checkAge(app('1970-01-01', '2024-09-01', { sportifHautNiveau: true }))).toEqual([]);
    expect(checkAge(app('1970-01-01', '2024-09-01', { projetCreationReprise: true }))).toEqual([]);
  });

  it('accepts derogation 12 or 50 up to 35, not from the 36th birthday', () => {
    expect(checkAge(app('1989-09-01', '2025-08-31', { typeDerogation: '12' }))).toEqual([]);
    expect(checkAge(app('1989-09-01', '2025-08-31', { typeDerogation: '50' }))).toEqual([]);
    expect(codes(app('1989-09-01', '2025-09-01', { typeDerogation: '12' }))).toEqual(['age.over_35_with_derogation']);
  });

  it('refuses derogation 12 before 30', () => {
    expect(checkAge(app('1994-09-01', '2024-08-31', { typeDerogation: '12' }))).toEqual([
      {
        path: 'contrat.typeDerogation',
        code: 'derogation.over_29_not_applicable',
        severity: 'error',
        params: { age: 29 },
      },
    ]);
  });
});

describe('inputs', () => {
  it('waits for both dates and flags an invalid birth date', () => {
    expect(checkAge(app('', '2024-09-01'))).toEqual([]);
    expect(checkAge(app('2006-09-01', ''))).toEqual([]);
    expect(codes(app('2006-02-30', '2024-09-01'))).toEqual(['date.invalid']);
  });
});

describe('maîtres d’apprentissage of age (FILING check 13)', () => {
  const maitres = (birth1: string, birth2?: string) => [
    { block: 'maitre1', dateNaissance: birth1 },
    ...(birth2 ? [{ block: 'maitre2', dateNaissance: birth2 }] : []),
  ];

  it('accepts a maître who turns 18 on the first day', () => {
    expect(checkMaitresAge({ maitres: maitres('2008-09-01'), dateDebutContrat: '2026-09-01' })).toEqual([]);
  });

  it('refuses one who is 17 on the first day, on that maître’s birth date', () => {
    expect(checkMaitresAge({ maitres: maitres('1980-01-01', '2008-09-02'), dateDebutContrat: '2026-09-01' })).toEqual([
      { path: 'maitre2.dateNaissance', code: 'maitre.under_18', severity: 'error', params: { min: 18 } },
    ]);
  });

  it('waits for the start date, and leaves a birth date after it to the schema', () => {
    expect(checkMaitresAge({ maitres: maitres('2010-01-01'), dateDebutContrat: null })).toEqual([]);
    expect(checkMaitresAge({ maitres: maitres('2027-01-01'), dateDebutContrat: '2026-09-01' })).toEqual([]);
  });
});

describe('a minor signs with a legal representative, judged at the conclusion (FILING check 12)', () => {
  const today = '2026-11-29';

  it('judges at a conclusion date still to come, else today', () => {
    expect(signingAgeDate('2027-01-15', today)).toBe('2027-01-15');
    expect(signingAgeDate('2026-10-01', today)).toBe(today);
    expect(signingAgeDate(null, today)).toBe(today);
  });

  it('counts a 17-year-old who comes of age before the contract starts as a minor', () => {
    // 18 on 2027-01-10: minor today and on a conclusion of 2027-01-09, of age on one of 2027-01-10.
    expect(isMinorWhenSigning('2009-01-10', null, today)).toBe(true);
    expect(isMinorWhenSigning('2009-01-10', '2027-01-09', today)).toBe(true);
    expect(isMinorWhenSigning('2009-01-10', '2027-01-10', today)).toBe(false);
    expect(isMinorWhenSigning('not a date', null, today)).toBe(false);
  });
});

describe('apprentices from outside the European Union (FILING check 15)', () => {
  const contract = { dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' };

  it('informs about the residence permit for nationality 3 only', () => {
    expect(checkNationality({ nationalite: '3', dateNaissance: '2000-01-01', ...contract })).toEqual([
      { path: 'apprenti.nationalite', code: 'nationality.work_authorisation', severity: 'advice' },
    ]);
    expect(checkNationality({ nationalite: '2', dateNaissance: '2009-03-01', ...contract })).toEqual([]);
    expect(checkNationality({ nationalite: '1', dateNaissance: '2009-03-01', ...contract })).toEqual([]);
  });

  it('names the 18th birthday of a minor who comes of age during the contract', () => {
    expect(checkNationality({ nationalite: '3', dateNaissance: '2009-03-01', ...contract })).toContainEqual({
      path: 'apprenti.nationalite',
      code: 'nationality.majority_during_contract',
      severity: 'advice',
      params: { date: '2027-03-01' },
    });
    // Of age on the first day, or still a minor on the last: no such notice.
    expect(checkNationality({ nationalite: '3', dateNaissance: '2008-09-01', ...contract })).toHaveLength(1);
    expect(checkNationality({ nationalite: '3', dateNaissance: '2010-09-01', ...contract })).toHaveLength(1);
  });

  it('counts the 18th birthday of someone born on 29 February as 1 March in a common year', () => {
    expect(majorityDate('2008-02-29')).toBe('2026-03-01');
    expect(majorityDate('2010-02-28')).toBe('2028-02-28');
  });
});
