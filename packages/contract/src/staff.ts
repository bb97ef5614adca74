import { z } from 'zod';
import { progressSteps } from './dossier-progress.ts';
import { isoDate, etapeStatus } from './portal.ts';
import { userType } from './auth.ts';
import { dossierTermsBody, sheetKinds, waitingFor } from './sheets.ts';
import { cerfaEditionCodes, cerfaTemplateStates } from './rules/cerfa-edition.ts';
import { fundingRulesOutcome } from './rules/funding-2025.ts';
import { pdfRefusals } from './pdf-limits.ts';
import { signatureMethods, signatureStates, signerRoles, signerStatuses } from './signing.ts';
import { reasonWhenRejected, reasonWithOverride, transforms } from './rules/refinements.ts';

// ---------- Back-office pipeline (issue 10) ----------

const pipelineStatuts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

/** Who a case waits for, as the back office names them: the applicant, the company or the school (the CFA staff). */
export const pipelineWaitingFor = ['applicant', 'company', 'school'] as const;
export type PipelineWaitingFor = (typeof pipelineWaitingFor)[number];

/**
 * Alerts of the back office: `stale`, cases of applicants registered for more than STAFF_ALERT_REGISTERED_DAYS (90)
 * without a signed contract; `waiting`, cases waiting on the same person for more than STAFF_ALERT_WAITING_DAYS.
 */
export const pipelineAlerts = ['stale', 'waiting'] as const;
export type PipelineAlert = (typeof pipelineAlerts)[number];

