import { foldText } from '../modules/dossiers/pipeline-columns.ts';

/**
 * Reading the CSV files other systems export (a school's information system, a job board): Excel under Windows writes
 * Windows-1252 with semicolons, others UTF-8 (often with a byte-order mark) with commas. Header names vary from one
 * system to another: they are matched by their folded form against French and English synonyms. Used by the
 * applicants' and the offers' imports.
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

/**
 * RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF, LF or CR ends a
 * record. Records whose cells are all blank are dropped (an export's trailing empty lines).
 */
export function parseCsv(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
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
