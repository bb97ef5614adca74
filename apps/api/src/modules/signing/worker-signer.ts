import type { Signer } from '@libpdf/core';
import { askParent } from '../../lib/pdf-read.ts';
import type { SignRequest, WorkerCertificate } from './seal-contract.ts';

/**
 * For the sealing workers only: the seal's signer whose signature is asked of the thread that started the worker, where
 * the school's key stays; the rest of the CMS is made on the worker.
 */
export function parentSigner(certificate: WorkerCertificate): Signer {
  return {
    ...certificate.signer,
    sign: (data, algorithm) => askParent<Uint8Array>({ data, algorithm } satisfies SignRequest),
  };
}
