/**
 * Dates as SPEC section 9 lists them, in the active language through Intl: dd/mm/yyyy, dd/mm/yyyy HH:MM, the long
 * form 'weekday dd month yyyy', and HH:MM.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-only value is a calendar day, not an instant: read it in local time so no time zone shifts the day. */
export function parseDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = parseDate(value);
  return date ? new Intl.DateTimeFormat(language, options).format(date) : value;
}

export const formatDate = (value: string, language: string) => format(value, language, { day: '2-digit', month: '2-digit', year: 'numeric' });

export const formatDateTime = (value: string, language: string) =>
  format(value, language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

export const formatLongDate = (value: string, language: string) =>
  format(value, language, { weekday: 'long', day: '2-digit', month: 'long', year: 'numeric' });

/** HH:MM from 'HH:MM' or 'HH:MM:SS' (SPEC: the first 5 characters). */
export const formatHour = (value: string) => value.slice(0, 5);
