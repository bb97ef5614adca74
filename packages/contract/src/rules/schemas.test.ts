import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  classificationField,
  decaField,
  franceTravailField,
  idccField,
  nirField,
  phoneField,
  phoneShapeField,
  ruleIssuesToErrors,
  siretField,
  typedMaxLength,
} from './schemas.ts';
import { cfaSettingsBody } from '../staff-settings.ts';
import { trackingBody } from '../portal.ts';
import { f1caDraft } from '../sheets.ts';

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

describe('numbers typed as people type them (issue 29)', () => {
  it('read the NIR as on the carte Vitale, stored without its spaces', () => {
    expect(nirField.parse('2 04 03 75 056 123 95')).toBe('204037505612395');
    expect(nirField.parse(' 2 04 03 75 056 123 95 ')).toBe('204037505612395');
  });

  it('read a SIRET with spaces or dots', () => {
    expect(siretField.parse('732 829 320 000 74')).toBe('73282932000074');
    expect(siretField.parse('732.829.320.00074')).toBe('73282932000074');
  });

  it('read past the spaces of a phone number: its length counts the digits, not the spaces', () => {
    expect(phoneField.parse('+33 (0) 6 12 34 56 78')).toBe('+33 (0) 6 12 34 56 78');
    expect(phoneField.parse('  06  12 34 56 78 ')).toBe('06 12 34 56 78');
    expect(phoneShapeField.parse('+44 20 7946 0958 12')).toBe('+44 20 7946 0958 12');
    expect(messagesOf(phoneField.safeParse('06 12 34 56'))).toEqual(['phone.french_length']);
    expect(messagesOf(phoneShapeField.safeParse('06 ab 34'))).toEqual(['phone.format']);
  });

  it('accept the spaced forms in the bodies that carry them', () => {
    const draft = f1caDraft.parse({ apprenti: { nir: '2 04 03 75 056 123 95', telephone: '+33 (0) 6 12 34 56 78' } });
    expect(draft.apprenti?.nir).toBe('204037505612395');
    expect(draft.apprenti?.telephone).toBe('+33 (0) 6 12 34 56 78');
    const tracking = trackingBody.safeParse({
      targetCompany: 'Acme',
      position: 'Apprenti',
      applicationDate: '2026-01-05',
      contactPhone: '+33 (0) 1 23 45 67 89',
    });
    expect(tracking.success).toBe(true);
    const settings = cfaSettingsBody.shape.contactPhone.safeParse('+33 (0) 1 23 45 67 89');
    expect(settings.success).toBe(true);
  });

  it('give an input room for a separator between every character', () => {
    expect('2 04 03 75 056 123 95'.length).toBeLessThanOrEqual(typedMaxLength(15));
    expect('7 3 2 8 2 9 3 2 0 0 0 0 7 4'.length).toBeLessThanOrEqual(typedMaxLength(14));
  });
});
