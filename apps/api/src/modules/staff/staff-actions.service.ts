import {
  DOSSIER_STATUS,
  stepTypes,
  type ContractEndBody,
  type ContractPreparedAgainBody,
  type ContractPreparedBody,
  type DocumentReviewBody,
  type DossierStateResponse,
  type ReturnSheetBody,
  type ReviewableDocument,
  type StaffDossierDetailResponse,
} from '@passerelle/contract';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import type { RequestKey } from '../../db/request-keys.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  allowedActions,
  withDossier,
  type DossierRow,
  type DossierState,
  type LockedDossier,
} from '../dossiers/dossiers.service.ts';
import { fileUrl } from '../files/files.service.ts';
import {
  notifyDocumentRejected,
  notifyMissionsComplement,
  notifySheetReturned,
  type NotifyConfig,
} from '../notifications/notifications.service.ts';
import { reopenSheetForAuthor } from '../sheets/sheets.service.ts';
import { sendSurveyInvitations } from '../survey/survey.service.ts';
import {
  cancelPendingProcedure,
  prepareContract as openSignatureProcedure,
  type FlowDeps,
} from '../signature-flow/signature-flow.service.ts';
import {
  findApplicantDocuments,
  findDocumentReviews,
  findLatestAuditOf,
  findSheetStatus,
  lockApplicantDocuments,
  setDocumentValid,
  type ApplicantDocumentsRow,
} from './staff-actions.repo.ts';

/**
 * The back-office actions on a case (issue 10, docs/decisions/0012-dossier-lifecycle.md, "Issue 10"): each one goes
 * through `withDossier` with the staff access and the lock, and `apply`, so that the status, the steps, the last update
 * and the audit entry are written in one transaction with what the action adds (a sheet back to a draft, a document's
 * validity, the mail). A state that forbids the action answers 409 (the state machine's refusal).
 */
export interface ActionDeps {
  db: Db;
  config: NotifyConfig;
  /** The request's Idempotency-Key (db/request-keys.ts): the same action again is answered, not done again. */
  once?: RequestKey | undefined;
}

function toResponse(id: number, state: DossierState): DossierStateResponse {
  return {
    id,
    dossierStatut: state.statut,
    etapeStatus: stepTypes.flatMap((type) => {
      const status = state.steps[type];
      return status === undefined ? [] : [{ type, status }];
    }),
  };
}

async function act(
  deps: ActionDeps,
  user: AuthUser,
  dossierId: number,
  work: (dossier: LockedDossier, tx: Tx) => Promise<DossierState>,
): Promise<DossierStateResponse> {
  const state = await withDossier(deps.db, user, dossierId, { access: 'staff', lock: true, once: deps.once }, work);
  return toResponse(dossierId, state);
}

/** POST …/return: the sheet goes back to its author as a draft (step 5), with the message they read on it and by mail. */
export async function returnSheet(deps: ActionDeps, user: AuthUser, dossierId: number, body: ReturnSheetBody) {
  return act(deps, user, dossierId, async (dossier, tx) => {
    const submitted = (await findSheetStatus(tx, dossierId, body.sheet)) === 'submitted';
    const next = await dossier.apply(
      { type: 'sheetReturned', kind: body.sheet, submitted },
      { kind: body.sheet, reason: body.message },
    );
    await reopenSheetForAuthor(tx, dossierId, body.sheet);
    await notifySheetReturned(tx, deps.config, dossier.row, body.sheet, body.message);
    return next;
  });
}

/** POST …/missions-complement: the employer is asked to complete the missions sheet (sent or not yet). */
export async function requestMissionsComplement(deps: ActionDeps, user: AuthUser, dossierId: number, message: string) {
  return act(deps, user, dossierId, async (dossier, tx) => {
    const next = await dossier.apply({ type: 'missionsComplementRequested' }, { kind: 'missions', reason: message });
    await reopenSheetForAuthor(tx, dossierId, 'missions');
    await notifyMissionsComplement(tx, deps.config, dossier.row, message);
    return next;
  });
}

