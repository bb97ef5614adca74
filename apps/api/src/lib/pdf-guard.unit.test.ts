import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfFile, streamObject, writePdf } from '../../test/document-fixtures.ts';
import { cyclicPageTree, zerosDeflated } from '../../test/hostile-pdfs.ts';
import { checkPdfUploads, PDF_LIMITS } from './pdf-guard.ts';

/** The refusals of one file, read on the checking worker as an upload's are. */
const refusalOf = async (bytes: Uint8Array) => (await checkPdfUploads([{ field: 'file', bytes }])).get('file');

/** A grey gradient, `width` × `height`, as PNG bytes: a page's scan, compressed as scanners' PDFs carry them. */
function scanPng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) rows[y * (width + 1) + 1 + x] = (x * 7 + y * 3) % 256;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A page tree `levels` deep, one page at its bottom. */
function deepTree(levels: number): Buffer {
  const bodies = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < levels; level += 1) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    bodies.push(`<< /Type /Pages ${parent}/Kids [${self + 1} 0 R] /Count 1 >>`);
  }
  bodies.push(`<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 595 842] >>`);
  return writePdf(bodies);
}

// Each check starts a worker thread and loads pdf-lib there: seconds on a busy machine.
describe('checkPdfUploads: a PDF read within bounds on a worker thread', { timeout: 120_000 }, () => {
  it('accepts real documents: a scan of 20 pages, a 500-page report with text on every page, a minimal file', async () => {
    const scan = await PDFDocument.create();
    const image = await scan.embedPng(scanPng(1240, 1754));
    for (let page = 0; page < 20; page += 1) scan.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    const report = await PDFDocument.create();
    const font = await report.embedFont(StandardFonts.Helvetica);
    for (let page = 1; page <= PDF_LIMITS.maxPages; page += 1)
      report.addPage().drawText(`Page ${page} : lorem ipsum dolor sit amet`, { x: 50, y: 700, size: 12, font });
    const files = [
      { field: 'scan', bytes: await scan.save() },
      { field: 'report', bytes: await report.save({ useObjectStreams: true }) },
      { field: 'minimal', bytes: pdfFile() },
      // Not a PDF: not read.
      { field: 'image', bytes: scanPng(10, 10) },
    ];
    expect(await checkPdfUploads(files)).toEqual(new Map());
  });

  it('refuses a page more than the limit, and a tree that shares a node, that contains itself or that is too deep', async () => {
    const over = await PDFDocument.create();
    for (let page = 0; page <= PDF_LIMITS.maxPages; page += 1) over.addPage([100, 100]);
    expect(await refusalOf(await over.save())).toBe('too_many_pages');
    // Both kids are the same node: a recursive reader counts its pages twice, and a tree of such levels doubles each time.
    const shared = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>',
    ]);
    expect(await refusalOf(shared)).toBe('damaged');
    expect(await refusalOf(cyclicPageTree())).toBe('damaged');
    expect(await refusalOf(deepTree(PDF_LIMITS.maxTreeDepth))).toBeUndefined();
    expect(await refusalOf(deepTree(PDF_LIMITS.maxTreeDepth + 1))).toBe('too_complex');
  });

  it('refuses a file without a page tree as damaged: a %PDF- header alone is not a document', async () => {
    expect(await refusalOf(Buffer.from('%PDF-1.7\nhello\n%%EOF\n'))).toBe('damaged');
  });

  it('counts what it decodes: an object stream within the budget is read, one past it refused', async () => {
    const withObjectStream = (megabytes: number) =>
      writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
        streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zerosDeflated(megabytes)),
      ]);
    expect(await refusalOf(withObjectStream(16))).toBeUndefined();
    expect(await refusalOf(withObjectStream(PDF_LIMITS.maxInflatedBytes / 2 ** 20 + 1))).toBe('too_complex');
  });

  it('names each refused file under its own field, the files after a refusal still read', async () => {
    const bomb = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zerosDeflated(1024)),
    ]);
    const refused = await checkPdfUploads([
      { field: 'cv', bytes: pdfFile('cv') },
      { field: 'cvec', bytes: cyclicPageTree() },
      { field: 'attestationBac', bytes: pdfFile('bac') },
      { field: 'other', bytes: bomb },
    ]);
    expect(refused).toEqual(
      new Map([
        ['cvec', 'damaged'],
        ['other', 'too_complex'],
      ]),
    );
  });
});
