import { DOSSIER_STATUS, stepTypes, type CerfaParams, type Dossier, type StepType } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { answerOf, rememberAnswer, type RequestKey } from '../../db/request-keys.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fileUrl } from '../files/files.service.ts';
import {
  countOpenDossiers,
  deleteDossierRow,
  findAdmissible,
  findDossierById,
  findDossiersOfAdmissible,
  findFormationWithSchool,
  findSteps,
  findStepsOfDossiers,
  hasSubmittedSheet,
  insertAudit,
  insertDossier,
  isCompanyUser,
  lockDossier,
  lockUser,
  touchDossier,
  writeSteps,
  type DossierRow,
  type DossierStepRow,
} from './dossiers.repo.ts';
import { changedSteps, initialState, transition, type DossierEvent, type DossierState, type Steps } from './lifecycle.ts';
import { refreshPipelineColumns } from './pipeline-columns.ts';

// The lifecycle's pure rules, for the modules that show or guard a dossier (sheets, staff, employers).
export {
  allowedActions,
  changedSteps,
  initialState,
  sheetOpenRefusal,
  transition,
  type DossierEvent,
  type ActionContext,
  type DossierState,
  type RefusalCode,
  type Steps,
  type Transition,
} from './lifecycle.ts';
export type { DossierRow } from './dossiers.repo.ts';
// The back-office pipeline's columns of a case, and whom a case waits for (docs/decisions/0013).
export {
  foldText,
  parseSteps,
  pipelineChangedAt,
  rebuildPipelineColumns,
  refreshPipelineColumns,
  SEARCH_COMPANY_MARK,
  SEARCH_FIELD_SEPARATOR,
} from './pipeline-columns.ts';
export { pipelineActorOf, waitingForOf, type PipelineActor } from './waiting-for.ts';

// ---------- One entry point: access, lock, then the work (docs/decisions/0012-dossier-lifecycle.md) ----------

/**
 * Who may act on the dossier through this call. Staff and admins may always act (they work for either party);
 * otherwise `applicant` lets in the dossier's applicant, `company` a user of its company, `party` either of them, and
 * `staff` nobody else.
 */
export type DossierAccess = 'party' | 'applicant' | 'company' | 'staff' | 'signer';

export interface DossierView {
  readonly row: DossierRow;
  /** Status and steps as read (under the lock, for a locked dossier), then as each applied event left them. */
  readonly state: DossierState;
}

export interface LockedDossier extends DossierView {
  /**
   * Applies an event through the state machine: the new status and steps, the last-update time and an audit entry,
   * in the transaction. A refused event throws (409) and the transaction rolls back.
   */
  apply(event: DossierEvent, details?: Record<string, unknown>, action?: string): Promise<DossierState>;
}

export interface WithDossierOptions {
  access: DossierAccess;
  /** `select … for update` of the dossier row, and the work in that transaction. */
  lock?: boolean;
  /**
   * With `lock`: the request's Idempotency-Key (db/request-keys.ts). Under the lock, a request answered before gets that
   * answer without running `work`; otherwise `work`'s result is stored with the change. A result that is an Error
   * (returned to be thrown after the commit) is not stored: the same request again acts again.
   */
  once?: RequestKey | undefined;
}

const staffTypes: ReadonlySet<string> = new Set(['staff', 'admin']);

/** Whether this kind of user may act through this access at all; 403 otherwise, before anything is read. */
function isAllowedType(user: AuthUser, access: DossierAccess): boolean {
  if (staffTypes.has(user.userType)) return true;
  // The signature flow (issue 11): any signed-in user; the caller checks, with the dossier read (under the lock for a
  // write), that this user signs its contract (signature-flow/procedure.ts), and answers 403 otherwise.
  if (access === 'signer') return true;
  switch (user.userType) {
    case 'admissible':
      return access === 'party' || access === 'applicant';
    case 'company':
      return access === 'party' || access === 'company';
    default:
      return false;
  }
}

/** Whether this user is the dossier's applicant, one of its company's users, or staff. */
async function isPartyOf(conn: Db | Tx, user: AuthUser, row: DossierRow): Promise<boolean> {
  if (staffTypes.has(user.userType)) return true;
  if (user.userType === 'admissible') return row.admissibleUserId === user.id;
  if (user.userType === 'company') return row.companyId !== null && isCompanyUser(conn, row.companyId, user.id);
  return false;
}

const isStepType = (type: string): type is StepType => (stepTypes as readonly string[]).includes(type);

export function stateOf(statut: number, rows: { type: string; status: number }[]): DossierState {
  const steps: Steps = {};
  for (const row of rows) if (isStepType(row.type)) steps[row.type] = row.status;
  return { statut, steps };
}

