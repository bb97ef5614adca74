/**
 * French formats of the contract documents (SPEC 9: dates dd/mm/yyyy; amounts as `Intl` fr-FR writes them, with the
 * narrow no-break space U+202F between thousands, which is why the documents embed a Unicode font).
 */

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const amountFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const longDateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-09-01` → `01/09/2026`; anything else as given (empty for nothing). */
export function frDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = isoDate.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** `2026-09-01` → `1 septembre 2026`. */
export function frLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return Number.isNaN(date.getTime()) ? '' : longDateFormat.format(date);
}

/** `1500` → `1 500,00 €` (U+202F between thousands, U+00A0 before the sign). */
export function frEuros(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? euroFormat.format(value) : '';
}

/** `1500` → `1 500,00` (without the sign: the official form prints `€` itself). */
export function frAmount(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? amountFormat.format(value) : '';
}

export function frNumber(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : '';
}

/** `true` → `Oui`, `false` → `Non`, nothing → empty. */
export function frYesNo(value: unknown): string {
  return value === true ? 'Oui' : value === false ? 'Non' : '';
}

/** The official form splits an e-mail around the `@` (`Courriel 1`, `Courriel 2`). */
export function splitEmail(value: unknown): [string, string] {
  if (typeof value !== 'string' || value === '') return ['', ''];
  const at = value.lastIndexOf('@');
  return at < 0 ? [value, ''] : [value.slice(0, at), value.slice(at + 1)];
}

/**
 * The official form has a number box before the street: `12 bis rue de la Paix` → [`12 bis`, `rue de la Paix`].
 * A street without a leading number stays whole.
 */
export function splitStreet(value: unknown): [string, string] {
  if (typeof value !== 'string') return ['', ''];
  const match = /^\s*(\d+(?:\s*(?:bis|ter|quater|[a-d])\b)?)[\s,]+(.+)$/i.exec(value);
  return match?.[1] && match[2] ? [match[1].trim(), match[2].trim()] : ['', value.trim()];
}

/** `35` h and `30` min → `35 h 30`; hours alone → `35 h`. */
export function frHours(hours: unknown, minutes: unknown): string {
  if (typeof hours !== 'number') return '';
  return typeof minutes === 'number' && minutes > 0 ? `${hours} h ${String(minutes).padStart(2, '0')}` : `${hours} h`;
}

/** A file name without accents or separators the download headers and file systems dislike. */
export function fileStem(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}
