/**
 * The certificate of completion's PDF, drawn by completion-certificate-pdf.ts on first use; what it holds is in
 * completion-evidence.ts, which the drawing imports (this file importing the drawing only lazily).
 */
import type { CompletionEvidence } from './completion-evidence.ts';

/** The drawing (pdf-lib and fontkit, a few hundred modules) is loaded with the first certificate, not with the portal. */
const drawing = () => import('./completion-certificate-pdf.ts');

/** The certificate of completion alone, as a PDF (page count follows the number of documents and signers). */
export async function renderCompletionCertificate(evidence: CompletionEvidence): Promise<Uint8Array> {
  return (await drawing()).renderCompletionCertificate(evidence);
}

/** The documents (one PDF) followed by the certificate of completion's pages: what the seal then signs. */
export async function appendCompletionCertificate(
  documentPdf: Uint8Array,
  evidence: CompletionEvidence,
): Promise<Uint8Array> {
  return (await drawing()).appendCompletionCertificate(documentPdf, evidence);
}
