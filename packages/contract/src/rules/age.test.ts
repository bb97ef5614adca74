import { describe, expect, it } from 'vitest';
import { checkAge } from './age.ts';
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