const isUploaded = (row: ApplicantDocumentsRow | undefined, document: ReviewableDocument): boolean =>
  (document === 'cvec' ? row?.cvecFileId : row?.attestationBacFileId) != null;

/** POST …/document-review: the applicant's CVEC certificate or baccalaureate attestation is valid, or rejected with why. */
export async function reviewDocument(deps: ActionDeps, user: AuthUser, dossierId: number, body: DocumentReviewBody) {
  return act(deps, user, dossierId, async (dossier, tx) => {
    const applicantId = dossier.row.admissibleUserId;
    const documents = await lockApplicantDocuments(tx, applicantId);
    const isValid = body.decision === 'valid';
    const next = await dossier.apply(
      { type: 'documentReviewed', uploaded: isUploaded(documents, body.document) },
      { kind: body.document, ...(body.reason ? { reason: body.reason } : {}) },
      isValid ? 'document.validated' : 'document.rejected',
    );
    await setDocumentValid(tx, applicantId, body.document, isValid);
    if (!isValid) await notifyDocumentRejected(tx, deps.config, dossier.row, body.document, body.reason ?? '');
    return next;
  });
}

/**
 * POST …/contract-prepared (issue 11): the contract documents generated and versioned, the signature procedure opened
 * (a pending one superseded) and its first signer mailed; 409 CONTRACT_INCOMPLETE while the annex lists anything, unless
 * `{ override: true, reason }` (recorded in the audit entry); the NIR never (signature-flow/preparation.ts).
 */
export async function prepareContract(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  body: ContractPreparedBody | undefined,
): Promise<DossierStateResponse> {
  return toResponse(dossierId, await openSignatureProcedure(deps, user, dossierId, { again: false, body }));
}

/**
 * POST …/contract-prepared-again (issue 29): once prepared, the documents drawn again and a new procedure opened; the
 * pending one is superseded, which cancels the signatures it collected. The reason is required and kept, with those
 * signatures, in the audit entry (`contract.prepared_again`) and the old procedure's evidence. 409 before the first
 * preparation, or once every signature is done.
 */
export async function prepareContractAgain(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  body: ContractPreparedAgainBody,
): Promise<DossierStateResponse> {
  const preparation = { again: true, reason: body.reason, override: body.override === true } as const;
  return toResponse(dossierId, await openSignatureProcedure(deps, user, dossierId, preparation));
}

/** POST …/signed: signed on paper (status 8, every signature done). */
export async function markSigned(deps: ActionDeps, user: AuthUser, dossierId: number, signedOn: string) {
  return act(deps, user, dossierId, async (dossier, tx) => {
    const next = await dossier.apply({ type: 'contractSigned' }, { signedOn });
    await cancelPendingProcedure(tx, dossierId, user.id, 'signed on paper outside the portal');
    await sendSurveyInvitations(tx, deps.config, dossier.row);
    return next;
  });
}

/** POST …/filed: the signed contract went to the OPCO (8 → 10). */
export async function markFiled(deps: ActionDeps, user: AuthUser, dossierId: number, filedOn: string) {
  return act(deps, user, dossierId, (dossier) => dossier.apply({ type: 'contractFiled' }, { filedOn }));
}

/** POST …/registered: the OPCO registered it under its DECA number (10 → 11). */
export async function markRegistered(deps: ActionDeps, user: AuthUser, dossierId: number, decaNumber: string) {
  return act(deps, user, dossierId, (dossier) => dossier.apply({ type: 'contractRegistered' }, { decaNumber }));
}

/** POST …/archive: from any status but 9; the audit entry keeps the status it had (`statut.from`) for reopening. */
export async function archiveDossier(deps: ActionDeps, user: AuthUser, dossierId: number, reason: string) {
  return act(deps, user, dossierId, (dossier) => dossier.apply({ type: 'archived' }, { reason }));
}

