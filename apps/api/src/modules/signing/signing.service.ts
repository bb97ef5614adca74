/**
 * Online signing's foundation (issue 11): the school's seal (a configured PKCS#12, or a self-signed certificate made
 * once and kept in the database), the PAdES seal of the final PDF, the certificate of completion appended before it,
 * and the append-only, hash-chained signature audit trail. Other modules use this file only.
 */
import { loadX509 } from '../../lib/x509.ts';

export { canonicalJson, sha256Hex, type JsonValue } from './canonical-json.ts';
export { appendCompletionCertificate, renderCompletionCertificate } from './completion-certificate.ts';
export {
  formatEvidenceTime,
  type CompletionDocument,
  type CompletionEvidence,
  type CompletionRead,
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
export { finalizeSignedPdf, sealPdf, type SealOptions } from './seal.ts';
export { sealSignedContract, type SealResult } from './seal-contract.ts';
export { sealDocument } from './seal-document.ts';
export {
  createSealCertificateStore,
  GENERATED_SEAL_SETTING,
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
