import { z } from 'zod';
import { reasonWhenRejected, transforms } from './rules/refinements.ts';

// ---------- Signing a case's contract documents (issue 11, SPEC 2 "Signature", 4, 6, 8) ----------

/** choose: no method yet; pending: signatures under way; signed: every signer signed; refused; unavailable (expired, cancelled, superseded). */
export const signatureStates = ['choose', 'pending', 'signed', 'refused', 'unavailable'] as const;
export type SignatureState = (typeof signatureStates)[number];

export const signatureMethods = ['online', 'manual'] as const;
export type SignatureMethod = (typeof signatureMethods)[number];

/** In signing order: the employer's signatory, the apprentice, the legal representative of a minor, then the school. */
export const signerRoles = ['employer', 'apprentice', 'legal_representative', 'school'] as const;
export type SignerRole = (typeof signerRoles)[number];

/** waiting: not their turn yet; pending: their turn; signed; refused; submitted: a paper scan awaits staff's check. */
export const signerStatuses = ['waiting', 'pending', 'submitted', 'signed', 'refused'] as const;
export type SignerStatus = (typeof signerStatuses)[number];

export const signatureDocument = z.object({
  id: z.number().int(),
  /** cerfa, convention, mandate, annex. */
  kind: z.string(),
  name: z.string(),
  sha256: z.string(),
  /** Where the page reads the document's bytes (same-origin, authorised). */
  url: z.string(),
  pages: z.number().int(),
});

export const signatureResponse = z.object({
  state: z.enum(signatureStates),
  method: z.enum(signatureMethods).nullable(),
  /** Why the procedure is unavailable or refused, when known (expired, superseded, cancelled, refused). */
  stateReason: z.string().nullable(),
  dossier: z.object({ id: z.number().int(), applicantName: z.string(), companyName: z.string().nullable() }),
  documents: z.array(signatureDocument),
  signers: z.array(
    z.object({
      role: z.enum(signerRoles),
      name: z.string(),
      status: z.enum(signerStatuses),
      /** ISO time of the signature (or the scan's upload), when done. */
      at: z.string().nullable(),
      /** online or manual for a done signature. */
      method: z.enum(signatureMethods).nullable(),
    }),
  ),
  me: z.object({
    role: z.enum(signerRoles),
    canSign: z.boolean(),
    /** Whether this person may choose or change the method now (first signer or staff, before the first signature). */
    canChooseMethod: z.boolean(),
    /** Why staff rejected this signer's last paper scan, while they are to upload another one. */
    scanRejectedReason: z.string().nullable(),
    /**
     * Too many wrong codes over the procedure (SIGNATURE_CODE_MAX_FAILURES): this signer can no longer sign online until
     * staff restart the procedure (prepare the contract again).
     */
    codeLocked: z.boolean(),
    /**
     * The code this person asked for and may still enter: when it expires and the address it went to, never the code
     * (issue 29). After a reload the page shows the code's field again; null when none is valid.
     */
    pendingCode: z.object({ expiresAt: z.string(), sentTo: z.string() }).nullable(),
  }),
  /** The consent sentence shown beside the box, per language, and its version (the hash of the one read is kept in the evidence). */
  consent: z.object({ version: z.string(), texts: z.object({ 'fr-FR': z.string(), 'en-US': z.string() }) }),
  /** The signed contract, once the school has signed. */
  signedDocumentUrl: z.string().nullable(),
});
export type SignatureResponse = z.infer<typeof signatureResponse>;

/** A paper signature's scan (a .pdf): 10 MB at most. */
export const SIGNATURE_SCAN_MAX_BYTES = 10 * 1024 * 1024;

export const signatureParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** GET /signature/:id/documents/:docId: one document version's bytes (a signer of the case only). */
export const signatureDocumentParams = signatureParams.extend({
  docId: z.coerce.number().int().positive().max(2_147_483_647),
});
/**
 * `as=view`: the bytes are drawn in the page's reader; otherwise (`download`, the default) they are handed over as a
 * file. Either way the signer's reading goes to the evidence (SIGNING.md 2 and 4).
 */
export const signatureDocumentQuery = z.object({ as: z.enum(['view', 'download']).optional() });

/** Wrong codes a signer may enter over a procedure's life, every code together; then staff must restart it. */
export const SIGNATURE_CODE_MAX_FAILURES = 10;

export const signatureMethodBody = z.object({ method: z.enum(signatureMethods) }).strict();

/** POST /signature/:id/code answers when the code expires and how many codes may still be asked for. */
export const signatureCodeResponse = z.object({ expiresAt: z.string(), sentTo: z.string() });

/** A document version as the signer was shown it: its id and the SHA-256 of its bytes, as GET /signature/:id gave them. */
export const signatureShownDocument = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'value.format'),
  })
  .strict();

export const signatureSignBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'signature.code_format'),
    consent: z.literal(true, { message: 'signature.consent_required' }),
    /**
     * Every document version the consent applies to, as shown to the signer: the server refuses the signature (409,
     * `errors.documents: ["signature.documents_changed"]`) unless they are exactly the procedure's.
     */
    documents: z.array(signatureShownDocument).min(1).max(20),
    /** The language of the consent sentence the signer read (its hash goes to the evidence); French when omitted. */
    consentLang: z.enum(['fr-FR', 'en-US']).optional(),
  })
  .strict();
export type SignatureSignBody = z.infer<typeof signatureSignBody>;

export const signatureRefuseBody = z.object({ reason: z.string().trim().min(1, 'field.required').max(2000) }).strict();

/** POST /api/staff/dossiers/:id/manual-signature: staff confirm or reject a signer's uploaded scan. */
export const manualSignatureDecisionBody = z
  .object({
    decision: z.enum(['confirmed', 'rejected']),
    /** Which signer's scan (the oldest submitted one when omitted). */
    role: z.enum(signerRoles).optional(),
    reason: z.preprocess(transforms.emptyToUndefined, z.string().trim().max(2000).optional()),
  })
  .strict()
  .superRefine(reasonWhenRejected);
