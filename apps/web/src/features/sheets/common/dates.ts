const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-only value is a calendar day: read it in local time so that no time zone shifts it. */
function parse(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: string | null | undefined, language: string, options: Intl.DateTimeFormatOptions): string {
  if (!value) return '';
  const date = parse(value);
  return date ? new Intl.DateTimeFormat(language, options).format(date) : value;
}

/** SPEC 9: dd/mm/yyyy, dd/mm/yyyy HH:MM and HH:MM. */
export const formatDate = (value: string | null | undefined, language: string) =>
  format(value, language, { day: '2-digit', month: '2-digit', year: 'numeric' });

export const formatDateTime = (value: string | null | undefined, language: string) =>
  format(value, language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

export const formatTime = (value: Date, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hour12: false }).format(value);

export const formatEuros = (value: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value);
