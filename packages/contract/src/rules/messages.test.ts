import { describe, expect, it } from 'vitest';
import { backOfficeValidationTexts } from './back-office-texts.ts';
import { formatRuleMessage, isRuleCode, ruleCodes, ruleMessages } from './messages.ts';
import { formatValidationText } from './validation-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

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

/**
 * A value of the kind the rules give for each placeholder name. A placeholder without a sample fails the test below:
 * whoever adds one gives its kind here, so every message is seen filled.
 */
const samples: Record<string, string | number> = {
  date: '2026-09-01',
  months: 3,
  duration: 11,
  min: 16,
  max: 40,
  age: 17,
  length: 15,
  minimum: 805,
  taux: 53,
  base: 'SMIC',
  period: '1.1',
  hours: 804,
  working: 3218,
  idcc: '0650',
  opco: 'OPCO ATLAS',
  code: '34.10Z',
  rncp: 'RNCP35921',
  count: 3,
};

describe('every message a person reads, filled', () => {
  const languages = ['fr-FR', 'en-US'] as const;

  it('renders each rule message in French and English with sample values, no placeholder left', () => {
    for (const language of languages)
      for (const code of ruleCodes) {
        const names = placeholders(ruleMessages[language][code]);
        for (const name of names) expect(samples, `${code}: no sample for {${name}}`).toHaveProperty(name);
        const text = formatRuleMessage(code, language, samples);
        expect(text, `${language} ${code}`).not.toMatch(/[{}]/);
        expect(text.trim().length, `${language} ${code}`).toBeGreaterThan(0);
      }
  });

  it("renders the back office's texts the same way", () => {
    for (const language of languages)
      for (const [code, template] of Object.entries(backOfficeValidationTexts[language])) {
        for (const name of placeholders(template))
          expect(samples, `${code}: no sample for {${name}}`).toHaveProperty(name);
        expect(formatValidationText(code, language, samples), `${language} ${code}`).not.toMatch(/[{}]/);
      }
  });

  it('shows the new checks’ values as a person reads them', () => {
    expect(formatRuleMessage('contract.training_share_low', 'fr-FR', { hours: 804, minimum: 805, working: 3218 })).toBe(
      'La formation au CFA (804 h) fait moins de 25 % du temps de travail du contrat (3\u202f218 h, comptées sur 1\u202f607 h par an) : la loi en demande au moins 805 h. Vérifiez les dates du contrat avec le CFA.',
    );
    expect(formatRuleMessage('formation.rncp_inactive', 'en-US', { rncp: 'RNCP35921', date: '2027-12-31' })).toBe(
      "The RNCP registration of certification RNCP35921 ended on 31/12/2027, before the contract starts: check its number on France compétences' site and correct the programme's record.",
    );
  });
});
