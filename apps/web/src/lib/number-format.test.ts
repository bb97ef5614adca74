import { describe, expect, it } from 'vitest';
import { formatNumber, numberFormat } from './number-format';

describe('formatNumber', () => {
  it('writes numbers as Intl does in French and English', () => {
    const values = [
      0, 1, 7, 12.5, 999, 1000, 1023, 1234.5678, 12_345, 999_999.9996, 1_234_567.891, -3, -1234.5, 0.0004, 2.25, 1.005,
    ];
    for (const language of ['fr-FR', 'en-US']) {
      for (const digits of [0, 1, 2, 3]) {
        for (const value of values) {
          const expected = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
          expect(formatNumber(value, language, digits), `${value} in ${language}, ${digits} digits`).toBe(expected);
        }
      }
      expect(formatNumber(1234.5, language)).toBe(new Intl.NumberFormat(language).format(1234.5));
    }
  });

  it('writes other languages as Intl does too', () => {
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
  });

  it('builds one Intl format per language and options', () => {
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' })).toBe(
      numberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
    );
  });
});
