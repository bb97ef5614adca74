import { runPdfWorker } from '../../lib/pdf-guard.ts';
import { sha256Hex } from './canonical-json.ts';
import type { SealOptions } from './seal.ts';
import { signOnRequest, workerCertificate, type SealResult, type WorkerCertificate } from './seal-contract.ts';
import type { SealCertificate } from './seal-certificate.ts';

/** A document of a page or two, drawn by us: small bounds, with room for a loaded machine. */
export const SEAL_DOCUMENT_WORKER = { heapMb: 256, timeMs: 20_000 } as const;

/** What seal-document.worker.ts is given. */
export interface SealDocumentRequest {
  bytes: Uint8Array;
  certificate: WorkerCertificate;
  options: SealOptions;
}

/**
 * One document the CFA issues (an applicant's attestation) sealed with the school's certificate, as the signed contract
 * is: PAdES B-B over the whole file, made on a worker thread (the CMS and the file's rewriting off the thread that
 * answers requests), the key staying on this one. `sha256`: the sealed bytes' hash.
 */
export async function sealDocument(
  bytes: Uint8Array,
  certificate: SealCertificate,
  options: SealOptions = {},
): Promise<SealResult> {
  const request: SealDocumentRequest = { bytes, certificate: workerCertificate(certificate), options };
  const sealed = await runPdfWorker<Uint8Array>(new URL('./seal-document.worker.ts', import.meta.url), request, {
    ...SEAL_DOCUMENT_WORKER,
    onRequest: signOnRequest(certificate),
  });
  return { bytes: sealed, sha256: sha256Hex(sealed) };
}
