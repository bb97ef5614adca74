/**
 * The bounded read of a person's PDF, for the PDF workers only (lib/pdf-guard.ts starts them): pdf-lib is loaded with
 * this file, on the worker's thread. Each bound refuses the file as early as it can: the objects are counted in the raw
 * bytes before any parsing, every byte pdf-lib allocates to decode counts against PDF_LIMITS.maxInflatedBytes before it is allocated, and
 * the page tree is walked without recursion, each node once.
 */
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFContext,
  PDFDocument,
  PDFName,
  PDFPageLeaf,
  PDFPageTree,
  PDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { PDF_LIMITS, PdfRefusedError, type PdfRefusal, type PdfWorkerMessage, type PdfWorkerReply } from './pdf-guard.ts';

/** A bound crossed inside pdf-lib: thrown there, and remembered, since pdf-lib's parser catches what an object throws. */
class OverBound extends Error {
  readonly reason: PdfRefusal;
  constructor(reason: PdfRefusal) {
    super(reason);
    this.reason = reason;
  }
}

// ---------- Decoding within a budget ----------

const decoding = { used: 0, exceeded: false };

/**
 * Every decoder of pdf-lib (Flate, LZW, ASCII85, ASCIIHex, RunLength, decryption) grows its output through one method,
 * DecodeStream's ensureBuffer: wrapped, it counts the bytes each growth adds, and past the budget throws instead of
 * allocating them. pdf-lib does not export the class; the prototype is reached through a decoder it makes. Done once per
 * worker thread: the main thread's pdf-lib (our own documents) is another module instance, untouched.
 */
function budgetDecoding(): void {
  const context = PDFContext.create();
  const probe = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: 'ASCIIHexDecode' }), new Uint8Array(0)));
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as {
    ensureBuffer?: (this: { buffer: Uint8Array }, requested: number) => Uint8Array;
  };
  const ensureBuffer = proto.ensureBuffer;
  // A pdf-lib whose decoders changed shape: refuse to read rather than read without the bound.
  if (typeof ensureBuffer !== 'function') throw new Error('pdf-lib: DecodeStream.ensureBuffer not found');
  proto.ensureBuffer = function (requested) {
    const before = this.buffer.byteLength;
    if (requested > before) {
      // The buffer grows by doubling (to a power of two at least `requested`): counted before it is allocated.
      decoding.used += Math.max(requested, before * 2) - before;
      if (decoding.exceeded || decoding.used > PDF_LIMITS.maxInflatedBytes) {
        decoding.exceeded = true;
        throw new OverBound('too_complex');
      }
    }
    return ensureBuffer.call(this, requested);
  };
}
budgetDecoding();

// ---------- The read ----------

/** `N G obj`, an indirect object's header (ISO 32000 7.3.10), white space as PDF defines it. */
const objectHeader = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj/g;

/** Indirect objects written in the file itself (those inside object streams are counted after parsing); stops past max. */
function countRawObjects(bytes: Uint8Array, max: number): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
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
 * Runs `work` with the decoding budget at zero, and refuses what crossed it: pdf-lib's parser catches what an object
 * throws (the budget's refusal included) and goes on without the object, so the flag is read after the work too.
 * `part`: the file being read, for the refusal.
 */
export async function withinDecodingBudget<T>(work: () => Promise<T>, part?: number): Promise<T> {
  decoding.used = 0;
  decoding.exceeded = false;
  try {
    const result = await work();
    if (decoding.exceeded) throw new OverBound('too_complex');
    return result;
  } catch (err) {
    const bound = decoding.exceeded ? new OverBound('too_complex') : err;
    if (bound instanceof OverBound) throw new PdfRefusedError(bound.reason, part);
    throw err;
  }
}

/**
 * The document, parsed within PDF_LIMITS, its page tree checked; throws PdfRefusedError(reason, part). A file pdf-lib
 * cannot parse at all is damaged. Encrypted files are read as the merge always read them (their structure is not
 * encrypted).
 */
export async function loadBoundedPdf(bytes: Uint8Array, part: number): Promise<PDFDocument> {
  return withinDecodingBudget(async () => {
    if (countRawObjects(bytes, PDF_LIMITS.maxObjects) > PDF_LIMITS.maxObjects) throw new OverBound('too_complex');
    try {
      const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
      if (decoding.exceeded) throw new OverBound('too_complex');
      if (doc.context.enumerateIndirectObjects().length > PDF_LIMITS.maxObjects) throw new OverBound('too_complex');
      const pages = countPages(doc);
      // The walk and pdf-lib's own traversal agree (they follow the same kids), or the file is not ours to merge.
      if (doc.getPageCount() !== pages) throw new OverBound('damaged');
      return doc;
    } catch (err) {
      // Whatever else pdf-lib throws on this file (no catalog, a wrong type where a dictionary was due): unreadable.
      throw err instanceof OverBound ? err : new OverBound(decoding.exceeded ? 'too_complex' : 'damaged');
    }
  }, part);
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
