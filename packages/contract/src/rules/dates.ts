/**
 * Calendar arithmetic on ISO dates (yyyy-mm-dd), in UTC, without a date library. Two dates compare
 * as strings. Month and year arithmetic clamps to the month's last day, like date-fns.
 */

export type IsoDateParts = { year: number; month: number; day: number };

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of a real calendar date, or undefined (`2025-02-30` is not one). */
export function parseIsoDate(value: string): IsoDateParts | undefined {
  const match = isoDatePattern.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isValidIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== undefined;
}

export function formatIsoDate({ year, month, day }: IsoDateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function partsOf(value: string): IsoDateParts {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`Not an ISO date: ${value}`);
  return parts;
}

export function addDaysToIsoDate(value: string, days: number): string {
  const { year, month, day } = partsOf(value);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** Same day `months` later (or earlier), clamped to the target month's last day: 01-31 + 1 month = 02-28/29. */
export function addMonthsToIsoDate(value: string, months: number): string {
  const { year, month, day } = partsOf(value);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatIsoDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

export function addYearsToIsoDate(value: string, years: number): string {
  return addMonthsToIsoDate(value, years * 12);
}

/**
 * Whole months from `from` to `to`: the largest n with `from` + n months <= `to` (negative when `to`
 * is earlier). Consistent with `addMonthsToIsoDate`, so a bound "n months after" and a duration of
 * "n months" agree on the same day.
 */
export function monthsBetween(from: string, to: string): number {
  if (to < from) return -monthsBetween(to, from);
  const a = partsOf(from);
  const b = partsOf(to);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (addMonthsToIsoDate(from, months) > to) months -= 1;
  return months;
}

/** First day of the month after the one holding `value`. */
export function firstDayOfNextMonth(value: string): string {
  const { year, month } = partsOf(value);
  return month === 12
    ? formatIsoDate({ year: year + 1, month: 1, day: 1 })
    : formatIsoDate({ year, month: month + 1, day: 1 });
}

/**
 * Age in whole years on `date`. The age goes up on the birthday; someone born on 29 February gets
 * older on 1 March in a common year (the 28 February is still before the birthday).
 */
export function ageAt(birthDate: string, date: string): number {
  const birth = partsOf(birthDate);
  const on = partsOf(date);
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

export function minIsoDate(a: string, b: string): string {
  return a <= b ? a : b;
}

/** Today (yyyy-mm-dd) in a time zone; without one, in the running process's own (the browser's). */
export function todayIso(timeZone?: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
