import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  classificationField,
  decaField,
  franceTravailField,
  idccField,
  nirField,
  ruleIssuesToErrors,
  siretField,
} from './schemas.ts';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('identifier fields', () => {
  it('normalise valid values', () => {
    expect(nirField.parse('1 85 01 75 123 456 09')).toBe('185017512345609');
    expect(nirField.parse('290052a00401266')).toBe('290052A00401266');
    expect(siretField.parse('732 829 320 00074')).toBe('73282932000074');
    expect(decaField.parse('02b202212000000')).toBe('02B202212000000');
    expect(franceTravailField.parse('1234567a')).toBe('1234567A');
    expect(idccField.parse('16')).toBe('0016');
    expect(classificationField.parse(' 150 ')).toBe('150');
  });

  it('fail with the rule code as message', () => {
    expect(messagesOf(nirField.safeParse('185017512345610'))).toEqual(['nir.key']);
    expect(messagesOf(siretField.safeParse('73282932000075'))).toEqual(['siret.checksum']);
    expect(messagesOf(decaField.safeParse('09120221200000'))).toEqual(['deca.format']);
    expect(messagesOf(franceTravailField.safeParse('12345678'))).toEqual(['france_travail.format']);
    expect(messagesOf(idccField.safeParse('12345'))).toEqual(['idcc.format']);
    expect(messagesOf(classificationField.safeParse('1500'))).toEqual(['classification.length']);
    expect(messagesOf(nirField.safeParse(''))).toEqual(['field.required']);
  });

  it('let warnings through: a temporary NIR is accepted', () => {
    expect(nirField.safeParse('785017512345600').success).toBe(true);
  });

  it('report the error at the field path inside an object', () => {
    const body = z.object({ employeur: z.object({ siret: siretField, codeIdcc: idccField.optional() }) });
    const result = body.safeParse({ employeur: { siret: '50000000000000' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['employeur.siret', 'siret.checksum'],
    ]);
  });
});

describe('ruleIssuesToErrors', () => {
  it('maps blocking issues by path and drops warnings', () => {
    expect(
      ruleIssuesToErrors([
        { path: 'apprenti.nir', code: 'nir.key', severity: 'error' },
        { path: 'apprenti.nir', code: 'nir.sex_mismatch', severity: 'error' },
        { path: 'apprenti.nir', code: 'nir.department_mismatch', severity: 'warning' },
        { path: 'contrat.dateFinContrat', code: 'contract.advise_12_months', severity: 'advice' },
      ]),
    ).toEqual({ 'apprenti.nir': ['nir.key', 'nir.sex_mismatch'] });
    expect(ruleIssuesToErrors([{ path: 'apprenti.nir', code: 'nir.temporary', severity: 'warning' }])).toBeUndefined();
  });
});
