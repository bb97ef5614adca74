import { describe, expect, it } from 'vitest';
import {
  checkConclusionDate,
  checkContractDates,
  checkContractNotEnded,
  checkTrainingShare,
  contractDurationMonths,
  contractWorkingHours,
  defaultShortContractMonths,
} from './contract-dates.ts';
import type { ContractDatesInput } from './contract-dates.ts';

const codes = (input: ContractDatesInput) =>
  checkContractDates(input).map((issue) => `${issue.severity}:${issue.code}`);
const errorsOf = (input: ContractDatesInput) =>
  checkContractDates(input)
    .filter((issue) => issue.severity === 'error')
    .map((issue) => issue.code);

/** A 2-year apprenticeship: training from 2024-10-15 to 2026-06-30. */
const app = (dateDebutContrat: string, dateFinContrat: string): ContractDatesInput => ({
  typeContrat: 'APP',
  dateDebutContrat,
  dateFinContrat,
  formation: { trainingStart: '2024-10-15', trainingEnd: '2026-06-30' },
});

describe('apprenticeship start within 3 months of the training start', () => {
  it('accepts the first and last valid days', () => {
    expect(errorsOf(app('2024-07-15', '2026-06-30'))).toEqual([]);
    expect(errorsOf(app('2025-01-15', '2026-06-30'))).toEqual([]);
  });

  it('rejects the day before and the day after, naming the bound', () => {
    expect(checkContractDates(app('2024-07-14', '2026-06-30'))).toContainEqual({
      path: 'contrat.dateDebutContrat',
      code: 'contract.start_before_training_window',
      severity: 'error',
      params: { date: '2024-07-15', months: 3 },
    });
    expect(checkContractDates(app('2025-01-16', '2026-06-30'))).toContainEqual({
      path: 'contrat.dateDebutContrat',
      code: 'contract.start_after_training_window',
      severity: 'error',
      params: { date: '2025-01-15', months: 3 },
    });
  });

  it('clamps the window at month ends', () => {
    const input = (start: string): ContractDatesInput => ({
      typeContrat: 'APP',
      dateDebutContrat: start,
      dateFinContrat: '2027-06-30',
      formation: { trainingStart: '2025-05-31', trainingEnd: '2027-06-30' },
    });
    expect(errorsOf(input('2025-02-28'))).toEqual([]);
    expect(errorsOf(input('2025-02-27'))).toEqual(['contract.start_before_training_window']);
    expect(errorsOf(input('2025-08-31'))).toEqual([]);
    expect(errorsOf(input('2025-09-01'))).toEqual(['contract.start_after_training_window']);
  });
});

describe('apprenticeship end from the training end to 2 months after', () => {
  it('accepts the training end and the last day 2 months later', () => {
    expect(errorsOf(app('2024-09-01', '2026-06-30'))).toEqual([]);
    expect(errorsOf(app('2024-09-01', '2026-08-30'))).toEqual([]);
  });

  it('rejects the day before the training end and the day after the window', () => {
    expect(checkContractDates(app('2024-09-01', '2026-06-29'))).toContainEqual({
      path: 'contrat.dateFinContrat',
      code: 'contract.end_before_training_end',
      severity: 'error',
      params: { date: '2026-06-30' },
    });
    expect(checkContractDates(app('2024-09-01', '2026-08-31'))).toContainEqual({
      path: 'contrat.dateFinContrat',
      code: 'contract.end_after_training_window',
      severity: 'error',
      params: { date: '2026-08-30', months: 2 },
    });
  });

  it('clamps 2 months after a 31 December to the end of February', () => {
    const input = (end: string): ContractDatesInput => ({
      typeContrat: 'APP',
      dateDebutContrat: '2025-01-05',
      dateFinContrat: end,
      formation: { trainingStart: '2025-01-05', trainingEnd: '2026-12-31' },
    });
    expect(errorsOf(input('2027-02-28'))).toEqual([]);
    expect(errorsOf(input('2027-03-01'))).toEqual(['contract.end_after_training_window']);
  });
});

