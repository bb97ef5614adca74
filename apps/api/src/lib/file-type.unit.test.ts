import { describe, expect, it } from 'vitest';
import { docFile, docxFile, pngFile, xlsxFile, zipFile } from '../../test/document-fixtures.ts';
import { detectFileType } from './file-type.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectFileType', () => {
  it('recognises PDF, PNG and JPEG by their content', async () => {
    expect(await detectFileType(text('%PDF-1.7\n'))).toEqual({ mime: 'application/pdf', extension: '.pdf' });
    expect(await detectFileType(pngFile())).toEqual({ mime: 'image/png', extension: '.png' });
    expect(await detectFileType(bytes(0xff, 0xd8, 0xff, 0xdb))).toEqual({ mime: 'image/jpeg', extension: '.jpg' });
  });

  it('recognises Word documents: an OLE2 file as .doc, a ZIP of Word parts as .docx', async () => {
    expect(await detectFileType(docFile())).toEqual({ mime: 'application/msword', extension: '.doc' });
    expect(await detectFileType(docxFile())).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: '.docx',
    });
  });

  it('answers null for anything else, including truncated signatures, empty files and other ZIPs', async () => {
    expect(await detectFileType(new Uint8Array())).toBeNull();
    expect(await detectFileType(text('%PDF'))).toBeNull();
    expect(await detectFileType(text(' %PDF-1.7'))).toBeNull();
    expect(await detectFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(await detectFileType(text('GIF89a'))).toBeNull();
    expect(await detectFileType(text('<html><script>'))).toBeNull();
    expect(await detectFileType(xlsxFile())).toBeNull();
    expect(await detectFileType(zipFile({ 'notes.txt': 'word/document.xml' }))).toBeNull();
  });
});
