import type { SignatureResponse } from '@passerelle/contract';

export type Signer = SignatureResponse['signers'][number];
export type SignatureDocument = SignatureResponse['documents'][number];

/** The signer whose turn it is: the first one pending (or whose scan awaits the school's check). */
export function currentSigner(signature: SignatureResponse): Signer | undefined {
  return signature.signers.find((signer) => signer.status === 'pending' || signer.status === 'submitted');
}

/** The person looking at the page, among the signers. */
export function mySigner(signature: SignatureResponse): Signer | undefined {
  return signature.signers.find((signer) => signer.role === signature.me.role);
}

/** The method can change until the first signature (SPEC 2, "Signature"). */
export const hasAnySignature = (signature: SignatureResponse) =>
  signature.signers.some((signer) => signer.status === 'signed' || signer.status === 'submitted');

/** SPEC 5: signature documents are .pdf, 10 MB at most. */
export const SCAN_MAX_BYTES = 10 * 1024 * 1024;

export type ScanProblem = 'wrongType' | 'tooLarge';

/** Checked in the browser before sending (the server reads the content again). */
export function checkScan(file: File): ScanProblem | null {
  const isPdf = file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
  if (!isPdf || !file.name.toLowerCase().endsWith('.pdf')) return 'wrongType';
  if (file.size > SCAN_MAX_BYTES) return 'tooLarge';
  return null;
}
