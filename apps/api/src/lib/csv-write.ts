import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';
import { parisDate } from './paris-time.ts';

/**
 * CSV files a French spreadsheet opens as is (docs/decisions/0024-exports.md): UTF-8 with a byte-order mark,
 * semicolons, CRLF line ends, dates dd/mm/yyyy in Paris, and no cell a spreadsheet would run as a formula. Written as
 * they are read, page by page: a writer never holds the whole file.
 */

export type CsvValue = string | number | Date | null | undefined;

const BOM = '\uFEFF';
/** Lines are sent in chunks of about this many characters: one write per line costs more than the line itself. */
const CHUNK_CHARS = 64 * 1024;

/** A date as dd/mm/yyyy in Paris; nothing for no date. */
export function csvDate(date: Date | null | undefined): string {
  return date ? parisDate(date) : '';
}

/**
 * Where a spreadsheet may start a cell in a text of ours: at its start, and after any separator one might split the
 * file on (semicolon, comma, tab, line break), past spaces and quotes. There, a formula's first character (= + - @, or
 * their full-width forms, which some spreadsheets read as the same) gets an apostrophe before it, so that the
 * spreadsheet shows the text rather than runs it: `x,=cmd|' /C calc'!A0` stays text in a spreadsheet that splits on
 * commas (issue 27, OWASP's CSV injection).
 */
const FORMULA_START = /(^|[;,\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
/** A cell holding a separator of any kind, a quote or a line break is quoted. */
const NEEDS_QUOTES = /[;,\t"\r\n]/;

/**
 * One CSV cell: a text with its formula starts guarded (FORMULA_START), quoted when it holds any separator, a quote or
 * a line break. A number is written as it is (-1 is a number, not a formula), a date dd/mm/yyyy.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDate(value);
  const text = typeof value === 'string' ? value.replace(FORMULA_START, "$1$2'") : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line: its cells separated by semicolons, ended by CRLF. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

/** The whole file as text chunks: the byte-order mark and the header, then every row, in chunks. */
export async function* csvDocument(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
): AsyncGenerator<string> {
  let chunk = BOM + csvLine(header);
  for await (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Streams a CSV file as a download: `text/csv; charset=utf-8`, attached under `filename` (which never carries personal
 * data: it shows in logs and download folders), not kept by caches. The rows are read while the reply is sent.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('Cache-Control', 'private, no-store')
    .send(Readable.from(csvDocument(header, rows)));
}
