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
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a text starting like a formula (= + - @) is
 * prefixed with an apostrophe so that a spreadsheet shows it rather than runs it. A date is written dd/mm/yyyy.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDate(value);
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
