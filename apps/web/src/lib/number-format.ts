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

/** A number in the language ("1 234,5", "1,234.5"), at most `maximumFractionDigits` decimals. */
export const formatNumber = (value: number, language: string, maximumFractionDigits = 3): string =>
  numberFormat(language, { maximumFractionDigits }).format(value);
