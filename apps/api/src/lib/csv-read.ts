import { CsvError, parse } from 'csv-parse/sync';
import { AppError, validationError } from './app-error.ts';
import { foldText } from './fold-text.ts';

/**
 * Reading the CSV files other systems export (a school's information system, a job board): Excel under Windows writes
 * Windows-1252 with semicolons, others UTF-8 (often with a byte-order mark) with commas. Header names vary from one
 * system to another: they are matched by their folded form against French and English synonyms. Used by the
 * applicants' and the offers' imports. csv-parse parses; the decoding and the delimiter are ours: Node decodes no
 * Windows-1252 (its latin1 reads 0x80-0x9F, where Œ, € and ’ are, as control characters), and the header line, not
 * every line's count, tells the delimiter.
 */

/** UTF-8 when the bytes are valid UTF-8 (a byte-order mark dropped), Windows-1252 otherwise. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Semicolon or comma, whichever the header line holds more of (outside quotes); comma when neither. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return semicolons > commas ? ';' : ',';
}

export interface CsvRecord {
  /** The file's line number the record starts on (1: the first line). */
  line: number;
  cells: string[];
}

/** A file csv-parse cannot read from this line on: a quote opened and never closed, or closed before other text. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, options: { cause: unknown }) {
    super(`CSV unreadable from line ${line}`, options);
    this.line = line;
  }
}

const lineBreaks = /\r\n|\r|\n/g;

/**
 * RFC 4180 records by csv-parse: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF, LF or CR
 * ends a record, mixed in one file too (csv-parse would otherwise keep to the first one it meets). Blanks around a
 * field are dropped, so that a quote after a space still opens a quoted field. Records whose cells are all blank are
 * dropped (an export's trailing empty lines). Throws CsvSyntaxError naming the line of the record it cannot read.
 */
export function parseCsv(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  // Counted here: csv-parse's own count (info.lines) takes a CRLF inside a quoted field for two lines.
  let line = 1;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      on_record: (cells) => {
        if (cells.some((cell) => cell.trim() !== '')) records.push({ line, cells });
        // Outside quotes a line break ends the record; inside, the field keeps it.
        line += 1 + cells.reduce((breaks, cell) => breaks + (cell.match(lineBreaks)?.length ?? 0), 0);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvError) throw new CsvSyntaxError(line, { cause: err });
    throw err;
  }
  return records;
}

/**
 * A file's records: decoded, its delimiter detected, parsed. A file that cannot be parsed is refused as a whole (400 on
 * `file`) with the importer's message, naming the line where reading stopped.
 */
export function readCsv(bytes: Uint8Array, unreadable: (line: number) => string): CsvRecord[] {
  const text = decodeCsv(bytes);
  try {
    return parseCsv(text, detectDelimiter(text));
  } catch (err) {
    if (!(err instanceof CsvSyntaxError)) throw err;
    const message = unreadable(err.line);
    throw validationError({ file: [message] }, message);
  }
}

/** Folded header names: lower case, no accents, no spaces, underscores, hyphens, dots or apostrophes. */
export function headerKey(name: string): string {
  return foldText(name).replace(/[\s_\-.'’()/]/g, '');
}

/**
 * A header reader for one importer's columns: each column's index in the header (the first one when a name repeats),
 * matched by folded name against the column's synonyms (already folded with `headerKey`); unknown headers are ignored.
 */
export function headerMatcher<C extends string>(
  synonyms: Record<C, readonly string[]>,
): (header: string[]) => Partial<Record<C, number>> {
  const columnOfKey = new Map<string, C>(
    (Object.entries(synonyms) as [C, readonly string[]][]).flatMap(([column, keys]) =>
      keys.map((key): [string, C] => [key, column]),
    ),
  );
  return (header) => {
    const found: Partial<Record<C, number>> = {};
    header.forEach((name, index) => {
      const column = columnOfKey.get(headerKey(name));
      if (column && found[column] === undefined) found[column] = index;
    });
    return found;
  };
}

/** What an import says when it refuses a file as a whole, in its own words (its columns, what a line holds). */
export interface CsvImportMessages<C extends string> {
  tooLarge: (megabytes: number) => string;
  unreadable: (line: number) => string;
  empty: string;
  missingColumns: (columns: C[]) => string;
  noData: string;
  tooManyRows: (max: number) => string;
}

/**
 * An import file's header and data lines, or the file refused as a whole with a message for `file`: 413 over
 * `maxBytes` or `maxRows`, 400 unreadable, empty, without a required column or without a data line.
 */
export function readCsvImport<C extends string>(
  bytes: Uint8Array,
  rules: {
    maxBytes: number;
    maxRows: number;
    required: readonly C[];
    mapHeader: (header: string[]) => Partial<Record<C, number>>;
    messages: CsvImportMessages<C>;
  },
): { header: Partial<Record<C, number>>; data: CsvRecord[] } {
  const { messages } = rules;
  if (bytes.byteLength > rules.maxBytes) {
    const message = messages.tooLarge(rules.maxBytes / 1024 / 1024);
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
  }
  const [first, ...data] = readCsv(bytes, messages.unreadable);
  if (!first) throw validationError({ file: [messages.empty] }, messages.empty);
  const header = rules.mapHeader(first.cells);
  const missing = rules.required.filter((column) => header[column] === undefined);
  if (missing.length > 0) {
    const message = messages.missingColumns(missing);
    throw validationError({ file: [message] }, message);
  }
  if (data.length === 0) throw validationError({ file: [messages.noData] }, messages.noData);
  if (data.length > rules.maxRows) {
    const message = messages.tooManyRows(rules.maxRows);
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
  }
  return { header, data };
}