function auditAction(event: DossierEvent): string {
  switch (event.type) {
    case 'sheetSaved':
      return 'sheet.draft_saved';
    case 'sheetSubmitted':
      return 'sheet.submitted';
    case 'firstContactDecided':
      return `first_contact.${event.decision}`;
    case 'termsRecorded':
      return 'terms.recorded';
    case 'fundingDecided':
      return `funding.${event.decision}`;
    case 'contractPrepared':
      return event.again ? 'contract.prepared_again' : 'contract.prepared';
    case 'sheetReturned':
      return 'sheet.returned';
    case 'missionsComplementRequested':
      return 'missions.complement_requested';
    case 'documentReviewed':
      return 'document.reviewed';
    case 'contractSigned':
      return 'contract.signed';
    case 'signerSigned':
      return 'signature.signed';
    case 'signatureCompleted':
      return 'signature.completed';
    case 'signatureRefused':
      return 'signature.refused';
    case 'contractFiled':
      return 'contract.filed';
    case 'contractRegistered':
      return 'contract.registered';
    case 'archived':
      return 'dossier.archived';
    case 'reopened':
      return 'dossier.reopened';
    case 'breakingStarted':
      return 'contract.breaking';
    case 'broken':
      return 'contract.broken';
  }
}

function lockedDossier(tx: Tx, user: AuthUser, row: DossierRow, initial: DossierState): LockedDossier {
  let state = initial;
  return {
    row,
    get state() {
      return state;
    },
    async apply(event, details = {}, action = auditAction(event)) {
      const result = transition(state, event);
      if (!result.ok) throw new AppError(result.code, result.reason);
      const after = result.state;
      const steps = changedSteps(state, after);
      const statutChange = after.statut !== state.statut ? { statut: { from: state.statut, to: after.statut } } : {};
      await writeSteps(tx, row.id, steps);
      await touchDossier(tx, row.id, after.statut !== state.statut ? { dossierStatut: after.statut } : {});
      await refreshPipelineColumns(tx, row.id);
      await insertAudit(tx, { dossierId: row.id, actorUserId: user.id, action, details: { ...details, ...statutChange, steps } });
      state = after;
      return after;
    },
  };
}

/**
 * Every use of one dossier goes through here: the user's access is checked once (403 for a kind of user the access
 * excludes; 404 for a dossier the user is no party to, so that an id reveals nothing), then, with `lock`, the row is
 * locked (`select … for update`) and `work` runs in that transaction with the dossier's state and `apply`.
 */
export async function withDossier<T>(
  db: Db,
  user: AuthUser,
  dossierId: number,
  options: WithDossierOptions & { lock: true },
  work: (dossier: LockedDossier, tx: Tx) => Promise<T>,
): Promise<T>;
export async function withDossier<T>(
  db: Db,
  user: AuthUser,
  dossierId: number,
  options: WithDossierOptions & { lock?: false },
  work: (dossier: DossierView, db: Db) => Promise<T> | T,
): Promise<T>;
export async function withDossier<T>(
  db: Db,
  user: AuthUser,
  dossierId: number,
  options: WithDossierOptions,
  work: ((dossier: LockedDossier, tx: Tx) => Promise<T>) | ((dossier: DossierView, db: Db) => Promise<T> | T),
): Promise<T> {
  if (!isAllowedType(user, options.access)) throw forbidden();
  if (options.lock) {
    const locked = work as (dossier: LockedDossier, tx: Tx) => Promise<T>;
    return db.transaction(async (tx) => {
      const row = await lockDossier(tx, dossierId);
      if (!row || (options.access !== 'signer' && !(await isPartyOf(tx, user, row)))) throw notFound('Dossier not found');
      const { once } = options;
      const answered = once ? await answerOf<T>(tx, once) : undefined;
      if (answered !== undefined) return answered;
      const state = stateOf(row.dossierStatut, await findSteps(tx, dossierId));
      const result = await locked(lockedDossier(tx, user, row, state), tx);
      if (once && !(result instanceof Error)) await rememberAnswer(tx, once, result);
      return result;
    });
  }
  const row = await findDossierById(db, dossierId);
  if (!row || (options.access !== 'signer' && !(await isPartyOf(db, user, row)))) throw notFound('Dossier not found');
  const state = stateOf(row.dossierStatut, await findSteps(db, dossierId));
  return (work as (dossier: DossierView, db: Db) => Promise<T> | T)({ row, state }, db);
}

/**
 * The dossier, when this user may see it: its applicant, a user of its company, or staff and admins.
 * Anyone else gets 404, so a dossier id reveals nothing; user types that never see dossiers get 403.
 */
export async function getDossierForUser(db: Db, user: AuthUser, dossierId: number): Promise<DossierRow> {
  return withDossier(db, user, dossierId, { access: 'party' }, (dossier) => dossier.row);
}

// ---------- Creation and deletion: the lifecycle's ends on the applicant's side ----------

/**
 * POST /admissibles/dossiers: a new case on the applicant's formation, waiting for the first-contact sheet. Each case
 * invites an employer by mail, so an applicant holds at most `maxOpen` open ones (APPLICANT_MAX_OPEN_DOSSIERS).
 */
