/** SPEC 9: dd/mm/yyyy, dd/mm/yyyy HH:MM and HH:MM, from the app's one date module. */
export { formatDate, formatDateTime, formatTime } from '../../../lib/date-format';
import { numberFormat } from '../../../lib/number-format';

export const formatEuros = (value: number, language: string) =>
  numberFormat(language, { style: 'currency', currency: 'EUR' }).format(value);
