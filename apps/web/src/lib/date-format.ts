/**
 * Dates as SPEC section 9 gives them, the same in every language: dd/mm/yyyy, dd/mm/yyyy HH:MM, HH:MM and the long
 * form 'weekday dd month yyyy' (names of days and months in the language: "dimanche 15 novembre 2026", "Sunday 15
 * November 2026"). Built from parts, as Intl's en-US order (11/15/2026, "Sunday, November 15, 2026") is not the SPEC's.
 * Every date shown by the web app goes through here.
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

const pad = (value: number) => String(value).padStart(2, '0');

type DateInput = string | Date | null | undefined;

/** The date, or the value as it came when it is no date (shown rather than hidden); '' for nothing. */
function withDate(value: DateInput, render: (date: Date) => string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? parseDate(value) : value;
  return date && !Number.isNaN(date.getTime()) ? render(date) : String(value);
}

const day = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
const time = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

// The short forms are the same in every language; they take it anyway, like the long form, so that every call reads alike.

/** dd/mm/yyyy */
export const formatDate = (value: DateInput, _language?: string): string => withDate(value, day);

/** dd/mm/yyyy HH:MM */
export const formatDateTime = (value: DateInput, _language?: string): string =>
  withDate(value, (date) => `${day(date)} ${time(date)}`);

/** HH:MM */
export const formatTime = (value: DateInput, _language?: string): string => withDate(value, time);

/**
 * The day and month names of the portal's two languages, written out: the first Intl.DateTimeFormat of a page loads
 * the locale's calendar data, 20-30 ms of a phone's main thread before the first long date shows (issue 13). Other
 * languages go through Intl, one formatter per language and part.
 */
const names: Record<string, { weekday: readonly string[]; month: readonly string[] }> = {
  fr: {
    weekday: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    month: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
  },
  en: {
    weekday: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    month: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
};
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function nameOf(date: Date, language: string, part: 'weekday' | 'month'): string {
  const written = names[language.slice(0, 2)]?.[part][part === 'weekday' ? date.getDay() : date.getMonth()];
  if (written) return written;
  const key = `${language} ${part}`;
  let format = nameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { [part]: 'long' });
    nameFormats.set(key, format);
  }
  return format.format(date);
}

/** 'weekday dd month yyyy', the names in `language`. */
export function formatLongDate(value: DateInput, language: string): string {
  return withDate(
    value,
    (date) =>
      `${nameOf(date, language, 'weekday')} ${pad(date.getDate())} ${nameOf(date, language, 'month')} ${date.getFullYear()}`,
  );
}

/** HH:MM from 'HH:MM' or 'HH:MM:SS' (SPEC: the first 5 characters). */
export const formatHour = (value: string) => value.slice(0, 5);