describe('common date rules', () => {
  it('requires the end after the start and stops there', () => {
    expect(codes(app('2025-01-10', '2025-01-10'))).toEqual(['error:contract.end_before_start']);
    expect(codes(app('2025-01-10', '2024-12-31'))).toEqual(['error:contract.end_before_start']);
  });

  it('reports invalid dates on their field', () => {
    expect(checkContractDates(app('2025-02-30', '2026-06-30'))).toContainEqual({
      path: 'contrat.dateDebutContrat',
      code: 'date.invalid',
      severity: 'error',
    });
  });

  it('skips the training window when the training dates are unknown', () => {
    expect(
      errorsOf({ typeContrat: 'APP', dateDebutContrat: '2020-01-01', dateFinContrat: '2020-12-31', formation: {} }),
    ).toEqual([]);
  });
});

describe('professionalisation bounds held per formation', () => {
  const pro = (dateDebutContrat: string, dateFinContrat: string): ContractDatesInput => ({
    typeContrat: 'PRO',
    dateDebutContrat,
    dateFinContrat,
    formation: {
      trainingStart: '2024-10-15',
      trainingEnd: '2025-06-30',
      proStartAfter: '2024-08-31',
      proEndBefore: '2025-09-01',
    },
  });

  it('accepts a contract strictly inside the bounds, ignoring the apprenticeship window', () => {
    expect(errorsOf(pro('2024-09-01', '2025-08-31'))).toEqual([]);
    expect(errorsOf(pro('2025-02-01', '2025-08-31'))).toEqual([]);
  });

  it('rejects a start on or before the bound and an end on or after the bound', () => {
    expect(checkContractDates(pro('2024-08-31', '2025-08-31'))).toContainEqual({
      path: 'contrat.dateDebutContrat',
      code: 'contract.pro_start_too_early',
      severity: 'error',
      params: { date: '2024-08-31' },
    });
    expect(errorsOf(pro('2024-09-01', '2025-09-01'))).toEqual(['contract.pro_end_too_late']);
  });
});

describe('duration warnings and advice', () => {
  const noTraining = (
    dateDebutContrat: string,
    dateFinContrat: string,
    extra: Partial<ContractDatesInput> = {},
  ): ContractDatesInput => ({
    typeContrat: 'APP',
    dateDebutContrat,
    dateFinContrat,
    formation: {},
    ...extra,
  });

  it('counts the end day in the duration', () => {
    expect(contractDurationMonths('2024-09-01', '2025-08-31')).toBe(12);
    expect(contractDurationMonths('2024-09-01', '2025-08-30')).toBe(11);
  });

  it('gives nothing for exactly 12 months', () => {
    expect(checkContractDates(noTraining('2024-09-01', '2025-08-31'))).toEqual([]);
  });

  it('advises 12 months otherwise', () => {
    expect(checkContractDates(noTraining('2024-09-01', '2025-08-30'))).toEqual([
      {
        path: 'contrat.dateFinContrat',
        code: 'contract.advise_12_months',
        severity: 'advice',
        params: { months: 12, duration: 11 },
      },
    ]);
    expect(codes(noTraining('2024-09-01', '2025-09-01'))).toEqual(['advice:contract.advise_12_months']);
  });

  it('warns under the short-contract threshold, default 6 months, exactly at its boundary', () => {
    expect(defaultShortContractMonths).toBe(6);
    expect(codes(noTraining('2024-09-01', '2025-02-28'))).toEqual(['advice:contract.advise_12_months']);
    expect(checkContractDates(noTraining('2024-09-01', '2025-02-27'))).toContainEqual({
      path: 'contrat.dateFinContrat',
      code: 'contract.shorter_than_threshold',
      severity: 'warning',
      params: { months: 6 },
    });
  });

  it('uses a configured threshold', () => {
    expect(codes(noTraining('2024-09-01', '2025-04-30', { shortContractMonths: 9 }))).toContain(
      'warning:contract.shorter_than_threshold',
    );
    expect(codes(noTraining('2024-09-01', '2025-05-31', { shortContractMonths: 9 }))).not.toContain(
      'warning:contract.shorter_than_threshold',
    );
  });

  it('warns past 36 months unless RQTH or high-level athlete', () => {
    expect(codes(noTraining('2024-09-01', '2027-08-31'))).toEqual(['advice:contract.advise_12_months']);
    expect(codes(noTraining('2024-09-01', '2027-09-01'))).toEqual([
      'warning:contract.longer_than_36_months',
      'advice:contract.advise_12_months',
    ]);
    expect(codes(noTraining('2024-09-01', '2027-09-01', { rqth: true }))).toEqual(['advice:contract.advise_12_months']);
    expect(codes(noTraining('2024-09-01', '2027-09-01', { sportifHautNiveau: true }))).toEqual([
      'advice:contract.advise_12_months',
    ]);
  });
});

