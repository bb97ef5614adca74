/**
 * The portal's calendar: the CFA and its schools are in France, so "today", a day's date on a spreadsheet or a mail,
 * and the time of the daily jobs are Paris's. One formatter per form, made once: Intl.DateTimeFormat's constructor
 * costs tens of microseconds, its format a fraction of one.
 */
export const PARIS_TIME_ZONE = 'Europe/Paris';

/** yyyy-mm-dd: en-CA writes the ISO order. */
const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** dd/mm/yyyy, the French spreadsheet's date. */
const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The day in Paris of an instant, as yyyy-mm-dd (the database's and the contract's dates). */
export function parisDay(at: Date): string {
  return isoDay.format(at);
}

/** The day in Paris of an instant, as dd/mm/yyyy. */
export function parisDate(at: Date): string {
  return frenchDate.format(at);
}
