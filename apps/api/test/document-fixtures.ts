import { crc32, deflateSync } from 'node:zlib';

/**
 * Small but well-formed files for the upload tests: file-type reads past the first bytes (a PNG's chunks, a ZIP's
 * entries), so a signature alone is not taken for a file.
 */

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([uint32(data.length), typeAndData, uint32(crc32(typeAndData))]);
}

/** A 1×1 grey PNG. */
export function pngFile(): Buffer {
  // Width 1, height 1, 8 bits, greyscale, default compression, filter and interlace.
  const header = Buffer.concat([uint32(1), uint32(1), Buffer.from([8, 0, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive of these entries, stored without compression. */
export function zipFile(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const fileName = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (mainPart: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${mainPart}" ContentType="${mainType}"/></Types>`;

/** A Word document's package: its content types and its main part. */
export function docxFile(): Buffer {
  return zipFile({
    '[Content_Types].xml': contentTypes(
      '/word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  });
}

/** A spreadsheet's package: a ZIP of Office parts that are not Word's. */
export function xlsxFile(): Buffer {
  return zipFile({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    'xl/workbook.xml': '<workbook/>',
  });
}

/** An OLE2 compound file's header, the container of Word 97-2003 documents. */
export function docFile(): Buffer {
  return Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
}

/** A PDF whose objects are these bodies, numbered from 1 in order; object 1 is the catalog. */
export function writePdf(bodies: (string | Uint8Array)[]): Buffer {
  // The binary comment tells transfer programs the file is binary (ISO 32000 7.5.2).
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${bodies.length + 1}`,
    '0000000000 65535 f\r',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r`),
    'trailer',
    `<< /Size ${bodies.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object's body: its dictionary (without << >>), its Length, the bytes. */
export function streamObject(dictionary: string, bytes: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${bytes.byteLength} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * A real one-page PDF (a catalog, its page tree, one A4 page) that holds `text`'s bytes as they are in a stream (the
 * antivirus tests' EICAR among them), padded with spaces after its end to `size` bytes when given: what the upload
 * routes read within bounds and accept.
 */
export function pdfFile(text = 'clean', size = 0): Buffer {
  const bytes = writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    streamObject('', Buffer.from(text, 'utf8')),
  ]);
  return size > bytes.length ? Buffer.concat([bytes, Buffer.alloc(size - bytes.length, 0x20)]) : bytes;
}
