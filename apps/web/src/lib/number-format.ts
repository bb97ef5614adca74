const formats = new Map<string, Intl.NumberFormat>();

/**
 * Intl's number format for a language and options, built once: building one costs a phone 1-30 ms (the first of a
 * page loads the locale's data), formatting with it microseconds. A list of a hundred amounts built a hundred.
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

/** The portal's two languages' separators, as Intl writes them (number-format.test.ts compares). */
const separators: Record<string, { group: string; decimal: string }> = {
  fr: { group: '\u202f', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * The whole and fraction digits of `value` rounded to `digits` places, half away from zero, from its shortest decimal
 * form as Intl rounds (1.005 is "1.01" to 2 places, where toFixed reads the binary value just below and writes "1.00").
 */
function rounded(value: number, digits: number): [string, string] {
  const text = String(value);
  if (text.includes('e')) {
    const [whole = '0', fraction = ''] = value.toFixed(digits).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return [whole, fraction];
  const kept = `${whole}${fraction.slice(0, digits)}`;
  const up = fraction.charCodeAt(digits) >= '5'.charCodeAt(0);
  const all = (up ? (BigInt(kept) + 1n).toString() : BigInt(kept).toString()).padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

/**
 * A number as Intl.NumberFormat(language, { maximumFractionDigits }) writes it ("1 234,5", "1,234.5"), written out for
 * French and English: the first Intl number format of a page loads the locale's data, 30 ms of a phone's main thread in
 * the middle of a screen's first render (issue 13: a home page's documents card, sizes in ko). Other languages go
 * through Intl.
 */
export function formatNumber(value: number, language: string, maximumFractionDigits = 3): string {
  const written = separators[language.slice(0, 2)];
  if (!written || !Number.isFinite(value) || Math.abs(value) >= 1e21)
    return numberFormat(language, { maximumFractionDigits }).format(value);
  const [whole, fraction] = rounded(Math.abs(value), maximumFractionDigits);
  const decimals = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, written.group);
  const sign = value < 0 && (whole !== '0' || decimals !== '') ? '-' : '';
  return `${sign}${grouped}${decimals ? written.decimal + decimals : ''}`;
}
