/**
 * The certificate of completion appended to the signed documents before the school's seal (issue 11, SIGNING.md
 * "What the evidence must hold"): the procedure, each document version's SHA-256, each signer with the address used,
 * the time (UTC to the millisecond and Europe/Paris), IP and browser, the consent text's version and hash, and the head
 * of the evidence chain. A manual signature is written as what it is: a handwritten signature on paper whose scan was
 * checked by the CFA, never an electronic one.
 */

export type SignerRole = 'employer' | 'apprentice' | 'legal_representative' | 'school';

export interface CompletionDocument {
  name: string;
  /** cerfa, convention, mandate, annex. */
  kind: string;
  version: number;
  /** The CERFA edition (10103*12), when one. */
  edition?: string | null;
  pages?: number | null;
  sha256: string;
}

/** How a signer read one document version in the portal: drawn in the page, downloaded, and the last time. */
export interface CompletionRead {
  kind: string;
  version: number;
  sha256: string;
  viewed: number;
  downloaded: number;
  lastAt: Date;
}

export interface CompletionSigner {
  role: SignerRole;
  name: string;
  email: string;
  status: 'signed' | 'refused' | 'pending';
  method: 'online' | 'manual';
  /** Online: the consent click's server time. Manual: when the CFA confirmed the scan. */
  at: Date | null;
  ip: string | null;
  userAgent: string | null;
  /** Online: the consent text this signer accepted, when it differs from the procedure's. */
  consent?: { version: string; sha256: string } | null;
  /** Online: the one-time code's validation (attempts used). */
  codeAttempts?: number | null;
  /** Manual: the uploaded scan, who confirmed it and when. */
  manual?: { scanSha256: string; uploadedAt: Date; confirmedBy: string; confirmedAt: Date } | null;
  /** The staff member who signed for the school. */
  signedBy?: string | null;
  refusalReason?: string | null;
  /** The SMTP Message-ID of the mail that carried the personal link to this signer's address (SIGNING.md 3). */
  linkMessageId?: string | null;
  /** Online: the SMTP Message-ID of the mail that carried the one-time code. */
  codeMessageId?: string | null;
  /** The document versions this signer read in the portal (the school: the staff member who signed), from the evidence chain. */
  reads?: CompletionRead[] | null;
}

export interface CompletionEvidence {
  procedureId: string;
  dossierId: number;
  method: 'online' | 'manual';
  createdAt: Date;
  sentAt?: Date | null;
  expiresAt?: Date | null;
  startedBy?: string | null;
  documents: CompletionDocument[];
  signers: CompletionSigner[];
  consent: { version: string; sha256: string; text?: string | null };
  chain: { headHash: string; events: number };
  /** The seal that will sign the result. */
  seal?: { subject: string; fingerprintSha256: string } | null;
  generatedAt: Date;
}

/** `2026-11-25T10:53:16.123Z (UTC) · 25/11/2026 11:53:16.123 (Europe/Paris, UTC+01:00)`. */
export function formatEvidenceTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const ms = String(at.getUTCMilliseconds()).padStart(3, '0');
  const zone = parts['timeZoneName'] ?? 'GMT';
  const offset = zone === 'GMT' ? 'UTC+00:00' : zone.replace('GMT', 'UTC');
  return `${at.toISOString()} (UTC) · ${parts['day']}/${parts['month']}/${parts['year']} ${parts['hour']}:${parts['minute']}:${parts['second']}.${ms} (Europe/Paris, ${offset})`;
}
