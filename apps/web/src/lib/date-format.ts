/**
 * Dates as SPEC section 9 gives them, the same pattern in every language: dd/mm/yyyy, dd/mm/yyyy HH:MM, HH:MM and the
 * long form 'weekday dd month yyyy' (names in the language: "dimanche 15 novembre 2026", "Sunday 15 November 2026").
 * Intl writes them, one cached formatter per language and form (building one costs a phone milliseconds, using it
 * microseconds). The numeric forms use the French pattern whatever the language, as SPEC asks; the long form takes
 * Intl's parts and puts them in SPEC's order, as en-US writes "Sunday, November 15, 2026". Every date shown by the web
 * app goes through here.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date-only value is a calendar day, not an instant: read it in local time so that no time zone shifts the day.
 * A day that is not in the calendar (0000-00-00, the offers' "unknown") is no date.
 */
export function parseDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  if (!match) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

type DateInput = string | Date | null | undefined;

/** The date, or the value as it came when it is no date (shown rather than hidden); '' for nothing. */
function withDate(value: DateInput, render: (date: Date) => string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? parseDate(value) : value;
  return date && !Number.isNaN(date.getTime()) ? render(date) : String(value);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's date format for a language and options, built once. */
function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

/** SPEC's numeric forms are French's in every language. */
const NUMERIC = 'fr-FR';
const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

// The short forms are the same in every language; they take it anyway, like the long form, so that every call reads alike.

/** dd/mm/yyyy */
export const formatDate = (value: DateInput, _language?: string): string =>
  withDate(value, (date) => dateTimeFormat(NUMERIC, DAY).format(date));

/** dd/mm/yyyy HH:MM */
export const formatDateTime = (value: DateInput, _language?: string): string =>
  withDate(
    value,
    (date) => `${dateTimeFormat(NUMERIC, DAY).format(date)} ${dateTimeFormat(NUMERIC, TIME).format(date)}`,
  );

/** HH:MM */
export const formatTime = (value: DateInput, _language?: string): string =>
  withDate(value, (date) => dateTimeFormat(NUMERIC, TIME).format(date));

const LONG: Intl.DateTimeFormatOptions = { weekday: 'long', day: '2-digit', month: 'long', year: 'numeric' };

/** 'weekday dd month yyyy', the names in `language`. */
export function formatLongDate(value: DateInput, language: string): string {
  return withDate(value, (date) => {
    const parts = dateTimeFormat(language, LONG).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  });
}

/** HH:MM from 'HH:MM' or 'HH:MM:SS' (SPEC: the first 5 characters). */
export const formatHour = (value: string) => value.slice(0, 5);
