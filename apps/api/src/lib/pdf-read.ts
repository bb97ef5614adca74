/**
 * The bounded read of a person's PDF, for the PDF workers only (lib/pdf-guard.ts starts them): pdf-lib is loaded with
 * this file, on the worker's thread. Each bound refuses the file as early as it can: the objects are counted in the raw
 * bytes before any parsing, the streams pdf-lib decodes while loading are inflated within PDF_LIMITS.maxInflatedBytes
 * before it reads them, and the page tree is walked without recursion, each node once.
 */
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { ParseSpeeds, PDFArray, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree, type PDFObject } from '@cantoo/pdf-lib';
import {
  PDF_LIMITS,
  PdfRefusedError,
  type PdfRefusal,
  type PdfWorkerMessage,
  type PdfWorkerReply,
} from './pdf-guard.ts';

/** A bound crossed while reading a file. */
class OverBound extends Error {
  readonly reason: PdfRefusal;
  constructor(reason: PdfRefusal) {
    super(reason);
    this.reason = reason;
  }
}

// ---------- What pdf-lib decodes while it loads, measured first ----------

/** The file's bytes, and the same bytes read as latin1 text (one character per byte) for the searches below. */
interface RawFile {
  buffer: Buffer;
  text: string;
}

function rawFile(bytes: Uint8Array): RawFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { buffer, text: buffer.toString('latin1') };
}

/** `stream` after a dictionary (not the end of `endstream`), and its end of line (ISO 32000 7.3.8.1). */
const streamKeyword = /(?<!end)stream(?:\r\n|\n|\r)/g;
/** The types of stream pdf-lib decodes to parse a file: object streams and cross-reference streams. */
const decodedOnLoad = /\/Type\s*\/(?:ObjStm|XRef)\b/;
/** A type given by reference: what it names is known only once parsed, so such a stream is measured too. */
const typeByReference = /\/Type\s+\d+\s+\d+\s+R\b/;
const flateOnly = /\/Filter\s*(?:\[\s*)?\/FlateDecode\s*\]?/;

/**
 * The bytes pdf-lib would decode while loading the file (its object and cross-reference streams, the only streams it
 * reads then), inflated first by Node's zlib with an output bound: a stream whose data would pass PDF_LIMITS.
 * maxInflatedBytes in all is refused before pdf-lib allocates it (decoded buffers live outside the heap a worker's
 * resourceLimits bound). Page contents and images are never decoded by us. Such a stream with a filter other than
 * FlateDecode (writers use Flate for them) is refused too: what it would decode to is not measured.
 */
function checkDecodedSize({ buffer, text }: RawFile): void {
  let used = 0;
  streamKeyword.lastIndex = 0;
  for (let found = streamKeyword.exec(text); found; found = streamKeyword.exec(text)) {
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('obj', found.index)), found.index);
    if (!decodedOnLoad.test(dictionary) && !typeByReference.test(dictionary)) continue;
    const dataStart = found.index + found[0].length;
    const dataEnd = text.indexOf('endstream', dataStart);
    const data = buffer.subarray(dataStart, dataEnd < 0 ? buffer.length : dataEnd);
    if (!/\/Filter\b/.test(dictionary)) used += data.length;
    else if (!flateOnly.test(dictionary)) throw new OverBound('too_complex');
    else {
      try {
        const left = PDF_LIMITS.maxInflatedBytes - used;
        used += inflateSync(data, { maxOutputLength: left + 1, finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new OverBound('too_complex');
        // Data zlib cannot inflate: pdf-lib then finds the objects missing, and the file damaged.
      }
    }
    if (used > PDF_LIMITS.maxInflatedBytes) throw new OverBound('too_complex');
    if (dataEnd > 0) streamKeyword.lastIndex = dataEnd + 'endstream'.length;
  }
}

// ---------- The read ----------

/** `N G obj`, an indirect object's header (ISO 32000 7.3.10), white space as PDF defines it. */
const objectHeader = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj/g;

/** Indirect objects written in the file itself (those inside object streams are counted after parsing); stops past max. */
function countRawObjects({ text }: RawFile, max: number): number {
  objectHeader.lastIndex = 0;
  let count = 0;
  while (count <= max && objectHeader.exec(text)) count += 1;
  return count;
}

/**
 * The pages of the document's tree, walked with a stack: a node met twice (a tree that contains itself, or a node two
 * parents share, which would multiply the pages a recursive reader sees) makes the file damaged; past maxPages or
 * maxTreeDepth it is refused before the walk ends.
 */
