import { describe, expect, it } from 'vitest';
import { formationBody } from '../staff-formations.ts';
import {
  checkContractTypeOffered,
  checkFormationForContract,
  trainingDurationMonths,
  trainingDurationOutOfBounds,
  type FormationRulesInput,
} from './formation.ts';

const formation: FormationRulesInput = {
  contractTypes: ['APP'],
  dateDebutFormation: '2026-09-01',
  dateFinFormation: '2028-06-30',
  heures: 1350,
  rncp: 'RNCP35921',
  rncpEndDate: '2027-12-31',
};

describe('the training lasts 6 months to 4 years, 9 999 hours at most (FILING check 8)', () => {
  it('counts whole months, the last day included', () => {
    expect(trainingDurationMonths('2026-09-01', '2027-02-28')).toBe(6);
    expect(trainingDurationMonths('2026-09-01', '2027-02-27')).toBe(5);
  });

  it('bounds the duration at 6 and 48 months', () => {
    expect(trainingDurationOutOfBounds('2026-09-01', '2027-02-28')).toBeUndefined();
    expect(trainingDurationOutOfBounds('2026-09-01', '2027-02-27')).toBe('short');
    // 48 whole months and a few days is still 48; the 49th month is too long.
    expect(trainingDurationOutOfBounds('2026-09-01', '2030-09-28')).toBeUndefined();
    expect(trainingDurationOutOfBounds('2026-09-01', '2030-09-30')).toBe('long');
    expect(trainingDurationOutOfBounds('2026-09-01', '')).toBeUndefined();
  });

  it('refuses an apprenticeship formation outside them in the back office, on its end date', () => {
    const base = {
      schoolId: 1,
      libelle: 'BTS MCO',
      level: 1,
      year: 2026,
      contractTypes: ['APP'],
      trainingStart: '2026-09-01',
    };
    const messages = (body: Record<string, unknown>) => {
      const result = formationBody.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    };
    expect(messages({ ...base, trainingEnd: '2027-01-31' })).toEqual(['trainingEnd:formations.training_too_short']);
    expect(messages({ ...base, trainingEnd: '2031-06-30' })).toEqual(['trainingEnd:formations.training_too_long']);
    expect(formationBody.safeParse({ ...base, trainingEnd: '2028-06-30', hours: 10_000 }).error?.issues).toMatchObject([
      { path: ['hours'], code: 'too_big', maximum: 9999 },
    ]);
    expect(messages({ ...base, trainingEnd: '2028-06-30', hours: 9999, rncpEndDate: '2029-12-31' })).toEqual([]);
    // A professionalisation programme keeps its own lengths.
    expect(
      messages({
        ...base,
        contractTypes: ['PRO'],
        trainingEnd: '2027-01-31',
        proStartAfter: '2026-08-01',
        proEndBefore: '2027-06-30',
      }),
    ).toEqual([]);
  });

  it('reports it again when a contract is prepared, for formations saved before the rule', () => {
    const contract = { typeContrat: 'APP' as const, dateDebutContrat: '2026-09-01' };
    expect(checkFormationForContract({ ...formation, dateFinFormation: '2027-01-31' }, contract)).toEqual([
      {
        path: 'formation.dateFinFormation',
        code: 'formation.training_too_short',
        severity: 'error',
        params: { months: 6 },
      },
    ]);
    expect(checkFormationForContract({ ...formation, heures: 12_000 }, contract)).toEqual([
      { path: 'formation.heures', code: 'formation.too_many_hours', severity: 'error', params: { max: 9999 } },
    ]);
    expect(
      checkFormationForContract({ ...formation, dateFinFormation: '2027-01-31' }, { ...contract, typeContrat: 'PRO' }),
    ).toEqual([]);
  });
});

describe('the RNCP is registered and open to the contract type (FILING check 22)', () => {
  it('refuses a contract starting after the certification’s registration ended, naming it', () => {
    expect(checkFormationForContract(formation, { typeContrat: 'APP', dateDebutContrat: '2027-12-31' })).toEqual([]);
    expect(checkFormationForContract(formation, { typeContrat: 'APP', dateDebutContrat: '2028-01-01' })).toEqual([
      {
        path: 'formation.rncp',
        code: 'formation.rncp_inactive',
        severity: 'error',
        params: { rncp: 'RNCP35921', date: '2027-12-31' },
      },
    ]);
    // Without a recorded end, the registration is not judged.
    expect(
      checkFormationForContract(
        { ...formation, rncpEndDate: null },
        { typeContrat: 'APP', dateDebutContrat: '2030-01-01' },
      ),
    ).toEqual([]);
  });

  it('refuses a contract type the formation is not open to, on the type', () => {
    expect(checkContractTypeOffered('APP', ['APP', 'PRO'])).toEqual([]);
    expect(checkContractTypeOffered('PRO', ['APP'])).toEqual([
      { path: 'contrat.typeContrat', code: 'contract.type_apprenticeship_only', severity: 'error' },
    ]);
    expect(checkContractTypeOffered('APP', ['PRO'])).toEqual([
      { path: 'contrat.typeContrat', code: 'contract.type_professionalisation_only', severity: 'error' },
    ]);
    expect(checkContractTypeOffered(undefined, ['APP'])).toEqual([]);
  });
});
