import { describe, expect, it } from 'vitest';
import { formatRuleMessage, isRuleCode, ruleCodes, ruleMessages } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('rule messages', () => {
  it('has a French and an English text for every code, with the same placeholders', () => {
    const french: Record<string, string> = ruleMessages['fr-FR'];
    const english: Record<string, string> = ruleMessages['en-US'];
    expect(Object.keys(english).sort()).toEqual(Object.keys(french).sort());
    for (const code of ruleCodes) {
      expect(french[code]?.trim(), `fr-FR ${code}`).toBeTruthy();
      expect(english[code]?.trim(), `en-US ${code}`).toBeTruthy();
      expect(placeholders(english[code] ?? ''), code).toEqual(placeholders(french[code] ?? ''));
    }
  });

  it('fills placeholders, dates as dd/mm/yyyy and numbers in the language', () => {
    expect(formatRuleMessage('contract.end_after_training_window', 'fr-FR', { months: 2, date: '2026-08-30' })).toBe(
      'Le contrat peut se terminer au plus tard 2 mois après la fin de la formation, soit le 30/08/2026.',
    );
    expect(formatRuleMessage('salary.below_minimum', 'en-US', { minimum: 486.49, taux: 27, base: 'SMIC' })).toBe(
      'The gross monthly salary cannot be below the legal minimum: €486.49 (27% of the SMIC).',
    );
    expect(formatRuleMessage('salary.below_minimum', 'fr-FR', { minimum: 486.49, taux: 27, base: 'SMIC' })).toBe(
      'Le salaire brut mensuel ne peut pas être inférieur au minimum légal : 486,49 € (27 % du SMIC).',
    );
  });

  it('leaves unknown codes and missing params visible', () => {
    expect(isRuleCode('nir.key')).toBe(true);
    expect(isRuleCode('toString')).toBe(false);
    expect(formatRuleMessage('not.a.code', 'fr-FR')).toBe('not.a.code');
    expect(formatRuleMessage('working_time.over_limit', 'en-US')).toBe(
      'Weekly working time cannot exceed {max} hours.',
    );
  });
});