/** The status a dossier had when it was last archived, from that audit entry; null when unknown. */
async function statusBeforeArchiving(db: Db | Tx, dossierId: number): Promise<number | null> {
  const entry = await findLatestAuditOf(db, dossierId, 'dossier.archived');
  const details: unknown = entry?.details;
  if (typeof details !== 'object' || details === null) return null;
  const statut: unknown = (details as Record<string, unknown>)['statut'];
  if (typeof statut !== 'object' || statut === null) return null;
  const from: unknown = (statut as Record<string, unknown>)['from'];
  return typeof from === 'number' && Number.isInteger(from) ? from : null;
}

/** POST …/reopen: an archived dossier gets back the status it had (steps unchanged). */
export async function reopenDossier(deps: ActionDeps, user: AuthUser, dossierId: number) {
  return act(deps, user, dossierId, async (dossier, tx) => {
    const to = dossier.state.statut === DOSSIER_STATUS.ARCHIVED ? await statusBeforeArchiving(tx, dossierId) : null;
    return dossier.apply({ type: 'reopened', to });
  });
}

/** POST …/breaking: the contract's termination starts (8, 10, 11 → 12). */
export async function startBreaking(deps: ActionDeps, user: AuthUser, dossierId: number, body: ContractEndBody) {
  return act(deps, user, dossierId, (dossier) =>
    dossier.apply({ type: 'breakingStarted' }, { date: body.date, reason: body.reason }),
  );
}

/** POST …/broken: the contract is terminated (12, or directly from 8, 10, 11 → 13). */
export async function markBroken(deps: ActionDeps, user: AuthUser, dossierId: number, body: ContractEndBody) {
  return act(deps, user, dossierId, (dossier) =>
    dossier.apply({ type: 'broken' }, { date: body.date, reason: body.reason }),
  );
}

// ---------- What the case page offers (GET /staff/dossiers/:id) ----------

type CaseActions = Pick<StaffDossierDetailResponse, 'allowedActions' | 'returnableSheets' | 'applicantDocuments'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reason of the latest review of this document when it was a rejection; null otherwise. */
function rejectedReasonOf(
  reviews: { action: string; details: unknown }[],
  document: ReviewableDocument,
): string | null {
  const latest = reviews.find((review) => isRecord(review.details) && review.details['kind'] === document);
  if (latest?.action !== 'document.rejected' || !isRecord(latest.details)) return null;
  const reason = latest.details['reason'];
  return typeof reason === 'string' ? reason : null;
}

/** The actions the case's state allows now (the state machine's rule), and the applicant's documents as reviewed. */
export async function caseActionsOf(db: Db, dossier: DossierRow, state: DossierState): Promise<CaseActions> {
  const [documents, reviews, missions, reopenTo] = await readTogether(db, [
    () => findApplicantDocuments(db, dossier.admissibleUserId),
    () => findDocumentReviews(db, dossier.admissibleUserId),
    () => findSheetStatus(db, dossier.id, 'missions'),
    () => (state.statut === DOSSIER_STATUS.ARCHIVED ? statusBeforeArchiving(db, dossier.id) : Promise.resolve(null)),
  ]);
  const { actions, returnableSheets } = allowedActions(state, {
    missionsSubmitted: missions === 'submitted',
    documentUploaded: isUploaded(documents, 'cvec') || isUploaded(documents, 'attestationBac'),
    reopenTo,
  });
  const cvecValid = documents?.cvecValid ?? false;
  const bacValid = documents?.attestationBacValid ?? false;
  return {
    allowedActions: actions,
    returnableSheets,
    applicantDocuments: {
      cvec: {
        url: documents?.cvecFileId ? fileUrl(documents.cvecFileId) : null,
        isValid: cvecValid,
        rejectedReason: cvecValid ? null : rejectedReasonOf(reviews, 'cvec'),
        number: documents?.cvecNumber ?? null,
      },
      attestationBac: {
        url: documents?.attestationBacFileId ? fileUrl(documents.attestationBacFileId) : null,
        isValid: bacValid,
        rejectedReason: bacValid ? null : rejectedReasonOf(reviews, 'attestationBac'),
      },
    },
  };
}
