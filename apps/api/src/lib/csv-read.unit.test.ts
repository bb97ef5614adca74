import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { CsvSyntaxError, parseCsv, readCsv } from './csv-read.ts';

const unreadable = (line: number) => `unreadable from line ${line}`;

describe('reading CSV records', () => {
  it('counts a CRLF inside a quoted field as one line, and mixed line endings as one each', () => {
    const text = 'a,"1\r\n2\r\n3"\r\nb,x\nc,y\r\r\nd,z';
    expect(parseCsv(text, ',')).toEqual([
      { line: 1, cells: ['a', '1\r\n2\r\n3'] },
      { line: 4, cells: ['b', 'x'] },
      { line: 5, cells: ['c', 'y'] },
      { line: 7, cells: ['d', 'z'] },
    ]);
  });

  it('opens a quoted field after blanks, keeps quotes inside an unquoted field and drops blank records', () => {
    expect(parseCsv('a; "b; c" ;d"e\n ; \n;\nf', ';')).toEqual([
      { line: 1, cells: ['a', 'b; c', 'd"e'] },
      { line: 4, cells: ['f'] },
    ]);
  });

  it('names the line of the record it cannot read: a quote never closed, or closed before other text', () => {
    const unclosed = () => parseCsv('nom,prenom\nDurand,Hélène\n"Petit,Léo\nMartin,Jean\n', ',');
    expect(unclosed).toThrow(CsvSyntaxError);
    expect(unclosed).toThrow(expect.objectContaining({ line: 3 }));
    expect(() => parseCsv('nom\n"a\r\nb"\n"Le "Gall"x\n', ',')).toThrow(expect.objectContaining({ line: 4 }));
  });

  it("refuses an unreadable file as a whole with the importer's message", () => {
    const bytes = new TextEncoder().encode('\uFEFFnom;prenom\r\n"Durand;Hélène\r\n');
    let error: unknown;
    try {
      readCsv(bytes, unreadable);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, errors: { file: ['unreadable from line 2'] } });
    expect(readCsv(Uint8Array.from([0x4e, 0x6f, 0x6d, 0x3b, 0x8c, 0x75, 0x76, 0x72, 0x65]), unreadable)).toEqual([
      { line: 1, cells: ['Nom', 'Œuvre'] },
    ]);
  });
});
