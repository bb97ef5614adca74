import { sha256Hex } from './canonical-json.ts';
import { appendCompletionCertificate } from './completion-certificate.ts';
import type { CompletionEvidence } from './completion-evidence.ts';
import type { SealCertificate } from './seal-certificate.ts';

export interface SealOptions {
  reason?: string;
  location?: string;
  /** The claimed signing time (the signer's clock: not a trusted timestamp); now by default. */
  signingTime?: Date;
  /** The new signature field; its name must not be taken by another signature of the file. */
  fieldName?: string;
}

/**
 * Seals a PDF with the school's certificate: a PAdES B-B signature (SubFilter ETSI.CAdES.detached, CMS with the
 * signing-certificate-v2 attribute, SHA-256) over the whole file, in an invisible field of its own, saved as an
 * incremental update. Whoever changes a byte afterwards breaks it (`pdfsig` says the signature is invalid). No network:
 * no timestamp authority, no chain fetching, no revocation data.
 */
export async function sealPdf(
  bytes: Uint8Array,
  certificate: SealCertificate,
  options: SealOptions = {},
): Promise<Uint8Array> {
  // Loaded with the first seal, not with the portal.
  const { PDF } = await import('@libpdf/core');
  const pdf = await PDF.load(bytes);
  const certificateBytes = [certificate.certificateDer, ...(certificate.signer.certificateChain ?? [])].reduce(
    (sum, der) => sum + der.byteLength,
    0,
  );
  const { bytes: sealed } = await pdf.sign({
    signer: certificate.signer,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    digestAlgorithm: 'SHA-256',
    fieldName: options.fieldName ?? 'Cachet_CFA',
    reason: options.reason ?? 'Cachet du CFA : contrat signé et certificat de réalisation',
    location: options.location ?? 'France',
    ...(options.signingTime ? { signingTime: options.signingTime } : {}),
    // Room for the CMS: its certificates, the signature and the signed attributes.
    estimatedSize: Math.max(12_288, certificateBytes + 8192),
  });
  return sealed;
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
