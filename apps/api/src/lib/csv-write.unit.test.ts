import { describe, expect, it } from 'vitest';
import { csvCell, csvDate, csvDocument, csvLine } from './csv-write.ts';

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
