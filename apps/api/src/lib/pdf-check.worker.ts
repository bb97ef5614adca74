/**
 * The worker that reads an upload's PDFs within PDF_LIMITS (lib/pdf-guard.ts, checkPdfUploads): each file in turn,
 * the first refusal ending the work. Nothing comes back but the verdict: the bytes stored are the ones received.
 */
import { answerParent, loadBoundedPdf, startingPart, workerInput } from './pdf-read.ts';

const files = workerInput<Uint8Array[]>();
await answerParent(async () => {
  for (const [part, bytes] of files.entries()) {
    startingPart(part);
    await loadBoundedPdf(bytes, part);
  }
  return null;
});
