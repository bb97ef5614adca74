/** Dates as SPEC section 9 lists them: one module for the whole app (lib/date-format). */
export { formatDate, formatDateTime, formatHour, formatLongDate, parseDate } from '../../../lib/date-format';