describe('the conclusion date (FILING checks 1, 5 and 7)', () => {
  const training = { trainingStart: '2026-09-15', trainingEnd: '2028-06-30' };

  it('accepts a contract concluded on or before its first day and before the training starts', () => {
    expect(checkConclusionDate({ dateConclusion: '2026-09-01', dateDebutContrat: '2026-09-01', ...training })).toEqual(
      [],
    );
    expect(checkConclusionDate({ dateConclusion: '2026-07-10', dateDebutContrat: '2026-09-01', ...training })).toEqual(
      [],
    );
  });

  it('refuses a conclusion after the contract start, naming the start', () => {
    expect(checkConclusionDate({ dateConclusion: '2026-09-02', dateDebutContrat: '2026-09-01' })).toEqual([
      {
        path: 'contrat.dateConclusion',
        code: 'contract.conclusion_after_start',
        severity: 'error',
        params: { date: '2026-09-01' },
      },
    ]);
  });

  it('refuses a conclusion after the training has ended', () => {
    expect(checkConclusionDate({ dateConclusion: '2028-07-01', dateDebutContrat: '2028-07-01', ...training })).toEqual([
      {
        path: 'contrat.dateConclusion',
        code: 'contract.conclusion_after_training_end',
        severity: 'error',
        params: { date: '2028-06-30' },
      },
    ]);
  });

  it('warns when the training started before the conclusion, unless the apprentice is a trainee at the CFA', () => {
    const late = { dateConclusion: '2026-10-05', dateDebutContrat: '2026-10-05', ...training };
    expect(checkConclusionDate(late)).toEqual([
      {
        path: 'contrat.dateConclusion',
        code: 'contract.conclusion_after_training_start',
        severity: 'warning',
        params: { date: '2026-09-15' },
      },
    ]);
    expect(checkConclusionDate({ ...late, situationAvantContrat: '7' })).toEqual([]);
    expect(checkConclusionDate({ ...late, situationAvantContrat: '8' })).toEqual([]);
    expect(checkConclusionDate({ ...late, situationAvantContrat: '3' })).toHaveLength(1);
  });

  it('says nothing without a valid conclusion date', () => {
    expect(checkConclusionDate({ dateConclusion: '', dateDebutContrat: '2026-09-01', ...training })).toEqual([]);
    expect(checkConclusionDate({ dateConclusion: '2026-02-30', dateDebutContrat: '2026-09-01' })).toEqual([]);
  });
});

describe('a contract that has ended (FILING check 2)', () => {
  it('refuses an end date before today and accepts today', () => {
    expect(checkContractNotEnded('2026-11-28', '2026-11-29')).toEqual([
      {
        path: 'contrat.dateFinContrat',
        code: 'contract.end_in_past',
        severity: 'error',
        params: { date: '2026-11-28' },
      },
    ]);
    expect(checkContractNotEnded('2026-11-29', '2026-11-29')).toEqual([]);
    expect(checkContractNotEnded(undefined, '2026-11-29')).toEqual([]);
  });
});

describe("the CFA's share of the working time (FILING check 30)", () => {
  it('counts 1 607 h a year, the last day included', () => {
    expect(contractWorkingHours('2026-09-01', '2027-08-31')).toBe(1607);
    // 731 days: 1 607 × 731 / 365 = 3 218.4.
    expect(contractWorkingHours('2026-09-01', '2028-08-31')).toBe(3218);
  });

  it('warns under 25 %, on the contract end, with the figures', () => {
    const input = { typeContrat: 'APP' as const, dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' };
    expect(checkTrainingShare({ ...input, heuresFormation: 804 })).toEqual([
      {
        path: 'contrat.dateFinContrat',
        code: 'contract.training_share_low',
        severity: 'warning',
        params: { hours: 804, minimum: 805, working: 3218 },
      },
    ]);
    expect(checkTrainingShare({ ...input, heuresFormation: 805 })).toEqual([]);
  });

  it('leaves professionalisation contracts and formations without hours alone', () => {
    const input = { dateDebutContrat: '2026-09-01', dateFinContrat: '2028-08-31' };
    expect(checkTrainingShare({ ...input, typeContrat: 'PRO', heuresFormation: 200 })).toEqual([]);
    expect(checkTrainingShare({ ...input, typeContrat: 'APP', heuresFormation: null })).toEqual([]);
  });
});
