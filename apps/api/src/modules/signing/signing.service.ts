/**
 * Online signing's foundation (issue 11): the school's seal (a configured PKCS#12, or a self-signed certificate made
 * once and kept in the database), the PAdES seal of the final PDF, the certificate of completion appended before it,
 * and the append-only, hash-chained signature audit trail. Other modules use this file only.
 */
import { loadX509 } from '../../lib/x509.ts';
import { sha256Hex } from './canonical-json.ts';
import { appendCompletionCertificate } from './completion-certificate.ts';
import type { CompletionEvidence } from './completion-evidence.ts';
import { sealPdf, type SealOptions } from './seal.ts';
import type { SealCertificate } from './seal-certificate.ts';

export { canonicalJson, sha256Hex, type JsonValue } from './canonical-json.ts';
export { appendCompletionCertificate, renderCompletionCertificate } from './completion-certificate.ts';
export {
  formatEvidenceTime,
  type CompletionDocument,
  type CompletionEvidence,
  type CompletionSigner,
  type SignerRole,
} from './completion-evidence.ts';
export {
  appendSignatureEvent,
  chainHead,
  eventRowHash,
  GENESIS_HASH,
  listSignatureEvents,
  verifyChain,
  type ChainVerification,
  type SignatureEvent,
  type SignatureEventInput,
} from './evidence.repo.ts';
export { sealPdf, type SealOptions } from './seal.ts';
export { sealSignedContract, type SealResult } from './seal-contract.ts';
export {
  createSealCertificateStore,
  loadSealCertificate,
  sealFromP12,
  type SealCertificate,
  type SealConfig,
} from './seal-certificate.ts';

/** Loads the sealing code (PAdES signing, the certificate's writing and drawing) ahead of a first seal (the demo data
 * do it while the database is made). */
export async function prepareSealing(): Promise<void> {
  await Promise.all([import('./completion-certificate-pdf.ts'), import('@libpdf/core'), loadX509()]);
}

/**
 * The signed result: the documents, then the certificate of completion, sealed. `sha256` is the hash of the sealed
 * bytes, to store with the procedure (the file cannot carry its own hash).
 */
export async function finalizeSignedPdf(
  documentPdf: Uint8Array,
  evidence: CompletionEvidence,
  certificate: SealCertificate,
  options: SealOptions = {},
): Promise<{ bytes: Uint8Array; sha256: string }> {
  const withCertificate = await appendCompletionCertificate(documentPdf, {
    ...evidence,
    seal: evidence.seal ?? { subject: certificate.subject, fingerprintSha256: certificate.fingerprintSha256 },
  });
  const bytes = await sealPdf(withCertificate, certificate, { signingTime: evidence.generatedAt, ...options });
  return { bytes, sha256: sha256Hex(bytes) };
}
