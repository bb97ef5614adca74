import type { DigestAlgorithm, KeyType, SignatureAlgorithm } from '@libpdf/core';
import { runPdfWorker } from '../../lib/pdf-guard.ts';
import type { CompletionEvidence } from './completion-evidence.ts';
import type { SealCertificate } from './seal-certificate.ts';

/**
 * The sealing worker's heap and time. A contract is its documents (a few hundred KB) and up to four scans of 10 MB:
 * merged, certified and sealed in 1 to 2 s here; a minute leaves room for a loaded machine.
 */
export const SEAL_WORKER = { heapMb: 512, timeMs: 60_000 } as const;

/** What seal.worker.ts is given: the parts in order, the evidence, the seal's certificate without its key. */
export interface SealRequest {
  parts: Uint8Array[];
  evidence: CompletionEvidence;
  certificate: WorkerCertificate;
}

/** The seal's certificate as a worker is given it: everything but the key, which signs on the thread that has it. */
export type WorkerCertificate = Omit<SealCertificate, 'signer'> & {
  signer: {
    certificate: Uint8Array;
    certificateChain: Uint8Array[];
    keyType: KeyType;
    signatureAlgorithm: SignatureAlgorithm;
  };
};

export interface SealResult {
  bytes: Uint8Array;
  /** Hash of the sealed bytes, to store with the procedure (the file cannot carry its own hash). */
  sha256: string;
}

/** The worker's one request: the seal's signature of these bytes, made with the school's key on this thread. */
export interface SignRequest {
  data: Uint8Array;
  algorithm: DigestAlgorithm;
}

/**
 * The signed result of a procedure, made on a worker thread within its heap and time (lib/pdf-guard.ts): the `parts`
 * (the documents, then the people's scans) merged, each read within PDF_LIMITS, then the certificate of completion
 * appended and the whole sealed. Throws PdfRefusedError naming the part that was refused, or that was being read when
 * the worker was stopped; the process and the other cases go on.
 */
export async function sealSignedContract(
  parts: Uint8Array[],
  evidence: CompletionEvidence,
  certificate: SealCertificate,
): Promise<SealResult> {
  const request: SealRequest = { parts, evidence, certificate: workerCertificate(certificate) };
  return runPdfWorker<SealResult>(new URL('./seal.worker.ts', import.meta.url), request, {
    ...SEAL_WORKER,
    onRequest: signOnRequest(certificate),
  });
}

export function workerCertificate(certificate: SealCertificate): WorkerCertificate {
  const { signer, ...described } = certificate;
  return {
    ...described,
    signer: {
      certificate: signer.certificate,
      certificateChain: signer.certificateChain ?? [],
      keyType: signer.keyType,
      signatureAlgorithm: signer.signatureAlgorithm,
    },
  };
}

/** Answers a sealing worker's requests: the seal's signature of the bytes asked, with the key of this thread. */
export function signOnRequest(certificate: SealCertificate): (asked: unknown) => Promise<Uint8Array> {
  return async (asked) => {
    const { data, algorithm } = asked as SignRequest;
    return certificate.signer.sign(data, algorithm);
  };
}
