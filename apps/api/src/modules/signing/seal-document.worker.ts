/**
 * The worker that seals one document the CFA issues (seal-document.ts starts it). The school's key stays on the thread
 * that started it: the seal's signature is asked of it (askParent), the rest of the CMS is made here.
 */
import { answerParent, workerInput } from '../../lib/pdf-read.ts';
import { sealPdf } from './seal.ts';
import type { SealDocumentRequest } from './seal-document.ts';
import { parentSigner } from './worker-signer.ts';

const request = workerInput<SealDocumentRequest>();

await answerParent(() =>
  sealPdf(request.bytes, { ...request.certificate, signer: parentSigner(request.certificate) }, request.options),
);