function countPages(doc: PDFDocument): number {
  // A file without a catalog leaves pdf-lib's undefined, whatever its type says.
  const catalog = doc.catalog as PDFDocument['catalog'] | undefined;
  if (!catalog) throw new OverBound('damaged');
  const root = catalog.get(PDFName.of('Pages'));
  if (!(doc.context.lookup(root) instanceof PDFPageTree)) throw new OverBound('damaged');
  const seen = new Set<PDFObject>();
  const stack: { node: PDFObject | undefined; depth: number }[] = [{ node: root, depth: 0 }];
  let pages = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, depth } = entry;
    if (node === undefined || seen.has(node)) throw new OverBound('damaged');
    seen.add(node);
    const object = doc.context.lookup(node);
    if (object instanceof PDFPageLeaf) {
      pages += 1;
      if (pages > PDF_LIMITS.maxPages) throw new OverBound('too_many_pages');
    } else if (object instanceof PDFPageTree) {
      if (depth >= PDF_LIMITS.maxTreeDepth) throw new OverBound('too_complex');
      const kids = object.lookup(PDFName.of('Kids'));
      if (!(kids instanceof PDFArray)) throw new OverBound('damaged');
      for (let index = kids.size() - 1; index >= 0; index -= 1) stack.push({ node: kids.get(index), depth: depth + 1 });
    }
    // Anything else among the kids pdf-lib passes over too.
  }
  return pages;
}

/**
 * The document, parsed within PDF_LIMITS, its page tree checked; throws PdfRefusedError(reason, part). A file pdf-lib
 * cannot parse at all is damaged. Encrypted files are read as the merge always read them (their structure is not
 * encrypted).
 */
export async function loadBoundedPdf(bytes: Uint8Array, part: number): Promise<PDFDocument> {
  try {
    const raw = rawFile(bytes);
    if (countRawObjects(raw, PDF_LIMITS.maxObjects) > PDF_LIMITS.maxObjects) throw new OverBound('too_complex');
    checkDecodedSize(raw);
    try {
      const doc = await PDFDocument.load(bytes, {
        ignoreEncryption: true,
        updateMetadata: false,
        parseSpeed: ParseSpeeds.Fastest,
      });
      if (doc.context.enumerateIndirectObjects().length > PDF_LIMITS.maxObjects) throw new OverBound('too_complex');
      const pages = countPages(doc);
      // The walk and pdf-lib's own traversal agree (they follow the same kids), or the file is not ours to merge.
      if (doc.getPageCount() !== pages) throw new OverBound('damaged');
      return doc;
    } catch (err) {
      // Whatever else pdf-lib throws on this file (no catalog, a wrong type where a dictionary was due): unreadable.
      throw err instanceof OverBound ? err : new OverBound('damaged');
    }
  } catch (err) {
    throw err instanceof OverBound ? new PdfRefusedError(err.reason, part) : err;
  }
}

// ---------- The worker's side of lib/pdf-guard.ts ----------

/** The data the parent gave (runPdfWorker), the module compile cache turned on first. */
export function workerInput<T>(): T {
  const given = workerData as { data: T; compileCacheDir: string | undefined };
  if (given.compileCacheDir) enableCompileCache(given.compileCacheDir);
  return given.data;
}

function post(message: PdfWorkerMessage): void {
  parentPort?.postMessage(message);
}

/** Tells the parent which file is being read (undefined: none of them): a kill (time, heap) is then put on that file. */
export const startingPart = (part: number | undefined) => post({ kind: 'part', part });

/**
 * Runs the worker's work and posts its result, or its refusal; any other error is thrown, and reaches the parent as the
 * worker's `error`.
 */
export async function answerParent(work: () => Promise<unknown>): Promise<void> {
  try {
    post({ kind: 'done', result: await work() });
  } catch (err) {
    if (!(err instanceof PdfRefusedError)) throw err;
    post({ kind: 'refused', reason: err.reason, part: err.part });
  }
}

let lastRequest = 0;
const pendingRequests = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
parentPort?.on('message', (reply: PdfWorkerReply) => {
  const pending = pendingRequests.get(reply.id);
  if (!pending) return;
  pendingRequests.delete(reply.id);
  if (reply.error !== undefined) pending.reject(new Error(reply.error));
  else pending.resolve(reply.result);
});

/** Asks the parent for something only it has (a signature with the school's key), and waits for its answer. */
export function askParent<T>(request: unknown): Promise<T> {
  lastRequest += 1;
  const id = lastRequest;
  return new Promise<T>((resolve, reject) => {
    pendingRequests.set(id, { resolve: (value) => resolve(value as T), reject });
    post({ kind: 'request', id, request });
  });
}
