/** SPEC 9: dd/mm/yyyy, dd/mm/yyyy HH:MM and HH:MM, from the app's one date module. */
export { formatDate, formatDateTime, formatTime } from '../../../lib/date-format';

export const formatEuros = (value: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value);
