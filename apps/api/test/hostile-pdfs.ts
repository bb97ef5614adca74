import { constants, deflateRawSync } from 'node:zlib';
import { streamObject, writePdf } from './document-fixtures.ts';

/**
 * The hostile PDFs of issue 27, written byte by byte: each is a well-formed file (a header, numbered objects, a
 * cross-reference table, a trailer) that a PDF reader accepts until it meets what it was made for. None is a mock: the
 * upload route, the checking worker and the sealing worker read these very bytes.
 */

const MB = 1024 * 1024;

const page = (parent: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] >>`;

/**
 * zlib data (RFC 1950) that inflate to `megabytes` MB of zeros, made in milliseconds: node:zlib deflates one MB of
 * zeros with a full flush (a block that ends on a byte and needs nothing before it), the block is repeated, and a final
 * empty block and the Adler-32 of the zeros close the stream. Node's own inflate reads it back, checksum included. The
 * same data deflated in one streamed pass takes 14 s for 3 GB, for a file of the same size.
 */
export function zerosDeflated(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // Adler-32 of n zero bytes: a stays 1, b adds a once per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((megabytes * MB) % 65521) * 65536 + 1) >>> 0);
  const blocks: Buffer[] = Array.from({ length: megabytes }, () => block);
  // 78 DA: deflate, 32 KB window, best compression, header check bits. 03 00: a final fixed block holding only its end.
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...blocks, Buffer.from([0x03, 0x00]), adler]);
}

/**
 * A one-page PDF holding, besides, an object stream no page uses whose FlateDecode data inflate to `megabytes` MB
 * (3 GB by default: a file of 3 MB). A reader that parses every object stream it finds inflates all of it.
 */
export function objectStreamBomb(megabytes = 3072): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(2),
    streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zerosDeflated(megabytes)),
  ]);
}

/** A PDF whose page tree contains itself: the root /Pages node is its own first kid. */
export function cyclicPageTree(): Buffer {
  return writePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', page(2)]);
}

/** A PDF of `count` minimal pages (100 000 by default: 9 MB), all kids of the root node, which gives their size. */
export function manyPages(count = 100_000): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R >>');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} /MediaBox [0 0 595 842] >>`,
    ...pages,
  ]);
}
