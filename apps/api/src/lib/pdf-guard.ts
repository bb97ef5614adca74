import { getCompileCacheDir } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PDF_MAX_PAGES, type PdfRefusal } from '@passerelle/contract/pdf-limits';

/**
 * People's PDFs are read on worker threads, never on the thread that answers requests (issue 27): a PDF can ask a reader
 * for gigabytes of inflated data, a page tree without end or millions of objects, and a reader that meets it on the
 * main thread stops every request of the process. Each read runs within the bounds below; past them the file is refused
 * (at upload) or its case fails alone (at sealing), and the process goes on.
 */

/**
 * What a PDF may hold, for the documents people send us: CVs, certificates, job descriptions, signed scans of the
 * contract, the home's public files. Generous for real ones (a 20-page scan holds about 100 objects and no object
 * stream worth the name; a 300-page report made by a word processor, about 10 000 objects), far below what hurts.
 */
export const PDF_LIMITS = {
  /** Pages of one file (its refusal's text names the number). */
  maxPages: PDF_MAX_PAGES,
  /** Indirect objects of one file, those inside object streams included. */
  maxObjects: 50_000,
  /**
   * Bytes the reader decodes to read the file's structure (object streams, cross-reference streams), all streams
   * together. Page contents and images are never decoded by us: they are copied as they are.
   */
  maxInflatedBytes: 64 * 1024 * 1024,
  /** Levels of the page tree (writers keep it to a few: ten kids a node hold 500 pages in three levels). */
  maxTreeDepth: 32,
} as const;

/** The worker that checks uploads: its heap, and how long it may take for the files of one upload. */
export const PDF_CHECK_WORKER = { heapMb: 256, timeMs: 20_000 } as const;

/** Workers reading PDFs at once in one process; more wait their turn (each may take a core and its heap). */
export const PDF_WORKERS_AT_ONCE = 2;

export type { PdfRefusal };

/** A PDF refused by its bounded read; `part`: which of the files given to the worker. */
export class PdfRefusedError extends Error {
  readonly reason: PdfRefusal;
  readonly part: number | undefined;

  constructor(reason: PdfRefusal, part?: number) {
    super(`PDF refused: ${reason}${part === undefined ? '' : ` (part ${part})`}`);
    this.name = 'PdfRefusedError';
    this.reason = reason;
    this.part = part;
  }
}

/** The field error a refusal is shown with (contract's validation texts, French and English). */
export const pdfRefusalCode = (reason: PdfRefusal) => `file.pdf_${reason}` as const;

/**
 * What a PDF worker posts to its parent. `part`: the file it starts reading, so that a kill names it (undefined once it
 * reads none of the files given).
 */
export type PdfWorkerMessage =
  | { kind: 'part'; part: number | undefined }
  | { kind: 'refused'; reason: PdfRefusal; part: number | undefined }
  | { kind: 'done'; result: unknown }
  | { kind: 'request'; id: number; request: unknown };

/** What the parent answers a worker's `request` (the seal's signature, made where the key is). */
export type PdfWorkerReply = { kind: 'reply'; id: number; result?: unknown; error?: string };

export interface PdfWorkerOptions {
  heapMb: number;
  timeMs: number;
  /** Answers a worker's request (signing with the school's key, kept on this thread). */
  onRequest?: (request: unknown) => Promise<unknown>;
}

// ---------- At most PDF_WORKERS_AT_ONCE workers ----------

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (running >= PDF_WORKERS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  return () => {
    const next = waiting.shift();
    // The turn passes to the next in line as it is; `running` stays the same.
    if (next) next();
    else running -= 1;
  };
}

/**
 * Runs a PDF worker (a `*.worker.ts` file beside its caller) on `data`, within its heap and its time: past the time
 * the thread is terminated, past the heap V8 stops it, and either counts as the file being too complex. The worker
 * is a fresh thread each time: nothing a file did stays for the next one. Node runs the .ts file as the server runs
 * its own (type stripping), under `npm start`, the tests and the CLI alike.
 */
export async function runPdfWorker<T>(file: URL, data: unknown, options: PdfWorkerOptions): Promise<T> {
  const release = await takeTurn();
  try {
    return await new Promise<T>((resolve, reject) => {
      const worker = new Worker(file, {
        workerData: { data, compileCacheDir: getCompileCacheDir() },
        resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 32 },
        // Its console is not the request's log: a library's warning about a bad file is read and dropped.
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      let part: number | undefined;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(() => settle(() => reject(new PdfRefusedError('too_complex', part))), options.timeMs);
      worker.on('message', (message: PdfWorkerMessage) => {
        switch (message.kind) {
          case 'part':
            part = message.part;
            break;
          case 'refused':
            settle(() => reject(new PdfRefusedError(message.reason, message.part)));
            break;
          case 'done':
            settle(() => resolve(message.result as T));
            break;
          case 'request':
            void answer(worker, message.id, message.request, options.onRequest);
            break;
        }
      });
      worker.on('error', (err: Error & { code?: string }) =>
        settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfRefusedError('too_complex', part) : err)),
      );
      worker.on('exit', (code) => settle(() => reject(new Error(`The PDF worker stopped (exit code ${code})`))));
    });
  } finally {
    release();
  }
}

async function answer(
  worker: Worker,
  id: number,
  request: unknown,
  onRequest: PdfWorkerOptions['onRequest'],
): Promise<void> {
  let reply: PdfWorkerReply;
  try {
    if (!onRequest) throw new Error('no request expected');
    reply = { kind: 'reply', id, result: await onRequest(request) };
  } catch (err) {
    reply = { kind: 'reply', id, error: err instanceof Error ? err.message : 'request failed' };
  }
  worker.postMessage(reply);
}

// ---------- Uploads ----------

export interface PdfUpload {
  /** The form field it came in: where a refusal is shown. */
  field: string;
  bytes: Uint8Array;
}

/** Whether these bytes are a PDF as lib/file-type.ts recognises one: `%PDF-` first. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * Reads every PDF of an upload within PDF_LIMITS, on one worker; the other files are not looked at. Answers the
 * refused ones' fields with their refusal: a file past the worker's time or heap is the one being read then.
 */
export async function checkPdfUploads(uploads: readonly PdfUpload[]): Promise<Map<string, PdfRefusal>> {
  const pdfs = uploads.filter((upload) => isPdf(upload.bytes));
  const refused = new Map<string, PdfRefusal>();
  let next = 0;
  // A refusal ends the worker: the files after the refused one get a worker of their own.
  while (next < pdfs.length) {
    const batch = pdfs.slice(next);
    try {
      await runPdfWorker<null>(
        new URL('./pdf-check.worker.ts', import.meta.url),
        batch.map((upload) => upload.bytes),
        PDF_CHECK_WORKER,
      );
      break;
    } catch (err) {
      if (!(err instanceof PdfRefusedError)) throw err;
      const at = err.part ?? 0;
      const field = batch[at]?.field;
      if (field !== undefined) refused.set(field, err.reason);
      next += at + 1;
    }
  }
  return refused;
}
