/**
 * The worker that makes a signed contract (seal-contract.ts starts it): the documents and the people's scans, each read
 * within PDF_LIMITS and merged, the certificate of completion appended, the whole sealed. The school's key stays on the
 * thread that started it: the seal's signature is asked of it (askParent), the rest of the CMS is made here.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { PdfRefusedError } from '../../lib/pdf-guard.ts';
import { answerParent, loadBoundedPdf, startingPart, workerInput } from '../../lib/pdf-read.ts';
import { finalizeSignedPdf } from './seal.ts';
import type { SealRequest, SealResult } from './seal-contract.ts';
import { parentSigner } from './worker-signer.ts';

const request = workerInput<SealRequest>();
const signer = parentSigner(request.certificate);

await answerParent(async (): Promise<SealResult> => {
  const merged = await PDFDocument.create();
  for (const [part, bytes] of request.parts.entries()) {
    startingPart(part);
    const source = await loadBoundedPdf(bytes, part);
    try {
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    } catch {
      // A page pdf-lib cannot copy (an object of the wrong type where a page's resources are due): this file's fault.
      throw new PdfRefusedError('damaged', part);
    }
  }
  // Our own writing from here: a kill now is no part's fault.
  startingPart(undefined);
  const documents = await merged.save();
  return finalizeSignedPdf(documents, request.evidence, { ...request.certificate, signer });
});