export async function createDossier(db: Db, user: AuthUser, maxOpen: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await countOpenDossiers(tx, user.id)) >= maxOpen)
      throw new AppError('LIMIT_REACHED', `An applicant holds at most ${maxOpen} open dossiers`);
    const initial = initialState();
    const dossier = await insertDossier(tx, {
      admissibleUserId: user.id,
      formationId: (await findAdmissible(tx, user.id))?.formationId ?? null,
      dossierStatut: initial.statut,
    });
    await writeSteps(tx, dossier.id, initial.steps);
    await refreshPipelineColumns(tx, dossier.id);
    await insertAudit(tx, {
      dossierId: dossier.id,
      actorUserId: user.id,
      action: 'dossier.created',
      details: { statut: initial.statut },
    });
    return { id: dossier.id };
  });
}

/**
 * DELETE /admissibles/dossiers/:id: the applicant withdraws a case created by mistake. Only while nothing has left the
 * applicant's hands (status 1, no sheet sent): after that an employer may have been invited and the case is kept.
 * Another applicant's case answers 404 (withDossier). The audit entry outlives the row (no foreign key).
 */
export async function deleteDossier(db: Db, user: AuthUser, dossierId: number): Promise<void> {
  await withDossier(db, user, dossierId, { access: 'applicant', lock: true }, async (dossier, tx) => {
    // A first contact returned to the applicant (status 1 again) has been sent once: the employer knows the case.
    const sentOnce = dossier.state.steps.f1ce !== undefined;
    if (dossier.state.statut !== DOSSIER_STATUS.CREATED || sentOnce || (await hasSubmittedSheet(tx, dossierId)))
      throw new AppError('LOCKED', 'A case with a sent sheet cannot be deleted');
    await deleteDossierRow(tx, dossierId);
    await insertAudit(tx, {
      dossierId,
      actorUserId: user.id,
      action: 'dossier.deleted',
      details: { statut: DOSSIER_STATUS.CREATED },
    });
  });
}

// ---------- Reading ----------

const stepOrder = new Map<string, number>(stepTypes.map((type, index) => [type, index]));

function toDossier(row: DossierRow, steps: DossierStepRow[]): Dossier {
  return {
    id: row.id,
    dossierName: row.dossierName,
    dossierStatut: row.dossierStatut,
    dossierAccessible: row.dossierAccessible,
    etapeStatus: steps
      .flatMap((s) => (isStepType(s.type) ? [{ type: s.type, status: s.status }] : []))
      .sort((a, b) => (stepOrder.get(a.type) ?? 0) - (stepOrder.get(b.type) ?? 0)),
    dossierCerfa: row.cerfaFileId ? fileUrl(row.cerfaFileId) : null,
    dossierCerfaAvenant: row.cerfaAvenantFileId ? fileUrl(row.cerfaAvenantFileId) : null,
    dossierLastUpdate: row.lastUpdate.toISOString(),
  };
}

/** The applicant's dossiers with their steps, most recently updated first. */
export async function findPortalDossiers(db: Db, userId: number): Promise<Dossier[]> {
  const rows = await findDossiersOfAdmissible(db, userId);
  const steps = await findStepsOfDossiers(
    db,
    rows.map((r) => r.id),
  );
  const byDossier = new Map<number, DossierStepRow[]>();
  for (const step of steps) byDossier.set(step.dossierId, [...(byDossier.get(step.dossierId) ?? []), step]);
  return rows.map((row) => toDossier(row, byDossier.get(row.id) ?? []));
}

function contractTypeOf(admissibleChoice: string | null | undefined, formationTypes: string | undefined): CerfaParams['contractType'] {
  if (admissibleChoice === 'APP' || admissibleChoice === 'PRO') return admissibleChoice;
  // A formation open to a single contract type decides it; one open to both leaves the choice to the sheets.
  if (formationTypes === 'APP' || formationTypes === 'PRO') return formationTypes;
  return null;
}

/** Training dates and bounds the contract forms check against: the dossier's formation, else the applicant's. */
export async function getCerfaParams(db: Db, user: AuthUser, dossierId: number): Promise<CerfaParams> {
  return withDossier(db, user, dossierId, { access: 'party' }, (dossier) => cerfaParamsOf(db, dossier.row));
}

/** The cerfa parameters of a dossier whose access the caller has checked (withDossier). */
export async function cerfaParamsOf(db: Db | Tx, dossier: DossierRow): Promise<CerfaParams> {
  const admissible = await findAdmissible(db, dossier.admissibleUserId);
  const formationId = dossier.formationId ?? admissible?.formationId ?? null;
  const formation = formationId === null ? undefined : await findFormationWithSchool(db, formationId);
  return {
    dossierId: dossier.id,
    contractType: contractTypeOf(admissible?.contractType, formation?.contractTypes),
    formation: formation
      ? {
          libelle: formation.libelle,
          school: formation.school,
          trainingStart: formation.trainingStart,
          trainingEnd: formation.trainingEnd,
          proStartAfter: formation.proStartAfter,
          proEndBefore: formation.proEndBefore,
          rncp: formation.rncp,
          rncpEndDate: formation.rncpEndDate,
          codeDiplome: formation.codeDiplome,
          hours: formation.hours,
          remoteHours: formation.remoteHours,
          rncpLevel: formation.rncpLevel,
        }
      : null,
  };
}