export const pipelineSorts = ['updated', '-updated', 'id', 'name'] as const;
export type PipelineSort = (typeof pipelineSorts)[number];

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** One or several statuses: `statut=3,4` or `statut=3&statut=4`. */
const statutList = z.preprocess(
  (value: unknown): unknown => {
    if (value === '' || value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .map((part) => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '');
  },
  z.array(z.coerce.number().int().min(1).max(13)).min(1).max(13).optional(),
);

export const staffDossiersQuery = z
  .object({
    q: unsetWhenEmpty(z.string().trim().max(200)),
    statut: statutList,
    school: unsetWhenEmpty(z.string().trim().max(50)),
    /** A step (SPEC 4, case steps) that is active now. */
    step: unsetWhenEmpty(z.enum(progressSteps)),
    waitingFor: unsetWhenEmpty(z.enum(pipelineWaitingFor)),
    /** The case's formation (id). */
    formation: unsetWhenEmpty(z.coerce.number().int().positive().max(2_147_483_647)),
    /** The employer's name (part of it, accents and case ignored). */
    employer: unsetWhenEmpty(z.string().trim().max(200)),
    /** Only the cases an alert names (see `staffAlertsResponse`). */
    alert: unsetWhenEmpty(z.enum(pipelineAlerts)),
    updatedFrom: unsetWhenEmpty(isoDate),
    updatedTo: unsetWhenEmpty(isoDate),
    sort: unsetWhenEmpty(z.enum(pipelineSorts)).default('-updated'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.updatedFrom && q.updatedTo && q.updatedTo < q.updatedFrom) {
      ctx.addIssue({ code: 'custom', path: ['updatedTo'], message: 'staff.dates_reversed' });
    }
  });
export type StaffDossiersQuery = z.infer<typeof staffDossiersQuery>;

export const staffDossierItem = z.object({
  id: z.number().int(),
  dossierName: z.string().nullable(),
  dossierStatut: z.number().int().min(1).max(13),
  etapeStatus: z.array(etapeStatus),
  applicant: z.object({ nom: z.string(), prenom: z.string(), email: z.string() }),
  /** The school's code and the formation's label, when the case has a formation. */
  school: z.string().nullable(),
  formation: z.string().nullable(),
  companyName: z.string().nullable(),
  waitingFor,
  /** Since when the case waits for the same person (ISO time): the last change of who it waits for. */
  waitingSince: z.string(),
  updatedAt: z.string(),
});
export type StaffDossierItem = z.infer<typeof staffDossierItem>;

const statutKey = z.enum(pipelineStatuts.map(String) as [string, ...string[]]);

export const staffDossiersResponse = z.object({
  items: z.array(staffDossierItem),
  /** Cases under every filter. */
  total: z.number().int(),
  /** For each status 1..13, the cases under every filter but `statut`. */
  counts: z.record(statutKey, z.number().int()),
});
export type StaffDossiersResponse = z.infer<typeof staffDossiersResponse>;

export const staffDossierParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const staffDocument = z.object({
  id: z.string(),
  /** cv, cvec, attestationBac, ficheMission (the job description), cerfa, cerfaAvenant. */
  kind: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const staffDossierEvent = z.object({
  at: z.string(),
  type: z.string(),
  /** Null when the acting user is gone. */
  actor: z.object({ name: z.string(), email: z.string(), userType }).nullable(),
  /** Status and step changes, the decision, the reason given: no personal data. */
  details: z.record(z.string(), z.unknown()),
});
export type StaffDossierEvent = z.infer<typeof staffDossierEvent>;

// ---------- Back-office actions on a case (issue 10): POST /api/staff/dossiers/:id/<action> ----------

const reasonText = z.string().trim().min(1, 'field.required').max(2000);
const optionalReason = z.preprocess(transforms.emptyToUndefined, z.string().trim().max(2000).optional());

/** The sheets staff may send back to their author: the two first contacts, the two information-sheet parts, the missions. */
export const returnableSheets = ['f1ca', 'f1ce', 'fra', 'fre', 'missions'] as const;
export type ReturnableSheet = (typeof returnableSheets)[number];

/** POST /staff/dossiers/:id/return: the sheet goes back to its author (step value 5) with a message. */
export const returnSheetBody = z.object({ sheet: z.enum(returnableSheets), message: reasonText }).strict();
export type ReturnSheetBody = z.infer<typeof returnSheetBody>;

/** POST /staff/dossiers/:id/missions-complement: the employer is asked to complete the missions sheet. */
export const missionsComplementBody = z.object({ message: reasonText }).strict();
export type MissionsComplementBody = z.infer<typeof missionsComplementBody>;

/** The applicant's documents staff check (SPEC 2, `documents.cvec`, `documents.attestationBac`). */
export const reviewableDocuments = ['cvec', 'attestationBac'] as const;
export type ReviewableDocument = (typeof reviewableDocuments)[number];

/** POST /staff/dossiers/:id/document-review: valid sets `isValid`; rejected needs a reason and tells the applicant. */
export const documentReviewBody = z
  .object({ document: z.enum(reviewableDocuments), decision: z.enum(['valid', 'rejected']), reason: optionalReason })
  .strict()
  .superRefine(reasonWhenRejected);
export type DocumentReviewBody = z.infer<typeof documentReviewBody>;

/** POST /staff/dossiers/:id/signed: the contract was signed on paper outside the portal (status 8). */
export const markSignedBody = z.object({ signedOn: isoDate }).strict();
export type MarkSignedBody = z.infer<typeof markSignedBody>;

/** POST /staff/dossiers/:id/filed: the signed contract was sent to the OPCO (status 10). */
export const markFiledBody = z.object({ filedOn: isoDate }).strict();
/** POST /staff/dossiers/:id/registered: the OPCO registered the contract under its DECA number (status 11). */
export const markRegisteredBody = z
  .object({
    decaNumber: z
      .string()
      .trim()
      .min(1, 'field.required')
      .max(30)
      .regex(/^[0-9A-Za-z-]+$/, 'staff.deca_format'),
  })
  .strict();

/** POST /staff/dossiers/:id/archive (status 9) with the reason; reopen gives back the status it had. */
export const archiveBody = z.object({ reason: reasonText }).strict();
export const reopenBody = z.object({}).strict();

/**
 * POST /staff/dossiers/:id/contract-prepared (issue 11): the documents are generated; while their annex lists something
 * missing the preparation is refused (409 CONTRACT_INCOMPLETE) unless staff override it with a reason (kept in the
 * audit). The NIR and the DECA number are never overridable. No body: no override.
 */
export const contractPreparedBody = z
  .object({ override: z.literal(true).optional(), reason: optionalReason })
  .strict()
  .superRefine(reasonWithOverride);
export type ContractPreparedBody = z.infer<typeof contractPreparedBody>;

/**
 * POST /staff/dossiers/:id/contract-prepared-again (issue 29): the documents drawn again once the contract is prepared.
 * The pending procedure is superseded, so every signature it collected is cancelled: staff say why (required, kept in
 * the case history and the evidence). `override` as for the first preparation, the same reason standing for it.
 */
export const contractPreparedAgainBody = z
  .object({
    reason: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(2000),
    override: z.literal(true).optional(),
  })
  .strict();
export type ContractPreparedAgainBody = z.infer<typeof contractPreparedAgainBody>;

/** POST /staff/dossiers/:id/breaking (12) and /broken (13): the contract's end date and why. */
export const contractEndBody = z.object({ date: isoDate, reason: reasonText }).strict();
export type ContractEndBody = z.infer<typeof contractEndBody>;

/**
 * Every action of the case page, by its path segment. `allowedActions` in the case's detail lists those the state
 * allows now (the same rule the server applies: any other answers 409).
 */
export const staffActions = [
  'first-contact',
  'modalites',
  'return',
  'missions-complement',
  'document-review',
  'contract-prepared',
  'contract-prepared-again',
  'signed',
  'filed',
  'registered',
  'archive',
  'reopen',
  'breaking',
  'broken',
] as const;
export type StaffAction = (typeof staffActions)[number];

const applicantDocumentState = z.object({
  /** The file's address, when the applicant has uploaded it. */
  url: z.string().nullable(),
  isValid: z.boolean(),
  /** The reason of the last rejection, while the document is not valid. */
  rejectedReason: z.string().nullable(),
});

/** The back office's view of a case's signature procedure (issue 11). */
export const staffSignature = z.object({
  procedureId: z.string(),
  state: z.enum(signatureStates),
  /** pending, completed, refused, expired, cancelled, superseded. */
  procedureState: z.string(),
  method: z.enum(signatureMethods).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  signers: z.array(
    z.object({
      role: z.enum(signerRoles),
      name: z.string(),
      email: z.string(),
      status: z.enum(signerStatuses),
      at: z.string().nullable(),
      method: z.enum(signatureMethods).nullable(),
      refusalReason: z.string().nullable(),
      /** Manual: the uploaded scan awaiting (or past) staff's check. */
      scanUrl: z.string().nullable(),
      /** Locked after too many wrong codes: preparing the contract again opens a new procedure, where they sign. */
      codeLocked: z.boolean(),
    }),
  ),
  /** The sealed signed contract, once complete. */
  signedDocumentUrl: z.string().nullable(),
  /**
   * Every signer signed but the contract could not be sealed: a PDF of the procedure (the scan of `role`, when one) was
   * refused by its bounded read (issue 27). The sweep does not try again; preparing the contract again starts anew.
   */
  sealFailure: z
    .object({ reason: z.enum(pdfRefusals), role: z.enum(signerRoles).nullable(), at: z.string() })
    .nullable(),
  /** GET /api/staff/dossiers/:id/evidence. */
  evidenceUrl: z.string(),
});
export type StaffSignature = z.infer<typeof staffSignature>;

/**
 * The contract as the case page's funding section shows it (decision 0044): the CERFA edition of its conclusion date
 * (today's while the sheets give none) and whether its official form is installed, the terms the school recorded, and
 * the 2025 funding rules applied, with why.
 */
export const staffContractOutlook = z.object({
  typeContrat: z.enum(['APP', 'PRO']),
  /** The conclusion date the sent sheets give; null while none does. */
  dateConclusion: z.string().nullable(),
  cerfa: z.object({ edition: z.enum(cerfaEditionCodes), template: z.enum(cerfaTemplateStates) }),
  terms: dossierTermsBody.nullable(),
  formation: z
    .object({
      heures: z.number().int().nullable(),
      heuresDistanciel: z.number().int().nullable(),
      niveauRncp: z.number().int().nullable(),
    })
    .nullable(),
  funding: fundingRulesOutcome,
});
export type StaffContractOutlook = z.infer<typeof staffContractOutlook>;

export const staffDossierDetailResponse = staffDossierItem.extend({
  dossierAccessible: z.boolean(),
  /** The actions the case's state allows now (any other answers 409), and the sheets that can be returned now. */
  allowedActions: z.array(z.enum(staffActions)),
  returnableSheets: z.array(z.enum(returnableSheets)),
  applicantDocuments: z.object({
    cvec: applicantDocumentState.extend({ number: z.string().nullable() }),
    attestationBac: applicantDocumentState,
  }),
  sheets: z.array(
    z.object({
      kind: z.enum(sheetKinds),
      status: z.enum(['draft', 'submitted']),
      data: z.record(z.string(), z.unknown()),
      submittedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  documents: z.array(staffDocument),
  events: z.array(staffDossierEvent),
  /** The latest signature procedure (issue 11): null before the contract is prepared. */
  signature: staffSignature.nullable().optional(),
  /** The contract's CERFA edition and funding (decision 0044). */
  contract: staffContractOutlook.optional(),
});
export type StaffDossierDetailResponse = z.infer<typeof staffDossierDetailResponse>;

// ---------- Alerts and filter choices ----------

/** GET /api/staff/alerts: how many cases each alert names, with its threshold in days. */
export const staffAlertsResponse = z.object({
  stale: z.object({ count: z.number().int(), days: z.number().int() }),
  waiting: z.object({ count: z.number().int(), days: z.number().int() }),
});
export type StaffAlertsResponse = z.infer<typeof staffAlertsResponse>;

/** GET /api/staff/filters: the schools and formations the pipeline's filters offer. */
export const staffFiltersResponse = z.object({
  schools: z.array(z.object({ code: z.string(), name: z.string() })),
  formations: z.array(z.object({ id: z.number().int(), libelle: z.string(), school: z.string().nullable() })),
});
export type StaffFiltersResponse = z.infer<typeof staffFiltersResponse>;
